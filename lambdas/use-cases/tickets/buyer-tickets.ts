/** A signed-in buyer's tickets: list, read, reply, resolve, reopen (D27). */
import {
  afterBuyerReply,
  reopenedClock,
  resolvedClock,
  ticketStatusAt,
  TICKET_LIMITS,
  TicketBusyError,
  TicketClosedError,
  TicketNotFoundError,
  TicketNotResolvedError,
  TicketTooLongError,
  type TicketView,
} from '../../domain/tickets';
import type { Caller } from '../../ports/users';
import type {
  TicketAttachmentRecord,
  TicketHeadChange,
  TicketMessageRecord,
  TicketRecord,
} from '../../ports/tickets';
import { spendUserLimit } from '../user-limits';
import { newMessageId, type TicketDeps } from './open-ticket';
import { buyerThread, ticketView } from './ticket-views';

/** The buyer's own ticket: opened by them, or with their (verified) address; else not found. */
export async function findOwnTicket(
  deps: Pick<TicketDeps, 'tickets'>,
  caller: Caller,
  ticketNumber: string,
): Promise<TicketRecord> {
  const ticket = await deps.tickets.findByNumber(ticketNumber);
  const owns =
    ticket &&
    (ticket.userId === caller.userId ||
      (ticket.userId === undefined && ticket.email === caller.email.toLowerCase()));
  if (!ticket || !owns) throw new TicketNotFoundError();
  return ticket;
}

const MAX_MOVES = 8;

/**
 * Changes a ticket's head from what is stored, again from a fresh read when another change got
 * there first; `change` may refuse by throwing.
 */
export async function moveTicket(
  deps: Pick<TicketDeps, 'tickets'>,
  ticket: TicketRecord,
  change: (current: TicketRecord) => TicketHeadChange,
): Promise<TicketRecord> {
  let current = ticket;
  for (let attempt = 0; attempt < MAX_MOVES; attempt += 1) {
    const next = change(current);
    if (await deps.tickets.updateTicket(current, next)) {
      return { ...current, ...next, version: current.version + 1 };
    }
    const fresh = await deps.tickets.getTicket(ticket.ticketId);
    if (!fresh) throw new TicketNotFoundError();
    current = fresh;
  }
  throw new TicketBusyError();
}

export async function listOwnTickets(deps: TicketDeps, caller: Caller): Promise<TicketView[]> {
  const now = deps.now();
  const tickets = await deps.tickets.listByEmail(caller.email);
  return tickets
    .filter((t) => t.ticketNumber && (t.userId === undefined || t.userId === caller.userId))
    .map((t) => ticketView(t, now));
}

export async function getOwnTicket(
  deps: TicketDeps,
  caller: Caller,
  ticketNumber: string,
): Promise<TicketView> {
  const ticket = await findOwnTicket(deps, caller, ticketNumber);
  const messages = await deps.tickets.listMessages(ticket.ticketId);
  return { ...ticketView(ticket, deps.now()), messages: buyerThread(messages) };
}

/** The buyer answers: the ticket is open again, a response due 24 hours on; support is mailed. */
export async function replyAsBuyer(
  deps: TicketDeps,
  caller: Caller,
  ticketNumber: string,
  body: string,
  extra: {
    attachments?: TicketAttachmentRecord[];
    /** By mail (reply-by-mail.ts): the ticket is not tied to an account by it. */
    viaMail?: { inboundMessageId: string };
  } = {},
): Promise<TicketView> {
  const now = deps.now();
  const at = now.toISOString();
  const ticket = await findOwnTicket(deps, caller, ticketNumber);
  if (ticketStatusAt(ticket, now) === 'closed') throw new TicketClosedError();
  if (ticket.messageCount >= TICKET_LIMITS.messagesPerTicket) throw new TicketTooLongError();
  await spendUserLimit(deps, caller.userId, 'ticketReply');

  const message: TicketMessageRecord = {
    ticketId: ticket.ticketId,
    messageId: newMessageId(deps, at),
    at,
    author: 'buyer',
    authorName: caller.name || ticket.name,
    body,
    mailTo: ['support'],
    ...(extra.attachments?.length ? { attachments: extra.attachments } : {}),
    ...(extra.viaMail ? { viaMail: true, inboundMessageId: extra.viaMail.inboundMessageId } : {}),
  };
  await deps.tickets.addMessage(message);
  const moved = await moveTicket(deps, ticket, (current) => {
    const clock = afterBuyerReply(current, at);
    return {
      status: clock.status,
      awaitingSupportSince: clock.awaitingSupportSince,
      resolvedAt: undefined,
      updatedAt: at,
      messageCount: current.messageCount + 1,
      // A contact-form ticket becomes the account's once its owner answers it signed in (a
      // reply by mail proves the address, not an account).
      userId: current.userId ?? (extra.viaMail ? undefined : caller.userId),
    };
  });
  try {
    await deps.events.publish('TicketReplied', {
      ticketId: ticket.ticketId,
      ticketNumber,
      messageId: message.messageId,
      author: 'buyer',
      status: moved.status,
      at,
    });
  } catch (error) {
    deps.log.error('Ticket reply saved but its mail was not queued', { ticketNumber, error });
  }
  const messages = await deps.tickets.listMessages(ticket.ticketId);
  return { ...ticketView(moved, now), messages: buyerThread(messages) };
}

/** The buyer says it is sorted: resolved, and reopenable for 14 days. */
export async function resolveAsBuyer(
  deps: TicketDeps,
  caller: Caller,
  ticketNumber: string,
): Promise<TicketView> {
  const now = deps.now();
  const at = now.toISOString();
  const ticket = await findOwnTicket(deps, caller, ticketNumber);
  const moved =
    ticket.status === 'resolved'
      ? ticket
      : await moveTicket(deps, ticket, (current) => {
          if (current.status === 'resolved') return { updatedAt: current.updatedAt };
          const clock = resolvedClock(current, at);
          return {
            status: clock.status,
            resolvedAt: at,
            awaitingSupportSince: undefined,
            updatedAt: at,
          };
        });
  const messages = await deps.tickets.listMessages(ticket.ticketId);
  return { ...ticketView(moved, now), messages: buyerThread(messages) };
}

/** A resolved ticket, reopened by its buyer within 14 days: open again, a response due in 24 h. */
export async function reopenAsBuyer(
  deps: TicketDeps,
  caller: Caller,
  ticketNumber: string,
): Promise<TicketView> {
  const now = deps.now();
  const at = now.toISOString();
  const ticket = await findOwnTicket(deps, caller, ticketNumber);
  const moved = await moveTicket(deps, ticket, (current) => {
    const status = ticketStatusAt(current, now);
    if (status === 'closed') throw new TicketClosedError();
    if (status !== 'resolved') throw new TicketNotResolvedError();
    const clock = reopenedClock(current, at);
    return {
      status: clock.status,
      resolvedAt: undefined,
      awaitingSupportSince: at,
      updatedAt: at,
    };
  });
  const messages = await deps.tickets.listMessages(ticket.ticketId);
  return { ...ticketView(moved, now), messages: buyerThread(messages) };
}
