/**
 * D26's upgrade arithmetic: the worked example to the paisa, and its properties over any period,
 * price and day of the change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../lambdas/domain/services';
import { PlanChangeWindowError, prorateUpgrade } from '../../../lambdas/domain/plan-change';

const DAY = 24 * 60 * 60 * 1000;
// 27 Nov 2026, 10:00 IST.
const BOUGHT = new Date('2026-11-27T04:30:00.000Z');
const RENEWS = addMonths(BOUGHT, 12);

describe('an upgrade now (D26)', () => {
  it('the worked example: Basic → Premium Hosting 100 days into a year, ₹15,420.82', () => {
    expect(
      prorateUpgrade({
        paidTaxablePaise: 2_998_800,
        periodStart: BOUGHT,
        renewalDate: RENEWS,
        newPlanTaxablePaise: 4_798_800,
        at: new Date(BOUGHT.getTime() + 100 * DAY),
      }),
    ).toEqual({
      remainingDays: 265,
      periodDays: 365,
      creditPaise: 2_177_211,
      chargePaise: 3_484_060,
      taxablePaise: 1_306_849,
      gstPaise: 235_233,
      totalPaise: 1_542_082,
    });
  });

  it('counts India’s calendar days: 23:59 and 00:01 IST on either side of midnight differ by one', () => {
    const quote = (at: string) =>
      prorateUpgrade({
        paidTaxablePaise: 2_998_800,
        periodStart: BOUGHT,
        renewalDate: RENEWS,
        newPlanTaxablePaise: 4_798_800,
        at: new Date(at),
      }).remainingDays;
    // 6 Mar 2027 23:59 IST and 7 Mar 2027 00:01 IST.
    expect(quote('2027-03-06T18:29:00.000Z') - quote('2027-03-06T18:31:00.000Z')).toBe(1);
  });

  it('is refused on the renewal day, before the period, and for a cheaper plan', () => {
    const base = {
      paidTaxablePaise: 2_998_800,
      periodStart: BOUGHT,
      renewalDate: RENEWS,
      newPlanTaxablePaise: 4_798_800,
    };
    expect(() => prorateUpgrade({ ...base, at: RENEWS })).toThrow(PlanChangeWindowError);
    expect(() => prorateUpgrade({ ...base, at: new Date(BOUGHT.getTime() - DAY) })).toThrow(
      PlanChangeWindowError,
    );
    expect(() => prorateUpgrade({ ...base, newPlanTaxablePaise: 1_000_000, at: BOUGHT })).toThrow(
      'downgrade',
    );
  });

  it('says which edge of the period refused it, at its very instants', () => {
    const refusal = (input: Partial<Parameters<typeof prorateUpgrade>[0]>) => {
      try {
        prorateUpgrade({
          paidTaxablePaise: 2_998_800,
          periodStart: BOUGHT,
          renewalDate: RENEWS,
          newPlanTaxablePaise: 4_798_800,
          at: BOUGHT,
          ...input,
        });
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      return 'no refusal';
    };
    // A period that starts and renews on the same India day has no day to share out.
    expect(
      refusal({
        periodStart: BOUGHT,
        renewalDate: new Date(BOUGHT.getTime() + 60 * 60 * 1000),
        at: new Date(BOUGHT.getTime() + 30 * 60 * 1000),
      }),
    ).toBe('PlanChangeWindowError: The period has no days.');
    // The renewal day's morning, before the renewal's instant: no whole day is left.
    expect(refusal({ at: new Date(RENEWS.getTime() - 60 * 60 * 1000) })).toBe(
      'PlanChangeWindowError: The period ends today: change the plan at the renewal.',
    );
    // The day the period began, an hour before it began.
    expect(refusal({ at: new Date(BOUGHT.getTime() - 60 * 60 * 1000) })).toBe(
      'PlanChangeWindowError: The change is dated before the period began.',
    );
    expect(refusal({ at: BOUGHT })).toBe('no refusal');
  });

  it('refuses an amount that is not whole paise, naming which', () => {
    const base = {
      paidTaxablePaise: 2_998_800,
      periodStart: BOUGHT,
      renewalDate: RENEWS,
      newPlanTaxablePaise: 4_798_800,
      at: BOUGHT,
    };
    expect(() => prorateUpgrade({ ...base, paidTaxablePaise: 2_998_800.5 })).toThrow(
      /^paid taxable must be a non-negative whole number of paise/,
    );
    expect(() => prorateUpgrade({ ...base, newPlanTaxablePaise: -1 })).toThrow(
      /^new plan taxable must be a non-negative whole number of paise/,
    );
  });

  const cases = fc
    .record({
      months: fc.constantFrom(1, 12, 24, 36),
      paid: fc.integer({ min: 0, max: 50_000_000 }),
      extra: fc.integer({ min: 0, max: 50_000_000 }),
      dayFraction: fc.double({ min: 0, max: 0.999, noNaN: true }),
    })
    .map(({ months, paid, extra, dayFraction }) => {
      const renewalDate = addMonths(BOUGHT, months);
      const span = renewalDate.getTime() - BOUGHT.getTime() - DAY;
      return {
        paidTaxablePaise: paid,
        newPlanTaxablePaise: paid + extra,
        periodStart: BOUGHT,
        renewalDate,
        at: new Date(BOUGHT.getTime() + Math.floor(span * dayFraction)),
      };
    });

  it('never credits more than was paid, never charges less than it credits, and adds up', () => {
    fc.assert(
      fc.property(cases, (input) => {
        const q = prorateUpgrade(input);
        expect(q.creditPaise).toBeLessThanOrEqual(input.paidTaxablePaise);
        expect(q.taxablePaise).toBeGreaterThanOrEqual(0);
        expect(q.taxablePaise).toBe(q.chargePaise - q.creditPaise);
        expect(q.totalPaise).toBe(q.taxablePaise + q.gstPaise);
        expect(q.remainingDays).toBeGreaterThan(0);
        expect(q.remainingDays).toBeLessThanOrEqual(q.periodDays);
        for (const v of Object.values(q)) expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it('on the first day costs about the whole difference; on the day before the renewal, a day’s worth', () => {
    fc.assert(
      fc.property(cases, (input) => {
        const first = prorateUpgrade({ ...input, at: input.periodStart });
        const difference = input.newPlanTaxablePaise - input.paidTaxablePaise;
        expect(Math.abs(first.taxablePaise - difference)).toBeLessThanOrEqual(1);
        const last = prorateUpgrade({
          ...input,
          at: new Date(input.renewalDate.getTime() - DAY),
        });
        expect(last.remainingDays).toBe(1);
        expect(last.taxablePaise).toBeLessThanOrEqual(Math.ceil(difference / last.periodDays) + 1);
      }),
    );
  });
});
