import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminService } from '@domain/admin';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadingText } from '../../../components/loading-text';
import { ApiError } from '../../../lib/api';
import { getProvisioning, markServiceReady, redriveItem } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { AuditList } from './audit-list';
import { LoadFailed } from './load-failed';
import { useLoad } from './use-load';

const copy = adminCopy.provisioning;
type WaitingState = 'manual' | 'failed';

/** Services waiting for a person: enter access details and mark ready, or retry the panel. */
export function ProvisioningScreen() {
  const [state, setState] = useState<WaitingState>('manual');
  const [done, setDone] = useState<string | null>(null);
  const load = useLoad(() => getProvisioning(state), state, adminCopy.loadFailed);
  const filterId = useId();

  function settled(serviceId: string, message: string) {
    setDone(message);
    if (load.state.status === 'ready') {
      load.setState({
        status: 'ready',
        data: { services: load.state.data.services.filter((s) => s.serviceId !== serviceId) },
      });
    }
  }

  return (
    <section aria-labelledby="admin-provisioning-title">
      <h2 id="admin-provisioning-title" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
          {copy.filterLabel}
        </label>
        <select
          id={filterId}
          value={state}
          onChange={(event) => {
            setDone(null);
            setState(event.target.value as WaitingState);
          }}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="manual">{copy.state.manual}</option>
          <option value="failed">{copy.state.failed}</option>
        </select>
      </div>
      {done ? (
        <Alert tone="success" className="mt-4">
          {done}
        </Alert>
      ) : null}
      <div className="mt-6">
        {load.state.status === 'loading' ? (
          <LoadingText>{adminCopy.loading}</LoadingText>
        ) : load.state.status === 'error' ? (
          <LoadFailed message={load.state.message} onRetry={load.reload} />
        ) : load.state.data.services.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {copy.empty}
          </p>
        ) : (
          <ul className="space-y-4">
            {load.state.data.services.map((service) => (
              <li key={service.serviceId}>
                <ServiceCard service={service} onSettled={settled} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
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
  const noteId = useId();
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
      setError(caught instanceof ApiError ? caught.message : adminCopy.loadFailed);
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
      setError(caught instanceof ApiError ? caught.message : adminCopy.loadFailed);
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
        <label htmlFor={noteId} className="mt-3 block font-medium text-slate-800">
          {copy.noteLabel}
        </label>
        <textarea
          id={noteId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
          maxLength={1000}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
        />
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
