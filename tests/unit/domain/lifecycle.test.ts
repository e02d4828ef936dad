/**
 * The desired state of a service (lambdas/domain/lifecycle.ts, D22): the table with each state at
 * its boundaries, isInStep's table, and properties over random facts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveDispute,
  isDueForRemoval,
  isInStep,
  isLive,
  isOverdue,
  outOfStepAt,
  lifeOf,
  lifeQueueOf,
  SERVICE_STATES,
  type DisputeState,
  type LifeFacts,
  type PartState,
  type ServiceState,
} from '../../../lambdas/domain/lifecycle';
import type { LedgerEntry } from '../../../lambdas/domain/ledger';

const MS = 1;
const MINUTE = 60_000;
const DAY = 86_400_000;
const PAID = '2026-11-22T02:00:00.000Z';
/** 12 months from PAID. */
const UNTIL = '2027-11-22T02:00:00.000Z';
const at = (iso: string, plus = 0) => new Date(new Date(iso).getTime() + plus);

const year: LedgerEntry = {
  purchaseId: 'pur_a',
  paymentId: 'pay_a',
  purchaseDate: PAID,
  months: 12,
  amountPaise: 3_538_584,
};
const facts = (more: Partial<LifeFacts> = {}): LifeFacts => ({
  periods: [year],
  delivered: true,
  ...more,
});
const state = (f: LifeFacts, now: Date) => {
  const life = lifeOf(f, now);
  return life.state === 'suspended' ? `suspended:${life.reasons.join(',')}` : life.state;
};

describe('lifeOf: each state at its boundary', () => {
  it.each([
    ['not delivered yet', facts({ delivered: false }), at(PAID), 'setting_up'],
    ['delivered, paid', facts(), at(PAID), 'active'],
    ['the instant before expiry', facts(), at(UNTIL, -MS), 'active'],
    ['the expiry instant', facts(), at(UNTIL), 'grace'],
    ['not delivered, expired', facts({ delivered: false }), at(UNTIL), 'setting_up'],
    ['7 days on, less an instant', facts(), at(UNTIL, 7 * DAY - MS), 'grace'],
    ['7 days on', facts(), at(UNTIL, 7 * DAY), 'suspended:expired'],
    [
      '7 days on, never delivered',
      facts({ delivered: false }),
      at(UNTIL, 7 * DAY),
      'suspended:expired',
    ],
    ['a dispute open', facts({ disputes: { pay_a: 'open' } }), at(PAID), 'suspended:dispute'],
    ['a dispute won', facts({ disputes: { pay_a: 'won' } }), at(PAID), 'active'],
    ['an operator’s hold', facts({ hold: { at: PAID } }), at(PAID), 'suspended:operator'],
    [
      'every reason at once, in order',
      facts({ hold: { at: PAID }, disputes: { pay_a: 'open' } }),
      at(UNTIL, 8 * DAY),
      'suspended:expired,dispute,operator',
    ],
    ['cancelled with nothing paid beyond', facts({ cancelledAt: UNTIL }), at(UNTIL), 'ended'],
    [
      'cancelled, paid time runs past it',
      facts({ cancelledAt: at(UNTIL, -MS).toISOString() }),
      at(UNTIL, -MS),
      'active',
    ],
    [
      'cancelled, its only period refunded',
      facts({ periods: [{ ...year, refundedAt: PAID }], cancelledAt: PAID }),
      at(PAID),
      'ended',
    ],
    [
      'its only period refunded (no cancellation)',
      facts({ periods: [{ ...year, refundedAt: PAID }] }),
      at(PAID),
      'ended',
    ],
    ['ended by an operator', facts({ endedAt: PAID }), at(PAID), 'ended'],
    ['ended and held: ended', facts({ endedAt: PAID, hold: { at: PAID } }), at(PAID), 'ended'],
    [
      'removed',
      facts({ endedAt: PAID, removedAt: at(PAID, 31 * DAY).toISOString() }),
      at(PAID, 31 * DAY),
      'removed',
    ],
  ])('%s → %s', (_name, f, now, expected) => {
    expect(state(f, now)).toBe(expected);
  });

  it('a refunded renewal gives the earlier paid time back; the refunded first year leaves the renewal from its payment', () => {
    const renewal: LedgerEntry = {
      purchaseId: 'pur_b',
      paymentId: 'pay_b',
      purchaseDate: at(PAID, 40 * DAY).toISOString(),
      months: 1,
      amountPaise: 294_882,
    };
    const refundedRenewal = lifeOf(
      facts({ periods: [year, { ...renewal, refundedAt: PAID }] }),
      at(PAID, 41 * DAY),
    );
    expect(refundedRenewal).toMatchObject({ state: 'active', ledger: { paidUntil: UNTIL } });
    const refundedYear = lifeOf(
      facts({ periods: [{ ...year, refundedAt: renewal.purchaseDate }, renewal] }),
      at(PAID, 41 * DAY),
    );
    expect(refundedYear.ledger.paidUntil).toBe('2027-02-01T02:00:00.000Z');
    expect(refundedYear.state).toBe('active');
    // …and it expires a month on, not 13 months on.
    expect(
      lifeOf(
        facts({ periods: [{ ...year, refundedAt: PAID }, renewal] }),
        at('2027-02-08T02:00:00.000Z'),
      ).state,
    ).toBe('suspended');
  });

  it('ends when the last withdrawal came (or at the cancellation), removable 30 days on, listed from then', () => {
    const refunded = lifeOf(
      facts({
        periods: [
          { ...year, refundedAt: at(PAID, DAY).toISOString() },
          {
            ...year,
            purchaseId: 'pur_b',
            paymentId: 'pay_b',
            refundedAt: at(PAID, 2 * DAY).toISOString(),
          },
        ],
      }),
      at(PAID, 3 * DAY),
    );
    expect(refunded).toMatchObject({
      state: 'ended',
      endedAt: at(PAID, 2 * DAY).toISOString(),
      removableFrom: at(PAID, 32 * DAY).toISOString(),
    });
    const cancelled = lifeOf(facts({ cancelledAt: UNTIL }), at(UNTIL));
    expect(cancelled.endedAt).toBe(UNTIL);
    expect(isDueForRemoval(cancelled, at(UNTIL, 30 * DAY - MS))).toBe(false);
    expect(isDueForRemoval(cancelled, at(UNTIL, 30 * DAY))).toBe(true);
    expect(isDueForRemoval(lifeOf(facts(), at(PAID)), at(UNTIL, 400 * DAY))).toBe(false);
  });
});

