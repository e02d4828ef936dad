import { useState } from 'react';
import type { FormEvent } from 'react';
import type { BillingDetails, Profile } from '@domain/profile';
import { Alert } from '../../../components/alert';
import {
  BillingFields,
  billingFieldsOf,
  billingFromFields,
  type BillingFieldValues,
} from '../../../components/billing-fields';
import { Button } from '../../../components/button';
import { settingsCopy as copy } from '../../../content/account';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import { saveProfile } from './api';
import type { SaveOutcome } from './settings-section';

type Fields = BillingFieldValues;

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
  const [fields, setFields] = useState<Fields>(() => billingFieldsOf(profile.billing));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);

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
      const saved = await saveProfile({ billing: billingFromFields(fields) });
      setFields(billingFieldsOf(saved.billing));
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
      <BillingFields fields={fields} onChange={(key, value) => set(key)(value)} />
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
