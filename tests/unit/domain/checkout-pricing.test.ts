/**
 * priceCheckout, the one price of a checkout request for any plan: a domain plan's years (or the
 * months older clients send), hosting's own domain for its panel account, and what each plan kind
 * refuses. Worked figures for the prices themselves: pricing.test.ts and domain-names.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { accountDomainOf, priceCheckout } from '../../../lambdas/domain/checkout-pricing';
import { DomainNotApplicableError, InvalidYearsError } from '../../../lambdas/domain/domain-names';
import { PlanNotFoundError } from '../../../lambdas/domain/errors';

const plans = CATALOG;
const domainOrder = { planId: 'basicdomain', domain: 'asharao.com' };

describe('a domain plan', () => {
  it('is priced for the years asked, months agreeing or absent', () => {
    const two = priceCheckout(plans, { ...domainOrder, years: 2 });
    expect(two.domain?.years).toBe(2);
    expect(priceCheckout(plans, { ...domainOrder, years: 2, months: 24 })).toEqual(two);
    expect(priceCheckout(plans, { ...domainOrder, months: 24 })).toEqual(two);
    expect(priceCheckout(plans, { ...domainOrder, months: 36 }).domain?.years).toBe(3);
    expect(priceCheckout(plans, domainOrder).domain?.years).toBe(1);
  });

  it('refuses years and months that disagree, and months that are not whole years', () => {
    expect(() => priceCheckout(plans, { ...domainOrder, years: 2, months: 12 })).toThrow(
      InvalidYearsError,
    );
    for (const months of [1, 6, 48]) {
      expect(() => priceCheckout(plans, { ...domainOrder, months })).toThrow(InvalidYearsError);
    }
    // Months sent as text are not a year's worth: "12" / 12 would read as one year.
    expect(() => priceCheckout(plans, { ...domainOrder, months: '12' })).toThrow(InvalidYearsError);
  });

  it('shows a twelfth of the year’s price as its monthly price', () => {
    const quote = priceCheckout(plans, domainOrder);
    expect(quote.monthlyPricePaise).toBe(Math.round(quote.domain!.yearlyPricePaise / 12));
    expect(quote.monthlyPricePaise * 12).toBeGreaterThan(quote.domain!.yearlyPricePaise - 12);
  });

  it('says whether it is a renewal', () => {
    expect(priceCheckout(plans, { ...domainOrder, renewal: true }).renewal).toBe(true);
    expect(priceCheckout(plans, domainOrder).renewal).toBe(false);
  });
});

describe('hosting, a bundle and the rest', () => {
  it('takes a domain for hosting’s and a bundle’s account, at no price', () => {
    const plain = priceCheckout(plans, { planId: 'basichosting', months: 12 });
    const named = priceCheckout(plans, { planId: 'basichosting', months: 12, domain: 'Asha.IN' });
    expect(named.totalPaise).toBe(plain.totalPaise);
    expect(() =>
      priceCheckout(plans, { planId: 'basicbundle', months: 12, domain: 'ashaverma.in' }),
    ).not.toThrow();
  });

  it('refuses a domain for a plan with no hosting, and years for one that is not a domain', () => {
    expect(() =>
      priceCheckout(plans, { planId: 'basicvps', months: 12, domain: 'ashaverma.in' }),
    ).toThrow(DomainNotApplicableError);
    expect(() => priceCheckout(plans, { planId: 'basichosting', months: 12, years: 1 })).toThrow(
      InvalidYearsError,
    );
    expect(() => priceCheckout(plans, { planId: 'goldhosting', months: 12 })).toThrow(
      PlanNotFoundError,
    );
  });

  it('prices a renewal as one', () => {
    const renewal = priceCheckout(plans, { planId: 'basichosting', months: 12, renewal: true });
    expect(renewal.renewal).toBe(true);
  });
});

describe('the domain of a hosting account', () => {
  const hosting = { category: 'hosting' as const };

  it('is the name given, normalised, or none when none is given', () => {
    expect(accountDomainOf(hosting, ' Asha.IN ')).toBe('asha.in');
    expect(accountDomainOf({ category: 'bundle' }, 'ashaverma.in')).toBe('ashaverma.in');
    for (const none of [undefined, null, ''])
      expect(accountDomainOf(hosting, none)).toBeUndefined();
  });

  it('is none for a plan with no hosting, whatever was given', () => {
    expect(accountDomainOf({ category: 'vps' }, 'ashaverma.in')).toBeUndefined();
  });

  it.each([['not a domain'], [42], ['https://asha.in']])('refuses %j', (given) => {
    expect(() => accountDomainOf(hosting, given)).toThrow(
      expect.objectContaining({ code: 'invalid_domain' }),
    );
  });
});
