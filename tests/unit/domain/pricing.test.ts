import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATALOG } from '../../../lambdas/domain/catalog';
import {
  InvalidMonthsError,
  InvalidPromoCodeError,
  PlanNotFoundError,
} from '../../../lambdas/domain/errors';
import { DURATIONS, quote, quoteFor, type Months } from '../../../lambdas/domain/pricing';

const basicHosting = { id: 'basichosting', name: 'Basic Hosting', monthlyPricePaise: 249_900 };

describe('quote: worked examples', () => {
  it('12 months of Basic Hosting: no discount, 18% fee', () => {
    // base 2,499.00 × 12 = 29,988.00; fee 18% = 5,397.84; total 35,385.84
    expect(quote(basicHosting, 12)).toEqual({
      planId: 'basichosting',
      planName: 'Basic Hosting',
      months: 12,
      monthlyPricePaise: 249_900,
      basePaise: 2_998_800,
      durationDiscountPercent: 0,
      durationDiscountPaise: 0,
      promo: null,
      subtotalPaise: 2_998_800,
      feePercent: 18,
      feePaise: 539_784,
      totalPaise: 3_538_584,
      renewal: false,
    });
  });

  it('24 months with HOST10: 20% off, then 10% of what is left, then the fee', () => {
    // base      2,499.00 × 24            = 59,976.00
    // duration  59,976.00 × 20%          = 11,995.20   → 47,980.80
    // HOST10    47,980.80 × 10%          =  4,798.08   → 43,182.72
    // fee       43,182.72 × 18% = 7,772.8896, rounded = 7,772.89
    // total     43,182.72 + 7,772.89     = 50,955.61
    const q = quote(basicHosting, 24, 'HOST10');
    expect(q.basePaise).toBe(5_997_600);
    expect(q.durationDiscountPercent).toBe(20);
    expect(q.durationDiscountPaise).toBe(1_199_520);
    expect(q.promo).toEqual({
      code: 'HOST10',
      percent: 10,
      message: '10% additional discount applied',
      discountPaise: 479_808,
    });
    expect(q.subtotalPaise).toBe(4_318_272);
    expect(q.feePaise).toBe(777_289);
    expect(q.totalPaise).toBe(5_095_561);
  });

  it('36 months of Premium VPS: 30% off', () => {
    // base 1,199.00 × 36 = 43,164.00; 30% = 12,949.20 → 30,214.80;
    // fee 18% = 5,438.664 → 5,438.66; total 35,653.46
    const q = quote({ id: 'premiumvps', name: 'Premium VPS', monthlyPricePaise: 119_900 }, 36);
    expect(q.durationDiscountPaise).toBe(1_294_920);
    expect(q.subtotalPaise).toBe(3_021_480);
    expect(q.feePaise).toBe(543_866);
    expect(q.totalPaise).toBe(3_565_346);
  });

  it('1 month of Basic Domain: the fee alone', () => {
    // 99.00 + 18% (17.82) = 116.82
    const q = quote({ id: 'basicdomain', name: 'Basic Domain', monthlyPricePaise: 9_900 }, 1);
    expect(q.feePaise).toBe(1_782);
    expect(q.totalPaise).toBe(11_682);
  });

  it('rounds a half paisa up', () => {
    // 0.25 × 18% = 0.045 rupees = 4.5 paise → 5 paise
    const q = quote({ id: 'p', name: 'P', monthlyPricePaise: 25 }, 1);
    expect(q.feePaise).toBe(5);
    // 0.24 × 18% = 4.32 paise → 4 paise
    expect(quote({ id: 'p', name: 'P', monthlyPricePaise: 24 }, 1).feePaise).toBe(4);
  });
});

