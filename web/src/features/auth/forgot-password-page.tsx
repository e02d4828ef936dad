import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import {
  forgotPasswordCopy as copy,
  MIN_PASSWORD_LENGTH,
  passwordTooShort,
} from '../../content/account';
import { AuthCard } from './components/auth-card';
import { resetConfirmError, resetRequestError } from './forgot-password-errors';
import { isEmail, returnTarget } from './validation';

/** Amplify loads on the first submit, not with the page (docs/architecture.md, the web). */
const resetApi = () => import('./api/password-reset');

type Step = 'email' | 'code' | 'changed';

/**
 * /forgot-password (docs/decisions.md D19): the email, then Cognito's code with a new password,
 * then signed in and on to /dashboard (or wherever the login was going to return to). Whether an
 * account exists for the email is never shown: both lead to the same next step and message.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string>(copy.codeSent);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'sending' | 'saving' | 'signingIn'>(null);
  const target = returnTarget(params, location.state);

  async function sendCode(resend: boolean) {
    setError(null);
    setBusy('sending');
    try {
      const api = await resetApi();
      await api.requestResetCode(email.trim());
    } catch (caught) {
      const message = resetRequestError(caught);
      if (message) {
        setBusy(null);
        setError(message);
        return;
      }
    }
    setBusy(null);
    setNotice(resend ? copy.resent : copy.codeSent);
    setStep('code');
  }

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) return setError(copy.emailRequired);
    if (!isEmail(email)) return setError(copy.invalidEmail);
    void sendCode(false);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError(copy.codeRequired);
    if (password.length < MIN_PASSWORD_LENGTH) return setError(passwordTooShort);
    setError(null);
    setBusy('saving');
    let api: Awaited<ReturnType<typeof resetApi>>;
    try {
      api = await resetApi();
      await api.setNewPassword(email.trim(), code.replace(/\s+/g, ''), password);
    } catch (caught) {
      setBusy(null);
      setError(resetConfirmError(caught));
      return;
    }
    setBusy('signingIn');
    try {
      // A second step (TOTP) or an account not yet confirmed: the login page asks for it.
      if ((await api.signInWithPassword(email.trim(), password)) !== 'done')
        throw new Error('Sign-in needs another step');
    } catch {
      // The password did change: say so, and let the buyer log in with it.
      setBusy(null);
      setStep('changed');
      return;
    }
    await refresh();
    void navigate(target, { replace: true });
  }

  const footer = (
    <>
      {copy.remembered}{' '}
      <Link
        to={`/login${location.search}`}
        state={location.state}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {copy.loginLink}
      </Link>
    </>
  );

  if (step === 'changed') {
    return (
      <AuthCard title={copy.title} subtitle={copy.codeStepSubtitle} footer={footer}>
        <Alert tone="success">{copy.changedPleaseLogin}</Alert>
      </AuthCard>
    );
  }

  if (step === 'email') {
    return (
      <AuthCard title={copy.title} subtitle={copy.subtitle} footer={footer}>
        <form onSubmit={submitEmail} noValidate className="space-y-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextField
            label={copy.email}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy !== null}>
            {busy === 'sending' ? copy.sendingCode : copy.sendCode}
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={copy.title} subtitle={copy.codeStepSubtitle} footer={footer}>
      <form onSubmit={(event) => void submitCode(event)} noValidate className="space-y-4">
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : (
          <Alert tone="info">
            {notice} <span className="font-medium break-all">{email.trim()}</span>
          </Alert>
        )}
        <TextField
          label={copy.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint={copy.codeHint}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <TextField
          label={copy.newPassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint={copy.newPasswordHint}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy !== null}>
          {busy === 'saving' ? copy.busy : busy === 'signingIn' ? copy.signingIn : copy.submit}
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => void sendCode(true)}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60"
          >
            {busy === 'sending' ? copy.sendingCode : copy.resend}
          </button>
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => {
              setStep('email');
              setError(null);
              setCode('');
              setPassword('');
            }}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60"
          >
            {copy.otherEmail}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
