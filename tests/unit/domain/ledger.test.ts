/**
 * The ledger of paid periods (lambdas/domain/ledger.ts, D22): properties over random entries, and
 * the cases the issue names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ledgerOf,
  nextPeriod,
  paidTimeMs,
  periodAt,
  planOfLedger,
  type LedgerEntry,
} from '../../../lambdas/domain/ledger';
import { addMonths } from '../../../lambdas/domain/services';

const FROM = Date.parse('2026-01-01T00:00:00.000Z');
const TO = Date.parse('2031-01-01T00:00:00.000Z');
const time = (iso: string) => new Date(iso).getTime();

const entryArb = fc.record({
  paidAt: fc.integer({ min: FROM, max: TO }),
  months: fc.constantFrom(1, 12, 24, 36),
  refunded: fc.boolean(),
});

/** Up to 8 entries with unique purchase ids; some paid at the same instant. */
const entriesArb = fc
  .array(entryArb, { minLength: 0, maxLength: 8 })
  .chain((entries) =>
    fc.tuple(
      fc.constant(entries),
      fc.array(fc.nat({ max: 2 }), { minLength: entries.length, maxLength: entries.length }),
    ),
  )
  .map(([entries, sameAs]) =>
    entries.map((e, i): LedgerEntry => {
      // Some payments land at the instant of an earlier one: the purchase id orders them.
      const paidAt = i > 0 && sameAs[i] === 0 ? entries[i - 1]!.paidAt : e.paidAt;
      return {
        purchaseId: `pur_${String(i).padStart(2, '0')}`,
        paymentId: `pay_${i}`,
        purchaseDate: new Date(paidAt).toISOString(),
        months: e.months,
        amountPaise: 100_000,
        ...(e.refunded ? { refundedAt: new Date(paidAt + 3_600_000).toISOString() } : {}),
      };
    }),
  );

