/**
 * The periods of a service (lambdas/domain/service-periods.ts): which one is in force (what the
 * dashboard's dates and the operators' console read), and what a payment extends it by.
 */
import { describe, expect, it } from 'vitest';
import {
  extensionFor,
  latestPeriod,
  type ServicePeriod,
  type ServiceTerm,
} from '../../../lambdas/domain/service-periods';

function period(
  purchaseId: string,
  renewalDate: string,
  extra: Partial<ServicePeriod> = {},
): ServicePeriod {
  return {
    purchaseId,
    paymentId: `pay_${purchaseId}`,
    purchaseDate: '2026-01-10T05:00:00.000Z',
    startDate: '2026-01-10T05:00:00.000Z',
    renewalDate,
    months: 12,
    amountPaise: 353_884,
    ...extra,
  };
}

const term = (...periods: ServicePeriod[]): ServiceTerm => ({
  renewalDate: '2027-01-10T05:00:00.000Z',
  version: periods.length,
  periods: Object.fromEntries(periods.map((p) => [p.purchaseId, p])),
});

describe('the period in force', () => {
  const first = period('pur_1', '2027-01-10T05:00:00.000Z');
  const second = period('pur_2', '2028-01-10T05:00:00.000Z');

  it('is the one that ends last, in whatever order the periods were stored', () => {
    expect(latestPeriod(term(first, second))).toBe(second);
    expect(latestPeriod(term(second, first))).toBe(second);
  });

  it('is the first stored of two that end on the same date', () => {
    const twin = period('pur_twin', second.renewalDate);
    expect(latestPeriod(term(second, twin))).toBe(second);
  });

  it('is never a refunded one while a paid one is left, even one ending later', () => {
    const refunded = { ...second, refundedAt: '2026-02-01T05:00:00.000Z' };
    expect(latestPeriod(term(first, refunded))).toBe(first);
  });

  it('is the refunded one that ends last when every period was refunded', () => {
    const gone = (p: ServicePeriod) => ({ ...p, refundedAt: '2026-02-01T05:00:00.000Z' });
    expect(latestPeriod(term(gone(first), gone(second)))).toEqual(gone(second));
  });

  it("is never a plan change's entry, which adds no time", () => {
    const change = period('pur_change', '2029-01-10T05:00:00.000Z', {
      change: {
        fromPlanId: 'basichosting',
        fromPlanName: 'Basic Hosting',
        toPlanId: 'premiumhosting',
        toPlanName: 'Premium Hosting',
        taxablePaise: 120_000,
        remainingDays: 200,
        periodDays: 365,
      },
    });
    expect(latestPeriod(term(first, change))).toBe(first);
  });

  it('is none for a service with no period', () => {
    expect(latestPeriod(term())).toBeUndefined();
  });
});

describe("a payment's extension", () => {
  const purchase = {
    purchaseId: 'pur_2',
    paymentId: 'pay_2',
    planId: 'basichosting',
    months: 12 as const,
    amountPaise: 353_884,
  };
  const at = new Date('2026-06-01T05:00:00.000Z');

  it('extends an active service from its renewal date, at the version read', () => {
    const service = term(period('pur_1', '2027-01-10T05:00:00.000Z'));
    expect(extensionFor(service, purchase, at)).toEqual({
      kind: 'extend',
      expectedVersion: 1,
      period: {
        purchaseId: 'pur_2',
        paymentId: 'pay_2',
        purchaseDate: at.toISOString(),
        startDate: '2027-01-10T05:00:00.000Z',
        renewalDate: '2028-01-10T05:00:00.000Z',
        months: 12,
        amountPaise: 353_884,
      },
    });
  });

  it('starts a new service at the payment, to be created (version 0)', () => {
    expect(extensionFor(undefined, purchase, at)).toMatchObject({
      kind: 'extend',
      expectedVersion: 0,
      period: { startDate: at.toISOString(), renewalDate: '2027-06-01T05:00:00.000Z' },
    });
  });

  it('gives a payment whose period was given already that period again, unchanged', () => {
    const given = period('pur_2', '2028-01-10T05:00:00.000Z');
    expect(extensionFor(term(given), purchase, at)).toEqual({ kind: 'given', period: given });
  });
});
