/**
 * The deadlines check (D27), run on a schedule with the run's time as "now": every unresolved
 * ticket past its next deadline is marked overdue once per deadline (`overdueFor`), the grievance
 * officer is mailed for each grievance newly overdue, the buyer is told (once per deadline
 * missed: the ticket is with support, we are late, sorry), and the count of overdue tickets is logged
 * for the metric and its alarm (ALARMED_LOG_MESSAGES.ticketsOverdue).
 */
import { nextDueAt } from '../../domain/tickets';
import type { EventPublisher } from '../../ports/events';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type { TicketsStore } from '../../ports/tickets';
import { ALARMED_LOG_MESSAGES } from '../../system/facts';
import { ticketOverdueMail, ticketOverdueToBuyerMail } from '../../templates/mail/tickets';
import { aboutBuyer } from './send-ticket-mail';

export interface RunTicketDeadlinesDeps {
  tickets: TicketsStore;
  mailer: Mailer;
  /** Asks again for the mails of messages whose event was lost. */
  events: EventPublisher;
  grievanceEmail: () => string;
  siteUrl: () => string;
  /** Where buyers reply by mail (TICKET_REPLY_ADDRESS): the buyer's mail's Reply-To. */
  replyAddress?: () => string | undefined;
  log: LogPort;
}

export interface TicketDeadlinesSummary {
  overdue: number;
  newlyOverdue: number;
  grievanceOfficerMailed: number;
  /** Buyers told their ticket is overdue (once per deadline missed). */
  buyersMailed: number;
  /** Messages whose mails were still unsent after MAIL_GRACE_MS, their event published again. */
  mailsRequeued: number;
}

/** Longer than the bus's retries take: a mail still unsent after this had its event lost. */
export const MAIL_GRACE_MS = 15 * 60 * 1000;
const REQUEUE_LIMIT = 100;

/**
 * A message stored whose event never reached the bus (a crash, or the bus refusing it) would
 * never be mailed: its event is published again. The mail consumer sends each mail at most once,
 * so a message whose mail is merely slow is harmless to ask for twice.
 */
async function requeueLostMails(deps: RunTicketDeadlinesDeps, now: Date): Promise<number> {
  const pending = await deps.tickets.listPendingMail(
    new Date(now.getTime() - MAIL_GRACE_MS).toISOString(),
    REQUEUE_LIMIT,
  );
  let requeued = 0;
  for (const message of pending) {
    const ticket = await deps.tickets.getTicket(message.ticketId);
    if (!ticket?.ticketNumber) continue;
    if (message.author === 'buyer' && message.at === ticket.createdAt) {
      await deps.events.publish('TicketCreated', {
        ticketId: ticket.ticketId,
        ticketNumber: ticket.ticketNumber,
        category: ticket.category,
        source: ticket.source,
        messageId: message.messageId,
        createdAt: ticket.createdAt,
      });
    } else {
      await deps.events.publish('TicketReplied', {
        ticketId: ticket.ticketId,
        ticketNumber: ticket.ticketNumber,
        messageId: message.messageId,
        author: message.author,
        status: ticket.status,
        at: message.at,
      });
    }
    requeued += 1;
  }
  if (requeued > 0) deps.log.warn('Ticket mails asked for again', { requeued });
  return requeued;
}

export async function runTicketDeadlines(
  deps: RunTicketDeadlinesDeps,
  now: Date,
): Promise<TicketDeadlinesSummary> {
  const overdue = await deps.tickets.listUnresolved({ dueBefore: now.toISOString() });
  const summary: TicketDeadlinesSummary = {
    overdue: overdue.length,
    newlyOverdue: 0,
    grievanceOfficerMailed: 0,
    buyersMailed: 0,
    mailsRequeued: await requeueLostMails(deps, now),
  };
  for (const ticket of overdue) {
    const due = nextDueAt(ticket);
    if (!due || ticket.overdueFor === due || !ticket.ticketNumber) continue;
    // Marked first: a crash after it loses at most this one mail, never sends it twice a run.
    const marked = await deps.tickets.updateTicket(ticket, { overdueFor: due });
    if (!marked) continue;
    summary.newlyOverdue += 1;
    if (ticket.category === 'grievance') {
      await deps.mailer.send({
        to: deps.grievanceEmail(),
        replyTo: ticket.email,
        ...ticketOverdueMail({ ticket, number: ticket.ticketNumber, dueAt: due }),
      });
      summary.grievanceOfficerMailed += 1;
    }
    const replyAddress = deps.replyAddress?.();
    await deps.mailer.send({
      to: ticket.email,
      ...(replyAddress ? { replyTo: replyAddress } : {}),
      ...ticketOverdueToBuyerMail({
        ticket,
        number: ticket.ticketNumber,
        dueAt: due,
        siteUrl: deps.siteUrl(),
      }),
      // In the customer's mail log, as every mail to a buyer (a contact-form ticket has no account).
      ...aboutBuyer(ticket, 'ticket-overdue', ticket.ticketNumber),
    });
    summary.buyersMailed += 1;
  }
  if (summary.overdue > 0) {
    deps.log.warn(ALARMED_LOG_MESSAGES.ticketsOverdue, { count: summary.overdue });
  }
  deps.log.info('Ticket deadlines checked', { ...summary });
  return summary;
}
