/**
 * Numbers a recorded ticket (`TKT-000123`): consecutive, each number on exactly one ticket, none
 * skipped, however many tickets are opened at once or an attempt crashes. The same three steps as
 * tax invoices (lambdas/use-cases/issue-document-number.ts, where the argument is made in full),
 * on the same counters table, series `TKT`:
 *
 *   1. reserve  the counter moves from `last` (nothing pending) to `last + 1`, pending for this ticket
 *   2. write    the number on the ticket, only if it holds none (write-once)
 *   3. settle   the ticket holds this number → confirm; it holds another → withdraw (given back)
 *
 * Whoever finds a reservation pending (still there after a pause) finishes steps 2-3 for it, so a
 * crash between 1 and 2 leaves no gap: the ticket is recorded before it reserves. The counters'
 * owner is `{userId: "ticket", purchaseId: <ticketId>}`: the counter knows owners only by those
 * two fields.
 */
import { formatTicketNumber, TICKET_SERIES } from '../../domain/tickets';
import type {
  DocumentCounters,
  DocumentOwner,
  PendingReservation,
} from '../../ports/document-counters';
import type { LogPort } from '../../ports/logger';
import type { TicketsStore } from '../../ports/tickets';

export interface NumberTicketDeps {
  counters: DocumentCounters;
  tickets: Pick<TicketsStore, 'setNumber'>;
  log: LogPort;
  /** Waits after losing a race; by default a few random milliseconds, more after each loss. */
  pauseAfterLostRace?: (attempt: number) => Promise<void>;
}

export const MAX_NUMBERING_ATTEMPTS = 200;
export const TICKET_OWNER = 'ticket';

export class TicketCounterBusyError extends Error {
  override readonly name = 'TicketCounterBusyError';
  constructor() {
    super(`No ticket number could be taken in ${MAX_NUMBERING_ATTEMPTS} attempts; retry.`);
  }
}

export class TicketToNumberMissingError extends Error {
  override readonly name = 'TicketToNumberMissingError';
  constructor(readonly ticketId: string) {
    super(`No ticket ${ticketId} to number.`);
  }
}

const ownerOf = (ticketId: string): DocumentOwner => ({
  userId: TICKET_OWNER,
  purchaseId: ticketId,
});

const randomPause = (attempt: number) =>
  new Promise<void>((resolve) =>
    setTimeout(resolve, 5 + Math.random() * Math.min(200, 15 * attempt)),
  );

async function settle(
  deps: NumberTicketDeps,
  pending: PendingReservation,
): Promise<string | undefined> {
  const number = formatTicketNumber(pending.sequence);
  const held = await deps.tickets.setNumber(pending.owner.purchaseId, number);
  if (held === number) {
    await deps.counters.confirm(TICKET_SERIES, pending.sequence, pending.owner);
  } else {
    await deps.counters.withdraw(TICKET_SERIES, pending.sequence, pending.owner);
  }
  return held;
}

/** The ticket's number: the one it holds, or the next of the series, taken exactly once. */
export async function numberTicket(
  deps: NumberTicketDeps,
  ticketId: string,
  createdAt: string,
): Promise<string> {
  const owner = ownerOf(ticketId);
  const pause = deps.pauseAfterLostRace ?? randomPause;
  let waitedOn: string | undefined;
  for (let attempt = 1; attempt <= MAX_NUMBERING_ATTEMPTS; attempt += 1) {
    const counter = await deps.counters.read(TICKET_SERIES);
    const { pending } = counter;
    if (pending && pending.owner.userId === owner.userId && pending.owner.purchaseId === ticketId) {
      const held = await settle(deps, pending);
      if (held === undefined) throw new TicketToNumberMissingError(ticketId);
      return held;
    }
    if (pending) {
      const key = `${pending.sequence} ${pending.owner.userId} ${pending.owner.purchaseId}`;
      if (waitedOn === key) {
        if (pending.owner.userId === TICKET_OWNER) {
          deps.log.info('Settling a pending ticket number', { sequence: pending.sequence });
          await settle(deps, pending);
        }
        waitedOn = undefined;
      } else {
        waitedOn = key;
        await pause(attempt);
      }
      continue;
    }
    if (await deps.counters.reserve(TICKET_SERIES, counter.last, owner, createdAt)) {
      const held = await settle(deps, { sequence: counter.last + 1, owner, issuedAt: createdAt });
      if (held === undefined) throw new TicketToNumberMissingError(ticketId);
      return held;
    }
    await pause(attempt);
  }
  throw new TicketCounterBusyError();
}
