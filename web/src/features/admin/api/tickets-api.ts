/** The console's tickets (D27), through the one API client (the operator's ID token). */
import type { AdminTicketView } from '@domain/tickets';
import { apiGet, apiPost } from '../../../lib/api';
import type { AttachmentRef } from '../../../lib/ticket-attachments';

export type TicketQueueFilter = 'open' | 'overdue';

export function getTicketQueue(filter: TicketQueueFilter): Promise<{ tickets: AdminTicketView[] }> {
  return apiGet(`/admin/tickets?status=${encodeURIComponent(filter)}`, { auth: true });
}

export function getCustomerTickets(email: string): Promise<{ tickets: AdminTicketView[] }> {
  return apiGet(`/admin/tickets?email=${encodeURIComponent(email)}`, { auth: true });
}

export function assignTicket(number: string): Promise<{ ticket: AdminTicketView }> {
  return apiPost(`/admin/tickets/${encodeURIComponent(number)}/assign`, {}, { auth: true });
}

export function getAdminTicket(number: string): Promise<{ ticket: AdminTicketView }> {
  return apiGet(`/admin/tickets/${encodeURIComponent(number)}`, { auth: true });
}

export function answerTicket(
  number: string,
  request: {
    message: string;
    resolve?: boolean;
    internal?: boolean;
    attachments?: AttachmentRef[];
  },
): Promise<{ ticket: AdminTicketView }> {
  return apiPost(`/admin/tickets/${encodeURIComponent(number)}/replies`, request, { auth: true });
}
