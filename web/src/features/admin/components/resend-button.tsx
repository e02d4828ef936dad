import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/button';
import { resendMail } from '../api/admin-api';
import { adminCopy } from '../copy';
import { NoteField } from './note-field';
import { failureMessage } from './use-load';

const copy = adminCopy.customers;

/**
 * Send one logged mail to the buyer again, with the operator's note (audited); one id per press,
 * so a double click sends once.
 */
export function ResendButton({
  userId,
  mailId,
  onDone,
}: {
  userId: string;
  mailId: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [resendId, setResendId] = useState(() => `resend-${crypto.randomUUID()}`);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function resend(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setInvalid(true);
      setStatus(copy.resendNoteEmpty);
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      await resendMail(userId, mailId, resendId, note.trim());
      setStatus(copy.resent);
      setOpen(false);
      setNote('');
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
      {open ? (
        <form onSubmit={(event) => void resend(event)} className="mt-1 max-w-md">
          <NoteField
            label={copy.resendNote}
            value={note}
            onChange={(value) => {
              setNote(value);
              setInvalid(false);
            }}
            required
            invalid={invalid}
          />
          <div className="mt-2 flex gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? copy.resending : copy.resendConfirm}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {copy.resendCancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
          {copy.resend}
        </Button>
      )}
      {status ? <span role="status"> {status}</span> : null}
    </>
  );
}
