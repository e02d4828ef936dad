/**
 * The domain's small rules at their edges, each case one a mutant of the rule turned (docs/mutation.md):
 * guards of whole paise and percentages, the GSTIN check character's input, what a complete
 * billing address is, a stuck item's id and a review refund's receipt, what /domains makes of
 * what a visitor typed, and the plan records read from the plans table.
 */
import { describe, expect, it } from 'vitest';
import { parseStuckItemId, reviewRefundReceipt, stuckItemId } from '../../../lambdas/domain/admin';
import { normaliseLabel } from '../../../lambdas/domain/domain-names';
import { gstinCheckCharacter, hasBuyerAddress, normalizeGstin } from '../../../lambdas/domain/gst';
import { assertPaise, formatInr, percentOf, rupeesToPaise } from '../../../lambdas/domain/money';
import { findPlan, planFromRecord } from '../../../lambdas/domain/plan';
import { PlanNotFoundError } from '../../../lambdas/domain/errors';

describe('money', () => {
  it('takes whole, non-negative paise and names the amount it refuses', () => {
    expect(() => assertPaise(0)).not.toThrow();
    expect(() => assertPaise(-1, 'refund')).toThrow(
      'refund must be a non-negative whole number of paise, got -1',
    );
    expect(() => assertPaise(1.5)).toThrow('amount must be a non-negative whole number of paise');
  });

  it('reads rupees as typed, spaces around them forgiven', () => {
    expect(rupeesToPaise(' 353.84 ')).toBe(35_384);
    expect(() => rupeesToPaise('3.845')).toThrow('not a rupee amount: 3.845');
  });

  it('takes a percentage of 0 to 100 only, rounding half a paisa up', () => {
    expect(percentOf(1_000, 0)).toBe(0);
    expect(percentOf(1_000, 100)).toBe(1_000);
    expect(percentOf(5, 10)).toBe(1); // 0.5 paise → 1
    for (const bad of [-1, 101, 12.5]) {
      expect(() => percentOf(1_000, bad)).toThrow(
        `percent must be a whole number from 0 to 100, got ${bad}`,
      );
    }
  });

  it('writes rupees as India writes them', () => {
    expect(formatInr(3_538_584)).toBe('₹35,385.84');
  });
});

