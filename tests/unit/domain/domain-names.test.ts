import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import {
  DOMAIN_TIER_FEE_PAISE_PER_YEAR,
  assertNoDomainUnlessDomainPlan,
  domainPricePerYear,
  normaliseLabel,
  parseDomainName,
  quoteDomain,
} from '../../../lambdas/domain/domain-names';

const basic = { planId: 'basicdomain', planName: 'Basic Domain' };

describe('the domain price a buyer sees is the price charged', () => {
  it("keeps /domains' prices as Basic Domain's: ₹999/yr for .com, ₹899/yr for .net", () => {
    expect(domainPricePerYear('basicdomain', '.com')).toBe(99_900);
    expect(domainPricePerYear('basicdomain', '.net')).toBe(89_900);
  });

  it('adds the tier fee per year for Premium and Enterprise', () => {
    expect(domainPricePerYear('premiumdomain', '.com')).toBe(249_900);
    expect(domainPricePerYear('enterprisedomain', '.net')).toBe(479_900);
  });

  it('has a tier fee for every domain plan in the catalog, and for nothing else', () => {
    const domainPlans = CATALOG.filter((p) => p.category === 'domain').map((p) => p.id);
    expect(Object.keys(DOMAIN_TIER_FEE_PAISE_PER_YEAR).sort()).toEqual(domainPlans.sort());
  });

  it("gives each plan's .com year an exact monthly equivalent in paise (bundles compare against it)", () => {
    expect(
      (['basicdomain', 'premiumdomain', 'enterprisedomain'] as const).map(
        (planId) => domainPricePerYear(planId, '.com') / 12,
      ),
    ).toEqual([8_325, 20_825, 40_825]);
  });

  it.each([
    [1, 99_900, 17_982, 117_882],
    [2, 199_800, 35_964, 235_764],
    [3, 299_700, 53_946, 353_646],
  ])(
    'asharao.com for %i year(s): ₹999 × years, no multi-year discount, + 18% GST',
    (years, subtotal, gst, total) => {
      const quote = quoteDomain({ ...basic, domain: 'asharao.com', years });
      expect(quote).toMatchObject({
        domain: 'asharao.com',
        extension: '.com',
        years,
        months: years * 12,
        yearlyPricePaise: 99_900,
        subtotalPaise: subtotal,
        feePercent: 18,
        feePaise: gst,
        totalPaise: total,
        renewal: false,
      });
    },
  );

  it('prices .net at ₹899 a year (₹1,060.82 with GST)', () => {
    expect(quoteDomain({ ...basic, domain: 'asharao.net', years: 1 }).totalPaise).toBe(106_082);
  });
});

describe('a domain order always names its domain, validated as /domains does', () => {
  it('forgives case and spaces around the name', () => {
    expect(parseDomainName('  AshaRao.COM ')).toEqual({
      name: 'asharao.com',
      label: 'asharao',
      extension: '.com',
    });
  });

  it.each([
    [undefined, 'domain_required'],
    ['', 'domain_required'],
    ['   ', 'domain_required'],
    [42, 'invalid_domain'],
    ['-asha.com', 'invalid_domain'],
    ['asha-.com', 'invalid_domain'],
    ['asha rao.com', 'invalid_domain'],
    ['asha_rao.com', 'invalid_domain'],
    [`${'a'.repeat(64)}.com`, 'invalid_domain'],
    ['www.asharao.com', 'extension_not_available'],
    ['asharao', 'extension_not_available'],
    ['asharao.io', 'extension_not_available'],
    ['asharao.org.in', 'extension_not_available'],
  ])('refuses %j (%s)', (domain, code) => {
    expect(() => quoteDomain({ ...basic, domain, years: 1 })).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('accepts exactly the labels /domains produces', () => {
    // 63 characters, DNS's longest label, and the 64 above is refused.
    const longest = `a${'b'.repeat(61)}c`;
    for (const typed of ['My Shop', 'https://www.my-shop.in/about', 'a', 'x1-2y', longest]) {
      const result = normaliseLabel(typed);
      if (!result.ok) throw new Error(`unexpected: ${typed}`);
      expect(parseDomainName(`${result.label}.com`).label).toBe(result.label);
    }
  });

  it('sells 1, 2 or 3 years only', () => {
    for (const years of [0, 12, 1.5, '1', null]) {
      expect(() => quoteDomain({ ...basic, domain: 'asharao.com', years })).toThrow(
        expect.objectContaining({ code: 'invalid_years' }),
      );
    }
  });

  it('takes no promo code: HOST10 is refused with a reason, an unknown code as not valid', () => {
    expect(() =>
      quoteDomain({ ...basic, domain: 'asharao.com', years: 1, promoCode: 'HOST10' }),
    ).toThrow('Promo codes do not apply to domain registrations.');
    expect(() =>
      quoteDomain({ ...basic, domain: 'asharao.com', years: 1, promoCode: 'FREE' }),
    ).toThrow(expect.objectContaining({ code: 'invalid_promo_code' }));
  });

  it('quotes only domain plans, and refuses a domain on any other plan', () => {
    expect(() =>
      quoteDomain({ planId: 'basichosting', planName: 'Basic Hosting', domain: 'a.com', years: 1 }),
    ).toThrow(expect.objectContaining({ code: 'domain_not_applicable' }));
    expect(() => assertNoDomainUnlessDomainPlan('basichosting', 'asharao.com')).toThrow(
      expect.objectContaining({ code: 'domain_not_applicable' }),
    );
    expect(() => assertNoDomainUnlessDomainPlan('basichosting', undefined)).not.toThrow();
    expect(() => assertNoDomainUnlessDomainPlan('basicdomain', 'asharao.com')).not.toThrow();
  });
});

describe('the edges of an order’s domain name', () => {
  it('asks for the name when the field is sent empty as null', () => {
    expect(() => parseDomainName(null)).toThrow(
      'Please enter the domain name you want to register, for example yourbusiness.com.',
    );
  });

  it('judges a name without an ending on its label first, then names the missing ending', () => {
    expect(() => parseDomainName('asha-')).toThrow(
      expect.objectContaining({ code: 'invalid_domain' }),
    );
    expect(() => parseDomainName('asharao')).toThrow(
      'We register .com, .net, .org, .in or .co.in names only; that ending is not available.',
    );
  });

  it('lets a hosting order through when its domain field is sent empty ("" or null)', () => {
    expect(() => assertNoDomainUnlessDomainPlan('basichosting', null)).not.toThrow();
    expect(() => assertNoDomainUnlessDomainPlan('basichosting', '')).not.toThrow();
  });
});
