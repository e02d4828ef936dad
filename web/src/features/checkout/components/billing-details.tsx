import { useEffect, useId, useMemo, useState } from 'react';
import { findState, GST_STATE_NAMES, type BillingDetails } from '@domain/gst';
import { DomainError } from '@domain/errors';
import { parseProfileUpdate } from '@domain/profile';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/text-field';
import { settingsCopy as labels } from '../../../content/account';
import { checkoutCopy as copy } from '../../../content/checkout';
import { getSavedBilling } from '../api/billing-api';

type Fields = Required<BillingDetails>;

const EMPTY: Fields = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  pincode: '',
  gstin: '',
};

/** What the order does about its tax invoice's recipient (D15). */
export interface BillingChoice {
  /** Sent with the order; absent: the server uses the profile's details, if any. */
  billing?: BillingDetails;
  /** The buyer's state, once known: the GST is split for it. */
  state?: string;
  /** Why Pay must wait: the details are needed (or were opened) and are not right yet. */
  problem?: string;
}

/** The details as the order sends them, checked by the profile's own rules. */
function checked(fields: Fields): { billing?: BillingDetails; problem?: string } {
  const { line2, gstin, ...rest } = fields;
  try {
    const billing = parseProfileUpdate({
      billing: { ...rest, ...(line2.trim() ? { line2 } : {}), ...(gstin.trim() ? { gstin } : {}) },
    }).billing;
    return billing ? { billing } : {};
  } catch (error) {
    return { problem: error instanceof DomainError ? error.message : copy.billingRequiredNote };
  }
}

/**
 * The checkout's billing details for the tax invoice (D15): asked for when the taxable value is
 * ₹50,000 or more (the invoice must then name the buyer and address), and always offered as "Add
 * GST details for a business invoice", filled in from the profile when it has them. The buyer's
 * saved details are read only then, so a plain order costs no extra request.
 */
export function BillingDetailsSection({
  required,
  signedIn,
  error,
  onChange,
}: {
  required: boolean;
  signedIn: boolean;
  /** The problem to show, once the buyer tried to pay. */
  error?: string | null;
  onChange: (choice: BillingChoice) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState<BillingDetails | null | undefined>(undefined);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const stateId = useId();
  const wanted = signedIn && (required || opened);

  useEffect(() => {
    if (!wanted || saved !== undefined) return;
    let cancelled = false;
    getSavedBilling().then(
      (billing) => {
        if (cancelled) return;
        setSaved(billing);
        if (billing)
          setFields((current) => (current === EMPTY ? { ...EMPTY, ...billing } : current));
      },
      // Not fatal: the buyer types the details in instead.
      () => !cancelled && setSaved(null),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, saved]);

  // Needed and nothing saved: the form is open and stays open.
  const open = opened || (required && saved === null);
  const choice = useMemo<BillingChoice>(() => {
    if (open) {
      const result = checked(fields);
      const state = findState(fields.state)?.name ?? saved?.state;
      return { ...result, ...(state ? { state } : {}) };
    }
    if (saved) return { state: saved.state };
    if (required) return { problem: copy.billingRequiredNote };
    return {};
  }, [open, fields, saved, required]);

  const choiceKey = JSON.stringify(choice);
  useEffect(() => {
    onChange(JSON.parse(choiceKey) as BillingChoice);
  }, [choiceKey, onChange]);

  const set = (key: keyof Fields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));

  return (
    <section aria-labelledby="billing-details" className="space-y-3">
      <h3 id="billing-details" className="text-base font-semibold text-slate-900">
        {copy.billingTitle}
      </h3>
      {required ? <p className="text-sm text-slate-600">{copy.billingRequiredNote}</p> : null}
      {!open && saved ? (
        <p className="text-sm text-slate-700" data-testid="billing-from-profile">
          {copy.billingFromProfile(saved.name, `${saved.city}, ${saved.state}`)}
        </p>
      ) : null}
      {!open ? (
        <button
          type="button"
          onClick={() => setOpened(true)}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {copy.billingOffer}
        </button>
      ) : (
        <div className="space-y-4">
          <TextField
            label={labels.billingName}
            name="billing-name"
            autoComplete="billing name"
            hint={labels.billingNameHint}
            value={fields.name}
            onChange={(event) => set('name')(event.target.value)}
          />
          <TextField
            label={labels.line1}
            name="billing-line1"
            autoComplete="billing address-line1"
            value={fields.line1}
            onChange={(event) => set('line1')(event.target.value)}
          />
          <TextField
            label={labels.line2}
            name="billing-line2"
            autoComplete="billing address-line2"
            value={fields.line2}
            onChange={(event) => set('line2')(event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={labels.city}
              name="billing-city"
              autoComplete="billing address-level2"
              value={fields.city}
              onChange={(event) => set('city')(event.target.value)}
            />
            <div>
              <label htmlFor={stateId} className="block text-sm font-medium text-slate-800">
                {labels.state}
              </label>
              <select
                id={stateId}
                name="billing-state"
                value={fields.state}
                onChange={(event) => set('state')(event.target.value)}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              >
                <option value="">{labels.statePlaceholder}</option>
                {GST_STATE_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {labels.stateOption(name, findState(name)?.code ?? '')}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label={labels.pincode}
              name="billing-pincode"
              autoComplete="billing postal-code"
              inputMode="numeric"
              maxLength={7}
              value={fields.pincode}
              onChange={(event) => set('pincode')(event.target.value)}
            />
            <TextField
              label={labels.gstin}
              name="billing-gstin"
              hint={labels.gstinHint}
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              value={fields.gstin}
              onChange={(event) => set('gstin')(event.target.value)}
            />
          </div>
          {required ? null : (
            <button
              type="button"
              onClick={() => setOpened(false)}
              className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline"
            >
              {copy.billingRemove}
            </button>
          )}
        </div>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
