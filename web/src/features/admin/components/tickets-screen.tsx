import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminTicketView } from '@domain/tickets';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadingText } from '../../../components/loading-text';
import { ticketAttachmentsCopy } from '../../../content/ticket-attachments';
import { AttachmentList, AttachmentPicker } from '../../../components/attachment-picker';
import { UploadFailedError, uploadAttachments } from '../../../lib/ticket-attachments';
import {
  answerTicket,
  assignTicket,
  getAdminTicket,
  getTicketQueue,
  type TicketQueueFilter,
} from '../api/tickets-api';
import { adminCopy, ticketsCopy as copy } from '../copy';
import { LoadFailed } from './load-failed';
import { ScreenSection, StatusFilter } from './screen-parts';
import { failureMessage, useLoad } from './use-load';

const when = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const formatWhen = (iso: string) => `${when.format(new Date(iso))} IST`;
const FILTERS = ['open', 'overdue'] as const;

/** Tickets (D27): the queue soonest due first, overdue highlighted; a thread, reply, note, resolve. */
export function TicketsScreen() {
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<TicketQueueFilter>('open');
  // The customer page links to /admin/tickets?ticket=TKT-….
  const [selected, setSelected] = useState<string | undefined>(params.get('ticket') ?? undefined);
  const queue = useLoad(
    () => getTicketQueue(filter).then((answer) => answer.tickets),
    filter,
    adminCopy.loadFailed,
  );

  if (selected) {
    return (
      <TicketThread
        number={selected}
        onBack={() => {
          setSelected(undefined);
          queue.reload();
        }}
      />
    );
  }

  return (
    <ScreenSection id="tickets-title" title={copy.title} intro={copy.intro}>
      <div className="mt-4">
        <StatusFilter
          label={copy.filterLabel}
          value={filter}
          values={FILTERS}
          labels={copy.filters}
          onChange={setFilter}
        />
      </div>
      <div className="mt-4">
        {queue.state.status === 'loading' ? (
          <LoadingText>{adminCopy.loading}</LoadingText>
        ) : queue.state.status === 'error' ? (
          <LoadFailed message={queue.state.message} onRetry={queue.reload} />
        ) : queue.state.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            {copy.empty[filter]}
          </p>
        ) : (
          <ul aria-label={copy.queueLabel} className="space-y-2">
            {queue.state.data.map((ticket) => (
              <li key={ticket.number}>
                <button
                  type="button"
                  onClick={() => setSelected(ticket.number)}
                  className={`flex w-full flex-col gap-2 rounded-xl border p-4 text-left sm:flex-row sm:items-center sm:justify-between ${
                    ticket.overdue
                      ? 'border-red-300 bg-red-50 hover:bg-red-100'
                      : 'border-slate-200 bg-white hover:bg-slate-50'
                  }`}
                  data-overdue={ticket.overdue ? 'true' : undefined}
                >
                  <span className="min-w-0">
                    <span className="block text-xs font-semibold text-slate-500">
                      {ticket.number} · {copy.categories[ticket.category]} · {ticket.email}
                    </span>
                    <span className="block truncate font-medium text-slate-900">
                      {ticket.subject}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-wrap items-center gap-2 text-xs">
                    {ticket.overdue ? (
                      <span className="rounded-full bg-red-600 px-2.5 py-0.5 font-semibold text-white">
                        {copy.overdue}
                      </span>
                    ) : null}
                    <span className="text-slate-600">
                      {ticket.dueAt
                        ? copy.due(formatWhen(ticket.dueAt))
                        : copy.statuses[ticket.status]}
                      {ticket.assignee ? ` · ${copy.assigned(ticket.assignee)}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ScreenSection>
  );
}

function TicketThread({ number, onBack }: { number: string; onBack: () => void }) {
  const loaded = useLoad(
    () => getAdminTicket(number).then((a) => a.ticket),
    number,
    adminCopy.loadFailed,
  );
  const [message, setMessage] = useState('');
  const [mode, setMode] = useState<'reply' | 'resolve' | 'note'>('reply');
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function take(ticket: AdminTicketView) {
    setBusy(true);
    setError(undefined);
    try {
      loaded.setState({ status: 'ready', data: (await assignTicket(ticket.number)).ticket });
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function send(ticket: AdminTicketView) {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      // A failed upload stops here: the text and the files chosen stay.
      const attachments = await uploadAttachments('admin', files, setUploading);
      setUploading(undefined);
      const answer = await answerTicket(ticket.number, {
        message: message.trim(),
        ...(mode === 'resolve' ? { resolve: true } : {}),
        ...(mode === 'note' ? { internal: true } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      loaded.setState({ status: 'ready', data: answer.ticket });
      setMessage('');
      setFiles([]);
      setNotice(copy.sent[mode]);
    } catch (failure) {
      setError(failure instanceof UploadFailedError ? failure.message : failureMessage(failure));
    } finally {
      setUploading(undefined);
      setBusy(false);
    }
  }

  return (
    <section aria-label={copy.threadLabel(number)} className="space-y-4">
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← {copy.back}
      </button>
      {loaded.state.status === 'loading' ? (
        <LoadingText>{adminCopy.loading}</LoadingText>
      ) : loaded.state.status === 'error' ? (
        <LoadFailed message={loaded.state.message} onRetry={loaded.reload} />
      ) : (
        (() => {
          const ticket = loaded.state.data;
          return (
            <>
              <div
                className={`rounded-xl border p-5 ${ticket.overdue ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}
              >
                <p className="text-xs font-semibold text-slate-500">
                  {ticket.number} · {copy.categories[ticket.category]} ·{' '}
                  {copy.statuses[ticket.status]}
                </p>
                <h2 className="mt-1 text-xl font-semibold break-words text-slate-900">
                  {ticket.subject}
                </h2>
                <div className="mt-2 text-sm text-slate-600">
                  {ticket.assignee ? (
                    copy.assigned(ticket.assignee)
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      onClick={() => void take(ticket)}
                    >
                      {copy.assignToMe}
                    </Button>
                  )}
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-500">{copy.from}</dt>
                  <dd className="break-all text-slate-800">
                    {ticket.name} &lt;{ticket.email}&gt;
                  </dd>
                  {ticket.serviceId ? (
                    <>
                      <dt className="text-slate-500">{copy.service}</dt>
                      <dd className="break-all text-slate-800">{ticket.serviceId}</dd>
                    </>
                  ) : null}
                  {ticket.dueAt ? (
                    <>
                      <dt className="text-slate-500">{copy.dueLabel}</dt>
                      <dd
                        className={ticket.overdue ? 'font-semibold text-red-700' : 'text-slate-800'}
                      >
                        {formatWhen(ticket.dueAt)}
                        {ticket.overdue ? ` · ${copy.overdue}` : ''}
                      </dd>
                    </>
                  ) : null}
                  {ticket.resolveDueAt ? (
                    <>
                      <dt className="text-slate-500">{copy.resolveByLabel}</dt>
                      <dd className="text-slate-800">{formatWhen(ticket.resolveDueAt)}</dd>
                    </>
                  ) : null}
                </dl>
                {ticket.buyerServices && ticket.buyerServices.length > 0 ? (
                  <div className="mt-4 border-t border-slate-200 pt-3">
                    <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      {copy.buyerServices}
                    </h3>
                    <ul aria-label={copy.buyerServices} className="mt-2 space-y-1 text-sm">
                      {ticket.buyerServices.map((s) => (
                        <li
                          key={s.serviceId}
                          className={
                            s.serviceId === ticket.serviceId
                              ? 'font-semibold text-slate-900'
                              : 'text-slate-700'
                          }
                        >
                          {s.planName}
                          {s.domain ? ` (${s.domain})` : ''} ·{' '}
                          {copy.renews(formatWhen(s.renewalDate))}
                          {s.serviceId === ticket.serviceId ? ` · ${copy.thisService}` : ''}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
              <ol className="space-y-3">
                {(ticket.messages ?? []).map((m) => (
                  <li
                    key={m.id}
                    className={`rounded-xl border p-4 ${
                      m.internal
                        ? 'border-amber-300 bg-amber-50'
                        : m.author === 'support'
                          ? 'border-brand-200 bg-brand-50'
                          : 'border-slate-200 bg-white'
                    }`}
                  >
                    <p className="text-xs font-semibold text-slate-600">
                      {m.internal ? `${copy.internalNote} · ` : ''}
                      {m.author === 'buyer' ? m.authorName : copy.support} · {formatWhen(m.at)}
                    </p>
                    {/* Buyer text is text: React escapes it; never rendered as HTML. */}
                    <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-900">
                      {m.body}
                    </p>
                    <AttachmentList
                      scope="admin"
                      ticketNumber={ticket.number}
                      attachments={m.attachments}
                    />
                  </li>
                ))}
              </ol>
              {notice ? <Alert tone="success">{notice}</Alert> : null}
              {error ? <Alert tone="error">{error}</Alert> : null}
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void send(ticket);
                }}
                className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
              >
                <fieldset className="flex flex-wrap gap-4 text-sm">
                  <legend className="sr-only">{copy.modeLabel}</legend>
                  {(['reply', 'resolve', 'note'] as const).map((m) => (
                    <label key={m} className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="mode"
                        value={m}
                        checked={mode === m}
                        onChange={() => setMode(m)}
                      />
                      {copy.modes[m]}
                    </label>
                  ))}
                </fieldset>
                <label className="block text-sm font-medium text-slate-700">
                  {mode === 'note' ? copy.noteLabel : copy.replyLabel}
                  <textarea
                    className="mt-1 block min-h-28 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                    value={message}
                    required
                    maxLength={5000}
                    onChange={(e) => setMessage(e.target.value)}
                  />
                </label>
                <AttachmentPicker files={files} onChange={setFiles} disabled={busy} />
                <Button type="submit" disabled={busy || !message.trim()}>
                  {uploading ? ticketAttachmentsCopy.uploading(uploading) : copy.submit[mode]}
                </Button>
              </form>
            </>
          );
        })()
      )}
    </section>
  );
}
