/**
 * D26's rules around the arithmetic (plan-change.test.ts has the arithmetic): which changes a
 * buyer may make now or at the renewal, the sentence of each refusal, and the checkout's quote of
 * an upgrade to the paisa, with earlier changes in the period credited.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { PlanNotFoundError } from '../../../lambdas/domain/errors';
import {
  downgradeTarget,
  InvalidPlanChangeError,
  PlanChangeQuoteExpiredError,
  planInForce,
  quotePlanChange,
  ServiceNotChangeableError,
  type PlanChangeRequest,
} from '../../../lambdas/domain/plan-change';
import type { Plan } from '../../../lambdas/domain/plan';
import { errorResponse } from '../../../lambdas/http/error-response';
import { RecordingLog } from '../../helpers/fakes/stores';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
// Basic Hosting bought 27 Nov 2026, 10:00 IST, for 12 months: ₹29,988 before GST.
const BOUGHT = '2026-11-27T04:30:00.000Z';
const RENEWS = '2027-11-27T04:30:00.000Z';
const HUNDRED_DAYS_IN = new Date(Date.parse(BOUGHT) + 100 * DAY);

const planOf = (id: string): Plan => {
  const plan = CATALOG.find((p) => p.id === id);
  if (!plan) throw new Error(`no ${id} in the catalog`);
  return plan;
};

const request: PlanChangeRequest = {
  plans: CATALOG,
  service: {
    planId: 'basichosting',
    planName: 'Basic Hosting',
    category: 'hosting',
    state: 'active',
  },
  period: { startDate: BOUGHT, renewalDate: RENEWS, months: 12 },
  paidTaxablePaise: 2_998_800,
  renewal: false,
  changesInPeriod: [],
  paidBeyond: false,
  toPlanId: 'premiumhosting',
  at: HUNDRED_DAYS_IN,
};

/** What the buyer is told: the refusal's class, its code and its sentence. */
function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    const code = (error as { code?: string }).code;
    return error instanceof Error ? `${error.name} ${code}: ${error.message}` : String(error);
  }
  return 'no refusal';
}

