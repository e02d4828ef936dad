import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths, periodFor, serviceStatus } from '../../../lambdas/domain/services';

const at = (iso: string) => new Date(iso);

describe('addMonths: calendar months in UTC', () => {
  it.each([
    ['2025-01-15T10:30:00.000Z', 1, '2025-02-15T10:30:00.000Z'],
    ['2025-01-31T00:00:00.000Z', 1, '2025-02-28T00:00:00.000Z'], // no 31 Feb: last day
    ['2024-01-31T00:00:00.000Z', 1, '2024-02-29T00:00:00.000Z'], // leap year
    ['2025-03-31T08:00:00.000Z', 1, '2025-04-30T08:00:00.000Z'],
    ['2025-12-15T00:00:00.000Z', 1, '2026-01-15T00:00:00.000Z'], // over the year end
    ['2024-02-29T00:00:00.000Z', 12, '2025-02-28T00:00:00.000Z'],
    ['2025-05-31T23:59:59.000Z', 24, '2027-05-31T23:59:59.000Z'],
    ['2025-08-31T00:00:00.000Z', 36, '2028-08-31T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(at(from), months).toISOString()).toBe(expected);
  });

  it('refuses months that are not a whole number from 0 up', () => {
    for (const bad of [-1, 1.5]) {
      expect(() => addMonths(at('2026-01-31T00:00:00.000Z'), bad)).toThrow(
        `months must be a non-negative whole number, got ${bad}`,
      );
    }
    expect(addMonths(at('2026-01-31T00:00:00.000Z'), 0).toISOString()).toBe(
      '2026-01-31T00:00:00.000Z',
    );
  });

  it('does not change its argument', () => {
    const date = at('2025-01-31T00:00:00.000Z');
    addMonths(date, 1);
    expect(date.toISOString()).toBe('2025-01-31T00:00:00.000Z');
  });

  it('always lands in the month that many months on, never before the start', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: at('2000-01-01T00:00:00Z'),
          max: at('2090-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(1, 12, 24, 36),
        (date, months) => {
          const result = addMonths(date, months);
          const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
          expect(monthIndex(result) - monthIndex(date)).toBe(months);
          expect(result.getUTCDate()).toBeLessThanOrEqual(date.getUTCDate());
          expect(result.getTime()).toBeGreaterThan(date.getTime());
        },
      ),
    );
  });
});

describe('serviceStatus (D4: from its own renewal date)', () => {
  const now = at('2026-06-01T12:00:00.000Z');
  it('is active while the renewal date is ahead', () => {
    expect(serviceStatus('2026-06-01T12:00:01.000Z', now)).toBe('active');
  });
  it('is expired on and after the renewal date', () => {
    expect(serviceStatus('2026-06-01T12:00:00.000Z', now)).toBe('expired');
    expect(serviceStatus(at('2025-01-01T00:00:00.000Z'), now)).toBe('expired');
  });
});

describe('periodFor (D5: renewing early extends from the renewal date)', () => {
  const now = at('2026-03-10T09:00:00.000Z');

  it('starts today for a plan the user does not hold', () => {
    const period = periodFor([], { planId: 'basichosting', months: 12 }, now);
    expect(period.startDate.toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(period.renewalDate.toISOString()).toBe('2027-03-10T09:00:00.000Z');
  });

  it('extends an active service of the same plan from its renewal date', () => {
    const held = [{ planId: 'basichosting', renewalDate: '2026-08-31T00:00:00.000Z' }];
    const period = periodFor(held, { planId: 'basichosting', months: 12 }, now);
    // 31 Aug 2026 + 12 months = 31 Aug 2027: nothing paid for is lost
    expect(period.startDate.toISOString()).toBe('2026-08-31T00:00:00.000Z');
    expect(period.renewalDate.toISOString()).toBe('2027-08-31T00:00:00.000Z');
  });

  it('uses the latest renewal when the plan was bought several times', () => {
    const held = [
      { planId: 'basicvps', renewalDate: '2026-05-01T00:00:00.000Z' },
      { planId: 'basicvps', renewalDate: '2027-05-01T00:00:00.000Z' },
    ];
    const period = periodFor(held, { planId: 'basicvps', months: 1 }, now);
    expect(period.renewalDate.toISOString()).toBe('2027-06-01T00:00:00.000Z');
    // In whatever order they are held.
    expect(
      periodFor([...held].reverse(), { planId: 'basicvps', months: 1 }, now).renewalDate,
    ).toEqual(period.renewalDate);
  });

  it('starts today when the held service has expired', () => {
    const held = [{ planId: 'basichosting', renewalDate: '2026-01-01T00:00:00.000Z' }];
    const period = periodFor(held, { planId: 'basichosting', months: 1 }, now);
    expect(period.renewalDate.toISOString()).toBe('2026-04-10T09:00:00.000Z');
  });

  it('does not extend another plan, nor another domain of the same plan', () => {
    const held = [
      { planId: 'premiumhosting', renewalDate: '2026-12-01T00:00:00.000Z' },
      { planId: 'basicdomain', domain: 'old.com', renewalDate: '2026-12-01T00:00:00.000Z' },
    ];
    expect(
      periodFor(held, { planId: 'basichosting', months: 1 }, now).startDate.toISOString(),
    ).toBe(now.toISOString());
    expect(
      periodFor(
        held,
        { planId: 'basicdomain', months: 12, domain: 'new.com' },
        now,
      ).startDate.toISOString(),
    ).toBe(now.toISOString());
    expect(
      periodFor(
        held,
        { planId: 'basicdomain', months: 12, domain: 'old.com' },
        now,
      ).renewalDate.toISOString(),
    ).toBe('2027-12-01T00:00:00.000Z');
  });
});
