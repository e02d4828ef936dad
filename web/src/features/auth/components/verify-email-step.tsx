import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { verifyEmailCopy as copy, verifyEmailErrors } from '../../../content/auth';
import { confirmEmail, sendNewCode, signInWithPassword } from '../api/cognito-auth';
import { confirmCodeErrorMessage, resendCodeErrorMessage } from '../auth-errors';
import { AuthCard } from './auth-card';

export type VerifyNotice = 'sent' | 'notConfirmedYet';

/**
 * The code Cognito mailed at sign-up (D28): the buyer types it, the account is confirmed, and they
 * are signed in with the password they just gave and sent on (`onSignedIn`). A new code can be
 * asked for; a wrong, an expired and a throttled code each say so in a sentence of their own. The
 * same page for an email that has an account and one that has not: it never says which.
 */
export function VerifyEmailStep({
  email,
  password,
  notice: firstNotice,
  onSignedIn,
  onOtherEmail,
  footer,
  loginHref,
  accountHint = false,
}: {
  email: string;
  password: string;
  notice: VerifyNotice;
  /** Signed in: refresh the auth state and go on to where the buyer was going. */
  onSignedIn(): Promise<void> | void;
  onOtherEmail(): void;
  footer: ReactNode;
  /** Where "Log in" goes when signing in at once did not work. */
  loginHref: string;
  /** After sign-up: says what to do if the email already has an account (whether or not it has). */
  accountHint?: boolean;
}) {
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<VerifyNotice | 'resent'>(firstNotice);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'confirming' | 'signingIn' | 'sending'>(null);
  const [confirmedOnly, setConfirmedOnly] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!typed) return setError(verifyEmailErrors.codeRequired);
    setError(null);
    setBusy('confirming');
    try {
      await confirmEmail(email, typed);
    } catch (caught) {
      setBusy(null);
      setError(confirmCodeErrorMessage(caught));
      return;
    }
    setBusy('signingIn');
    let outcome: Awaited<ReturnType<typeof signInWithPassword>> | undefined;
    try {
      outcome = await signInWithPassword(email, password);
    } catch {
      outcome = undefined;
    }
    if (outcome !== 'done') {
      setBusy(null);
      setConfirmedOnly(true);
      return;
    }
    await onSignedIn();
  }

  async function resend() {
    if (busy) return;
    setError(null);
    setBusy('sending');
    try {
      await sendNewCode(email);
    } catch (caught) {
      const message = resendCodeErrorMessage(caught);
      if (message) {
        setBusy(null);
        setError(message);
        return;
      }
    }
    setBusy(null);
    setCode('');
    setNotice('resent');
  }

  if (confirmedOnly) {
    return (
      <AuthCard title={copy.title} subtitle={copy.subtitle} footer={footer}>
        <Alert tone="success">
          {copy.confirmedPleaseLogin}{' '}
          {/* A fresh page: from /login itself, a link to /login would keep this step. */}
          <Link
            to={loginHref}
            reloadDocument
            className="font-semibold underline underline-offset-2"
          >
            {copy.loginLink}
          </Link>
        </Alert>
      </AuthCard>
    );
  }

  const noticeText =
    notice === 'resent'
      ? copy.resent
      : notice === 'notConfirmedYet'
        ? copy.notConfirmedYet
        : copy.codeSent;

  return (
    <AuthCard title={copy.title} subtitle={copy.subtitle} footer={footer}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : (
          <Alert tone="info">
            {noticeText} <span className="font-medium break-all">{email}</span>.
          </Alert>
        )}
        <TextField
          label={copy.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          hint={copy.codeHint}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy !== null}>
          {busy === 'confirming' ? copy.busy : busy === 'signingIn' ? copy.signingIn : copy.submit}
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => void resend()}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60"
          >
            {busy === 'sending' ? copy.sending : copy.resend}
          </button>
          <button
            type="button"
            disabled={busy !== null}
            onClick={onOtherEmail}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60"
          >
            {copy.otherEmail}
          </button>
        </div>
        {accountHint ? (
          <p className="text-sm text-slate-600">
            {copy.haveAccountHint}{' '}
            <Link
              to={loginHref}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {copy.haveAccountLogin}
            </Link>{' '}
            {copy.haveAccountOr}{' '}
            <Link
              to={loginHref.replace(/^\/login/, '/forgot-password')}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {copy.haveAccountReset}
            </Link>
            .
          </p>
        ) : null}
      </form>
    </AuthCard>
  );
}
