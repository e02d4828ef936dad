/**
 * Support tickets (docs/decisions.md D27): a ticket's head (who, what, its clock) and its thread
 * of messages. A ticket is recorded before it is numbered, and its number is written once
 * (lambdas/use-cases/tickets/number-ticket.ts). Every change of the head is conditional on the
 * version the caller read, so two replies at once never lose one another's status change.
 */
import type { TicketAttachment } from '../domain/ticket-attachments';
import type { MailClaim } from './messages';
import type {
  StoredTicketStatus,
  TicketAuthor,
  TicketCategory,
  TicketClock,
  TicketSource,
} from '../domain/tickets';

export interface TicketRecord extends TicketClock {
  ticketId: string;
  /** `TKT-000123`, once numbered. */
  ticketNumber?: string;
  /** The buyer's address, lower-cased: whoever signs in with it sees the ticket. */
  email: string;
  name: string;
  /** The signed-in buyer who opened it; absent for the contact form's. */
  userId?: string;
  subject: string;
  category: TicketCategory;
  status: StoredTicketStatus;
  source: TicketSource;
  serviceId?: string;
  updatedAt: string;
  messageCount: number;
  /** The deadline for which the overdue check last acted (marked, the officer mailed). */
  overdueFor?: string;
  /** The operator who took it (their email), shown in the console's queue. */
  assignee?: string;
  /** Starts at 1; each change of the head adds one. */
  version: number;
}

export interface TicketMessageRecord {
  ticketId: string;
  /** Sortable by time: `<ISO time>#<random>`. */
  messageId: string;
  at: string;
  author: TicketAuthor;
  authorName: string;
  body: string;
  /** An operator's internal note: never shown or mailed to the buyer. */
  internal?: boolean;
  /** The operator who wrote it (kept inside: the buyer sees "Support"). */
  operatorEmail?: string;
  /** Who is to be mailed it; until each is, the message is listed by `listPendingMail`. */
  mailTo?: TicketMailRecipient[];
  /** Files checked in storage before the message was written (lambdas/use-cases/tickets/attachments.ts). */
  attachments?: TicketAttachmentRecord[];
  /** A reply that came by mail (SES receiving), not through the dashboard. */
  viaMail?: boolean;
  /** That mail's Message-ID: the same mail delivered again is not a second reply. */
  inboundMessageId?: string;
}

/** A file on a message, with where it is stored (never shown). */
export interface TicketAttachmentRecord extends TicketAttachment {
  key: string;
}

/** Who a message's mail goes to. */
export type TicketMailRecipient = 'buyer' | 'support';

export type TicketHeadChange = Partial<
  Pick<
    TicketRecord,
    | 'status'
    | 'awaitingSupportSince'
    | 'resolvedAt'
    | 'updatedAt'
    | 'messageCount'
    | 'overdueFor'
    | 'userId'
    | 'assignee'
  >
>;

export interface TicketsStore {
  /** Records a new ticket with its first message; a second call with the same id changes nothing. */
  createTicket(ticket: TicketRecord, first: TicketMessageRecord): Promise<void>;
  /**
   * Writes `ticketNumber` on the ticket only if it holds none; answers the number it holds
   * afterwards (this one or an earlier one), or undefined when there is no such ticket.
   */
  setNumber(ticketId: string, ticketNumber: string): Promise<string | undefined>;
  getTicket(ticketId: string): Promise<TicketRecord | undefined>;
  findByNumber(ticketNumber: string): Promise<TicketRecord | undefined>;
  /** Every ticket of an address (lower-cased), newest first. */
  listByEmail(email: string): Promise<TicketRecord[]>;
  /**
   * Unresolved tickets, soonest due first (those with no deadline last); `dueBefore` keeps only
   * those due before it (the overdue ones).
   */
  listUnresolved(options?: { dueBefore?: string; limit?: number }): Promise<TicketRecord[]>;
  /** The thread, oldest first. */
  listMessages(ticketId: string): Promise<TicketMessageRecord[]>;
  getMessage(ticketId: string, messageId: string): Promise<TicketMessageRecord | undefined>;
  /** Adds a message; the same id again changes nothing. */
  addMessage(message: TicketMessageRecord): Promise<void>;
  /**
   * Applies `change` to the head as read (`current`) only if it is still at `current.version`;
   * false (nothing written) otherwise. An `undefined` in `change` removes that field.
   */
  updateTicket(current: TicketRecord, change: TicketHeadChange): Promise<boolean>;
  /** Claims the mail of one message to one recipient for `leaseMs`, as the contact mail does. */
  claimMail(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
    now: Date,
    leaseMs: number,
  ): Promise<MailClaim>;
  markMailed(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
    at: Date,
  ): Promise<void>;
  releaseMail(ticketId: string, messageId: string, recipient: TicketMailRecipient): Promise<void>;
  /** Messages written before `before` with a mail still unsent, oldest first. */
  listPendingMail(before: string, limit: number): Promise<TicketMessageRecord[]>;
}
