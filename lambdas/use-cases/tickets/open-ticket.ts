import { randomBytes } from 'node:crypto';
import { CONTACT_LIMITS, TooManyRequestsError } from '../../domain/contact';
import {
  newTicketClock,
  TicketServiceNotFoundError,
  type TicketCategory,
  type TicketSource,
  type TicketView,
} from '../../domain/tickets';
import type { DocumentCounters } from '../../ports/document-counters';
import type { EventPublisher } from '../../ports/events';
import type { LogPort } from '../../ports/logger';
import type { RateLimiter } from '../../ports/rate-limits';
import type { ServicesStore } from '../../ports/services';
import type {
  TicketAttachmentRecord,
  TicketMailRecipient,
  TicketRecord,
  TicketsStore,
} from '../../ports/tickets';
import { spendUserLimit } from '../user-limits';
import { numberTicket } from './number-ticket';
import { buyerThread, ticketView } from './ticket-views';

export interface TicketDeps {
  tickets: TicketsStore;
  events: EventPublisher;
  limits: RateLimiter;
  log: LogPort;
  now: () => Date;
  newId?: () => string;
  /** The buyer's services: a ticket about one must name one of theirs; operators see them. */
  services?: Pick<ServicesStore, 'getService' | 'listServiceSummaries'>;
}

export interface OpenTicketDeps extends TicketDeps {
  counters: DocumentCounters;
  pauseAfterLostRace?: (attempt: number) => Promise<void>;
}

export interface OpenTicketInput {
  email: string;
  name: string;
  /** The signed-in buyer; absent for the contact form. */
  userId?: string;
  subject: string;
  category: TicketCategory;
  message: string;
  serviceId?: string;
  source: TicketSource;
  /** Files on the first message, already checked in storage (attachments.ts). */
  attachments?: TicketAttachmentRecord[];
}

const randomId = () => randomBytes(9).toString('base64url');

/** A message id that sorts by time within its ticket. */
export const newMessageId = (deps: Pick<TicketDeps, 'newId'>, at: string) =>
  `${at}#${(deps.newId ?? randomId)()}`;

/** The contact form's per-address budget (a signed-in buyer's tickets count per account instead). */
export async function consumeAddressLimit(deps: TicketDeps, email: string, now: Date) {
  const allowed = await deps.limits.consume(
    `contact#email#${email.toLowerCase()}`,
    CONTACT_LIMITS.perAddress,
    now,
  );
  if (!allowed) throw new TooManyRequestsError();
}

/**
 * Opens a ticket (D27): recorded with its first message, numbered (`TKT-000123`, consecutive), then
 * `TicketCreated` asks for the acknowledgement to the buyer and the mail to the support inbox (the
 * grievance officer's for a grievance). A bus that refuses the event does not fail the buyer:
 * the ticket and its number stand, and the failure is logged for a person.
 */
export async function openTicket(
  deps: OpenTicketDeps,
  input: OpenTicketInput,
  options: { limitsChecked?: boolean } = {},
): Promise<TicketView> {
  const now = deps.now();
  const createdAt = now.toISOString();
  if (input.serviceId) {
    const theirs =
      input.userId && deps.services
        ? await deps.services.getService(input.userId, input.serviceId)
        : undefined;
    if (!theirs) throw new TicketServiceNotFoundError();
  }
  // A signed-in buyer's tickets count against their own account's hour (#26): the address's
  // budget is the contact form's, which anyone can spend by naming that address.
  if (input.userId) await spendUserLimit(deps, input.userId, 'ticket');
  else if (!options.limitsChecked) await consumeAddressLimit(deps, input.email, now);

  const ticketId = `tkt_${(deps.newId ?? randomId)()}`;
  const ticket: TicketRecord = {
    ...newTicketClock(input.category, createdAt),
    ticketId,
    email: input.email.toLowerCase(),
    name: input.name,
    ...(input.userId ? { userId: input.userId } : {}),
    subject: input.subject,
    source: input.source,
    ...(input.serviceId ? { serviceId: input.serviceId } : {}),
    updatedAt: createdAt,
    messageCount: 1,
    version: 1,
  };
  const first = {
    ticketId,
    messageId: newMessageId(deps, createdAt),
    at: createdAt,
    author: 'buyer' as const,
    authorName: input.name,
    body: input.message,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    // A contact-form message reaches the support inbox through its own mail (D9).
    mailTo:
      input.source === 'contact'
        ? (['buyer'] as TicketMailRecipient[])
        : (['buyer', 'support'] as TicketMailRecipient[]),
  };
  await deps.tickets.createTicket(ticket, first);
  const ticketNumber = await numberTicket(deps, ticketId, createdAt);

  try {
    await deps.events.publish('TicketCreated', {
      ticketId,
      ticketNumber,
      category: ticket.category,
      source: ticket.source,
      messageId: first.messageId,
      createdAt,
    });
  } catch (error) {
    deps.log.error('Ticket opened but its mails were not queued', { ticketNumber, error });
  }
  deps.log.info('Ticket opened', {
    ticketNumber,
    category: ticket.category,
    source: ticket.source,
  });
  return { ...ticketView({ ...ticket, ticketNumber }, now), messages: buyerThread([first]) };
}
