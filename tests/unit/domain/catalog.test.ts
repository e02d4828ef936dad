import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { domainPricePerYear } from '../../../lambdas/domain/domain-names';
import { planFromRecord } from '../../../lambdas/domain/plan';

const byId = (id: string) => {
  const plan = CATALOG.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
};

describe('the catalog seed', () => {
  it("holds the spec's 15 checkout plan ids, once each", () => {
    expect(CATALOG.map((p) => p.id).sort()).toEqual(
      [
        'basicdomain',
        'premiumdomain',
        'enterprisedomain',
        'basichosting',
        'premiumhosting',
        'enterprisehosting',
        'basicstorage',
        'standardstorage',
        'premiumstorage',
        'basicvps',
        'premiumvps',
        'enterprisevps',
        'basicbundle',
        'standardbundle',
        'premiumbundle',
      ].sort(),
    );
  });

  it.each([
    ['basichosting', 249_900, 299_900],
    ['basicstorage', 195_000, 199_900],
    ['standardstorage', 325_000, 349_900],
    ['premiumstorage', 749_900, 749_900],
    ['basicvps', 59_900, 79_900],
    ['premiumvps', 119_900, 159_900],
    ['enterprisevps', 249_900, 299_900],
    ['basicdomain', 8_325, 8_325],
    ['premiumdomain', 20_825, 20_825],
    ['enterprisedomain', 40_825, 40_825],
    ['premiumbundle', 999_900, 1_299_900],
  ])('prices %s at %i paise, renewing at %i', (id, price, renewal) => {
    expect(byId(id).monthlyPricePaise).toBe(price);
    expect(byId(id).renewalPricePaise).toBe(renewal);
  });

  it("prices each domain plan by the month at exactly a .com year's twelfth (D21)", () => {
    for (const id of ['basicdomain', 'premiumdomain', 'enterprisedomain'] as const) {
      expect(byId(id).monthlyPricePaise * 12).toBe(domainPricePerYear(id, '.com'));
      expect(byId(id).renewalPricePaise).toBe(byId(id).monthlyPricePaise);
    }
  });

  it('marks one popular plan per category, the middle one', () => {
    const popular = CATALOG.filter((p) => p.isPopular).map((p) => p.id);
    expect(popular.sort()).toEqual(
      ['premiumdomain', 'premiumhosting', 'premiumvps', 'standardstorage', 'standardbundle'].sort(),
    );
  });

  it('prices a bundle\'s "bought separately" at the sum of its parts, and its savings rounded down', () => {
    for (const [id, parts] of [
      ['basicbundle', ['basichosting', 'basicdomain', 'basicstorage']],
      ['standardbundle', ['premiumhosting', 'premiumdomain', 'standardstorage', 'basicvps']],
      ['premiumbundle', ['enterprisehosting', 'enterprisedomain', 'premiumstorage', 'premiumvps']],
    ] as const) {
      const plan = byId(id);
      const separately = parts.reduce((sum, part) => sum + byId(part).monthlyPricePaise, 0);
      expect(plan.originalPricePaise).toBe(separately);
      expect(plan.savingsPercent).toBe(
        Math.floor(((separately - plan.monthlyPricePaise) * 100) / separately),
      );
    }
  });

  it('has the spec VPS specs and storage sizes', () => {
    expect(byId('enterprisevps').specs).toEqual({
      vcpu: 4,
      ramGb: 8,
      ssdGb: 160,
      transferTb: 5,
      ipv4: 2,
    });
    expect(byId('basichosting').specs?.storageGb).toBe(10);
    expect(byId('standardstorage').specs?.storageGb).toBe(500);
    expect(byId('premiumstorage').specs?.storageGb).toBe(1024);
  });

  it('prices every plan in whole paise, renewing at no less than its price', () => {
    for (const plan of CATALOG) {
      expect(Number.isSafeInteger(plan.monthlyPricePaise)).toBe(true);
      expect(plan.renewalPricePaise).toBeGreaterThanOrEqual(plan.monthlyPricePaise);
      expect(plan.features.length).toBeGreaterThan(0);
      // The seeded record reads back as the API serves it: the WHM package and a bundle's parts
      // (D24) stay in the back office.
      const { whmPackage: _backOffice, parts: _parts, freeDomainPlanId: _free, ...served } = plan;
      expect(planFromRecord({ ...plan })).toEqual(served);
    }
  });
});

describe('planFromRecord (D11)', () => {
  const base = {
    id: 'basichosting',
    category: 'hosting',
    name: 'Basic Hosting',
    description: 'd',
    monthlyPricePaise: 249_900,
  };

  it('accepts the old `feature` field', () => {
    expect(planFromRecord({ ...base, feature: ['1 website'] })?.features).toEqual(['1 website']);
  });

  it('prefers `features` and defaults isPopular to false', () => {
    const plan = planFromRecord({ ...base, features: ['a'], feature: ['b'] });
    expect(plan?.features).toEqual(['a']);
    expect(plan?.isPopular).toBe(false);
  });

  it('rejects records that are not plans', () => {
    expect(planFromRecord({ ...base, monthlyPricePaise: 2499.5 })).toBeUndefined();
    expect(planFromRecord({ ...base, category: 'email' })).toBeUndefined();
    expect(planFromRecord({ ...base, id: 7 })).toBeUndefined();
  });
});

describe('domain plans list only what the domain card does (D23, #23)', () => {
  it('Enterprise adds DNSSEC over Premium, Premium adds privacy over Basic, and none promises priority support', () => {
    const features = (id: string) => CATALOG.find((p) => p.id === id)?.features ?? [];
    expect(features('premiumdomain')).toEqual([
      'Everything in Basic Domain',
      'Free WHOIS privacy protection',
    ]);
    expect(features('enterprisedomain')).toEqual([
      'Everything in Premium Domain',
      'DNSSEC (DS records) to sign your domain',
    ]);
    for (const id of ['basicdomain', 'premiumdomain', 'enterprisedomain']) {
      expect(features(id).join(' ')).not.toMatch(/support|forwarding|bulk|account manager/i);
    }
  });
});
