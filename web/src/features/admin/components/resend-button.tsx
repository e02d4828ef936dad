import { useState } from 'react';
import { Button } from '../../../components/button';
import { resendMail } from '../api/admin-api';
import { adminCopy } from '../copy';
import { failureMessage } from './use-load';

const copy = adminCopy.customers;

/** Resend one mail to the buyer; one id per press, so a double click sends once. */
export function ResendButton({
  userId,
  purchaseId,
  onDone,
}: {
  userId: string;
  purchaseId: string;
  onDone: () => void;
}) {
  const [resendId, setResendId] = useState(() => `resend-${crypto.randomUUID()}`);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    setStatus(null);
    try {
      await resendMail(userId, purchaseId, resendId);
      setStatus(copy.resent);
      onDone();
    } catch (caught) {
      setStatus(failureMessage(caught));
    } finally {
      // The next press is a new resend, whether this one was sent or refused.
      setResendId(`resend-${crypto.randomUUID()}`);
      setBusy(false);
    }
  }

  return (
    <>
      {' '}
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => void resend()}>
        {busy ? copy.resending : copy.resend}
      </Button>
      {status ? <span role="status"> {status}</span> : null}
    </>
  );
}
