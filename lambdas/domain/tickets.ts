/**
 * Support tickets and grievances (docs/decisions.md D27): the number, the categories and
 * statuses, the limits on what a buyer may send, and the deadlines. Pure: every rule takes the
 * time as an input.
 *
 * Deadlines (docs/api.md, Tickets):
 * - first response: 24 hours after a buyer writes (our promise), for every category;
 * - a grievance (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)): acknowledged within
 *   48 hours (the acknowledgement mail goes at once, and the first response is due sooner still),
 *   resolved within one month of receipt: by the end of the same day of the next month in India
 *   (the last day of that month when it is shorter).
 * `dueAt` is the next deadline support owes; a grievance also carries `resolveDueAt`.
 */
import { DomainError } from './errors';
import type { TicketAttachment } from './ticket-attachments';

export const TICKET_CATEGORIES = ['billing', 'technical', 'sales', 'grievance'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** As stored; `closed` is derived: resolved and past the reopen window. */
export type StoredTicketStatus = 'open' | 'waiting_on_buyer' | 'resolved';
export type TicketStatus = StoredTicketStatus | 'closed';
export const TICKET_STATUSES = ['open', 'waiting_on_buyer', 'resolved', 'closed'] as const;

export type TicketSource = 'dashboard' | 'contact';
export type TicketAuthor = 'buyer' | 'support';

export const TICKET_LIMITS = {
  subjectMaxChars: 150,
  messageMaxChars: 5000,
  /** A thread longer than this is a conversation for a call, not a ticket. */
  messagesPerTicket: 200,
  /** Replies by one buyer in one window (tickets themselves count against the contact form's). */
  repliesPerBuyer: { limit: 30, windowSeconds: 60 * 60 },
} as const;

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const FIRST_RESPONSE_MS = 24 * HOUR_MS;
export const GRIEVANCE_ACKNOWLEDGE_MS = 48 * HOUR_MS;
export const REOPEN_WINDOW_MS = 14 * DAY_MS;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The counters table's series for ticket numbers. */
export const TICKET_SERIES = 'TKT';
/** Up to 999,999 the number has six digits; beyond, it simply grows. */
export function formatTicketNumber(sequence: number): string {
  return `TKT-${String(sequence).padStart(6, '0')}`;
}

export const TICKET_NUMBER_PATTERN = /^TKT-\d{6,9}$/;

/** A number as a buyer may type it (`tkt-123`, ` TKT-000123 `) in canonical form, or undefined. */
export function normalizeTicketNumber(text: string): string | undefined {
  const match = /^\s*TKT-?(\d{1,9})\s*$/i.exec(text);
  if (!match?.[1]) return undefined;
  const sequence = Number(match[1]);
  return sequence > 0 ? formatTicketNumber(sequence) : undefined;
}

/** The first ticket number in a text (a mail's subject), canonical, or undefined. */
export function ticketNumberIn(text: string): string | undefined {
  const match = /\bTKT-(\d{6,9})\b/i.exec(text);
  return match?.[1] ? formatTicketNumber(Number(match[1])) : undefined;
}

/**
 * The end of the IST day one calendar month after `receivedAt` (clamped to the month's last day):
 * a grievance received on 31 January in India is due by the end of 28 (or 29) February in India.
 */
export function grievanceResolveDueAt(receivedAt: string): string {
  const ist = new Date(Date.parse(receivedAt) + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const month = ist.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(ist.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day + 1) - IST_OFFSET_MS - 1).toISOString();
}

/** What the deadlines depend on, as stored on a ticket. */
export interface TicketClock {
  category: TicketCategory;
  status: StoredTicketStatus;
  createdAt: string;
  /** When the buyer last wrote and support has not answered since; absent when support has. */
  awaitingSupportSince?: string;
  resolvedAt?: string;
  /** A grievance's resolution deadline, fixed at receipt. */
  resolveDueAt?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const earliest = (...times: (string | undefined)[]) =>
  times.filter((t): t is string => t !== undefined).sort()[0];

/**
 * The next deadline support owes: a response 24 hours after the buyer's unanswered message; for a
 * grievance, never later than its resolution deadline, which stays while it is unresolved. None
 * once resolved.
 */
export function nextDueAt(ticket: TicketClock): string | undefined {
  if (ticket.status === 'resolved') return undefined;
  const response = ticket.awaitingSupportSince
    ? iso(Date.parse(ticket.awaitingSupportSince) + FIRST_RESPONSE_MS)
    : undefined;
  return earliest(response, ticket.category === 'grievance' ? ticket.resolveDueAt : undefined);
}

/** The status a buyer and an operator see at `now`: a resolved ticket closes after 14 days. */
export function ticketStatusAt(ticket: TicketClock, now: Date): TicketStatus {
  if (ticket.status !== 'resolved') return ticket.status;
  return ticket.resolvedAt && now.getTime() > Date.parse(ticket.resolvedAt) + REOPEN_WINDOW_MS
    ? 'closed'
    : 'resolved';
}

export function isOverdue(ticket: TicketClock, now: Date): boolean {
  const due = nextDueAt(ticket);
  return due !== undefined && Date.parse(due) < now.getTime();
}

/** Until when a resolved ticket may be reopened by its buyer. */
export function reopenableUntil(ticket: TicketClock): string | undefined {
  return ticket.status === 'resolved' && ticket.resolvedAt
    ? iso(Date.parse(ticket.resolvedAt) + REOPEN_WINDOW_MS)
    : undefined;
}

/** The clock of a new ticket: the buyer's first message awaits a response. */
export function newTicketClock(category: TicketCategory, createdAt: string): TicketClock {
  return {
    category,
    status: 'open',
    createdAt,
    awaitingSupportSince: createdAt,
    ...(category === 'grievance' ? { resolveDueAt: grievanceResolveDueAt(createdAt) } : {}),
  };
}

/** After a buyer's reply: open, awaiting a response since the first unanswered message. */
export function afterBuyerReply(ticket: TicketClock, at: string): TicketClock {
  return {
    ...ticket,
    status: 'open',
    awaitingSupportSince: ticket.awaitingSupportSince ?? at,
    resolvedAt: undefined,
  };
}

/** After support's reply: waiting on the buyer, or resolved. */
export function afterSupportReply(ticket: TicketClock, at: string, resolve: boolean): TicketClock {
  return resolve
    ? resolvedClock(ticket, at)
    : { ...ticket, status: 'waiting_on_buyer', awaitingSupportSince: undefined };
}

export function resolvedClock(ticket: TicketClock, at: string): TicketClock {
  return { ...ticket, status: 'resolved', resolvedAt: at, awaitingSupportSince: undefined };
}

/** A buyer reopens a resolved ticket within 14 days: a response is due again 24 hours on. */
export function reopenedClock(ticket: TicketClock, at: string): TicketClock {
  return { ...ticket, status: 'open', resolvedAt: undefined, awaitingSupportSince: at };
}

/** Text typed by a buyer or an operator: no control characters but line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MESSAGE_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export class TicketNotFoundError extends DomainError {
  override readonly name = 'TicketNotFoundError';
  readonly code = 'ticket_not_found';
  constructor() {
    super('We could not find that ticket. Please check its number.');
  }
}

export class TicketClosedError extends DomainError {
  override readonly name = 'TicketClosedError';
  readonly code = 'ticket_closed';
  constructor() {
    super(
      'This ticket was closed more than 14 days after it was resolved. Please open a new ticket; you can mention this one by its number.',
    );
  }
}

export class TicketNotResolvedError extends DomainError {
  override readonly name = 'TicketNotResolvedError';
  readonly code = 'ticket_not_resolved';
  constructor() {
    super('Only a resolved ticket can be reopened.');
  }
}

export class TicketTooLongError extends DomainError {
  override readonly name = 'TicketTooLongError';
  readonly code = 'ticket_too_long';
  constructor() {
    super('This conversation has grown very long. Please open a new ticket and mention this one.');
  }
}

/** A ticket about a service that is not the buyer's (or does not exist). */
export class TicketServiceNotFoundError extends DomainError {
  override readonly name = 'TicketServiceNotFoundError';
  readonly code = 'service_not_found';
  constructor() {
    super('We could not find that service on your account.');
  }
}

/** Another reply moved the ticket at the same moment, more times than a retry can absorb. */
export class TicketBusyError extends DomainError {
  override readonly name = 'TicketBusyError';
  readonly code = 'ticket_busy';
  constructor() {
    super('This ticket is being updated right now. Please try again in a moment.');
  }
}

// --- The API's shapes (docs/api.md, Tickets) ---

export interface TicketMessageView {
  id: string;
  at: string;
  author: TicketAuthor;
  /** The writer's name as shown: the buyer's, or "Support" (operators' names stay inside). */
  authorName: string;
  /** Plain text, shown as text: never rendered as HTML. */
  body: string;
  /** Operators only: an internal note, never shown to or mailed to the buyer. */
  internal?: boolean;
  /** Files on the message: each downloads through `…/attachments/{id}` (a short-lived address). */
  attachments?: TicketAttachment[];
  /** The buyer answered by mail. */
  viaMail?: boolean;
}

export interface TicketView {
  number: string;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  source: TicketSource;
  serviceId?: string;
  createdAt: string;
  updatedAt: string;
  /** The next deadline support owes; absent while waiting on the buyer or once resolved. */
  dueAt?: string;
  /** A grievance's resolution deadline (one month, IST calendar). */
  resolveDueAt?: string;
  overdue: boolean;
  resolvedAt?: string;
  /** Until when the buyer may reopen a resolved ticket. */
  reopenableUntil?: string;
  /** The thread, oldest first; only on a single ticket's answer. */
  messages?: TicketMessageView[];
}

/** One of the buyer's services, beside the thread in the console. */
export interface TicketBuyerService {
  serviceId: string;
  planName: string;
  category: string;
  domain?: string;
  renewalDate: string;
}

/** What an operator sees: who wrote it, the internal notes in the thread, the buyer's services. */
export interface AdminTicketView extends TicketView {
  email: string;
  name: string;
  userId?: string;
  /** The operator who took it (their email). */
  assignee?: string;
  /** On a single ticket of a signed-in buyer: their services, the one it is about among them. */
  buyerServices?: TicketBuyerService[];
}

/** `detail` of `TicketCreated`. */
export interface TicketCreatedDetail {
  ticketId: string;
  ticketNumber: string;
  category: TicketCategory;
  source: TicketSource;
  /** The first message, whose mails (acknowledgement, support inbox) the event asks for. */
  messageId: string;
  createdAt: string;
}

/** `detail` of `TicketReplied`: a reply to mail to the other side (internal notes have none). */
export interface TicketRepliedDetail {
  ticketId: string;
  ticketNumber: string;
  messageId: string;
  author: TicketAuthor;
  /** The ticket's status after the reply. */
  status: StoredTicketStatus;
  at: string;
}
