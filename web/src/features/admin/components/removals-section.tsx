import { useState } from 'react';
import type { FormEvent } from 'react';
import type { RemovableService } from '@domain/admin';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { actOnService, getRemovals } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { NoteField } from './note-field';
import { LoadedList, Notice, ScreenSection } from './screen-parts';
import { useConsoleAction, useQueue } from './use-load';

const copy = adminCopy.stuck.removals;

/**
 * Services that ended 30 days ago or more (D22), each with Remove: a note and a confirmation, then
 * the panel account is deleted for good. Never done by itself.
 */
export function RemovalsSection() {
  const queue = useQueue('removal', () => getRemovals().then((page) => page.services));
  return (
    <ScreenSection id="admin-removals-title" title={copy.title} intro={copy.intro}>
      <Notice text={queue.done} />
      <LoadedList
        state={queue.state}
        onRetry={queue.reload}
        empty={copy.empty}
        keyOf={(service) => service.serviceId}
        spacing="space-y-3"
      >
        {(service) => (
          <RemovalCard
            service={service}
            onRemoved={() =>
              queue.settle((s) => s.serviceId === service.serviceId, copy.removed(service.planName))
            }
          />
        )}
      </LoadedList>
    </ScreenSection>
  );
}

function RemovalCard({ service, onRemoved }: { service: RemovableService; onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const { busy, error, setError, act } = useConsoleAction();
  const title = `${service.planName}${service.domain ? ` (${service.domain})` : ''}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError(copy.noteMissing);
      return;
    }
    // Removed, the service leaves the queue (onRemoved).
    await act(async () => {
      await actOnService(service.serviceId, {
        action: 'remove',
        note: note.trim(),
        userId: service.userId,
      });
      onRemoved();
    });
  }

  return (
    <article aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-col gap-3 text-sm sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 break-all text-slate-600">
            {copy.customer}: <span className="font-mono">{service.userId}</span>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {service.endedAt ? (
              <>
                <dt className="text-slate-600">{copy.endedAt}</dt>
                <dd className="text-slate-900">
                  <time dateTime={service.endedAt}>{formatDateTime(service.endedAt)}</time>
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">{copy.removableFrom}</dt>
            <dd className="text-slate-900">
              <time dateTime={service.removableFrom}>{formatDateTime(service.removableFrom)}</time>
            </dd>
          </dl>
        </div>
        {confirming ? null : (
          <Button
            variant="secondary"
            className="shrink-0"
            onClick={() => setConfirming(true)}
            aria-label={`${copy.remove}: ${title}`}
          >
            {copy.remove}
          </Button>
        )}
      </div>
      {confirming ? (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={copy.confirmTitle(title)}
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm"
        >
          <p className="font-semibold text-slate-900">{copy.confirmTitle(title)}</p>
          <p className="mt-1 text-slate-700">{copy.confirmBody}</p>
          <NoteField
            label={copy.noteLabel}
            value={note}
            onChange={setNote}
            required
            invalid={error === copy.noteMissing}
            hint={copy.noteHint}
          />
          {error ? (
            <Alert tone="error" className="mt-3">
              {error}
            </Alert>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-3">
            <Button type="submit" variant="accent" disabled={busy}>
              {busy ? copy.removing : copy.confirm}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                setError(null);
              }}
            >
              {copy.keep}
            </Button>
          </div>
        </form>
      ) : null}
    </article>
  );
}