describe('the quote of an upgrade now (D26)', () => {
  it('is the worked example in the Quote shape: the invoice is for the difference, not a renewal', () => {
    expect(quotePlanChange(request)).toEqual({
      planId: 'premiumhosting',
      planName: 'Premium Hosting',
      months: 12,
      monthlyPricePaise: 399_900,
      basePaise: 1_306_849,
      durationDiscountPercent: 0,
      durationDiscountPaise: 0,
      promo: null,
      subtotalPaise: 1_306_849,
      feePercent: 18,
      feePaise: 235_233,
      totalPaise: 1_542_082,
      renewal: false,
      change: {
        fromPlanId: 'basichosting',
        fromPlanName: 'Basic Hosting',
        creditPaise: 2_177_211,
        chargePaise: 3_484_060,
        remainingDays: 265,
        periodDays: 365,
        renewalDate: RENEWS,
        // Premium Hosting's renewal for 12 months with GST, from the renewal date on.
        renewalTotalPaise: 7_078_584,
      },
    });
  });

  it('prices a period bought as a renewal at the new plan’s renewal price for the days left', () => {
    // Renewed Basic Hosting (₹35,988) → Premium Hosting at its renewal price (₹59,988), 265 of 365.
    const quote = quotePlanChange({ ...request, paidTaxablePaise: 3_598_800, renewal: true });
    expect(quote.change).toMatchObject({ creditPaise: 2_612_827, chargePaise: 4_355_293 });
    expect(quote.subtotalPaise).toBe(1_742_466);
  });

  it('credits what an earlier change in the period paid, for the same days left', () => {
    // ₹5,000 paid for a change with 300 days left is worth ₹4,416.67 with 265 left.
    const quote = quotePlanChange({
      ...request,
      changesInPeriod: [{ taxablePaise: 500_000, remainingDays: 300 }],
    });
    expect(quote.change.creditPaise).toBe(2_177_211 + 441_667);
    expect(quote.subtotalPaise).toBe(1_306_849 - 441_667);
  });

  it('charges nothing when the credit meets the charge exactly; a paisa more credit is a refusal', () => {
    const earlier = (taxablePaise: number) => ({
      ...request,
      changesInPeriod: [{ taxablePaise, remainingDays: 265 }],
    });
    expect(quotePlanChange(earlier(1_306_849))).toMatchObject({ subtotalPaise: 0, totalPaise: 0 });
    expect(refusalOf(() => quotePlanChange(earlier(1_306_850)))).toBe(
      'InvalidPlanChangeError invalid_plan_change: Premium Hosting costs less than what is left of your plan: a move to it takes effect at your renewal.',
    );
  });

  it('refuses a plan it does not know, or a service on one, as plan not found', () => {
    expect(() => quotePlanChange({ ...request, toPlanId: 'goldhosting' })).toThrow(
      PlanNotFoundError,
    );
    expect(() =>
      quotePlanChange({ ...request, service: { ...request.service, planId: 'goldhosting' } }),
    ).toThrow(PlanNotFoundError);
  });

  it('refuses another kind of plan, naming the service’s kind', () => {
    expect(refusalOf(() => quotePlanChange({ ...request, toPlanId: 'premiumvps' }))).toBe(
      'InvalidPlanChangeError invalid_plan_change: Premium VPS is not a hosting plan: a plan changes only to another plan of the same kind. Buy it as a new service instead.',
    );
    const vps = {
      ...request,
      service: {
        planId: 'basicvps',
        planName: 'Basic VPS',
        category: 'vps' as const,
        state: 'active' as const,
      },
      toPlanId: 'premiumhosting',
    };
    expect(refusalOf(() => quotePlanChange(vps))).toBe(
      'InvalidPlanChangeError invalid_plan_change: Premium Hosting is not a VPS plan: a plan changes only to another plan of the same kind. Buy it as a new service instead.',
    );
  });

  it('refuses a plan that costs less, or the same, now: that move is made at the renewal', () => {
    const premium = {
      ...request,
      service: { ...request.service, planId: 'premiumhosting', planName: 'Premium Hosting' },
      paidTaxablePaise: 4_798_800,
      toPlanId: 'basichosting',
    };
    expect(refusalOf(() => quotePlanChange(premium))).toBe(
      'InvalidPlanChangeError invalid_plan_change: Basic Hosting costs less than Premium Hosting: a move to a smaller plan takes effect at your renewal, never now. Choose it as a change at renewal.',
    );
    const twin: Plan = {
      ...planOf('basichosting'),
      id: 'basichostingplus',
      name: 'Basic Hosting Plus',
    };
    expect(
      refusalOf(() =>
        quotePlanChange({ ...request, plans: [...CATALOG, twin], toPlanId: 'basichostingplus' }),
      ),
    ).toBe(
      'InvalidPlanChangeError invalid_plan_change: Basic Hosting Plus costs less than Basic Hosting: a move to a smaller plan takes effect at your renewal, never now. Choose it as a change at renewal.',
    );
  });

  it('refuses a service being set up, one not active, and one with a renewal paid ahead', () => {
    const inState = (state: 'setting_up' | 'suspended') => ({
      ...request,
      service: { ...request.service, state },
    });
    expect(refusalOf(() => quotePlanChange(inState('setting_up')))).toBe(
      'ServiceNotChangeableError service_not_changeable: This service is still being set up. You can change its plan once it is ready.',
    );
    expect(refusalOf(() => quotePlanChange(inState('suspended')))).toBe(
      'ServiceNotChangeableError service_not_changeable: This service is not active, so its plan cannot change. Renew it first, or buy the plan as a new service.',
    );
    expect(refusalOf(() => quotePlanChange({ ...request, paidBeyond: true }))).toBe(
      'ServiceNotChangeableError service_not_changeable: This service has a renewal paid ahead. Its plan can change once that renewal has begun.',
    );
  });

  it('on the renewal day, before the renewal’s hour, sends the buyer to the renewal', () => {
    const morning = new Date(Date.parse(RENEWS) - HOUR);
    expect(refusalOf(() => quotePlanChange({ ...request, at: morning }))).toBe(
      'ServiceNotChangeableError service_not_changeable: Your service renews today: choose the new plan when you renew.',
    );
  });

  it('lets a broken amount through as the fault it is, not as "renews today"', () => {
    expect(() => quotePlanChange({ ...request, paidTaxablePaise: 2_998_800.5 })).toThrow(
      /^paid taxable must be a non-negative whole number of paise/,
    );
  });

  it('refuses a quote the buyer saw for another day, saying the days left now', () => {
    expect(refusalOf(() => quotePlanChange({ ...request, quotedRemainingDays: 266 }))).toBe(
      'PlanChangeQuoteExpiredError quote_expired: The price of this change was worked out for a different day; it is now for 265 days. Please look at the new price and pay again.',
    );
    expect(quotePlanChange({ ...request, quotedRemainingDays: 265 }).totalPaise).toBe(1_542_082);
  });

  it('answers each refusal as a 4xx with its code and sentence', () => {
    for (const [error, status] of [
      [new InvalidPlanChangeError('x.'), 400],
      [new ServiceNotChangeableError('x.'), 409],
      [new PlanChangeQuoteExpiredError(3), 409],
    ] as const) {
      const response = errorResponse(error, new RecordingLog());
      expect(response.statusCode).toBe(status);
      expect(JSON.parse(response.body ?? '')).toMatchObject({
        error: { code: error.code, message: error.message },
      });
    }
  });
});

