/**
 * The money-back guarantee's rules (D16) by worked examples, with the arithmetic written out: what
 * a payment refunds, the 30-day window's edges by India's calendar, and what a cancellation
 * leaves of a service.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { quote } from '../../../lambdas/domain/pricing';
import {
  BUNDLE_DOMAIN_DEDUCTION_PAISE,
  cancellationOffer,
  isCancelled,
  isWithinWindow,
  parseRefundReceipt,
  planCancellation,
  refundAmountFor,
  refundableUntil,
  refundReceipt,
  serviceAfterWithdrawal,
  type RefundablePeriod,
} from '../../../lambdas/domain/refunds';

function totalOf(planId: string, months: 1 | 12 | 24 | 36): number {
  const plan = CATALOG.find((p) => p.id === planId);
  if (!plan) throw new Error(`no plan ${planId}`);
  return quote(plan, months).totalPaise;
}

describe('what a payment refunds (D16)', () => {
  it("keeps back a bundle's domain: ₹999 + 18% GST = ₹999.00 + ₹179.82 = ₹1,178.82", () => {
    expect(BUNDLE_DOMAIN_DEDUCTION_PAISE).toBe(99_900 + 17_982);
    expect(BUNDLE_DOMAIN_DEDUCTION_PAISE).toBe(117_882);
  });

  it('basicbundle, 12 months: ₹2,999 × 12 = ₹35,988 + 18% = ₹42,465.84 paid, ₹41,287.02 back', () => {
    // 35,988.00 × 18% = 6,477.84; 35,988.00 + 6,477.84 = 42,465.84; less 1,178.82 = 41,287.02
    expect(totalOf('basicbundle', 12)).toBe(4_246_584);
    expect(refundAmountFor('bundle', 4_246_584)).toEqual({
      paidPaise: 4_246_584,
      deductionPaise: 117_882,
      deductionLabel: 'Domain registration',
      refundPaise: 4_128_702,
    });
  });

  it('basichosting, 12 months: everything paid, ₹35,385.84', () => {
    // 2,499 × 12 = 29,988.00 + 18% (5,397.84) = 35,385.84
    expect(totalOf('basichosting', 12)).toBe(3_538_584);
    expect(refundAmountFor('hosting', 3_538_584)).toEqual({
      paidPaise: 3_538_584,
      deductionPaise: 0,
      refundPaise: 3_538_584,
    });
  });

  it('premiumbundle, 36 months with 30% off: ₹2,97,330.26 paid, ₹2,96,151.44 back', () => {
    // 9,999 × 36 = 3,59,964.00; 30% off 1,07,989.20 → 2,51,974.80; + 18% 45,355.46 = 2,97,330.26
    expect(totalOf('premiumbundle', 36)).toBe(29_733_026);
    expect(refundAmountFor('bundle', 29_733_026)?.refundPaise).toBe(29_733_026 - 117_882);
  });

  it.each(['vps', 'storage'] as const)('%s: everything paid', (category) => {
    expect(refundAmountFor(category, 70_682)?.refundPaise).toBe(70_682);
  });

  it('domains are not refundable', () => {
    expect(refundAmountFor('domain', totalOf('basicdomain', 12))).toBeUndefined();
  });

  it('a bundle paid less than its domain plus ₹1 refunds nothing', () => {
    expect(refundAmountFor('bundle', 117_882 + 99)).toBeUndefined();
    expect(refundAmountFor('bundle', 117_882 + 100)?.refundPaise).toBe(100);
  });
});

describe('the 30-day window, by India’s calendar', () => {
  // Paid 1 November 2026 at 10:00 IST (04:30 UTC).
  const PAID = '2026-11-01T04:30:00.000Z';

  it('ends as 1 December ends in India: day 30 is the last day', () => {
    expect(refundableUntil(PAID).toISOString()).toBe('2026-12-01T18:29:59.999Z');
  });

  it.each([
    ['the same day', '2026-11-01T10:00:00.000Z', true],
    ['day 30, 09:00 IST', '2026-12-01T03:30:00.000Z', true],
    ['day 30, 23:59:59 IST', '2026-12-01T18:29:59.000Z', true],
    ['day 31, 00:00 IST', '2026-12-01T18:30:00.000Z', false],
    ['day 31, noon', '2026-12-02T06:30:00.000Z', false],
  ])('%s: %s → %s', (_, now, within) => {
    expect(isWithinWindow(PAID, new Date(now))).toBe(within);
  });

  it('counts from the payment’s day in India, not in UTC', () => {
    // 00:10 IST on 2 November is still 1 November in UTC.
    expect(refundableUntil('2026-11-01T18:40:00.000Z').toISOString()).toBe(
      '2026-12-02T18:29:59.999Z',
    );
  });

  it('holds for any payment instant: the last instant is in the window, the next is not', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        (paid) => {
          const until = refundableUntil(paid);
          const days = (until.getTime() - paid.getTime()) / 86_400_000;
          expect(isWithinWindow(paid, until)).toBe(true);
          expect(isWithinWindow(paid, new Date(until.getTime() + 1))).toBe(false);
          expect(days).toBeGreaterThan(30);
          expect(days).toBeLessThanOrEqual(31);
        },
      ),
    );
  });
});

const hostingPeriod = (
  n: number,
  purchaseDate: string,
  renewalDate: string,
  extra: Partial<RefundablePeriod> = {},
): RefundablePeriod => ({
  purchaseId: `pur_pay_${n}`,
  paymentId: `pay_${n}`,
  purchaseDate,
  // The ledger lays each period from its payment; the test names the end it expects.
  months: monthsBetween(purchaseDate, renewalDate),
  amountPaise: 3_538_584,
  ...extra,
});

function monthsBetween(from: string, to: string): number {
  const a = new Date(from);
  const b = new Date(to);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

describe('a cancellation’s plan', () => {
  const NOW = new Date('2026-11-25T06:30:00.000Z');

  it('a domain taken before it could be registered (D23): every payment back in full, even past 30 days; a registered domain stays not refundable', () => {
    const periods = [
      {
        ...hostingPeriod(1, '2026-09-20T04:30:00.000Z', '2027-09-20T04:30:00.000Z'),
        amountPaise: 117_882,
      },
    ];
    expect(planCancellation({ category: 'domain', periods, now: NOW })).toEqual({
      kind: 'refused',
      reason: 'not_refundable',
    });
    const plan = planCancellation({
      category: 'domain',
      periods,
      now: NOW,
      unregisteredDomain: true,
    });
    expect(plan.kind === 'refund' && plan.refunds).toEqual([
      expect.objectContaining({ paymentId: 'pay_1', refundPaise: 117_882, deductionPaise: 0 }),
    ]);
    expect(plan.kind === 'refund' && plan.after.ends).toBe(true);
    // Only a domain: the flag changes nothing for another category.
    expect(
      planCancellation({ category: 'hosting', periods, now: NOW, unregisteredDomain: true }).kind,
    ).toBe('refused');
  });

  it('a first purchase within 30 days: refunded in full, and the service ends now', () => {
    const plan = planCancellation({
      category: 'hosting',
      periods: [hostingPeriod(1, '2026-11-20T04:30:00.000Z', '2027-11-20T04:30:00.000Z')],
      now: NOW,
    });

    expect(plan).toEqual({
      kind: 'refund',
      refunds: [
        expect.objectContaining({ paymentId: 'pay_1', refundPaise: 3_538_584, deductionPaise: 0 }),
      ],
      after: { renewalDate: NOW.toISOString(), ends: true },
    });
  });

  it('a renewal within 30 days of an older, running payment: the renewal is refunded and the service returns to its previous renewal date', () => {
    const plan = planCancellation({
      category: 'hosting',
      periods: [
        hostingPeriod(1, '2025-12-10T04:30:00.000Z', '2026-12-10T04:30:00.000Z'),
        hostingPeriod(2, '2026-11-20T04:30:00.000Z', '2027-12-10T04:30:00.000Z'),
      ],
      now: NOW,
    });

    expect(plan.kind === 'refund' && plan.refunds.map((r) => r.paymentId)).toEqual(['pay_2']);
    expect(plan.kind === 'refund' && plan.after).toEqual({
      renewalDate: '2026-12-10T04:30:00.000Z',
      ends: false,
    });
  });

  it('a renewal of an expired service: refunded, and the service ends now (nothing paid is left)', () => {
    const plan = planCancellation({
      category: 'hosting',
      periods: [
        hostingPeriod(1, '2025-10-01T04:30:00.000Z', '2026-10-01T04:30:00.000Z'),
        hostingPeriod(2, '2026-11-20T04:30:00.000Z', '2027-11-20T04:30:00.000Z'),
      ],
      now: NOW,
    });

    expect(plan.kind === 'refund' && plan.after).toEqual({
      renewalDate: '2026-10-01T04:30:00.000Z',
      ends: true,
    });
  });

  it('two payments inside their 30 days: both refunded, newest first', () => {
    const plan = planCancellation({
      category: 'bundle',
      periods: [
        {
          ...hostingPeriod(1, '2026-11-05T04:30:00.000Z', '2027-11-05T04:30:00.000Z'),
          amountPaise: 4_246_584,
        },
        {
          ...hostingPeriod(2, '2026-11-20T04:30:00.000Z', '2028-11-05T04:30:00.000Z'),
          amountPaise: 4_246_584,
        },
      ],
      now: NOW,
    });

    expect(plan.kind === 'refund' && plan.refunds.map((r) => [r.paymentId, r.refundPaise])).toEqual(
      [
        ['pay_2', 4_128_702],
        ['pay_1', 4_128_702],
      ],
    );
    expect(plan.kind === 'refund' && plan.after.ends).toBe(true);
  });

  it('day 31 after the last payment: refund_window_closed', () => {
    const plan = planCancellation({
      category: 'hosting',
      periods: [hostingPeriod(1, '2026-10-25T04:30:00.000Z', '2027-10-25T04:30:00.000Z')],
      now: new Date('2026-11-24T18:30:00.000Z'), // 25 Nov 00:00 IST, day 31
    });
    expect(plan).toEqual({ kind: 'refused', reason: 'refund_window_closed' });
  });

  it('a domain: not_refundable, whenever it was paid', () => {
    const plan = planCancellation({
      category: 'domain',
      periods: [hostingPeriod(1, '2026-11-24T04:30:00.000Z', '2027-11-24T04:30:00.000Z')],
      now: NOW,
    });
    expect(plan).toEqual({ kind: 'refused', reason: 'not_refundable' });
  });

  it('a repeat after the window: the payments recorded the first time are still the plan', () => {
    const periods = [
      hostingPeriod(1, '2026-10-01T04:30:00.000Z', '2027-10-01T04:30:00.000Z', {
        refundedAt: '2026-10-20T04:30:00.000Z',
      }),
    ];
    const plan = planCancellation({
      category: 'hosting',
      periods,
      requested: new Set(['pur_pay_1']),
      now: NOW,
    });
    expect(plan.kind === 'refund' && plan.refunds.map((r) => r.paymentId)).toEqual(['pay_1']);
  });

  it('what Razorpay’s dashboard gave back already is not refunded twice', () => {
    const plan = planCancellation({
      category: 'hosting',
      periods: [hostingPeriod(1, '2026-11-20T04:30:00.000Z', '2027-11-20T04:30:00.000Z')],
      refundedOutsidePaise: new Map([['pay_1', 100_000]]),
      now: NOW,
    });
    expect(plan.kind === 'refund' && plan.refunds[0]).toMatchObject({
      paidPaise: 3_538_584,
      refundPaise: 3_438_584,
    });
  });

  it('a payment refunded in full in the dashboard (its period taken back) is not offered again', () => {
    const plan = planCancellation({
      category: 'hosting',
      periods: [
        hostingPeriod(1, '2026-11-20T04:30:00.000Z', '2027-11-20T04:30:00.000Z', {
          refundedAt: '2026-11-21T04:30:00.000Z',
        }),
      ],
      now: NOW,
    });
    expect(plan).toEqual({ kind: 'refused', reason: 'refund_window_closed' });
  });
});

describe('the dashboard’s offer', () => {
  it('says until when and how much, and where a cancelled renewal leaves the service', () => {
    expect(
      cancellationOffer({
        category: 'bundle',
        periods: [
          {
            ...hostingPeriod(1, '2025-12-10T04:30:00.000Z', '2026-12-10T04:30:00.000Z'),
            amountPaise: 4_246_584,
          },
          {
            ...hostingPeriod(2, '2026-11-20T04:30:00.000Z', '2027-12-10T04:30:00.000Z'),
            amountPaise: 4_246_584,
          },
        ],
        now: new Date('2026-11-25T06:30:00.000Z'),
      }),
    ).toEqual({
      refundableUntil: '2026-12-20T18:29:59.999Z',
      refundablePaise: 4_128_702,
      runsUntil: '2026-12-10T04:30:00.000Z',
    });
  });
});

describe('cancelled, and the receipts', () => {
  it('a service is cancelled while nothing paid after its cancellation gave it time again', () => {
    expect(
      isCancelled({
        renewalDate: '2026-11-25T06:30:00.000Z',
        cancelledAt: '2026-11-25T06:30:00.000Z',
      }),
    ).toBe(true);
    expect(
      isCancelled({
        renewalDate: '2027-12-01T06:30:00.000Z',
        cancelledAt: '2026-11-25T06:30:00.000Z',
      }),
    ).toBe(false);
    expect(isCancelled({ renewalDate: '2027-12-01T06:30:00.000Z' })).toBe(false);
  });

  it('a receipt names its payment and attempt, within Razorpay’s 40 characters', () => {
    expect(refundReceipt('pay_Nx7gT4uVw8bYd1', 1)).toBe('refund:pay_Nx7gT4uVw8bYd1');
    expect(refundReceipt('pay_Nx7gT4uVw8bYd1', 2)).toBe('refund:pay_Nx7gT4uVw8bYd1:2');
    expect(parseRefundReceipt('refund:pay_Nx7gT4uVw8bYd1:2')).toEqual({
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      attempt: 2,
    });
    expect(parseRefundReceipt('refund:pay_Nx7gT4uVw8bYd1')?.attempt).toBe(1);
    for (const other of [null, '', 'review:order_X', 'rfd_pur_pay_X', 'refund:order_X']) {
      expect(parseRefundReceipt(other)).toBeUndefined();
    }
  });
});

describe('the edges of the refund rules', () => {
  const NOW = new Date('2026-11-25T06:30:00.000Z');
  const RECENT = '2026-11-20T04:30:00.000Z';

  it('refuses an amount paid that is not whole, non-negative paise, and gives nothing for ₹0', () => {
    for (const bad of [-1, 1.5]) {
      expect(() => refundAmountFor('hosting', bad)).toThrow(
        `paid must be a whole number of paise, got ${bad}`,
      );
    }
    expect(refundAmountFor('hosting', 0)).toBeUndefined();
  });

  it('refuses a payment time that is not a date', () => {
    expect(() => refundableUntil('not a date')).toThrow('not a date: not a date');
  });

  it('a payment inside its 30 days whose whole amount came back in Razorpay already: nothing to refund, and not for the window', () => {
    expect(
      planCancellation({
        category: 'hosting',
        periods: [hostingPeriod(1, RECENT, '2027-11-20T04:30:00.000Z')],
        refundedOutsidePaise: new Map([['pay_1', 3_538_584]]),
        now: NOW,
      }),
    ).toEqual({ kind: 'refused', reason: 'not_refundable' });
  });

  it('a domain never registered gives back what is left down to exactly ₹1, and nothing below it', () => {
    const domain = (refundedOutside: number) =>
      planCancellation({
        category: 'domain',
        periods: [
          { ...hostingPeriod(1, RECENT, '2027-11-20T04:30:00.000Z'), amountPaise: 117_882 },
        ],
        refundedOutsidePaise: new Map([['pay_1', refundedOutside]]),
        now: NOW,
        unregisteredDomain: true,
      });
    const one = domain(117_882 - 100);
    expect(one.kind === 'refund' && one.refunds.map((r) => r.refundPaise)).toEqual([100]);
    expect(domain(117_882 - 99)).toEqual({ kind: 'refused', reason: 'not_refundable' });
  });

  it('a service whose paid time ends at this very moment ends now', () => {
    const periods = [hostingPeriod(1, '2025-11-25T06:30:00.000Z', NOW.toISOString())];
    expect(serviceAfterWithdrawal(periods, new Set(), NOW)).toEqual({
      renewalDate: NOW.toISOString(),
      ends: true,
    });
  });

  it('the offer on two payments inside their 30 days holds until the later one’s end', () => {
    const offer = cancellationOffer({
      category: 'hosting',
      periods: [
        hostingPeriod(1, '2026-11-01T04:30:00.000Z', '2027-11-01T04:30:00.000Z'),
        hostingPeriod(2, RECENT, '2028-11-01T04:30:00.000Z'),
      ],
      now: NOW,
    });
    expect(offer?.refundableUntil).toBe(refundableUntil(RECENT).toISOString());
    expect(offer?.refundablePaise).toBe(2 * 3_538_584);
  });

  it('a receipt counts attempts from 1 and is refused over Razorpay’s 40 characters', () => {
    for (const bad of [0, -1, 1.5]) {
      expect(() => refundReceipt('pay_X', bad)).toThrow(
        `a refund attempt counts from 1, got ${bad}`,
      );
    }
    const id33 = `pay_${'A'.repeat(29)}`;
    expect(refundReceipt(id33, 1)).toHaveLength(40);
    expect(() => refundReceipt(`${id33}B`, 1)).toThrow('over 40 characters');
  });

  it('a receipt of ours is the whole text: nothing before or after it, an attempt up to 999', () => {
    expect(parseRefundReceipt('refund:pay_Nx7gT4uVw8bYd1:12')).toEqual({
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      attempt: 12,
    });
    for (const other of ['xrefund:pay_Nx7gT4uVw8bYd1', 'refund:pay_Nx7gT4uVw8bYd1!']) {
      expect(parseRefundReceipt(other)).toBeUndefined();
    }
  });
});
