import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Profile } from '@domain/profile';
import { useAuth } from '../../../app/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { emailChangeCopy as copy } from '../../../content/account';
import { apiPost } from '../../../lib/api';
import type { SaveOutcome } from './settings-section';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const TOO_MANY = new Set(['LimitExceededException', 'TooManyRequestsException']);

/** Cognito's refusals, in one sentence each; none says whether another account has the address. */
function emailChangeError(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'CodeMismatchException') return copy.wrongCode;
  if (name === 'ExpiredCodeException') return copy.expiredCode;
  if (typeof name === 'string' && TOO_MANY.has(name)) return copy.tooMany;
  if (name === 'AliasExistsException' || name === 'InvalidParameterException') return copy.refused;
  return copy.failed;
}

type Step = { kind: 'show' } | { kind: 'enter' } | { kind: 'code'; email: string };

/**
 * The sign-in email (D28): shown, and changed with a code sent to the new address. The old address
 * stays the sign-in until the code is entered; then the session is refreshed and the API moves the
 * account's record (and the mails) to the new one, telling the old address.
 */
export function EmailForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const { refresh } = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'show' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next = email.trim();
    if (!EMAIL.test(next)) return setOutcome({ tone: 'error', message: copy.invalidEmail });
    if (next.toLowerCase() === profile.email.toLowerCase()) {
      return setOutcome({ tone: 'error', message: copy.sameEmail });
    }
    setBusy(true);
    setOutcome(null);
    try {
      const { requestEmailChange } = await import('../../../lib/account-email');
      await requestEmailChange(next);
      setStep({ kind: 'code', email: next });
      setCode('');
    } catch (error) {
      setOutcome({ tone: 'error', message: emailChangeError(error) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy || step.kind !== 'code') return;
    setBusy(true);
    setOutcome(null);
    try {
      const { confirmEmailChange } = await import('../../../lib/account-email');
      await confirmEmailChange(code.trim());
    } catch (error) {
      setBusy(false);
      return setOutcome({ tone: 'error', message: emailChangeError(error) });
    }
    try {
      const saved = await apiPost<Profile>('/me/email', {}, { auth: true });
      onSaved(saved);
      await refresh();
      setStep({ kind: 'show' });
      setOutcome({ tone: 'success', message: copy.changed(saved.email) });
    } catch {
      setOutcome({ tone: 'error', message: copy.syncFailed });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (busy) return;
    setBusy(true);
    try {
      const { resendEmailChangeCode } = await import('../../../lib/account-email');
      await resendEmailChangeCode();
      setOutcome({ tone: 'success', message: copy.resent });
    } catch (error) {
      setOutcome({ tone: 'error', message: emailChangeError(error) });
    } finally {
      setBusy(false);
    }
  }

  const cancel = () => {
    setStep({ kind: 'show' });
    setOutcome(null);
  };

  return (
    <div className="mb-4 space-y-3" data-testid="email-change">
      {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
      {step.kind === 'show' ? (
        // On a phone the address gets the full width (a long one was cut off beside the button);
        // from sm up the button sits level with the field, not with its hint.
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={copy.current}
            type="email"
            value={profile.email}
            disabled
            readOnly
            hint={copy.currentHint}
            className="min-w-0 sm:flex-1"
          />
          <Button
            variant="secondary"
            className="self-start sm:mt-6"
            onClick={() => setStep({ kind: 'enter' })}
          >
            {copy.change}
          </Button>
        </div>
      ) : step.kind === 'enter' ? (
        <form onSubmit={(event) => void send(event)} noValidate className="space-y-3">
          <TextField
            label={copy.newEmail}
            type="email"
            name="new-email"
            autoComplete="email"
            hint={copy.newEmailHint}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? copy.sending : copy.send}
            </Button>
            <Button variant="secondary" onClick={cancel}>
              {copy.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate className="space-y-3">
          <p className="text-sm text-slate-700">{copy.codeSent(step.email)}</p>
          <TextField
            label={copy.code}
            name="email-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy || code.trim().length === 0}>
              {busy ? copy.confirming : copy.confirm}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void resend()}>
              {copy.resend}
            </Button>
            <Button variant="secondary" onClick={cancel}>
              {copy.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
