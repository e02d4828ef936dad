import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { forgotPasswordCopy } from '../../content/account';
import { loginCopy as copy, loginErrors } from '../../content/auth';
import { sendNewCode, signInWithPassword } from './api/cognito-auth';
import { loginErrorMessage } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { TotpSignInStep } from './components/totp-sign-in-step';
import { VerifyEmailStep } from './components/verify-email-step';
import { isEmail, returnTarget } from './validation';

export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading, refresh } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** An account whose email still waits for its sign-up code (D28): a new code was mailed. */
  const [verifying, setVerifying] = useState(false);
  /** The account has TOTP on: the code from the authenticator app comes next (D28). */
  const [totp, setTotp] = useState(false);
  const target = returnTarget(params, location.state);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError(copy.required);
      return;
    }
    if (!isEmail(email)) {
      setError(loginErrors.invalidEmail);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const outcome = await signInWithPassword(email.trim(), password);
      if (outcome === 'confirmSignUp') {
        // The first code may be lost or expired: mail a new one, then ask for it.
        await sendNewCode(email.trim()).catch(() => undefined);
        setBusy(false);
        setVerifying(true);
        return;
      }
      if (outcome === 'totp') {
        setBusy(false);
        setTotp(true);
        return;
      }
      if (outcome !== 'done') throw Object.assign(new Error(outcome), { name: 'SignInIncomplete' });
    } catch (caught) {
      if ((caught as { name?: unknown } | null)?.name !== 'UserAlreadyAuthenticatedException') {
        setBusy(false);
        setError(loginErrorMessage(caught));
        return;
      }
    }
    await signedIn();
  }

  async function signedIn() {
    setBusy(true);
    await refresh();
    void navigate(target, { replace: true });
  }

  if (!loading && user && !busy) return <Navigate to={target} replace />;

  const footer = (
    <>
      {copy.noAccount}{' '}
      <Link
        to={`/signup${location.search}`}
        state={location.state}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {copy.signupLink}
      </Link>
    </>
  );

  if (totp) {
    return (
      <TotpSignInStep
        onSignedIn={signedIn}
        onStartOver={() => {
          setTotp(false);
          setPassword('');
        }}
        footer={footer}
      />
    );
  }

  if (verifying) {
    return (
      <VerifyEmailStep
        email={email.trim()}
        password={password}
        notice="notConfirmedYet"
        onSignedIn={signedIn}
        onOtherEmail={() => {
          setVerifying(false);
          setPassword('');
        }}
        footer={footer}
        loginHref={`/login${location.search}`}
      />
    );
  }

  return (
    <AuthCard title={copy.title} subtitle={copy.subtitle} footer={footer}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={copy.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={copy.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="-mt-2 text-right text-sm">
          <Link
            to={`/forgot-password${location.search}`}
            state={location.state}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {forgotPasswordCopy.linkFromLogin}
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
