import { useEffect, useState, type FormEvent } from 'react';
import type { Service } from '@domain/api';
import { TICKET_CATEGORIES, type TicketCategory, type TicketView } from '@domain/tickets';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadingText } from '../../../components/loading-text';
import { supportTicketsCopy as copy } from '../../../content/support-tickets';
import { ticketAttachmentsCopy } from '../../../content/ticket-attachments';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import { AttachmentList, AttachmentPicker } from '../../../components/attachment-picker';
import { UploadFailedError, uploadAttachments } from '../../../lib/ticket-attachments';
import {
  getTicket,
  listTickets,
  openTicket,
  reopenTicket,
  replyToTicket,
  resolveTicket,
} from './tickets-api';

const when = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const formatWhen = (iso: string) => `${when.format(new Date(iso))} IST`;
const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof UploadFailedError
    ? error.message
    : NETWORK_ERROR_MESSAGE;

const STATUS_TONE: Record<TicketView['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  waiting_on_buyer: 'bg-brand-100 text-brand-900',
  resolved: 'bg-green-100 text-green-900',
  closed: 'bg-slate-200 text-slate-700',
};

export function TicketStatus({ status }: { status: TicketView['status'] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
      {copy.statuses[status]}
    </span>
  );
}

export interface SupportPanelProps {
  services: readonly Service[];
  /** Open the form about this service (a service card's Get help). */
  aboutService?: string;
  /** Open this ticket (the link in a ticket mail). */
  initialTicket?: string;
}

