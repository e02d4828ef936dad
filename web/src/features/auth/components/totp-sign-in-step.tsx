import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { totpCopy as copy, totpErrors } from '../../../content/auth';
import { totpErrorMessage } from '../../../lib/totp-errors';
import { AuthCard } from './auth-card';

/**
 * The second step of a sign-in for an account with TOTP on (Amplify's
 * CONFIRM_SIGN_IN_WITH_TOTP_CODE): the code the authenticator app shows now.
 */
export function TotpSignInStep({
  onSignedIn,
  onStartOver,
  footer,
}: {
  onSignedIn(): Promise<void> | void;
  onStartOver(): void;
  footer: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!typed) return setError(totpErrors.codeRequired);
    setError(null);
    setBusy(true);
    try {
      const api = await import('../../../lib/totp');
      if (!(await api.answerTotpChallenge(typed))) throw new Error('Sign-in needs another step');
    } catch (caught) {
      setBusy(false);
      const message = totpErrorMessage(caught);
      setExpired(message === totpErrors.sessionExpired);
      setError(message);
      setCode('');
      return;
    }
    await onSignedIn();
  }

  return (
    <AuthCard title={copy.signInTitle} subtitle={copy.signInSubtitle} footer={footer}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={copy.code}
          name="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          hint={copy.codeHint}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy || expired}>
          {busy ? copy.verifying : copy.verify}
        </Button>
        <p className="text-sm">
          <button
            type="button"
            disabled={busy}
            onClick={onStartOver}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60"
          >
            {copy.startOver}
          </button>
        </p>
        <p className="text-xs text-slate-500">{copy.lostDevice}</p>
      </form>
    </AuthCard>
  );
}
