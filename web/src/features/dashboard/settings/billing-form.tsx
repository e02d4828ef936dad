import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { findState, GST_STATE_NAMES } from '@domain/gst';
import type { BillingDetails, Profile } from '@domain/profile';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { settingsCopy as copy } from '../../../content/account';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import { saveProfile } from './api';
import type { SaveOutcome } from './settings-section';

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

const fieldsOf = (billing: BillingDetails | null): Fields => ({ ...EMPTY, ...billing });

/** The details as sent: an empty line 2 or GSTIN is left out (none). */
function toBilling(fields: Fields): BillingDetails {
  const { line2, gstin, ...rest } = fields;
  return {
    ...rest,
    ...(line2.trim() ? { line2 } : {}),
    ...(gstin.trim() ? { gstin } : {}),
  };
}

/**
 * Where tax invoices are addressed (D15, D19): the state from India's GST list (with its code, the
 * first two digits of a GSTIN there), and an optional GSTIN. The API checks every rule and this
 * form shows its message as it is ("This GSTIN is not valid for the selected state.").
 */
export function BillingForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(profile.billing));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const stateId = useId();

  const set = (key: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setOutcome(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await saveProfile({ billing: toBilling(fields) });
      setFields(fieldsOf(saved.billing));
      onSaved(saved);
      setOutcome({ tone: 'success', message: copy.billingSaved });
    } catch (error) {
      setOutcome({
        tone: 'error',
        message: error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
      {profile.billing ? (
        <SavedBilling billing={profile.billing} />
      ) : (
        <p className="text-sm text-slate-600">{copy.billingNone}</p>
      )}
      <TextField
        label={copy.billingName}
        name="billing-name"
        autoComplete="billing name"
        hint={copy.billingNameHint}
        value={fields.name}
        onChange={(event) => set('name')(event.target.value)}
      />
      <TextField
        label={copy.line1}
        name="billing-line1"
        autoComplete="billing address-line1"
        value={fields.line1}
        onChange={(event) => set('line1')(event.target.value)}
      />
      <TextField
        label={copy.line2}
        name="billing-line2"
        autoComplete="billing address-line2"
        value={fields.line2}
        onChange={(event) => set('line2')(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={copy.city}
          name="billing-city"
          autoComplete="billing address-level2"
          value={fields.city}
          onChange={(event) => set('city')(event.target.value)}
        />
        <div>
          <label htmlFor={stateId} className="block text-sm font-medium text-slate-800">
            {copy.state}
          </label>
          <select
            id={stateId}
            name="billing-state"
            value={fields.state}
            onChange={(event) => set('state')(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            <option value="">{copy.statePlaceholder}</option>
            {GST_STATE_NAMES.map((name) => (
              <option key={name} value={name}>
                {copy.stateOption(name, findState(name)?.code ?? '')}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={copy.pincode}
          name="billing-pincode"
          autoComplete="billing postal-code"
          inputMode="numeric"
          maxLength={7}
          value={fields.pincode}
          onChange={(event) => set('pincode')(event.target.value)}
        />
        <TextField
          label={copy.gstin}
          name="billing-gstin"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          hint={copy.gstinHint}
          value={fields.gstin}
          onChange={(event) => set('gstin')(event.target.value.toUpperCase())}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? copy.saving : copy.save}
      </Button>
    </form>
  );
}

/** The details on record, as an invoice's buyer block shows them. */
function SavedBilling({ billing }: { billing: BillingDetails }) {
  return (
    <address
      data-testid="saved-billing"
      className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 not-italic"
    >
      <span className="font-semibold text-slate-900">{billing.name}</span>
      <br />
      {billing.line1}
      {billing.line2 ? `, ${billing.line2}` : ''}
      <br />
      {billing.city}, {billing.state} {billing.pincode}
      {billing.gstin ? (
        <>
          <br />
          GSTIN {billing.gstin}
        </>
      ) : null}
    </address>
  );
}