describe('a smaller plan at the renewal (D26)', () => {
  const premium = {
    planId: 'premiumhosting',
    category: 'hosting' as const,
    state: 'active' as const,
  };

  it('is the plan in force from the very instant of its date, not a millisecond before', () => {
    const service = {
      planId: 'premiumhosting',
      planName: 'Premium Hosting',
      pendingPlan: { planId: 'basichosting', planName: 'Basic Hosting', from: RENEWS },
    };
    expect(planInForce(service, new Date(Date.parse(RENEWS) - 1)).planId).toBe('premiumhosting');
    expect(planInForce(service, new Date(RENEWS))).toEqual({
      planId: 'basichosting',
      planName: 'Basic Hosting',
    });
  });

  it('refuses a plan it does not know, or a service on one, as plan not found', () => {
    expect(() => downgradeTarget(CATALOG, premium, 'goldhosting')).toThrow(PlanNotFoundError);
    expect(() =>
      downgradeTarget(CATALOG, { ...premium, planId: 'goldhosting' }, 'basichosting'),
    ).toThrow(PlanNotFoundError);
  });

  it('refuses a service that has ended or been removed', () => {
    expect(downgradeTarget(CATALOG, premium, 'basichosting').id).toBe('basichosting');
    for (const state of ['ended', 'removed'] as const) {
      expect(refusalOf(() => downgradeTarget(CATALOG, { ...premium, state }, 'basichosting'))).toBe(
        'ServiceNotChangeableError service_not_changeable: This service has ended, so its plan cannot change.',
      );
    }
  });

  it('refuses another kind of plan and a plan that costs the same, with sentences', () => {
    expect(refusalOf(() => downgradeTarget(CATALOG, premium, 'basicvps'))).toBe(
      'InvalidPlanChangeError invalid_plan_change: Basic VPS is not a hosting plan: a plan changes only to another plan of the same kind.',
    );
    const vps = { planId: 'premiumvps', category: 'vps' as const, state: 'active' as const };
    expect(refusalOf(() => downgradeTarget(CATALOG, vps, 'basichosting'))).toBe(
      'InvalidPlanChangeError invalid_plan_change: Basic Hosting is not a VPS plan: a plan changes only to another plan of the same kind.',
    );
    const twin: Plan = {
      ...planOf('premiumhosting'),
      id: 'premiumhostingplus',
      name: 'Premium Hosting Plus',
    };
    expect(
      refusalOf(() => downgradeTarget([...CATALOG, twin], premium, 'premiumhostingplus')),
    ).toBe(
      'InvalidPlanChangeError invalid_plan_change: Premium Hosting Plus is not smaller than Premium Hosting: a move to a larger plan is made now, with the difference for the days left.',
    );
  });

  it('lets a VPS move to a cheaper plan whose disk is as large; only a VPS disk is held to it', () => {
    const premiumVps = planOf('premiumvps');
    // A cheaper VPS with the same 80 GB disk.
    const lite: Plan = {
      ...premiumVps,
      id: 'litevps',
      name: 'Lite VPS',
      monthlyPricePaise: 99_900,
    };
    const vps = { planId: 'premiumvps', category: 'vps' as const, state: 'active' as const };
    expect(downgradeTarget([...CATALOG, lite], vps, 'litevps').id).toBe('litevps');
    // A hosting plan stating a disk may move to one with a smaller disk: files are moved for it.
    const withDisk = (id: string, ssdGb: number): Plan => ({
      ...planOf(id),
      specs: { vcpu: 1, ramGb: 1, ssdGb, transferTb: 1, ipv4: 1 },
    });
    const hostingWithDisks = [withDisk('premiumhosting', 100), withDisk('basichosting', 50)];
    expect(downgradeTarget(hostingWithDisks, premium, 'basichosting').id).toBe('basichosting');
  });
});
