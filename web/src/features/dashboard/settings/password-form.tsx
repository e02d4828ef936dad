import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { MIN_PASSWORD_LENGTH, settingsCopy as copy } from '../../../content/account';
import { changePassword } from './api';
import { passwordChangeError } from './password-errors';
import type { SaveOutcome } from './settings-section';

/** The current password and a new one (Cognito's ChangePassword; no password reaches our API). */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!current || !next) return setOutcome({ tone: 'error', message: copy.passwordRequired });
    if (next.length < MIN_PASSWORD_LENGTH) {
      return setOutcome({ tone: 'error', message: copy.weakPassword });
    }
    setBusy(true);
    setOutcome(null);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setOutcome({ tone: 'success', message: copy.passwordChanged });
    } catch (error) {
      setOutcome({ tone: 'error', message: passwordChangeError(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={copy.currentPassword}
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <TextField
          label={copy.newPassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint={copy.newPasswordHint}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? copy.passwordBusy : copy.passwordSubmit}
      </Button>
    </form>
  );
}
