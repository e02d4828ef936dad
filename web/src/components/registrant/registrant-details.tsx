import { useEffect, useMemo, useState } from 'react';
import { DomainError } from '@domain/errors';
import { parseProfileUpdate, type Profile, type ProfileUpdate } from '@domain/profile';
import { registrantGaps } from '@domain/registrant';
import { Alert } from '../alert';
import {
  BillingFields,
  billingFieldsOf,
  billingFromFields,
  EMPTY_BILLING_FIELDS,
  type BillingFieldValues,
} from '../billing-fields';
import { TextField } from '../text-field';
import { settingsCopy } from '../../content/account';
import { checkoutCopy as copy } from '../../content/checkout';
import { getSavedProfile } from './profile-api';

/** What a domain's checkout (or a card's "Choose your domain") does about its registrant (D23). */
export interface RegistrantChoice {
  /** What the profile lacked, checked by the profile's rules: saved to it before paying. */
  update?: ProfileUpdate;
  /** Why Pay must wait: the details are not read yet, or not right yet. */
  problem?: string;
  /** The saved profile is still being read. */
  reading?: boolean;
  /** The profile lacks something: its fields are shown, to be saved first. */
  asking?: boolean;
  /** The address fields are shown here (the tax invoice's offer would ask for them twice). */
  asksAddress?: boolean;
}

/**
 * A new domain's registrant (D23): the buyer's billing address and mobile number, which a registry
 * needs before it registers a name. Read from the profile; when it lacks them, asked for here with
 * Settings' own fields and rules, and saved to the profile (one source of truth) before paying, so
 * the name is registered as soon as it is paid for instead of waiting for the buyer's details.
 * The checkout mounts it, and so does a card's "Choose your domain" (a name already paid for),
 * which saves them before it sends the name.
 */
export function RegistrantDetailsSection({
  error,
  onChange,
}: {
  /** The problem to show, once the buyer tried to pay (or the save was refused). */
  error?: string | null;
  onChange: (choice: RegistrantChoice) => void;
}) {
  // undefined: being read; null: could not be read.
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [fields, setFields] = useState<BillingFieldValues>(EMPTY_BILLING_FIELDS);
  const [phone, setPhone] = useState('');

  useEffect(() => {
    let cancelled = false;
    setProfile(undefined);
    getSavedProfile().then(
      (saved) => {
        if (cancelled) return;
        setProfile(saved);
        setFields(billingFieldsOf(saved.billing));
        setPhone(saved.phone);
      },
      () => !cancelled && setProfile(null),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // What the saved profile lacks decides the fields, so that they stay while the buyer types.
  const gaps = useMemo(() => (profile ? registrantGaps(profile) : []), [profile]);
  const asksAddress = gaps.includes('address');
  const asksPhone = gaps.includes('phone');

  const choice = useMemo<RegistrantChoice>(() => {
    if (profile === undefined) return { problem: copy.registrantLoading, reading: true };
    if (profile === null) return { problem: copy.registrantLoadFailed };
    if (!asksAddress && !asksPhone) return {};
    try {
      const update = parseProfileUpdate({
        ...(asksPhone ? { phone } : {}),
        ...(asksAddress ? { billing: billingFromFields(fields) } : {}),
      });
      return { update, asksAddress, asking: true };
    } catch (problem) {
      return {
        problem: problem instanceof DomainError ? problem.message : copy.registrantSaveFailed,
        asksAddress,
        asking: true,
      };
    }
  }, [profile, asksAddress, asksPhone, phone, fields]);

  const choiceKey = JSON.stringify(choice);
  useEffect(() => {
    onChange(JSON.parse(choiceKey) as RegistrantChoice);
  }, [choiceKey, onChange]);

  const billing = profile?.billing;
  return (
    <section aria-labelledby="registrant-details" className="space-y-3">
      <h3 id="registrant-details" className="text-base font-semibold text-slate-900">
        {copy.registrantTitle}
      </h3>
      {profile === undefined ? (
        <p className="text-sm text-slate-600">{copy.registrantLoading}</p>
      ) : null}
      {profile === null ? (
        <div className="flex flex-wrap items-center gap-3">
          <Alert tone="error">{copy.registrantLoadFailed}</Alert>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {copy.registrantRetry}
          </button>
        </div>
      ) : null}
      {profile && !asksAddress && !asksPhone && billing ? (
        <p className="text-sm text-slate-700" data-testid="registrant-on-file">
          {copy.registrantOnFile(billing.name, `${billing.city}, ${billing.state}`)}
        </p>
      ) : null}
      {asksAddress || asksPhone ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{copy.registrantNeeded}</p>
          {asksAddress ? (
            <BillingFields
              fields={fields}
              onChange={(key, value) => setFields((current) => ({ ...current, [key]: value }))}
            />
          ) : null}
          {asksPhone ? (
            <TextField
              label={settingsCopy.phone}
              name="phone"
              type="tel"
              autoComplete="tel"
              hint={settingsCopy.phoneHint}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          ) : null}
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
