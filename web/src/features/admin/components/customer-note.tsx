import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { noteCustomer } from '../api/admin-api';
import { adminCopy } from '../copy';
import { NoteField } from './note-field';
import { useConsoleAction } from './use-load';

const copy = adminCopy.customers;

/** Operators' notes on a customer: each kept in the audit trail below, with who and when. */
export function CustomerNote({ userId, onSaved }: { userId: string; onSaved: () => void }) {
  const [note, setNote] = useState('');
  const [noteId, setNoteId] = useState(() => `note-${crypto.randomUUID()}`);
  const { busy, error, setError, act } = useConsoleAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError(copy.noteEmpty);
      return;
    }
    await act(async () => {
      await noteCustomer(userId, note.trim(), noteId);
      setNote('');
      setNoteId(`note-${crypto.randomUUID()}`);
      onSaved();
    });
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="mt-4">
      <NoteField label={copy.noteLabel} value={note} onChange={setNote} hint={copy.noteHint} />
      <Button type="submit" size="sm" variant="secondary" className="mt-2" disabled={busy}>
        {copy.saveNote}
      </Button>
      {error ? (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}
