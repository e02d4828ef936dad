import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Profile } from '@domain/profile';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { settingsCopy as copy } from '../../../content/account';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import { saveProfile } from './api';
import type { SaveOutcome } from './settings-section';

/** Name and mobile number: Cognito and the users record, kept in step by the API (D19). */
export function AccountForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await saveProfile({ name, phone });
      setName(saved.name);
      setPhone(saved.phone);
      onSaved(saved);
      setOutcome({ tone: 'success', message: copy.accountSaved });
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={copy.name}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setOutcome(null);
          }}
        />
        <TextField
          label={copy.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          hint={copy.phoneHint}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setOutcome(null);
          }}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? copy.saving : copy.save}
      </Button>
    </form>
  );
}
