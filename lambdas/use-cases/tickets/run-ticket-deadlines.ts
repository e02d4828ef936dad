/**
 * The deadlines check (D27), run on a schedule with the run's time as "now": every unresolved
 * ticket past its next deadline is marked overdue once per deadline (`overdueFor`), the grievance
 * officer is mailed for each grievance newly overdue, and the count of overdue tickets is logged
 * for the metric and its alarm (ALARMED_LOG_MESSAGES.ticketsOverdue).
 */
import { nextDueAt } from '../../domain/tickets';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type { TicketsStore } from '../../ports/tickets';
import { ALARMED_LOG_MESSAGES } from '../../system/facts';
import { ticketOverdueMail } from '../../templates/mail/tickets';

export interface RunTicketDeadlinesDeps {
  tickets: TicketsStore;
  mailer: Mailer;
  grievanceEmail: () => string;
  log: LogPort;
}

export interface TicketDeadlinesSummary {
  overdue: number;
  newlyOverdue: number;
  grievanceOfficerMailed: number;
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
  }
  if (summary.overdue > 0) {
    deps.log.warn(ALARMED_LOG_MESSAGES.ticketsOverdue, { count: summary.overdue });
  }
  deps.log.info('Ticket deadlines checked', { ...summary });
  return summary;
}
