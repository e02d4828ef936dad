import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_DUE_SHARDS,
  daysLeft,
  dueShardOf,
  isSuspendable,
  expiresSoon,
  firstStepAfter,
  latestPaidMonths,
  renewalMonthsOf,
  renewalScheduleFor,
  stepKey,
  stepsDoneFor,
} from '../../../lambdas/domain/renewal-schedule';
import { dueAt } from '../../../lambdas/domain/renewals';

// Renews on 15 January 2027 at 15:30 IST (10:00 UTC).
const RENEWS = '2027-01-15T10:00:00.000Z';

describe('days left, as a buyer in India counts them', () => {
  it.each([
    ['the evening before, 23:59 IST', '2027-01-14T18:29:00.000Z', 1],
    ['the morning of the reminder "expires tomorrow", 09:00 IST', '2027-01-14T03:30:00.000Z', 1],
    ['the day itself, before the renewal instant', '2027-01-15T03:30:00.000Z', 0],
    ['after the renewal instant', '2027-01-16T03:30:00.000Z', 0],
    ['30 days before, at 09:00 IST (the first reminder)', '2026-12-16T03:30:00.000Z', 30],
  ])('%s', (_, now, expected) => {
    expect(daysLeft(RENEWS, new Date(now))).toBe(expected);
  });

  it('agree with the reminders: each is sent on the day daysLeft is its number', () => {
    for (const [step, days] of [
      ['reminder_30d', 30],
      ['reminder_7d', 7],
      ['reminder_1d', 1],
    ] as const) {
      expect(daysLeft(RENEWS, dueAt(step, new Date(RENEWS)))).toBe(days);
    }
  });
});

describe('the renewal schedule on a service', () => {
  it('starts at the first reminder of the renewal date', () => {
    expect(renewalScheduleFor('svc_1', RENEWS)).toEqual({
      dueShard: dueShardOf('svc_1'),
      nextDueAt: '2026-12-15T18:30:00.000Z', // 16 Dec 00:00 IST
    });
  });

  it('starts a period paid for after its first reminders at the first step still ahead of it', () => {
    // Paid on 20 Dec 2026 for a renewal on 15 Jan 2027: the 30-day reminder (16 Dec) is behind.
    expect(renewalScheduleFor('svc_1', RENEWS, '2026-12-20T05:00:00.000Z').nextDueAt).toBe(
      dueAt('reminder_7d', new Date(RENEWS)).toISOString(),
    );
    // Paid the day before: only the expiry is ahead of it.
    expect(renewalScheduleFor('svc_1', RENEWS, '2027-01-14T19:00:00.000Z').nextDueAt).toBe(RENEWS);
    // Paid long before: the first reminder, as without a payment's time.
    expect(renewalScheduleFor('svc_1', RENEWS, '2026-01-15T10:00:00.000Z').nextDueAt).toBe(
      '2026-12-15T18:30:00.000Z',
    );
  });

  it('sends no reminder in the week after a payment, to its last instant', () => {
    // The 7-day reminder falls on 8 Jan 00:00 IST (7 Jan 18:30 UTC).
    const reminder7d = dueAt('reminder_7d', new Date(RENEWS)).getTime();
    const week = 7 * 24 * 60 * 60 * 1000;
    // Paid exactly a week before it: the reminder would fall on the quiet week's last instant,
    // so the next one (the day before) is the first.
    expect(firstStepAfter(RENEWS, new Date(reminder7d - week).toISOString())).toEqual(
      dueAt('reminder_1d', new Date(RENEWS)),
    );
    // Paid a second earlier: the week is over when the reminder falls, so it is sent.
    expect(firstStepAfter(RENEWS, new Date(reminder7d - week - 1000).toISOString())).toEqual(
      new Date(reminder7d),
    );
  });

  it('after the renewal date: the suspension is the step ahead, then the expiry date again', () => {
    const suspension = dueAt('suspended', new Date(RENEWS)); // 22 Jan 2027, 15:30 IST
    // A payment recorded at the very instant of the renewal, or an hour later: the expiry is not
    // ahead of it, the suspension is.
    expect(firstStepAfter(RENEWS, RENEWS)).toEqual(suspension);
    expect(firstStepAfter(RENEWS, '2027-01-15T11:00:00.000Z')).toEqual(suspension);
    // Once even the suspension is behind it, no step is ahead: the schedule falls back to the
    // expiry date, already due, so the next daily run takes the service up.
    expect(firstStepAfter(RENEWS, '2027-01-23T10:00:00.000Z')).toEqual(new Date(RENEWS));
    expect(renewalScheduleFor('svc_1', RENEWS, '2027-01-23T10:00:00.000Z').nextDueAt).toBe(RENEWS);
  });

  it('spreads services over every shard, each always in the same one', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        expect(ALL_DUE_SHARDS).toContain(dueShardOf(id));
        expect(dueShardOf(id)).toBe(dueShardOf(id));
      }),
    );
    const counts = new Map<string, number>();
    for (let i = 0; i < 8000; i += 1) {
      const shard = dueShardOf(`svc_${i.toString(16).padStart(24, '0')}`);
      counts.set(shard, (counts.get(shard) ?? 0) + 1);
    }
    expect(counts.size).toBe(ALL_DUE_SHARDS.length);
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });

  it('keeps steps done per renewal date: a new date starts with none', () => {
    const done = new Set([stepKey(RENEWS, 'reminder_30d'), stepKey(RENEWS, 'reminder_7d')]);

    expect(stepsDoneFor(RENEWS, done)).toEqual(['reminder_30d', 'reminder_7d']);
    expect(stepsDoneFor('2028-01-15T10:00:00.000Z', done)).toEqual([]);
  });

  it('suspends only what lives on the panel: hosting and bundles', () => {
    expect(
      (['hosting', 'bundle', 'domain', 'vps', 'storage'] as const).filter(isSuspendable),
    ).toEqual(['hosting', 'bundle']);
  });
});

