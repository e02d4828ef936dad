/** The console's tickets (D27): the queue by due time, a thread with its notes, a reply. */
import {
  afterSupportReply,
  TICKET_LIMITS,
  TicketNotFoundError,
  TicketTooLongError,
  type AdminTicketView,
} from '../../domain/tickets';
import type { TicketAttachmentRecord } from '../../ports/tickets';
import type { Caller } from '../../ports/users';
import { moveTicket } from './buyer-tickets';
import { newMessageId, type TicketDeps } from './open-ticket';
import { adminTicketView } from './ticket-views';

export type TicketQueueFilter = 'open' | 'overdue';

/** Unresolved tickets, soonest due first; `overdue`: only those past their deadline now. */
export async function listTicketQueue(
  deps: Pick<TicketDeps, 'tickets' | 'now'>,
  filter: TicketQueueFilter,
): Promise<AdminTicketView[]> {
  const now = deps.now();
  const tickets = await deps.tickets.listUnresolved(
    filter === 'overdue' ? { dueBefore: now.toISOString() } : {},
  );
  return tickets.filter((t) => t.ticketNumber).map((t) => adminTicketView(t, now));
}

/** Every ticket of an address, newest first, whatever its status (the customer page). */
export async function listTicketsOfCustomer(
  deps: Pick<TicketDeps, 'tickets' | 'now'>,
  email: string,
): Promise<AdminTicketView[]> {
  const now = deps.now();
  const tickets = await deps.tickets.listByEmail(email);
  return tickets.filter((t) => t.ticketNumber).map((t) => adminTicketView(t, now));
}

/** The operator takes the ticket: the queue shows whose it is. */
export async function assignTicketToSelf(
  deps: TicketDeps,
  operator: Caller,
  ticketNumber: string,
): Promise<AdminTicketView> {
  const ticket = await deps.tickets.findByNumber(ticketNumber);
  if (!ticket) throw new TicketNotFoundError();
  const at = deps.now().toISOString();
  const moved = await moveTicket(deps, ticket, () => ({ assignee: operator.email, updatedAt: at }));
  deps.log.info('Ticket assigned', { ticketNumber });
  const messages = await deps.tickets.listMessages(ticket.ticketId);
  return adminTicketView(moved, deps.now(), messages);
}

export async function getTicketForOperator(
  deps: Pick<TicketDeps, 'tickets' | 'now' | 'services'>,
  ticketNumber: string,
): Promise<AdminTicketView> {
  const ticket = await deps.tickets.findByNumber(ticketNumber);
  if (!ticket) throw new TicketNotFoundError();
  const [messages, services] = await Promise.all([
    deps.tickets.listMessages(ticket.ticketId),
    ticket.userId && deps.services ? deps.services.listServiceSummaries(ticket.userId) : [],
  ]);
  return {
    ...adminTicketView(ticket, deps.now(), messages),
    ...(ticket.userId && deps.services
      ? {
          buyerServices: services.map((s) => ({
            serviceId: s.serviceId,
            planName: s.planName,
            category: s.category,
            ...(s.domain ? { domain: s.domain } : {}),
            renewalDate: s.renewalDate,
          })),
        }
      : {}),
  };
}

export interface SupportReplyInput {
  message: string;
  /** Resolve the ticket with this reply. */
  resolve?: boolean;
  /** An internal note: kept on the thread for operators, never shown or mailed to the buyer. */
  internal?: boolean;
  /** Files, already checked in storage (attachments.ts). */
  attachments?: TicketAttachmentRecord[];
}

/**
 * An operator answers (the buyer is mailed, the ticket waits on them or is resolved) or leaves an
 * internal note (nothing moves, nobody is mailed).
 */
export async function replyAsSupport(
  deps: TicketDeps,
  operator: Caller,
  ticketNumber: string,
  input: SupportReplyInput,
): Promise<AdminTicketView> {
  const now = deps.now();
  const at = now.toISOString();
  const ticket = await deps.tickets.findByNumber(ticketNumber);
  if (!ticket) throw new TicketNotFoundError();
  if (ticket.messageCount >= TICKET_LIMITS.messagesPerTicket) throw new TicketTooLongError();

  const message = {
    ticketId: ticket.ticketId,
    messageId: newMessageId(deps, at),
    at,
    author: 'support' as const,
    authorName: 'Support',
    body: input.message,
    operatorEmail: operator.email,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    ...(input.internal ? { internal: true } : { mailTo: ['buyer' as const] }),
  };
  await deps.tickets.addMessage(message);
  const moved = await moveTicket(deps, ticket, (current) => {
    if (input.internal) return { updatedAt: at, messageCount: current.messageCount + 1 };
    const clock = afterSupportReply(current, at, input.resolve === true);
    return {
      status: clock.status,
      awaitingSupportSince: undefined,
      resolvedAt: clock.resolvedAt,
      updatedAt: at,
      messageCount: current.messageCount + 1,
    };
  });
  if (!input.internal) {
    try {
      await deps.events.publish('TicketReplied', {
        ticketId: ticket.ticketId,
        ticketNumber,
        messageId: message.messageId,
        author: 'support',
        status: moved.status,
        at,
      });
    } catch (error) {
      deps.log.error('Ticket reply saved but its mail was not queued', { ticketNumber, error });
    }
  }
  deps.log.info(input.internal ? 'Ticket note added' : 'Ticket answered', {
    ticketNumber,
    status: moved.status,
  });
  const messages = await deps.tickets.listMessages(ticket.ticketId);
  return adminTicketView(moved, now, messages);
}