/** The dashboard's Support tab (D27): the buyer's tickets, a thread, a reply, resolve/reopen. */
export function SupportPanel({ services, aboutService, initialTicket }: SupportPanelProps) {
  const [tickets, setTickets] = useState<TicketView[] | undefined>();
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<string | undefined>(initialTicket);
  const [composing, setComposing] = useState(aboutService !== undefined);
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    let cancelled = false;
    listTickets().then(
      ({ tickets: list }) => !cancelled && setTickets(list),
      (error: unknown) => !cancelled && setLoadError(messageOf(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    if (aboutService !== undefined) {
      setComposing(true);
      setSelected(undefined);
    }
  }, [aboutService]);

  if (selected) {
    return (
      <TicketThread
        number={selected}
        onBack={() => {
          setSelected(undefined);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-slate-600">{copy.intro}</p>
        {!composing ? (
          <Button onClick={() => setComposing(true)} className="shrink-0">
            {copy.newTicket}
          </Button>
        ) : null}
      </div>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {composing ? (
        <NewTicketForm
          services={services}
          initialService={aboutService}
          onCancel={() => setComposing(false)}
          onOpened={(ticket) => {
            setComposing(false);
            setNotice(copy.opened(ticket.number));
            setTickets((list) => [ticket, ...(list ?? [])]);
          }}
        />
      ) : null}
      {loadError ? (
        <div>
          <Alert tone="error">{copy.loadFailed}</Alert>
          <Button variant="secondary" className="mt-3" onClick={() => setAttempt((n) => n + 1)}>
            {copy.retry}
          </Button>
        </div>
      ) : tickets === undefined ? (
        <LoadingText>{copy.loading}</LoadingText>
      ) : tickets.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {copy.empty}
        </p>
      ) : (
        <ul
          aria-label={copy.listLabel}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {tickets.map((ticket) => (
            <li key={ticket.number}>
              <button
                type="button"
                onClick={() => setSelected(ticket.number)}
                className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <span className="block text-xs font-semibold text-slate-500">
                    {ticket.number} · {copy.categories[ticket.category]}
                  </span>
                  <span className="block truncate font-medium text-slate-900">
                    {ticket.subject}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-3 text-xs text-slate-500">
                  {formatWhen(ticket.updatedAt)}
                  <TicketStatus status={ticket.status} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NewTicketForm({
  services,
  initialService,
  onCancel,
  onOpened,
}: {
  services: readonly Service[];
  initialService?: string;
  onCancel: () => void;
  onOpened: (ticket: TicketView) => void;
}) {
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<TicketCategory>(
    initialService ? 'technical' : 'billing',
  );
  const [serviceId, setServiceId] = useState(initialService ?? '');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState<string>();
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      // A failed upload stops here: what was typed and the files chosen stay in the form.
      const attachments = await uploadAttachments('me', files, setUploading);
      setUploading(undefined);
      const { ticket } = await openTicket({
        subject: subject.trim(),
        category,
        message: message.trim(),
        ...(serviceId ? { serviceId } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      onOpened(ticket);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setUploading(undefined);
      setSending(false);
    }
  }

  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={copy.form.title}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h3 className="text-lg font-semibold text-slate-900">{copy.form.title}</h3>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <label className="block text-sm font-medium text-slate-700">
        {copy.form.subject}
        <input
          className={field}
          value={subject}
          required
          maxLength={150}
          onChange={(e) => setSubject(e.target.value)}
        />
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-700">
          {copy.form.category}
          <select
            className={field}
            value={category}
            onChange={(e) => setCategory(e.target.value as TicketCategory)}
          >
            {TICKET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {copy.categories[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          {copy.form.service}
          <select
            className={field}
            value={serviceId}
            onChange={(e) => setServiceId(e.target.value)}
          >
            <option value="">{copy.form.noService}</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.domain ? `${s.name} (${s.domain})` : s.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {category === 'grievance' ? <Alert tone="info">{copy.form.grievanceNote}</Alert> : null}
      <label className="block text-sm font-medium text-slate-700">
        {copy.form.message}
        <textarea
          className={`${field} min-h-32`}
          value={message}
          required
          maxLength={5000}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <AttachmentPicker files={files} onChange={setFiles} disabled={sending} />
      <div className="flex gap-3">
        <Button type="submit" disabled={sending}>
          {uploading
            ? ticketAttachmentsCopy.uploading(uploading)
            : sending
              ? copy.form.sending
              : copy.form.submit}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {copy.form.cancel}
        </Button>
      </div>
    </form>
  );
}

function TicketThread({ number, onBack }: { number: string; onBack: () => void }) {
  const [ticket, setTicket] = useState<TicketView>();
  const [error, setError] = useState<string>();
  const [reply, setReply] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    getTicket(number).then(
      (answer) => !cancelled && setTicket(answer.ticket),
      (failure: unknown) => !cancelled && setError(messageOf(failure)),
    );
    return () => {
      cancelled = true;
    };
  }, [number]);

  async function act(action: () => Promise<{ ticket: TicketView }>, after?: () => void) {
    setBusy(true);
    setError(undefined);
    try {
      setTicket((await action()).ticket);
      after?.();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setUploading(undefined);
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← {copy.back}
      </button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!ticket ? (
        error ? null : (
          <LoadingText>{copy.loading}</LoadingText>
        )
      ) : (
        <>
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <p className="text-xs font-semibold text-slate-500">
              {ticket.number} · {copy.categories[ticket.category]}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <h3 className="text-lg font-semibold break-words text-slate-900">{ticket.subject}</h3>
              <TicketStatus status={ticket.status} />
            </div>
            <p className="mt-2 text-sm text-slate-600">
              {ticket.dueAt && ticket.status === 'open'
                ? copy.dueBy(formatWhen(ticket.dueAt))
                : null}
              {ticket.resolveDueAt && ticket.status !== 'resolved' && ticket.status !== 'closed'
                ? ` ${copy.resolveBy(formatWhen(ticket.resolveDueAt))}`
                : null}
              {ticket.reopenableUntil ? copy.reopenUntil(formatWhen(ticket.reopenableUntil)) : null}
              {ticket.status === 'closed' ? copy.closedNote : null}
            </p>
          </div>
          <ol className="space-y-3">
            {(ticket.messages ?? []).map((m) => (
              <li
                key={m.id}
                className={`rounded-xl border p-4 ${
                  m.author === 'support'
                    ? 'border-brand-200 bg-brand-50'
                    : 'border-slate-200 bg-white'
                }`}
              >
                <p className="text-xs font-semibold text-slate-600">
                  {m.author === 'buyer' ? copy.you : m.authorName} · {formatWhen(m.at)}
                </p>
                {/* Buyer text is text: React escapes it; never rendered as HTML. */}
                <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-900">
                  {m.body}
                </p>
                <AttachmentList
                  scope="me"
                  ticketNumber={ticket.number}
                  attachments={m.attachments}
                />
              </li>
            ))}
          </ol>
          {ticket.status !== 'closed' ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void act(
                  async () => {
                    // A failed upload stops here: the reply and the files chosen stay.
                    const attachments = await uploadAttachments('me', files, setUploading);
                    setUploading(undefined);
                    return replyToTicket(ticket.number, reply.trim(), attachments);
                  },
                  () => {
                    setReply('');
                    setFiles([]);
                  },
                );
              }}
              className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
            >
              <label className="block text-sm font-medium text-slate-700">
                {copy.replyLabel}
                <textarea
                  className="mt-1 block min-h-28 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  value={reply}
                  required
                  maxLength={5000}
                  onChange={(e) => setReply(e.target.value)}
                />
              </label>
              <AttachmentPicker files={files} onChange={setFiles} disabled={busy} />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={busy || !reply.trim()}>
                  {uploading
                    ? ticketAttachmentsCopy.uploading(uploading)
                    : busy
                      ? copy.replying
                      : copy.reply}
                </Button>
                {ticket.status === 'resolved' ? (
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void act(() => reopenTicket(ticket.number))}
                  >
                    {copy.reopen}
                  </Button>
                ) : (
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void act(() => resolveTicket(ticket.number))}
                  >
                    {copy.resolve}
                  </Button>
                )}
              </div>
            </form>
          ) : null}
        </>
      )}
    </div>
  );
}
