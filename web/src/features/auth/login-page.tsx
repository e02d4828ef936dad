import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { forgotPasswordCopy } from '../../content/account';
import { loginCopy as copy, loginErrors } from '../../content/auth';
import { signInWithPassword } from './api/cognito-auth';
import { loginErrorMessage } from './auth-errors';
import { AuthCard } from './components/auth-card';
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
      await signInWithPassword(email.trim(), password);
    } catch (caught) {
      if ((caught as { name?: unknown } | null)?.name !== 'UserAlreadyAuthenticatedException') {
        setBusy(false);
        setError(loginErrorMessage(caught));
        return;
      }
    }
    await refresh();
    void navigate(target, { replace: true });
  }

  if (!loading && user && !busy) return <Navigate to={target} replace />;

  return (
    <AuthCard
      title={copy.title}
      subtitle={copy.subtitle}
      footer={
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
      }
    >
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