describe('what ended a service, and where its record stands', () => {
  it('ended at the latest refund, in whatever order the payments were refunded', () => {
    // The renewal (paid later) was refunded on day 2, the first year on day 5.
    const life = lifeOf(
      facts({
        periods: [
          { ...year, refundedAt: at(PAID, 5 * DAY).toISOString() },
          {
            ...year,
            purchaseId: 'pur_b',
            paymentId: 'pay_b',
            purchaseDate: at(PAID, DAY).toISOString(),
            refundedAt: at(PAID, 2 * DAY).toISOString(),
          },
        ],
      }),
      at(PAID, 6 * DAY),
    );
    expect(life).toMatchObject({ state: 'ended', endedAt: at(PAID, 5 * DAY).toISOString() });
  });

  it('a removed service still says when it ended', () => {
    const removedAt = at(PAID, 31 * DAY).toISOString();
    expect(lifeOf(facts({ endedAt: PAID, removedAt }), at(removedAt))).toMatchObject({
      state: 'removed',
      endedAt: PAID,
    });
  });

  it('only an ended service is in the removal queue, whatever date its record carries', () => {
    const record = { reasons: [], actual: 'removed' as const, at: PAID, removableFrom: UNTIL };
    expect(lifeQueueOf({ ...record, desired: 'removed' })).toBeUndefined();
    expect(lifeQueueOf({ ...record, desired: 'ended' })).toEqual({ queue: 'removal', at: UNTIL });
  });

  it('moves a dispute only forward: opened, then won or lost for good', () => {
    const moves: [DisputeState | undefined, DisputeState, boolean][] = [
      [undefined, 'open', true],
      [undefined, 'lost', true],
      ['open', 'won', true],
      ['open', 'lost', true],
      ['open', 'open', false],
      ['won', 'lost', false],
      ['won', 'open', false],
      ['lost', 'won', false],
      ['lost', 'open', false],
    ];
    for (const [from, to, allowed] of moves) {
      expect([from, to, canMoveDispute(from, to)]).toEqual([from, to, allowed]);
    }
  });
});

describe('isInStep', () => {
  const table: Record<ServiceState, Record<PartState, boolean>> = {
    setting_up: { absent: false, live: true, suspended: false, removed: false, failed: false },
    active: { absent: false, live: true, suspended: false, removed: false, failed: false },
    grace: { absent: false, live: true, suspended: false, removed: false, failed: false },
    suspended: { absent: true, live: false, suspended: true, removed: true, failed: true },
    ended: { absent: true, live: false, suspended: true, removed: true, failed: true },
    removed: { absent: true, live: false, suspended: false, removed: true, failed: true },
  };
  it.each(
    SERVICE_STATES.flatMap((desired) =>
      (Object.keys(table[desired]) as PartState[]).map(
        (actual) => [desired, actual, table[desired][actual]] as const,
      ),
    ),
  )('wanted %s, found %s → %s', (desired, actual, inStep) => {
    expect(isInStep(desired, actual)).toBe(inStep);
    // Live on the provider is in step exactly for the states that should be served.
    if (actual === 'live') expect(inStep).toBe(isLive(desired));
  });

  it('out of step 15 minutes is overdue; the queue it stands on', () => {
    const since = '2026-11-22T02:00:00.000Z';
    expect(isOverdue(since, at(since, 15 * MINUTE - MS))).toBe(false);
    expect(isOverdue(since, at(since, 15 * MINUTE))).toBe(true);
    expect(isOverdue(undefined, at(since, DAY))).toBe(false);
    const record = { desired: 'ended' as const, reasons: [], actual: 'live' as const, at: since };
    expect(lifeQueueOf({ ...record, outOfStepSince: since, removableFrom: UNTIL })).toEqual({
      queue: 'out-of-step',
      at: since,
    });
    expect(lifeQueueOf({ ...record, actual: 'suspended', removableFrom: UNTIL })).toEqual({
      queue: 'removal',
      at: UNTIL,
    });
    expect(lifeQueueOf({ ...record, desired: 'active' })).toBeUndefined();
  });
});