describe('GSTIN', () => {
  it('is read without spaces anywhere, in capitals', () => {
    expect(normalizeGstin(' 27aap fu0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });

  it('has its check character over exactly 14 characters of 0-9 and A-Z', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    for (const bad of ['27AAPFU0939F1', '27AAPFU0939F1ZV', 'x27AAPFU0939F1Z', '27aapfu0939f1z']) {
      expect(() => gstinCheckCharacter(bad), bad).toThrow(
        `expected 14 characters of 0-9 and A-Z, got ${bad}`,
      );
    }
  });
});

describe('a complete billing address', () => {
  const complete = {
    name: 'Kaveri Textiles Private Limited',
    line1: '21, Anna Salai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600002',
  };

  it('names the buyer, a first line, a city, a state and a PIN code', () => {
    expect(hasBuyerAddress(complete)).toBe(true);
    expect(hasBuyerAddress(null)).toBe(false);
  });

  it.each(['name', 'line1', 'city'] as const)('is not one with a blank %s', (field) => {
    expect(hasBuyerAddress({ ...complete, [field]: '   ' })).toBe(false);
  });
});

describe('the operators’ console', () => {
  it('names a stuck item by its kind and record, and reads the name back', () => {
    const id = stuckItemId('welcome-mail', 'pur_pay_Nx7gT4uVw8bYd1');
    expect(id).toBe('welcome-mail:pur_pay_Nx7gT4uVw8bYd1');
    expect(parseStuckItemId(id)).toEqual({ kind: 'welcome-mail', key: 'pur_pay_Nx7gT4uVw8bYd1' });
    expect(parseStuckItemId('refund:user#pay:1')).toEqual({ kind: 'refund', key: 'user#pay:1' });
  });

  it.each(['welcome-mail', 'support-mail', 'provisioning', 'refund'] as const)(
    'reads back the name of a stuck %s',
    (kind) => {
      expect(parseStuckItemId(stuckItemId(kind, 'usr_42#svc_1'))).toEqual({
        kind,
        key: 'usr_42#svc_1',
      });
    },
  );

  // `refunds`: a kind and one more character, with no colon to end the kind.
  it.each([':pur_1', 'welcome-mail:', 'welcome-mail', 'refunds', 'parcel:pur_1', ''])(
    'reads no stuck item from %j',
    (id) => {
      expect(parseStuckItemId(id)).toBeUndefined();
    },
  );

  it('gives a review refund a receipt of at most 40 characters, Razorpay’s limit', () => {
    expect(reviewRefundReceipt('order_Nx7fQm2kLp9aZc')).toBe('review:order_Nx7fQm2kLp9aZc');
    expect(reviewRefundReceipt(`order_${'x'.repeat(40)}`)).toHaveLength(40);
  });
});

describe('what /domains makes of what a visitor typed', () => {
  it.each([
    ['My  Shop', 'myshop'],
    ['ftp://asha.com', 'asha'],
    ['asha.com?x=1', 'asha'],
    ['asha#top', 'asha'],
    ['www.asha.in', 'asha'],
    ['mywww.asha.in', 'mywww'],
  ])('%j → %j', (typed, label) => {
    expect(normaliseLabel(typed)).toEqual({ ok: true, label });
  });

  it.each([
    ['   ', 'empty'],
    ['https://', 'empty'],
    ['asha_rao', 'invalid'],
    ['-asha', 'invalid'],
    // A protocol is taken off only at the start: text before one is read as typed.
    ['1https://asha.in', 'invalid'],
  ])('%j is %s', (typed, reason) => {
    expect(normaliseLabel(typed)).toEqual({ ok: false, reason });
  });
});

describe('a plan read from the plans table', () => {
  const record = {
    id: 'basichosting',
    name: 'Basic Hosting',
    category: 'hosting',
    monthlyPricePaise: 39_900,
    description: 'One website',
    features: ['1 website', 7, '10 GB storage'],
  };

  it('keeps its text features and drops what is not text', () => {
    expect(planFromRecord(record)).toMatchObject({
      id: 'basichosting',
      name: 'Basic Hosting',
      monthlyPricePaise: 39_900,
      description: 'One website',
      features: ['1 website', '10 GB storage'],
    });
  });

  it('has no features and no description when the record gives none', () => {
    const { features: _f, description: _d, ...bare } = record;
    expect(planFromRecord(bare)).toMatchObject({ features: [], description: '' });
  });

  it.each([
    ['no id', { ...record, id: 7 }],
    ['no name', { ...record, name: undefined }],
    ['a price that is not whole paise', { ...record, monthlyPricePaise: 399.5 }],
    ['a price that is not a number', { ...record, monthlyPricePaise: '39900' }],
  ])('is none with %s', (_what, bad) => {
    expect(planFromRecord(bad as Record<string, unknown>)).toBeUndefined();
  });

  it('keeps a renewal and an original price only in whole paise, savings only as a number, specs only as an object', () => {
    expect(
      planFromRecord({
        ...record,
        renewalPricePaise: 49_900,
        originalPricePaise: 59_900,
        savingsPercent: 20,
        specs: { storage: '10 GB' },
      }),
    ).toMatchObject({
      renewalPricePaise: 49_900,
      originalPricePaise: 59_900,
      savingsPercent: 20,
      specs: { storage: '10 GB' },
    });
    for (const bad of [
      { renewalPricePaise: '49900', originalPricePaise: 599.5, savingsPercent: '20', specs: 'big' },
      { renewalPricePaise: 499.5, originalPricePaise: '59900', specs: null },
    ]) {
      const plan = planFromRecord({ ...record, ...bad })!;
      expect(plan).not.toHaveProperty('renewalPricePaise');
      expect(plan).not.toHaveProperty('originalPricePaise');
      expect(plan).not.toHaveProperty('savingsPercent');
      expect(plan).not.toHaveProperty('specs');
    }
  });

  it('is found by its id, or refused as PlanNotFound', () => {
    const plans = [planFromRecord(record)!, planFromRecord({ ...record, id: 'premiumhosting' })!];
    expect(findPlan(plans, 'premiumhosting').id).toBe('premiumhosting');
    expect(() => findPlan(plans, 'goldhosting')).toThrow(PlanNotFoundError);
  });
});
