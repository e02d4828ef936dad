import { useState } from 'react';
import { indianMobile, PROFILE_LIMITS } from '@domain/profile';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { MIN_PASSWORD_LENGTH } from '../../content/account';
import { signupCopy as copy, signupErrors } from '../../content/auth';
import { createAccount } from './api/cognito-auth';
import { isAccountExistsError, signupErrorMessage } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { VerifyEmailStep } from './components/verify-email-step';
import { isEmail, returnTarget } from './validation';

export function SignupPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading, refresh } = useAuth();
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The account waits for the code mailed to this address (D28). */
  const [verifying, setVerifying] = useState<{ email: string; password: string } | null>(null);
  const target = returnTarget(params, location.state);

  function field(key: keyof typeof form) {
    return {
      name: key,
      value: form[key],
      onChange: (event: { target: { value: string } }) =>
        setForm((current) => ({ ...current, [key]: event.target.value })),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const name = form.name.trim();
    const email = form.email.trim();
    if (!name || !email || !form.phone.trim() || !form.password) {
      setError(copy.required);
      return;
    }
    if (form.password.length < MIN_PASSWORD_LENGTH) {
      setError(copy.passwordTooShort);
      return;
    }
    if (!isEmail(email)) {
      setError(signupErrors.invalidEmail);
      return;
    }
    // The rules Settings holds them to (D28; the PreSignUp trigger checks them again).
    if (name.length > PROFILE_LIMITS.name) {
      setError(signupErrors.nameTooLong);
      return;
    }
    const phone = indianMobile(form.phone);
    if (!phone) {
      setError(copy.invalidPhone);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await createAccount({ name, email, phone, password: form.password });
    } catch (caught) {
      // An email with an account goes on to the code step like a new one (D28).
      if (!isAccountExistsError(caught)) {
        setBusy(false);
        setError(signupErrorMessage(caught));
        return;
      }
    }
    setBusy(false);
    setVerifying({ email, password: form.password });
  }

  async function signedIn() {
    setBusy(true);
    await refresh();
    void navigate(target, { replace: true });
  }

  if (!loading && user && !busy) return <Navigate to={target} replace />;

  const footer = (
    <>
      {copy.haveAccount}{' '}
      <Link
        to={`/login${location.search}`}
        state={location.state}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {copy.loginLink}
      </Link>
    </>
  );

  if (verifying) {
    return (
      <VerifyEmailStep
        email={verifying.email}
        password={verifying.password}
        notice="sent"
        onSignedIn={signedIn}
        onOtherEmail={() => {
          setVerifying(null);
          setError(null);
        }}
        footer={footer}
        loginHref={`/login${location.search}`}
        accountHint
      />
    );
  }

  return (
    <AuthCard title={copy.title} subtitle={copy.subtitle} footer={footer}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField label={copy.name} autoComplete="name" {...field('name')} />
        <TextField label={copy.email} type="email" autoComplete="email" {...field('email')} />
        <TextField
          label={copy.phone}
          type="tel"
          autoComplete="tel"
          hint={copy.phoneHint}
          {...field('phone')}
        />
        <TextField
          label={copy.password}
          type="password"
          autoComplete="new-password"
          hint={copy.passwordHint}
          {...field('password')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
