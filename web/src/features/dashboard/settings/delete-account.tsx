import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { Alert } from '../../../components/alert';
import { useAlert } from '../../../components/alert-dialog';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { deleteAccountCopy as copy } from '../../../content/account';
import { ApiError, apiPost } from '../../../lib/api';

/**
 * Delete my account (D28, DPDP): says what goes and what stays, asks for the email typed, and
 * deletes through the API, which refuses while a service is live (its sentence names them) and
 * after a sign-in older than 5 minutes (then: sign out and in again, and come back here).
 */
export function DeleteAccount({ email }: { email: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; reauth: boolean } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      return setError({ message: copy.mismatch, reauth: false });
    }
    setBusy(true);
    setError(null);
    try {
      await apiPost('/me/account/delete', { confirmEmail: typed.trim() }, { auth: true });
    } catch (failure) {
      setBusy(false);
      const api = failure instanceof ApiError ? failure : undefined;
      return setError({
        message: api?.message ?? copy.failed,
        reauth: api?.code === 'reauth_required',
      });
    }
    await signOut();
    // The home page from its top, saying what happened (not the footer where Settings ended).
    void navigate('/', { replace: true });
    window.scrollTo(0, 0);
    void showAlert(copy.deleted(email), 'success');
  }

  async function signInAgain() {
    await signOut();
    void navigate(`/login?redirect=${encodeURIComponent('/dashboard?tab=settings')}`);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{copy.kept}</p>
      <p className="text-sm text-slate-700">{copy.servicesFirst}</p>
      {error ? (
        <Alert tone="error">
          {error.message}
          {error.reauth ? (
            <>
              {' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => void signInAgain()}
              >
                {copy.signInAgain}
              </button>
            </>
          ) : null}
        </Alert>
      ) : null}
      <TextField
        label={copy.confirmLabel}
        type="email"
        name="confirm-email"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" variant="danger" disabled={busy}>
        {busy ? copy.busy : copy.button}
      </Button>
    </form>
  );
}
