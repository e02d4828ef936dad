import { useEffect, useMemo, useState } from 'react';
import { findState, type BillingDetails } from '@domain/gst';
import { DomainError } from '@domain/errors';
import { parseProfileUpdate } from '@domain/profile';
import { Alert } from '../../../components/alert';
import {
  BillingFields,
  billingFieldsOf,
  billingFromFields,
  EMPTY_BILLING_FIELDS,
  type BillingFieldValues,
} from '../../../components/billing-fields';
import { checkoutCopy as copy } from '../../../content/checkout';
import { getSavedBilling } from '../api/billing-api';

type Fields = BillingFieldValues;

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
  try {
    const billing = parseProfileUpdate({ billing: billingFromFields(fields) }).billing;
    return billing ? { billing } : {};
  } catch (error) {
    return { problem: error instanceof DomainError ? error.message : copy.billingRequiredNote };
  }
}

/**
 * The checkout's billing details for the tax invoice (D15), one source with Settings' billing
 * (#26): a signed-in buyer's saved details are read at once, so the GST split shown is the
 * invoice's (IGST or CGST + SGST for the saved state) whatever the amount; "Change billing
 * details" edits them in place, and an order sent with them saves them to the profile (the server
 * does, create-order.ts). Without saved details: asked for when the taxable value is ₹50,000 or
 * more (the invoice must then name the buyer and address), and offered as "Add GST details for a
 * business invoice" below that. Checked by the profile's own rules (parseProfileUpdate).
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
  const [fields, setFields] = useState<Fields>(EMPTY_BILLING_FIELDS);
  const wanted = signedIn;

  useEffect(() => {
    if (!wanted || saved !== undefined) return;
    let cancelled = false;
    getSavedBilling().then(
      (billing) => {
        if (cancelled) return;
        setSaved(billing);
        if (billing)
          setFields((current) =>
            current === EMPTY_BILLING_FIELDS ? billingFieldsOf(billing) : current,
          );
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
      {required && !saved ? (
        <p className="text-sm text-slate-600">{copy.billingRequiredNote}</p>
      ) : null}
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
          {saved ? copy.billingChange : copy.billingOffer}
        </button>
      ) : (
        <div className="space-y-4">
          <BillingFields fields={fields} onChange={(key, value) => set(key)(value)} />
          {signedIn ? <p className="text-xs text-slate-600">{copy.billingSavedNote}</p> : null}
          {required && !saved ? null : (
            <button
              type="button"
              onClick={() => {
                setOpened(false);
                if (saved) setFields(billingFieldsOf(saved));
              }}
              className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline"
            >
              {saved ? copy.billingKeepSaved : copy.billingRemove}
            </button>
          )}
        </div>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
