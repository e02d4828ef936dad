/** The buyer's tickets (docs/api.md, Tickets), through the one API client. */
import type { TicketCategory, TicketView } from '@domain/tickets';
import { apiGet, apiPost } from '../../../lib/api';
import type { AttachmentRef } from '../../../lib/ticket-attachments';

export interface NewTicket {
  subject: string;
  category: TicketCategory;
  message: string;
  serviceId?: string;
  attachments?: AttachmentRef[];
}

const path = (number: string) => `/me/tickets/${encodeURIComponent(number)}`;

export function listTickets(): Promise<{ tickets: TicketView[] }> {
  return apiGet('/me/tickets', { auth: true });
}

export function getTicket(number: string): Promise<{ ticket: TicketView }> {
  return apiGet(path(number), { auth: true });
}

export function openTicket(ticket: NewTicket): Promise<{ ticket: TicketView }> {
  return apiPost('/me/tickets', ticket, { auth: true });
}

export function replyToTicket(
  number: string,
  message: string,
  attachments: AttachmentRef[] = [],
): Promise<{ ticket: TicketView }> {
  return apiPost(
    `${path(number)}/replies`,
    { message, ...(attachments.length ? { attachments } : {}) },
    { auth: true },
  );
}

export function resolveTicket(number: string): Promise<{ ticket: TicketView }> {
  return apiPost(`${path(number)}/resolve`, {}, { auth: true });
}

export function reopenTicket(number: string): Promise<{ ticket: TicketView }> {
  return apiPost(`${path(number)}/reopen`, {}, { auth: true });
}
