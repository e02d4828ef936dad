import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { signOutEverywhereCopy as copy } from '../../../content/auth';

/** Ends every session of the account (Cognito's GlobalSignOut), then goes home signed out. */
export function SignOutEverywhere() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOutAll() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const api = await import('../../../lib/sign-out-everywhere');
      await api.signOutEverywhere();
    } catch {
      setBusy(false);
      setFailed(true);
      return;
    }
    await signOut();
    void navigate('/', { replace: true });
  }

  return (
    <div className="space-y-4">
      {failed ? <Alert tone="error">{copy.failed}</Alert> : null}
      <Button variant="secondary" disabled={busy} onClick={() => void signOutAll()}>
        {busy ? copy.busy : copy.button}
      </Button>
    </div>
  );
}
