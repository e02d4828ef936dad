/**
 * A ticket's number and clock (D27, lambdas/domain/tickets.ts): a number as a buyer types it,
 * the next deadline support owes, a grievance's month in India, and when a resolved ticket closes.
 */
import { describe, expect, it } from 'vitest';
import {
  afterBuyerReply,
  afterSupportReply,
  grievanceResolveDueAt,
  newTicketClock,
  nextDueAt,
  normalizeTicketNumber,
  reopenableUntil,
  resolvedClock,
  TICKET_SERIES,
  ticketStatusAt,
} from '../../../lambdas/domain/tickets';

describe('a ticket number as a buyer types it', () => {
  it('is read only when it is the whole text, spaces around forgiven', () => {
    expect(normalizeTicketNumber(' tkt-123 ')).toBe('TKT-000123');
    expect(normalizeTicketNumber('re TKT-123')).toBeUndefined();
    expect(normalizeTicketNumber('TKT-123 please')).toBeUndefined();
  });
});

describe('a grievance’s resolution deadline', () => {
  it('counts the month from the day of receipt in India, not in UTC', () => {
    // 20:00 UTC on 31 January is 01:30 on 1 February in India: due by the end of 1 March, IST.
    expect(grievanceResolveDueAt('2026-01-31T20:00:00.000Z')).toBe('2026-03-01T18:29:59.999Z');
  });
});

describe('the next deadline support owes', () => {
  const createdAt = '2026-01-05T10:00:00.000Z';

  it('is a grievance’s resolution deadline when that comes before a response is due', () => {
    const grievance = newTicketClock('grievance', createdAt);
    const lateReply = afterBuyerReply(
      afterSupportReply(grievance, '2026-01-05T11:00:00.000Z', false),
      '2026-02-05T12:00:00.000Z',
    );
    expect(nextDueAt(lateReply)).toBe(grievance.resolveDueAt);
    expect(nextDueAt(lateReply)).toBe('2026-02-05T18:29:59.999Z');
  });

  it('is none once the ticket is resolved, a grievance’s deadline included', () => {
    const resolved = resolvedClock(newTicketClock('grievance', createdAt), createdAt);
    expect(nextDueAt(resolved)).toBeUndefined();
  });
});

describe('when a resolved ticket can be reopened', () => {
  const createdAt = '2026-01-05T10:00:00.000Z';
  const resolvedAt = '2026-01-06T10:00:00.000Z';
  const resolved = resolvedClock(newTicketClock('billing', createdAt), resolvedAt);

  it('until the last instant of its 14 days, and closed after', () => {
    expect(reopenableUntil(resolved)).toBe('2026-01-20T10:00:00.000Z');
    expect(ticketStatusAt(resolved, new Date('2026-01-20T10:00:00.000Z'))).toBe('resolved');
    expect(ticketStatusAt(resolved, new Date('2026-01-20T10:00:00.001Z'))).toBe('closed');
  });

  it('never while it is open, nor once support has written again after resolving it', () => {
    expect(reopenableUntil(newTicketClock('billing', createdAt))).toBeUndefined();
    const answeredAgain = afterSupportReply(resolved, '2026-01-07T10:00:00.000Z', false);
    expect(answeredAgain.status).toBe('waiting_on_buyer');
    expect(reopenableUntil(answeredAgain)).toBeUndefined();
  });
});

describe('a ticket number’s series', () => {
  it('is counted in the counters table under TKT, the key its numbers have always used', () => {
    // Another key would start the numbers again at TKT-000001 and give out ones already taken.
    expect(TICKET_SERIES).toBe('TKT');
  });
});