describe('"Expires soon" on the dashboard', () => {
  // Renews on 15 Jan 2027 at 15:30 IST; its 30-day reminder falls on 16 Dec 00:00 IST.
  const year = { status: 'active', renewalDate: RENEWS, lastPaidAt: '2026-01-15T10:00:00.000Z' };
  const month = { status: 'active', renewalDate: RENEWS, lastPaidAt: '2026-12-15T10:00:00.000Z' };

  it('a year bought long ago: from its 30-day reminder on', () => {
    expect(expiresSoon(year, new Date('2026-12-15T18:29:59.000Z'))).toBe(false);
    expect(expiresSoon(year, new Date('2026-12-15T18:30:00.000Z'))).toBe(true);
  });

  it('a month bought today: not the day it is bought, only from its 7-day reminder on', () => {
    expect(expiresSoon(month, new Date('2026-12-15T10:05:00.000Z'))).toBe(false);
    expect(expiresSoon(month, new Date('2027-01-07T18:29:59.000Z'))).toBe(false);
    expect(expiresSoon(month, new Date('2027-01-07T18:30:00.000Z'))).toBe(true);
  });

  it('never for a service that is not active', () => {
    expect(expiresSoon({ ...year, status: 'expired' }, new Date('2027-01-14T00:00:00.000Z'))).toBe(
      false,
    );
  });
});

describe('what stays put and what a renewal is for', () => {
  it('keeps each service id in the shard stored items already carry (the hash never changes)', () => {
    expect(dueShardOf('svc_7300c1af7c34e691cbf75fe0')).toBe('due-3');
    expect(dueShardOf('svc_domain1')).toBe('due-1');
    expect(dueShardOf('bench-user-1')).toBe('due-5');
  });

  it('renews for the months of the latest period still paid, in whatever order they are stored', () => {
    const periods = {
      pur_b: { months: 24, renewalDate: '2029-01-15T10:00:00.000Z' },
      pur_a: { months: 1, renewalDate: '2027-01-15T10:00:00.000Z' },
      pur_c: { months: 36, renewalDate: '2030-01-15T10:00:00.000Z', refundedAt: 'x' },
    };
    expect(latestPaidMonths(periods)).toBe(24);
    expect(latestPaidMonths({})).toBe(12);
    expect(latestPaidMonths(undefined)).toBe(12);
  });

  it('renews for 1, 12, 24 or 36 months as paid, a year otherwise, and a domain by the year', () => {
    const paid = (months: number) => ({
      category: 'hosting',
      periods: { pur_1: { months, renewalDate: RENEWS } },
    });
    for (const months of [1, 12, 24, 36]) expect(renewalMonthsOf(paid(months))).toBe(months);
    expect(renewalMonthsOf(paid(5))).toBe(12);
    expect(renewalMonthsOf({ ...paid(24), category: 'domain' })).toBe(12);
  });
});
