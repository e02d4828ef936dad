/** A stored ticket as the API shows it, to its buyer and to an operator. */
import {
  isOverdue,
  nextDueAt,
  reopenableUntil,
  ticketStatusAt,
  type AdminTicketView,
  type TicketMessageView,
  type TicketView,
} from '../../domain/tickets';
import type { TicketMessageRecord, TicketRecord } from '../../ports/tickets';

export function ticketView(ticket: TicketRecord, now: Date): TicketView {
  const status = ticketStatusAt(ticket, now);
  const dueAt = nextDueAt(ticket);
  const reopenable = status === 'resolved' ? reopenableUntil(ticket) : undefined;
  return {
    number: ticket.ticketNumber ?? '',
    subject: ticket.subject,
    category: ticket.category,
    status,
    source: ticket.source,
    ...(ticket.serviceId ? { serviceId: ticket.serviceId } : {}),
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    ...(dueAt ? { dueAt } : {}),
    ...(ticket.resolveDueAt ? { resolveDueAt: ticket.resolveDueAt } : {}),
    overdue: isOverdue(ticket, now),
    ...(ticket.resolvedAt ? { resolvedAt: ticket.resolvedAt } : {}),
    ...(reopenable ? { reopenableUntil: reopenable } : {}),
  };
}

export function messageView(message: TicketMessageRecord): TicketMessageView {
  return {
    id: message.messageId,
    at: message.at,
    author: message.author,
    authorName: message.authorName,
    body: message.body,
    ...(message.internal ? { internal: true } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map(({ id, fileName, contentType, size }) => ({
            id,
            fileName,
            contentType,
            size,
          })),
        }
      : {}),
    ...(message.viaMail ? { viaMail: true } : {}),
  };
}

/** The buyer's view of a thread: internal notes are never in it. */
export function buyerThread(messages: TicketMessageRecord[]): TicketMessageView[] {
  return messages.filter((m) => !m.internal).map(messageView);
}

export function adminTicketView(
  ticket: TicketRecord,
  now: Date,
  messages?: TicketMessageRecord[],
): AdminTicketView {
  return {
    ...ticketView(ticket, now),
    email: ticket.email,
    name: ticket.name,
    ...(ticket.userId ? { userId: ticket.userId } : {}),
    ...(ticket.assignee ? { assignee: ticket.assignee } : {}),
    ...(messages ? { messages: messages.map(messageView) } : {}),
  };
}
