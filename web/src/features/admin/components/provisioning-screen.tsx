import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminService } from '@domain/admin';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { getProvisioning, markServiceReady, redriveItem } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { AuditList } from './audit-list';
import { NoteField } from './note-field';
import { QueueView, ScreenSection } from './screen-parts';
import { failureMessage, useQueue } from './use-load';

const copy = adminCopy.provisioning;
type WaitingState = 'manual' | 'failed';
const WAITING_STATES: readonly WaitingState[] = ['manual', 'failed'];

/** Services waiting for a person: enter access details and mark ready, or retry the panel. */
export function ProvisioningScreen() {
  const queue = useQueue<WaitingState, AdminService>('manual', (state) =>
    getProvisioning(state).then((page) => page.services),
  );

  function settled(serviceId: string, message: string) {
    queue.settle((s) => s.serviceId === serviceId, message);
  }

  return (
    <ScreenSection id="admin-provisioning-title" title={copy.title} intro={copy.intro}>
      <QueueView
        queue={queue}
        filterLabel={copy.filterLabel}
        filters={WAITING_STATES}
        labels={copy.state}
        empty={copy.empty}
        keyOf={(service) => service.serviceId}
      >
        {(service) => <ServiceCard service={service} onSettled={settled} />}
      </QueueView>
    </ScreenSection>
  );
}

interface DetailRow {
  label: string;
  value: string;
}

function ServiceCard({
  service,
  onSettled,
}: {
  service: AdminService;
  onSettled: (serviceId: string, message: string) => void;
}) {
  const [rows, setRows] = useState<DetailRow[]>([
    { label: '', value: '' },
    { label: '', value: '' },
  ]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'ready' | 'retry' | null>(null);
  const title = `${service.planName}${service.domain ? ` (${service.domain})` : ''}`;

  function update(index: number, change: Partial<DetailRow>) {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const filled = rows.filter((row) => row.label.trim() || row.value.trim());
    if (filled.length === 0 || filled.some((row) => !row.label.trim() || !row.value.trim())) {
      setError(copy.detailsMissing);
      return;
    }
    setBusy('ready');
    setError(null);
    try {
      const details = Object.fromEntries(filled.map((row) => [row.label.trim(), row.value.trim()]));
      await markServiceReady(service.serviceId, { details, note: note.trim() });
      onSettled(service.serviceId, copy.ready(service.planName, service.email));
    } catch (caught) {
      setError(failureMessage(caught));
      setBusy(null);
    }
  }

  async function retry() {
    setBusy('retry');
    setError(null);
    try {
      await redriveItem(`provisioning:${service.serviceId}`);
      onSettled(service.serviceId, copy.retried(service.planName));
    } catch (caught) {
      setError(failureMessage(caught));
      setBusy(null);
    }
  }

  return (
    <article
      aria-label={title}
      className="rounded-2xl border border-slate-200 bg-white p-5 text-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <span className="font-mono text-xs text-slate-600">{service.serviceId}</span>
      </header>
      <p className="mt-1 text-slate-700">
        {service.name ? `${service.name} · ` : ''}
        {service.email}
      </p>
      <p className="mt-1 text-slate-600">
        {copy.since}: <time dateTime={service.since}>{formatDateTime(service.since)}</time>
      </p>
      {service.failureReason ? (
        <p className="mt-1 text-slate-800">
          {copy.why}: {service.failureReason}
        </p>
      ) : null}
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={`${copy.detailsTitle}: ${title}`}
        className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <fieldset>
          <legend className="font-semibold text-slate-900">{copy.detailsTitle}</legend>
          <div className="mt-2 space-y-2">
            {rows.map((row, index) => (
              <div key={index} className="grid gap-2 sm:grid-cols-[12rem_1fr]">
                <input
                  aria-label={`${copy.label} ${index + 1}`}
                  value={row.label}
                  onChange={(event) => update(index, { label: event.target.value })}
                  maxLength={60}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2"
                />
                <input
                  aria-label={`${copy.value} ${index + 1}`}
                  value={row.value}
                  onChange={(event) => update(index, { value: event.target.value })}
                  maxLength={500}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2"
                />
              </div>
            ))}
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="mt-2"
            onClick={() => setRows((current) => [...current, { label: '', value: '' }])}
          >
            {copy.addDetail}
          </Button>
        </fieldset>
        <NoteField label={copy.noteLabel} value={note} onChange={setNote} />
        {error ? (
          <Alert tone="error" className="mt-3">
            {error}
          </Alert>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-3">
          <Button type="submit" disabled={busy !== null}>
            {busy === 'ready' ? copy.marking : copy.markReady}
          </Button>
          {service.state === 'failed' ? (
            <Button variant="secondary" onClick={() => void retry()} disabled={busy !== null}>
              {busy === 'retry' ? copy.retrying : copy.retry}
            </Button>
          ) : null}
        </div>
      </form>
      <AuditList entries={service.audit} />
    </article>
  );
}
