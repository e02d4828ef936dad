/**
 * The mails of a ticket (D27), each at most once, with a claim per message and recipient as the
 * contact mail has: `TicketCreated` → the acknowledgement to the buyer with the number and what
 * happens next, and the ticket to the support inbox (a grievance to the grievance officer);
 * `TicketReplied` → the reply to the other side. The number is in every subject.
 */
import type { TicketCreatedDetail, TicketRepliedDetail } from '../../domain/tickets';
import type { LogPort } from '../../ports/logger';
import type { Mailer, OutgoingMail } from '../../ports/mail';
import type {
  TicketMailRecipient,
  TicketMessageRecord,
  TicketRecord,
  TicketsStore,
} from '../../ports/tickets';
import {
  ticketAcknowledgementMail,
  ticketReplyToBuyerMail,
  ticketToSupportMail,
} from '../../templates/mail/tickets';

export interface SendTicketMailDeps {
  tickets: TicketsStore;
  mailer: Mailer;
  supportEmail: () => string;
  grievanceEmail: () => string;
  /** Where buyers reply by mail (SES receiving): their mails' Reply-To; undefined: none. */
  replyAddress?: () => string | undefined;
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
  leaseMs: number;
}

export class TicketMailSubjectMissingError extends Error {
  override readonly name = 'TicketMailSubjectMissingError';
}

export type TicketMailOutcome = 'sent' | 'already_sent' | 'in_progress' | 'not_mailed';

async function load(deps: SendTicketMailDeps, ticketId: string, messageId: string) {
  const [ticket, message] = await Promise.all([
    deps.tickets.getTicket(ticketId),
    deps.tickets.getMessage(ticketId, messageId),
  ]);
  if (!ticket || !message) {
    throw new TicketMailSubjectMissingError(`No ticket message ${ticketId} ${messageId}`);
  }
  return { ticket, message };
}

async function sendOnce(
  deps: SendTicketMailDeps,
  message: TicketMessageRecord,
  recipient: TicketMailRecipient,
  mail: () => OutgoingMail,
): Promise<TicketMailOutcome> {
  const claim = await deps.tickets.claimMail(
    message.ticketId,
    message.messageId,
    recipient,
    deps.now(),
    deps.leaseMs,
  );
  if (claim === 'sent') return 'already_sent';
  if (claim === 'busy') return 'in_progress';
  try {
    await deps.mailer.send(mail());
  } catch (error) {
    await deps.tickets.releaseMail(message.ticketId, message.messageId, recipient);
    throw error;
  }
  await deps.tickets.markMailed(message.ticketId, message.messageId, recipient, deps.now());
  return 'sent';
}

/**
 * A signed-in buyer's ticket mail goes in their mail log; the contact form's (no account) has no
 * log to go in.
 */
export const aboutBuyer = (
  ticket: TicketRecord,
  kind: 'ticket-acknowledged' | 'ticket-reply' | 'ticket-overdue',
  number: string,
): Pick<OutgoingMail, 'about'> =>
  ticket.userId ? { about: { userId: ticket.userId, kind, ref: number } } : {};

const inboxOf = (deps: SendTicketMailDeps, ticket: TicketRecord) =>
  ticket.category === 'grievance' ? deps.grievanceEmail() : deps.supportEmail();

const worst = (outcomes: TicketMailOutcome[]): TicketMailOutcome =>
  outcomes.find((o) => o === 'in_progress') ??
  outcomes.find((o) => o === 'sent') ??
  outcomes[0] ??
  'not_mailed';

/** A buyer's mail answers to the reply address, where replies by mail are received. */
function replyToOf(deps: SendTicketMailDeps): { replyTo?: string } {
  const address = deps.replyAddress?.();
  return address ? { replyTo: address } : {};
}

export async function sendTicketCreatedMail(
  deps: SendTicketMailDeps,
  detail: TicketCreatedDetail,
): Promise<TicketMailOutcome> {
  const { ticket, message } = await load(deps, detail.ticketId, detail.messageId);
  const number = detail.ticketNumber;
  const buyer = await sendOnce(deps, message, 'buyer', () => ({
    to: ticket.email,
    ...replyToOf(deps),
    ...ticketAcknowledgementMail({ ticket, number, siteUrl: deps.siteUrl() }),
    ...aboutBuyer(ticket, 'ticket-acknowledged', number),
  }));
  // The contact form's message reaches the support inbox through its own mail, which names the
  // ticket (send-support-mail.ts): one mail to support per message.
  if (ticket.source === 'contact') {
    deps.log.info('Ticket acknowledged', { ticketNumber: number, buyer });
    return buyer;
  }
  const support = await sendOnce(deps, message, 'support', () => ({
    to: inboxOf(deps, ticket),
    replyTo: ticket.email,
    ...ticketToSupportMail({ ticket, number, message, isNew: true }),
  }));
  deps.log.info('Ticket mails', { ticketNumber: number, buyer, support });
  return worst([buyer, support]);
}

export async function sendTicketRepliedMail(
  deps: SendTicketMailDeps,
  detail: TicketRepliedDetail,
): Promise<TicketMailOutcome> {
  const { ticket, message } = await load(deps, detail.ticketId, detail.messageId);
  if (message.internal) return 'not_mailed';
  const number = detail.ticketNumber;
  const outcome =
    message.author === 'support'
      ? await sendOnce(deps, message, 'buyer', () => ({
          to: ticket.email,
          ...replyToOf(deps),
          ...ticketReplyToBuyerMail({
            ticket,
            number,
            message,
            resolved: detail.status === 'resolved',
            siteUrl: deps.siteUrl(),
          }),
          ...aboutBuyer(ticket, 'ticket-reply', number),
        }))
      : await sendOnce(deps, message, 'support', () => ({
          to: inboxOf(deps, ticket),
          replyTo: ticket.email,
          ...ticketToSupportMail({ ticket, number, message, isNew: false }),
        }));
  deps.log.info('Ticket reply mailed', { ticketNumber: number, author: message.author, outcome });
  return outcome;
}
