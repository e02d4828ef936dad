import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoRenewPriceRequest,
  checkoutAutoRenewTerms,
  E_MANDATE_LIMIT_PAISE,
  NOTICE_LEAD_MS,
  maskUpiId,
  noticeDueAt,
  planAutoRenew,
  plannedDebitDate,
  renewalRequestOf,
  type AutoRenewCycle,
  type AutoRenewInput,
} from '../../../lambdas/domain/auto-renew';
import { istDate } from '../../../lambdas/domain/renewals';

// Renews on 15 January 2027 at 15:30 IST (10:00 UTC).
const renewalDate = new Date('2027-01-15T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const mandate = { status: 'confirmed' as const, maxAmountPaise: 10_000_00 };
const base: AutoRenewInput = {
  enabled: true,
  mandate,
  renewalDate,
  amountPaise: 4_718_82,
  cycle: {},
};
const at = (iso: string) => new Date(iso);

describe('the pre-debit notice', () => {
  it('falls due as the IST day begins 3 days before the renewal date', () => {
    // 15 Jan 00:00 IST = 14 Jan 18:30 UTC; 3 days earlier.
    expect(noticeDueAt(renewalDate).toISOString()).toBe('2027-01-11T18:30:00.000Z');
    expect(planAutoRenew(base, at('2027-01-11T18:29:59.000Z'))).toEqual({
      act: 'none',
      reason: 'not_yet',
      nextAt: noticeDueAt(renewalDate),
    });
    expect(planAutoRenew(base, at('2027-01-11T18:30:00.000Z'))).toEqual({ act: 'notice' });
  });

  it('is sent again, with no debit, when the amount changed since it was sent', () => {
    const cycle = { noticeSentAt: at('2027-01-11T18:30:00.000Z'), noticeAmountPaise: 1_000_00 };
    expect(planAutoRenew({ ...base, cycle }, at('2027-01-13T03:30:00.000Z'))).toEqual({
      act: 'notice',
    });
  });

  it('tells the buyer the first debit is the day after the notice', () => {
    expect(istDate(plannedDebitDate(renewalDate))).toBe('2027-01-13');
  });
});

describe('the debit', () => {
  const noticed: AutoRenewCycle = {
    noticeSentAt: at('2027-01-11T18:30:00.000Z'),
    noticeAmountPaise: base.amountPaise,
  };

  it('waits 24 hours after the notice, then is attempted', () => {
    const early = planAutoRenew({ ...base, cycle: noticed }, at('2027-01-12T18:29:59.000Z'));
    expect(early).toMatchObject({ act: 'none', reason: 'waiting_notice' });
    expect(planAutoRenew({ ...base, cycle: noticed }, at('2027-01-12T18:30:00.000Z'))).toEqual({
      act: 'debit',
    });
  });

  it('is retried once a day after a failure, and never on or after the renewal date', () => {
    const failed = { ...noticed, lastAttemptAt: at('2027-01-12T18:30:00.000Z') };
    expect(planAutoRenew({ ...base, cycle: failed }, at('2027-01-13T10:00:00.000Z'))).toMatchObject(
      { act: 'none', reason: 'tried_today' },
    );
    expect(planAutoRenew({ ...base, cycle: failed }, at('2027-01-13T18:30:00.000Z'))).toEqual({
      act: 'debit',
    });
    expect(planAutoRenew({ ...base, cycle: failed }, renewalDate)).toEqual({
      act: 'none',
      reason: 'too_late',
    });
  });

  it('above ₹15,000 or the mandate maximum mails a pay link once and never debits', () => {
    const big = {
      ...base,
      amountPaise: E_MANDATE_LIMIT_PAISE + 1,
      mandate: { ...mandate, maxAmountPaise: 50_000_00 },
    };
    const now = at('2027-01-13T03:30:00.000Z');
    expect(planAutoRenew(big, now)).toEqual({ act: 'pay_link' });
    expect(planAutoRenew({ ...big, cycle: { payLinkSentAt: now } }, now)).toEqual({
      act: 'none',
      reason: 'link_sent',
    });
    const aboveMandate = { ...base, amountPaise: mandate.maxAmountPaise + 1 };
    expect(planAutoRenew(aboveMandate, now)).toEqual({ act: 'pay_link' });
  });

  it('waits while a debit is in flight', () => {
    const cycle = { ...noticed, inFlight: true, lastAttemptAt: at('2027-01-12T18:30:00.000Z') };
    expect(planAutoRenew({ ...base, cycle }, at('2027-01-14T03:30:00.000Z'))).toMatchObject({
      act: 'none',
      reason: 'in_flight',
    });
  });
});

describe('why nothing is done, and the edges of the rules', () => {
  const due = at('2027-01-13T03:30:00.000Z');
  const noticed: AutoRenewCycle = {
    noticeSentAt: at('2027-01-11T18:30:00.000Z'),
    noticeAmountPaise: base.amountPaise,
  };

  it('says why: turned off, no confirmed mandate, already paid', () => {
    expect(planAutoRenew({ ...base, enabled: false }, due)).toEqual({ act: 'none', reason: 'off' });
    const { mandate: _, ...withoutMandate } = base;
    expect(planAutoRenew(withoutMandate, due)).toEqual({ act: 'none', reason: 'no_mandate' });
    for (const status of ['pending', 'paused', 'cancelled', 'rejected'] as const) {
      expect(planAutoRenew({ ...base, mandate: { ...mandate, status } }, due)).toEqual({
        act: 'none',
        reason: 'no_mandate',
      });
    }
    expect(planAutoRenew({ ...base, cycle: { ...noticed, paid: true } }, due)).toEqual({
      act: 'none',
      reason: 'paid',
    });
  });

  it('debits an amount of exactly the limit; a paisa above it is a pay link', () => {
    const limit = { ...mandate, maxAmountPaise: 50_000_00 };
    const exactly = { ...base, mandate: limit, amountPaise: E_MANDATE_LIMIT_PAISE };
    const cycle = { ...noticed, noticeAmountPaise: E_MANDATE_LIMIT_PAISE };
    expect(planAutoRenew({ ...exactly, cycle }, due)).toEqual({ act: 'debit' });
    expect(
      planAutoRenew({ ...exactly, amountPaise: E_MANDATE_LIMIT_PAISE + 1, cycle }, due),
    ).toEqual({ act: 'pay_link' });
    expect(checkoutAutoRenewTerms(E_MANDATE_LIMIT_PAISE)).toEqual({
      renewalTotalPaise: E_MANDATE_LIMIT_PAISE,
      maxAmountPaise: E_MANDATE_LIMIT_PAISE,
      aboveLimit: false,
    });
    expect(checkoutAutoRenewTerms(E_MANDATE_LIMIT_PAISE + 1)).toEqual({
      renewalTotalPaise: E_MANDATE_LIMIT_PAISE + 1,
      maxAmountPaise: 15_100_00,
      aboveLimit: true,
    });
  });

  it('never debits after a notice sent less than 24 hours before the renewal', () => {
    // Sent exactly 24 hours before: the first debit would fall at the renewal's instant.
    const late = { ...noticed, noticeSentAt: new Date(renewalDate.getTime() - NOTICE_LEAD_MS) };
    expect(planAutoRenew({ ...base, cycle: late }, new Date(renewalDate.getTime() - HOUR))).toEqual(
      { act: 'none', reason: 'too_late' },
    );
    // Sent a second earlier: the debit is attempted in the last second before the renewal.
    const inTime = {
      ...noticed,
      noticeSentAt: new Date(renewalDate.getTime() - NOTICE_LEAD_MS - 1000),
    };
    expect(
      planAutoRenew({ ...base, cycle: inTime }, new Date(renewalDate.getTime() - 500)),
    ).toEqual({ act: 'debit' });
  });

  it('after a failed debit on the last India day before a midnight renewal: no retry is left', () => {
    // Renews as 15 Jan begins in India (00:00 IST); the debit failed on 14 Jan.
    const midnight = new Date('2027-01-14T18:30:00.000Z');
    const cycle = {
      noticeSentAt: noticeDueAt(midnight),
      noticeAmountPaise: base.amountPaise,
      lastAttemptAt: at('2027-01-14T03:30:00.000Z'),
    };
    const input = { ...base, renewalDate: midnight, cycle };
    expect(planAutoRenew(input, at('2027-01-14T10:00:00.000Z'))).toEqual({
      act: 'none',
      reason: 'too_late',
    });
    // A renewal a minute after midnight still has that minute for the retry.
    const minuteLater = new Date(midnight.getTime() + 60 * 1000);
    expect(
      planAutoRenew({ ...input, renewalDate: minuteLater }, at('2027-01-14T10:00:00.000Z')),
    ).toEqual({ act: 'none', reason: 'tried_today', nextAt: midnight });
  });
});

describe('planAutoRenew, over any time and cycle', () => {
  const instant = fc
    .integer({
      min: renewalDate.getTime() - 10 * 24 * HOUR,
      max: renewalDate.getTime() + 3 * 24 * HOUR,
    })
    .map((ms) => new Date(ms));
  const cycle = fc.record(
    {
      noticeSentAt: instant,
      noticeAmountPaise: fc.constantFrom(4_718_82, 5_000_00),
      payLinkSentAt: instant,
      lastAttemptAt: instant,
      inFlight: fc.boolean(),
      paid: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  const input = fc.record({
    enabled: fc.boolean(),
    mandate: fc.option(
      fc.record({
        status: fc.constantFrom(
          'pending',
          'confirmed',
          'paused',
          'cancelled',
          'rejected',
        ) as fc.Arbitrary<'pending' | 'confirmed' | 'paused' | 'cancelled' | 'rejected'>,
        maxAmountPaise: fc.integer({ min: 1_000_00, max: 30_000_00 }),
      }),
      { nil: undefined },
    ),
    renewalDate: fc.constant(renewalDate),
    amountPaise: fc.integer({ min: 100, max: 30_000_00 }),
    cycle,
  });

  it('debits only when every RBI condition holds', () => {
    fc.assert(
      fc.property(input, instant, (rawInput, now) => {
        const i: AutoRenewInput = {
          ...rawInput,
          ...(rawInput.mandate ? { mandate: rawInput.mandate } : {}),
        };
        if (!rawInput.mandate) delete i.mandate;
        const action = planAutoRenew(i, now);
        if (action.act !== 'debit') return;
        const c = i.cycle;
        expect(i.enabled).toBe(true);
        expect(i.mandate?.status).toBe('confirmed');
        expect(i.amountPaise).toBeLessThanOrEqual(E_MANDATE_LIMIT_PAISE);
        expect(i.amountPaise).toBeLessThanOrEqual(i.mandate!.maxAmountPaise);
        expect(c.noticeAmountPaise).toBe(i.amountPaise);
        expect(now.getTime() - c.noticeSentAt!.getTime()).toBeGreaterThanOrEqual(NOTICE_LEAD_MS);
        expect(now.getTime()).toBeLessThan(renewalDate.getTime());
        expect(now.getTime()).toBeGreaterThanOrEqual(noticeDueAt(renewalDate).getTime());
        expect(c.inFlight).not.toBe(true);
        expect(c.paid).not.toBe(true);
        if (c.lastAttemptAt) expect(istDate(c.lastAttemptAt)).not.toBe(istDate(now));
      }),
      { numRuns: 2000 },
    );
  });

  it('never mails anything before the notice is due or after the renewal date', () => {
    fc.assert(
      fc.property(input, instant, (i, now) => {
        const action = planAutoRenew(i as AutoRenewInput, now);
        if (action.act === 'none') return;
        expect(now.getTime()).toBeGreaterThanOrEqual(noticeDueAt(renewalDate).getTime());
        expect(now.getTime()).toBeLessThan(renewalDate.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it('a daily job from the notice day debits on the day after the notice when nothing fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), (hourIst) => {
        let c: AutoRenewCycle = {};
        const start = noticeDueAt(renewalDate).getTime() + hourIst * HOUR;
        const days: string[] = [];
        for (let day = 0; day < 4; day += 1) {
          const now = new Date(start + day * 24 * HOUR);
          const action = planAutoRenew({ ...base, cycle: c }, now);
          if (action.act === 'notice')
            c = { noticeSentAt: now, noticeAmountPaise: base.amountPaise };
          if (action.act === 'debit') {
            days.push(istDate(now));
            c = { ...c, paid: true };
          }
        }
        expect(days).toEqual(['2027-01-13']);
      }),
    );
  });
});

describe('maskUpiId', () => {
  it('shows the first letters and the handle, never the whole id', () => {
    expect(maskUpiId('priya.sharma@okhdfc')).toBe('pr••••••••••@okhdfc');
    expect(maskUpiId('ab@upi')).toBe('a•••@upi');
    expect(maskUpiId('no-handle')).toBe('••••');
    expect(maskUpiId('@okhdfc')).toBe('••••');
  });
});

describe('what auto-renew prices', () => {
  const periods = {
    p1: { months: 12, renewalDate: '2027-11-22T02:00:00.000Z' },
    p2: { months: 1, renewalDate: '2027-12-22T02:00:00.000Z' },
    p3: {
      months: 12,
      renewalDate: '2028-12-22T02:00:00.000Z',
      refundedAt: '2027-12-01T00:00:00.000Z',
    },
  };
  const service = {
    planId: 'premiumhosting',
    planName: 'Premium Hosting',
    renewalDate: '2027-12-22T02:00:00.000Z',
    periods,
    isDomain: false,
  };

  it('renews the period last paid for (not a refunded one), at the renewal price', () => {
    expect(autoRenewPriceRequest(service)).toEqual({
      planId: 'premiumhosting',
      months: 1,
      renewal: true,
    });
  });

  it('renews the smaller plan chosen for this renewal date (D26), not the current one', () => {
    const pendingPlan = {
      planId: 'basichosting',
      planName: 'Basic Hosting',
      from: service.renewalDate,
    };
    expect(autoRenewPriceRequest({ ...service, pendingPlan }).planId).toBe('basichosting');
    // Chosen for a later renewal: this one is still the current plan's.
    const later = { ...pendingPlan, from: '2028-01-22T02:00:00.000Z' };
    expect(autoRenewPriceRequest({ ...service, pendingPlan: later }).planId).toBe('premiumhosting');
  });
  it('renews a domain by the years it was last paid for, 1 to 3, with its name', () => {
    const domain = (months: number) => ({
      planId: 'premiumdomain',
      planName: 'Premium Domain',
      renewalDate: '2028-11-22T02:00:00.000Z',
      domain: 'asharao.in',
      periods: { p1: { months, renewalDate: '2028-11-22T02:00:00.000Z' } },
      isDomain: true,
    });
    expect(autoRenewPriceRequest(domain(24))).toEqual({
      planId: 'premiumdomain',
      years: 2,
      domain: 'asharao.in',
      renewal: true,
    });
    expect(autoRenewPriceRequest(domain(36)).years).toBe(3);
    expect(autoRenewPriceRequest(domain(60)).years).toBe(3);
    expect(autoRenewPriceRequest(domain(1)).years).toBe(1);
  });

  it('asks checkout for the same period again: a domain by its years and name', () => {
    expect(
      renewalRequestOf({
        planId: 'premiumdomain',
        months: 24,
        // The buyer's domain term as checkout priced it (its yearly price is not asked again).
        domain: { name: 'asharao.in', extension: '.in', years: 2, yearlyPricePaise: 2_499_00 },
      }),
    ).toEqual({ planId: 'premiumdomain', years: 2, domain: 'asharao.in', renewal: true });
    expect(renewalRequestOf({ planId: 'premiumhosting', months: 24 })).toEqual({
      planId: 'premiumhosting',
      months: 24,
      renewal: true,
    });
  });
});