describe('lifeOf over random facts', () => {
  const iso = fc
    .integer({ min: Date.parse('2026-01-01'), max: Date.parse('2030-01-01') })
    .map((t) => new Date(t).toISOString());
  const factsArb = fc.record({
    periods: fc.array(
      fc.record({
        purchaseDate: iso,
        months: fc.constantFrom(1, 12, 24, 36),
        refundedAt: fc.option(iso, { nil: undefined }),
      }),
      // A service is stored with its first period.
      { minLength: 1, maxLength: 4 },
    ),
    cancelledAt: fc.option(iso, { nil: undefined }),
    dispute: fc.option(fc.constantFrom('open', 'won', 'lost' as const), { nil: undefined }),
    hold: fc.boolean(),
    endedAt: fc.option(iso, { nil: undefined }),
    removed: fc.boolean(),
    delivered: fc.boolean(),
    now: iso,
  });

  it('says why exactly when suspended, is live only while paid time (and grace) lasts, ends for good', () => {
    fc.assert(
      fc.property(factsArb, (f) => {
        const periods = f.periods.map((p, i) => ({
          purchaseId: `pur_${i}`,
          paymentId: `pay_${i}`,
          amountPaise: 1,
          purchaseDate: p.purchaseDate,
          months: p.months,
          ...(p.refundedAt ? { refundedAt: p.refundedAt } : {}),
        }));
        const input: LifeFacts = {
          periods,
          delivered: f.delivered,
          ...(f.cancelledAt ? { cancelledAt: f.cancelledAt } : {}),
          ...(f.dispute ? { disputes: { pay_0: f.dispute } } : {}),
          ...(f.hold ? { hold: { at: f.now } } : {}),
          ...(f.endedAt ? { endedAt: f.endedAt } : {}),
          ...(f.removed ? { removedAt: f.now } : {}),
        };
        const now = new Date(f.now);
        const life = lifeOf(input, now);
        expect(life.reasons.length > 0).toBe(life.state === 'suspended');
        if (f.removed) expect(life.state).toBe('removed');
        if (life.state === 'ended') {
          expect(life.removableFrom).toBe(at(life.endedAt!, 30 * DAY).toISOString());
        }
        if (f.endedAt && !f.removed) expect(life.state).toBe('ended');
        if (!life.ledger.paidUntil && !f.removed) expect(life.state).toBe('ended');
        const until = life.ledger.paidUntil ? new Date(life.ledger.paidUntil).getTime() : 0;
        if (life.state === 'active') expect(now.getTime()).toBeLessThan(until);
        if (life.state === 'grace') {
          expect(now.getTime()).toBeGreaterThanOrEqual(until);
          expect(now.getTime()).toBeLessThan(until + 7 * DAY);
        }
        if (life.state === 'setting_up') expect(f.delivered).toBe(false);
        if (['active', 'grace', 'setting_up'].includes(life.state)) {
          expect(f.hold || f.dispute === 'open').toBe(false);
        }
        // Time only moves a live service forward: once ended, later is ended too.
        if (life.state === 'ended') expect(lifeOf(input, at(f.now, 900 * DAY)).state).toBe('ended');
      }),
    );
  });
});

describe('outOfStepAt (#29)', () => {
  it('is the date once it has come; a date ahead (a domain tier due) is not out of step yet', () => {
    const now = new Date('2027-11-27T04:30:00.000Z');
    expect(outOfStepAt('2027-11-27T04:30:00.000Z', now)).toBe('2027-11-27T04:30:00.000Z');
    expect(outOfStepAt('2027-11-27T04:29:00.000Z', now)).toBe('2027-11-27T04:29:00.000Z');
    expect(outOfStepAt('2027-11-27T04:30:00.001Z', now)).toBeUndefined();
    expect(outOfStepAt(undefined, now)).toBeUndefined();
  });
});