describe('quote: errors', () => {
  it.each([0, 2, 6, 13, 48, -12, 12.5, '12', null, undefined])('refuses %s months', (months) => {
    expect(() => quote(basicHosting, months)).toThrow(InvalidMonthsError);
  });

  it.each(['host10', 'HOST 10', ' HOST10', 'HOST10 ', 'SAVE50', 'toString', '__proto__'])(
    'refuses the promo code %j (exact and case-sensitive)',
    (code) => {
      expect(() => quote(basicHosting, 12, code)).toThrow(InvalidPromoCodeError);
    },
  );

  it('treats an empty or absent promo code as none', () => {
    expect(quote(basicHosting, 12, '').promo).toBeNull();
    expect(quote(basicHosting, 12, null).promo).toBeNull();
    expect(quote(basicHosting, 12).promo).toBeNull();
  });

  it('gives the error its API code', () => {
    expect(new InvalidMonthsError(5).code).toBe('invalid_months');
    expect(new InvalidPromoCodeError('x').code).toBe('invalid_promo_code');
    expect(new PlanNotFoundError('x').code).toBe('plan_not_found');
  });

  it('looks plans up by id and refuses an unknown one', () => {
    expect(quoteFor(CATALOG, { planId: 'premiumbundle', months: 12 }).basePaise).toBe(11_998_800);
    expect(() => quoteFor(CATALOG, { planId: 'nosuchplan', months: 12 })).toThrow(
      PlanNotFoundError,
    );
  });

  it('prices a renewal asked by id at the renewal price, and only when asked', () => {
    const plan = CATALOG.find((p) => p.id === 'basichosting')!;
    const renewal = quoteFor(CATALOG, { planId: 'basichosting', months: 12, renewal: true });
    expect(renewal).toEqual(quote(plan, 12, undefined, { renewal: true }));
    expect(renewal.renewal).toBe(true);
    expect(renewal.totalPaise).toBeGreaterThan(quote(plan, 12).totalPaise);
    expect(quoteFor(CATALOG, { planId: 'basichosting', months: 12 }).renewal).toBe(false);
  });
});

describe('quote: invariants', () => {
  const monthlyPrice = fc.integer({ min: 0, max: 100_000_000 });
  const months = fc.constantFrom<Months>(...DURATIONS);
  const promo = fc.constantFrom<string | undefined>(undefined, 'HOST10');
  const plan = (monthlyPricePaise: number) => ({ id: 'p', name: 'P', monthlyPricePaise });

  it('total = subtotal + fee, subtotal = base − discounts, nothing negative', () => {
    fc.assert(
      fc.property(monthlyPrice, months, promo, (price, m, code) => {
        const q = quote(plan(price), m, code);
        const promoPaise = q.promo?.discountPaise ?? 0;
        expect(q.totalPaise).toBe(q.subtotalPaise + q.feePaise);
        expect(q.subtotalPaise).toBe(q.basePaise - q.durationDiscountPaise - promoPaise);
        for (const amount of [q.basePaise, q.durationDiscountPaise, promoPaise, q.feePaise]) {
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(amount)).toBe(true);
        }
        expect(q.subtotalPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('discounts never exceed the base', () => {
    fc.assert(
      fc.property(monthlyPrice, months, promo, (price, m, code) => {
        const q = quote(plan(price), m, code);
        expect(q.durationDiscountPaise + (q.promo?.discountPaise ?? 0)).toBeLessThanOrEqual(
          q.basePaise,
        );
      }),
    );
  });

  it('a longer duration never costs more per month (beyond the fee rounding)', () => {
    // Each total rounds its promo and its fee once: at most 0.5 × 1.18 + 0.5 ≈ 1.09 paise off the
    // exact total, whose cost per month never rises. So a longer period may cost at most that
    // (plus the same spread over its own months) more per month than a shorter one.
    fc.assert(
      fc.property(monthlyPrice, promo, (price, code) => {
        const perMonth = DURATIONS.map((m) => quote(plan(price), m, code).totalPaise / m);
        for (let i = 1; i < perMonth.length; i += 1) {
          expect(perMonth[i]).toBeLessThanOrEqual(perMonth[i - 1]! + 1.09 * (1 + 1 / 12));
        }
      }),
    );
  });

  it('with a duration discount, a longer duration costs strictly less per month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), promo, (price, code) => {
        const perMonth = (m: Months) => quote(plan(price), m, code).totalPaise / m;
        expect(perMonth(24)).toBeLessThan(perMonth(12));
        expect(perMonth(36)).toBeLessThan(perMonth(24));
      }),
    );
  });

  it('every rounding is within half a paisa of the exact value', () => {
    fc.assert(
      fc.property(monthlyPrice, months, promo, (price, m, code) => {
        const q = quote(plan(price), m, code);
        const exactDuration = (q.basePaise * q.durationDiscountPercent) / 100;
        expect(Math.abs(q.durationDiscountPaise - exactDuration)).toBeLessThanOrEqual(0.5);
        if (q.promo) {
          const exactPromo = ((q.basePaise - q.durationDiscountPaise) * q.promo.percent) / 100;
          expect(Math.abs(q.promo.discountPaise - exactPromo)).toBeLessThanOrEqual(0.5);
        }
        const exactFee = (q.subtotalPaise * 18) / 100;
        expect(Math.abs(q.feePaise - exactFee)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