describe('ledgerOf', () => {
  it('lays the paid entries end to end in payment order, never before each was paid, never overlapping', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const ledger = ledgerOf(entries);
        const paid = entries
          .filter((e) => !e.refundedAt)
          .sort(
            (a, b) =>
              a.purchaseDate.localeCompare(b.purchaseDate) ||
              a.purchaseId.localeCompare(b.purchaseId),
          );
        expect(ledger.periods.map((p) => p.purchaseId)).toEqual(paid.map((e) => e.purchaseId));
        ledger.periods.forEach((p, i) => {
          expect(time(p.startDate)).toBeGreaterThanOrEqual(time(p.paidAt));
          expect(p.renewalDate).toBe(addMonths(new Date(p.startDate), p.months).toISOString());
          const before = ledger.periods[i - 1];
          if (before) {
            expect(time(p.startDate)).toBeGreaterThanOrEqual(time(before.renewalDate));
            // Laid end to end: a gap only where the payment came after the time paid before.
            if (time(p.startDate) > time(before.renewalDate)) expect(p.startDate).toBe(p.paidAt);
            expect(p.paidAt >= before.paidAt).toBe(true);
          }
        });
        expect(ledger.paidUntil).toBe(ledger.periods.at(-1)?.renewalDate);
        expect(ledger.paidFrom).toBe(ledger.periods[0]?.startDate);
        expect(ledger.withdrawn.map((e) => e.purchaseId).sort()).toEqual(
          entries
            .filter((e) => e.refundedAt)
            .map((e) => e.purchaseId)
            .sort(),
        );
        expect(paidTimeMs(ledger)).toBe(
          ledger.periods.reduce((sum, p) => sum + time(p.renewalDate) - time(p.startDate), 0),
        );
      }),
    );
  });

  it('reads the same from any order, and from a record by purchase id', () => {
    fc.assert(
      fc.property(
        entriesArb.chain((entries) =>
          fc.tuple(
            fc.constant(entries),
            fc.shuffledSubarray(entries, { minLength: entries.length }),
          ),
        ),
        ([entries, shuffled]) => {
          const record = Object.fromEntries(shuffled.map((e) => [e.purchaseId, e]));
          expect(ledgerOf(shuffled)).toEqual(ledgerOf(entries));
          expect(ledgerOf(record)).toEqual(ledgerOf(entries));
        },
      ),
    );
  });

  it('withdrawing a period never lengthens paid time: the earlier periods stay, the later ones move up', () => {
    fc.assert(
      fc.property(
        entriesArb.filter((entries) => entries.some((e) => !e.refundedAt)),
        fc.nat(),
        (entries, pick) => {
          const before = ledgerOf(entries);
          const target = before.periods[pick % before.periods.length]!;
          const after = ledgerOf(entries, new Set([target.purchaseId]));
          const at = before.periods.indexOf(target);

          expect(after.periods).toHaveLength(before.periods.length - 1);
          expect(after.periods.slice(0, at)).toEqual(before.periods.slice(0, at));
          after.periods.slice(at).forEach((moved, i) => {
            const was = before.periods[at + 1 + i]!;
            expect(moved.purchaseId).toBe(was.purchaseId);
            expect(time(moved.startDate)).toBeLessThanOrEqual(time(was.startDate));
            expect(time(moved.renewalDate)).toBeLessThanOrEqual(time(was.renewalDate));
          });
          expect(time(after.paidUntil ?? '1970-01-01')).toBeLessThanOrEqual(
            time(before.paidUntil!),
          );
          expect(paidTimeMs(after)).toBeLessThan(paidTimeMs(before));
          // Withdrawn as a plan lays the rest as a refund would.
          const refunded = ledgerOf(
            entries.map((e) =>
              e.purchaseId === target.purchaseId ? { ...e, refundedAt: e.purchaseDate } : e,
            ),
          );
          expect(after.periods).toEqual(refunded.periods);
          expect(after.paidUntil).toBe(refunded.paidUntil);
        },
      ),
    );
  });

  it('nextPeriod lands a later payment where ledgerOf lays it', () => {
    fc.assert(
      fc.property(entriesArb, entryArb, (entries, next) => {
        const latest = Math.max(FROM, ...entries.map((e) => time(e.purchaseDate)));
        const paidAt = new Date(latest + (next.paidAt - FROM));
        const planned = nextPeriod(ledgerOf(entries), next.months, paidAt);
        const laid = ledgerOf([
          ...entries,
          {
            purchaseId: 'pur_zz',
            paymentId: 'pay_zz',
            purchaseDate: paidAt.toISOString(),
            months: next.months,
            amountPaise: 1,
          },
        ]);
        expect(laid.periods.at(-1)).toMatchObject({
          purchaseId: 'pur_zz',
          startDate: planned.startDate.toISOString(),
          renewalDate: planned.renewalDate.toISOString(),
        });
      }),
    );
  });

  it('12 months, renewed for 1 a month in, the first refunded: the renewal’s month from its payment', () => {
    const entries: LedgerEntry[] = [
      {
        purchaseId: 'pur_a',
        paymentId: 'pay_a',
        purchaseDate: '2026-11-22T02:00:00.000Z',
        months: 12,
        amountPaise: 3_538_584,
        refundedAt: '2027-01-10T00:00:00.000Z',
      },
      {
        purchaseId: 'pur_b',
        paymentId: 'pay_b',
        purchaseDate: '2026-12-22T02:00:00.000Z',
        months: 1,
        amountPaise: 294_882,
      },
    ];
    const ledger = ledgerOf(entries);
    expect(ledger.paidUntil).toBe('2027-01-22T02:00:00.000Z');
    expect(ledger.periods).toEqual([
      expect.objectContaining({ purchaseId: 'pur_b', startDate: '2026-12-22T02:00:00.000Z' }),
    ]);
    // Not refunded, the month came after the year: 13 months.
    expect(ledgerOf(entries.map(({ refundedAt: _r, ...e }) => e)).paidUntil).toBe(
      '2027-12-22T02:00:00.000Z',
    );
  });

  it('a renewal after a lapse starts on its payment; periodAt finds the period in force, else the last', () => {
    const ledger = ledgerOf([
      {
        purchaseId: 'pur_a',
        paymentId: 'pay_a',
        purchaseDate: '2026-01-31T00:00:00.000Z',
        months: 1,
        amountPaise: 1,
      },
      {
        purchaseId: 'pur_b',
        paymentId: 'pay_b',
        purchaseDate: '2026-05-10T00:00:00.000Z',
        months: 1,
        amountPaise: 1,
      },
    ]);
    expect(ledger.periods.map((p) => [p.startDate, p.renewalDate])).toEqual([
      ['2026-01-31T00:00:00.000Z', '2026-02-28T00:00:00.000Z'],
      ['2026-05-10T00:00:00.000Z', '2026-06-10T00:00:00.000Z'],
    ]);
    expect(periodAt(ledger, new Date('2026-02-27T23:59:59.999Z'))?.purchaseId).toBe('pur_a');
    expect(periodAt(ledger, new Date('2026-05-10T00:00:00.000Z'))?.purchaseId).toBe('pur_b');
    expect(periodAt(ledger, new Date('2026-04-01T00:00:00.000Z'))?.purchaseId).toBe('pur_b');
    // Its first instant is the first period's; its renewal instant is no longer it; before any
    // period, the last.
    expect(periodAt(ledger, new Date('2026-01-31T00:00:00.000Z'))?.purchaseId).toBe('pur_a');
    expect(periodAt(ledger, new Date('2026-02-28T00:00:00.000Z'))?.purchaseId).toBe('pur_b');
    expect(periodAt(ledger, new Date('2026-01-01T00:00:00.000Z'))?.purchaseId).toBe('pur_b');
    expect(ledgerOf([])).toEqual({ periods: [], withdrawn: [], changes: [] });
    expect(() =>
      ledgerOf([
        { purchaseId: 'x', paymentId: 'y', purchaseDate: 'soon', months: 1, amountPaise: 1 },
      ]),
    ).toThrow('entry x has no payment date: soon');
  });
});

