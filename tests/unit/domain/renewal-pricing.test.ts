import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { PromoNotForRenewalError } from '../../../lambdas/domain/errors';
import { quote, quoteFor } from '../../../lambdas/domain/pricing';

const basicHosting = CATALOG.find((p) => p.id === 'basichosting')!;

describe('renewal pricing (docs/decisions.md D14)', () => {
  it('renews Basic Hosting for 12 months at its renewal price: ₹2,999 × 12 = ₹35,988 + 18% = ₹42,465.84', () => {
    const q = quote(basicHosting, 12, undefined, { renewal: true });

    expect(q).toMatchObject({
      renewal: true,
      monthlyPricePaise: 299_900,
      basePaise: 3_598_800, // 2,999.00 × 12
      durationDiscountPaise: 0,
      subtotalPaise: 3_598_800,
      feePaise: 647_784, // 18% of 35,988.00 = 6,477.84
      totalPaise: 4_246_584, // 42,465.84
    });
  });

  it('keeps the duration discounts: 36 months at 30% off', () => {
    const q = quote(basicHosting, 36, undefined, { renewal: true });

    // 2,999.00 × 36 = 1,07,964.00; 30% = 32,389.20; subtotal 75,574.80; GST 13,603.464 → 13,603.46
    expect(q).toMatchObject({
      basePaise: 10_796_400,
      durationDiscountPercent: 30,
      durationDiscountPaise: 3_238_920,
      subtotalPaise: 7_557_480,
      feePaise: 1_360_346,
      totalPaise: 8_917_826,
    });
  });

  it('refuses a promo code on a renewal with the buyer-readable reason', () => {
    expect(() => quote(basicHosting, 12, 'HOST10', { renewal: true })).toThrow(
      PromoNotForRenewalError,
    );
    expect(() => quote(basicHosting, 12, 'HOST10', { renewal: true })).toThrow(
      'Promo codes apply to new purchases only.',
    );
  });

  it('prices a new purchase as before, marked as not a renewal', () => {
    expect(quoteFor(CATALOG, { planId: 'basichosting', months: 12 })).toMatchObject({
      renewal: false,
      monthlyPricePaise: 249_900,
    });
  });
});