describe('plan changes on the ledger (D26)', () => {
  const bought: LedgerEntry = {
    purchaseId: 'pur_basic',
    paymentId: 'pay_basic',
    purchaseDate: '2026-11-27T04:30:00.000Z',
    months: 12,
    amountPaise: 3_538_584,
  };
  const upgrade = (refundedAt?: string): LedgerEntry => ({
    purchaseId: 'pur_upgrade',
    paymentId: 'pay_upgrade',
    purchaseDate: '2027-03-07T04:30:00.000Z',
    months: 12,
    amountPaise: 1_542_082,
    ...(refundedAt ? { refundedAt } : {}),
    change: {
      fromPlanId: 'basichosting',
      fromPlanName: 'Basic Hosting',
      toPlanId: 'premiumhosting',
      toPlanName: 'Premium Hosting',
      taxablePaise: 1_306_849,
      remainingDays: 265,
      periodDays: 365,
    },
  });
  const item = { planId: 'premiumhosting', planName: 'Premium Hosting' };

  it('adds no time: the renewal date stays, and the plan is the change’s', () => {
    const ledger = ledgerOf([bought, upgrade()]);

    expect(ledger.paidUntil).toBe(ledgerOf([bought]).paidUntil);
    expect(ledger.periods.map((p) => p.purchaseId)).toEqual(['pur_basic']);
    expect(ledger.changes).toMatchObject([
      { purchaseId: 'pur_upgrade', paidAt: upgrade().purchaseDate },
    ]);
    expect(planOfLedger(ledger, item)).toEqual(item);
    // Whatever the service item names: the ledger's last change decides.
    expect(planOfLedger(ledger, { planId: 'basichosting', planName: 'Basic Hosting' })).toEqual(
      item,
    );
  });

  it('refunded, puts the service back on the plan before it; the paid time is unchanged', () => {
    const ledger = ledgerOf([bought, upgrade('2027-03-08T00:00:00.000Z')]);

    expect(ledger.paidUntil).toBe(ledgerOf([bought]).paidUntil);
    expect(ledger.changes).toEqual([]);
    expect(planOfLedger(ledger, item)).toEqual({
      planId: 'basichosting',
      planName: 'Basic Hosting',
    });
    expect(planOfLedger(ledgerOf([bought]), item)).toEqual(item);
  });
});
