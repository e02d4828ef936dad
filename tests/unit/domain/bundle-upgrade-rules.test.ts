/**
 * A bundle changing plan moves its parts (D26 with D24), as pure rules: which parts a move
 * changes or adds, the "larger" bundles refused because a part would shrink or go, the smaller
 * bundles refused at the renewal because a VPS would shrink or go, and when a part a refunded
 * upgrade brought ended.
 */
import { describe, expect, it } from 'vitest';
import {
  bundleDomainUnregistered,
  bundleDowngradeRefusal,
  bundlePartChanges,
  BundlePartShrinksError,
  droppedPartEndOf,
  partPlanIdOf,
  partSizeOf,
  separatePartsOf,
} from '../../../lambdas/domain/bundle-parts';
import { CATALOG } from '../../../lambdas/domain/catalog';
import type { CatalogPlan } from '../../../lambdas/domain/plan';
import { downgradeTarget, InvalidPlanChangeError } from '../../../lambdas/domain/plan-change';
import type { ServicePeriod } from '../../../lambdas/domain/service-periods';

const plan = (id: string) => CATALOG.find((p) => p.id === id)!;

/** A bundle as the catalog might list it: Premium Bundle's price with other parts. */
function bundle(id: string, parts: CatalogPlan['parts']): CatalogPlan {
  return { ...plan('premiumbundle'), id, name: `Bundle ${id}`, parts };
}

describe('the parts a larger bundle changes', () => {
  it('Basic → Standard Bundle moves hosting, domain and storage up and adds a VPS', () => {
    expect(
      bundlePartChanges(plan('basicbundle'), plan('standardbundle'), CATALOG).map((c) => [
        c.kind,
        c.fromPlanName ?? null,
        c.toPlanName,
        c.fromSize ?? null,
        c.toSize ?? null,
      ]),
    ).toEqual([
      ['hosting', 'Basic Hosting', 'Premium Hosting', '1 website, 10 GB', '10 websites, 50 GB'],
      ['domain', 'Basic Domain', 'Premium Domain', null, null],
      ['storage', 'Basic Storage', 'Standard Storage', '100 GB', '500 GB'],
      ['vps', null, 'Basic VPS', null, '1 vCPU, 1 GB RAM, 25 GB disk'],
    ]);
  });

  it('lists no part whose plan stays', () => {
    const same = bundle('same', plan('standardbundle').parts);
    expect(bundlePartChanges(plan('standardbundle'), same, CATALOG)).toEqual([]);
  });

  it('refuses a "larger" bundle whose VPS disk would shrink, naming both sizes', () => {
    const from = bundle('from', [
      { kind: 'hosting', planId: 'basichosting' },
      { kind: 'vps', planId: 'premiumvps' },
    ]);
    const to = bundle('to', [
      { kind: 'hosting', planId: 'premiumhosting' },
      { kind: 'vps', planId: 'basicvps' },
    ]);
    expect(() => bundlePartChanges(from, to, CATALOG)).toThrow(
      "A VPS disk can grow but never shrink, so Bundle from's Premium VPS (80 GB) cannot become Bundle to's Basic VPS (25 GB).",
    );
  });

  it('refuses a "larger" bundle that lacks a part, or gives a part a smaller plan', () => {
    const from = bundle('from', [
      { kind: 'hosting', planId: 'basichosting' },
      { kind: 'storage', planId: 'premiumstorage' },
    ]);
    const noStorage = bundle('to', [{ kind: 'hosting', planId: 'enterprisehosting' }]);
    expect(() => bundlePartChanges(from, noStorage, CATALOG)).toThrow(
      'Bundle to has no cloud storage part, so moving Bundle from to it would take your Premium Storage away.',
    );
    const lessStorage = bundle('to', [
      { kind: 'hosting', planId: 'enterprisehosting' },
      { kind: 'storage', planId: 'standardstorage' },
    ]);
    expect(() => bundlePartChanges(from, lessStorage, CATALOG)).toThrow(BundlePartShrinksError);
    expect(() => bundlePartChanges(from, lessStorage, CATALOG)).toThrow(
      /smaller than the Premium Storage you have/,
    );
  });

  it('every larger bundle in the catalog is an upgrade of every part of each smaller one', () => {
    const bundles = CATALOG.filter((p) => p.category === 'bundle');
    for (const from of bundles) {
      for (const to of bundles.filter((b) => b.monthlyPricePaise > from.monthlyPricePaise)) {
        expect(() => bundlePartChanges(from, to, CATALOG)).not.toThrow();
      }
    }
  });
});

describe('a smaller bundle at the renewal', () => {
  it('is refused when its VPS would go or shrink, with a sentence', () => {
    expect(bundleDowngradeRefusal('standardbundle', 'basicbundle', CATALOG)).toMatch(
      /^Basic Bundle has no VPS, and the Basic VPS of your Standard Bundle holds your data/,
    );
    expect(bundleDowngradeRefusal('premiumbundle', 'standardbundle', CATALOG)).toMatch(
      /^A VPS disk can grow but never shrink, so your Premium Bundle's Premium VPS \(80 GB\) cannot become Standard Bundle's Basic VPS \(25 GB\)/,
    );
    expect(() =>
      downgradeTarget(
        CATALOG,
        { planId: 'premiumbundle', category: 'bundle', state: 'active' },
        'standardbundle',
      ),
    ).toThrow(InvalidPlanChangeError);
  });

  it('is allowed when no VPS is in the way', () => {
    const withVps = bundle('cheap', [
      { kind: 'hosting', planId: 'basichosting' },
      { kind: 'vps', planId: 'premiumvps' },
    ]);
    expect(bundleDowngradeRefusal('basicbundle', 'basicbundle', CATALOG)).toBeUndefined();
    expect(bundleDowngradeRefusal('premiumbundle', 'cheap', [...CATALOG, withVps])).toBeUndefined();
  });
});

describe('a part its bundle no longer lists', () => {
  const period = (overrides: Partial<ServicePeriod>): ServicePeriod => ({
    purchaseId: 'pur_1',
    paymentId: 'pay_1',
    purchaseDate: '2027-03-07T04:30:00.000Z',
    startDate: '2027-03-07T04:30:00.000Z',
    renewalDate: '2027-11-27T04:30:00.000Z',
    months: 12,
    amountPaise: 100,
    ...overrides,
  });
  const change = {
    fromPlanId: 'basicbundle',
    fromPlanName: 'Basic Bundle',
    toPlanId: 'standardbundle',
    toPlanName: 'Standard Bundle',
    taxablePaise: 1,
    remainingDays: 265,
    periodDays: 365,
  };

  it('ended when the upgrade that brought it was refunded; not before, and not for a part it had', () => {
    const paid = { a: period({ change }) };
    expect(droppedPartEndOf(paid, 'vps', CATALOG)).toBeUndefined();
    const refunded = { a: period({ change, refundedAt: '2027-03-10T00:00:00.000Z' }) };
    expect(droppedPartEndOf(refunded, 'vps', CATALOG)).toBe('2027-03-10T00:00:00.000Z');
    expect(droppedPartEndOf(refunded, 'storage', CATALOG)).toBeUndefined();
  });

  it('names each kind’s plan on a bundle, none for a kind it lacks', () => {
    expect(partPlanIdOf(plan('premiumbundle'), 'storage')).toBe('premiumstorage');
    expect(partPlanIdOf(plan('basicbundle'), 'vps')).toBeUndefined();
    expect(partPlanIdOf(plan('premiumhosting'), 'hosting')).toBeUndefined();
  });
});

describe('the edges of the parts’ rules', () => {
  it('refuses a "larger" bundle whose VPS keeps its disk but loses a core, or whose part costs less', () => {
    const from = bundle('from', [{ kind: 'vps', planId: 'premiumvps' }]);
    // Same 80 GB disk, one vCPU fewer: not a shrinking disk, but still smaller.
    const fewerCores: CatalogPlan = {
      ...plan('premiumvps'),
      id: 'onecorevps',
      name: 'One-core VPS',
      specs: { ...plan('premiumvps').specs, vcpu: 1 },
    };
    const to = bundle('to', [{ kind: 'vps', planId: 'onecorevps' }]);
    expect(() => bundlePartChanges(from, to, [...CATALOG, fewerCores])).toThrow(
      "Bundle to's VPS (One-core VPS) is smaller than the Premium VPS you have, so it is not an upgrade of Bundle from.",
    );
    expect(() =>
      bundlePartChanges(from, bundle('to', [{ kind: 'hosting', planId: 'basichosting' }]), CATALOG),
    ).toThrow(
      'Bundle to has no VPS part, so moving Bundle from to it would take your Premium VPS away.',
    );
    // The same specs for less money is a smaller plan too.
    const cheaper: CatalogPlan = { ...plan('premiumvps'), id: 'cheapvps', monthlyPricePaise: 1 };
    expect(() =>
      bundlePartChanges(from, bundle('to', [{ kind: 'vps', planId: 'cheapvps' }]), [
        ...CATALOG,
        cheaper,
      ]),
    ).toThrow(/is smaller than the Premium VPS you have/);
    // Hosting with fewer websites, for more money and more space, is smaller.
    const fewerSites: CatalogPlan = {
      ...plan('enterprisehosting'),
      id: 'fewsiteshosting',
      specs: { storageGb: 500, websites: 5 },
    };
    expect(() =>
      bundlePartChanges(
        bundle('from', [{ kind: 'hosting', planId: 'premiumhosting' }]),
        bundle('to', [{ kind: 'hosting', planId: 'fewsiteshosting' }]),
        [...CATALOG, fewerSites],
      ),
    ).toThrow(BundlePartShrinksError);
  });

  it('names a part’s size: a whole terabyte as TB, a VPS only with its cores, memory and disk', () => {
    expect(partSizeOf('storage', plan('premiumstorage'))).toBe('1 TB');
    expect(partSizeOf('storage', { specs: { storageGb: 1536 } })).toBe('1536 GB');
    expect(partSizeOf('vps', { specs: { vcpu: 2, ssdGb: 80 } })).toBeUndefined();
    expect(partSizeOf('hosting', { specs: { storageGb: 10 } })).toBeUndefined();
    expect(partSizeOf('domain', plan('premiumdomain'))).toBeUndefined();
    expect(partSizeOf('storage', undefined)).toBeUndefined();
  });

  it('counts a domain part registered once as registered, whatever its state now', () => {
    expect(
      bundleDomainUnregistered({
        provisioning: { state: 'failed', readyAt: '2026-11-28T04:00:00.000Z' },
      }),
    ).toBe(false);
    for (const state of ['suspended', 'terminated']) {
      expect(bundleDomainUnregistered({ provisioning: { state } })).toBe(false);
    }
  });

  it('takes the latest refund of the changes that brought a part', () => {
    const change = (at: string) => ({
      purchaseId: `pur_${at}`,
      paymentId: `pay_${at}`,
      purchaseDate: '2027-03-07T04:30:00.000Z',
      startDate: '2027-03-07T04:30:00.000Z',
      renewalDate: '2027-11-27T04:30:00.000Z',
      months: 12 as const,
      amountPaise: 100,
      refundedAt: at,
      change: {
        fromPlanId: 'basicbundle',
        fromPlanName: 'Basic Bundle',
        toPlanId: 'standardbundle',
        toPlanName: 'Standard Bundle',
        taxablePaise: 1,
        remainingDays: 265,
        periodDays: 365,
      },
    });
    const later = '2027-03-12T00:00:00.000Z';
    const earlier = '2027-03-10T00:00:00.000Z';
    expect(droppedPartEndOf({ a: change(later), b: change(earlier) }, 'vps', CATALOG)).toBe(later);
    expect(droppedPartEndOf({ a: change(earlier), b: change(later) }, 'vps', CATALOG)).toBe(later);
  });
});

describe('the parts’ rules on plans the catalog does not have (yet)', () => {
  /** A plan of the catalog with another id, price or specs: a tier the catalog might add. */
  const like = (id: string, newId: string, over: Partial<CatalogPlan>): CatalogPlan => ({
    ...plan(id),
    id: newId,
    name: newId,
    ...over,
  });
  const moves = (
    kind: 'hosting' | 'storage' | 'vps' | 'domain',
    fromId: string,
    toId: string,
    extra: CatalogPlan[],
  ) =>
    bundlePartChanges(
      bundle('from', [{ kind, planId: fromId }]),
      bundle('to', [{ kind, planId: toId }]),
      [...CATALOG, ...extra],
    );

  it('only a bundle has parts: a bundle listing none has none, another plan listing some has none', () => {
    expect(separatePartsOf({ category: 'bundle' })).toEqual([]);
    expect(
      separatePartsOf({ category: 'hosting', parts: [{ kind: 'domain', planId: 'basicdomain' }] }),
    ).toEqual([]);
    expect(separatePartsOf(undefined)).toEqual([]);
  });

  it('a part at the same price that gives more, or the same of a figure, is an upgrade', () => {
    const bigger = like('standardstorage', 'Standard Storage XL', { specs: { storageGb: 800 } });
    expect(moves('storage', 'standardstorage', 'Standard Storage XL', [bigger])).toEqual([
      {
        kind: 'storage',
        fromPlanId: 'standardstorage',
        fromPlanName: 'Standard Storage',
        toPlanId: 'Standard Storage XL',
        toPlanName: 'Standard Storage XL',
        fromSize: '500 GB',
        toSize: '800 GB',
      },
    ]);
    // Same cores and memory, a larger disk, for more money.
    const bigDisk = like('premiumvps', 'Premium VPS+', {
      monthlyPricePaise: plan('premiumvps').monthlyPricePaise + 100,
      specs: { ...plan('premiumvps').specs, ssdGb: 120 },
    });
    expect(moves('vps', 'premiumvps', 'Premium VPS+', [bigDisk]).map((c) => c.toSize)).toEqual([
      '2 vCPU, 4 GB RAM, 120 GB disk',
    ]);
    // A figure neither plan names is not taken away.
    const unsized = like('standardstorage', 'unsized-a', { specs: {} });
    const unsizedMore = like('premiumstorage', 'unsized-b', { specs: {} });
    expect(moves('storage', 'unsized-a', 'unsized-b', [unsized, unsizedMore])).toHaveLength(1);
  });

  it('a part that costs more but gives less of anything is refused, with the sentence that fits', () => {
    const dearer = (id: string, newId: string, specs: CatalogPlan['specs']) =>
      like(id, newId, { monthlyPricePaise: plan(id).monthlyPricePaise + 100, specs });
    const lessRam = dearer('premiumvps', 'Lean VPS', { ...plan('premiumvps').specs, ramGb: 2 });
    expect(() => moves('vps', 'premiumvps', 'Lean VPS', [lessRam])).toThrow(
      "Bundle to's VPS (Lean VPS) is smaller than the Premium VPS you have, so it is not an upgrade of Bundle from.",
    );
    const lessDisk = dearer('premiumvps', 'Small-disk VPS', {
      ...plan('premiumvps').specs,
      ssdGb: 40,
    });
    expect(() => moves('vps', 'premiumvps', 'Small-disk VPS', [lessDisk])).toThrow(
      "A VPS disk can grow but never shrink, so Bundle from's Premium VPS (80 GB) cannot become Bundle to's Small-disk VPS (40 GB).",
    );
    const lessStorage = dearer('premiumstorage', 'Dear Storage', { storageGb: 500 });
    expect(() => moves('storage', 'premiumstorage', 'Dear Storage', [lessStorage])).toThrow(
      "Bundle to's cloud storage (Dear Storage) is smaller than the Premium Storage you have, so it is not an upgrade of Bundle from.",
    );
    const lessSpace = dearer('premiumhosting', 'Dear Hosting', { storageGb: 20, websites: 10 });
    expect(() => moves('hosting', 'premiumhosting', 'Dear Hosting', [lessSpace])).toThrow(
      "Bundle to's hosting (Dear Hosting) is smaller than the Premium Hosting you have, so it is not an upgrade of Bundle from.",
    );
    // A plan that no longer names a figure the buyer's plan gives is not an upgrade either.
    const noSize = dearer('premiumstorage', 'Vague Storage', undefined);
    expect(() => moves('storage', 'premiumstorage', 'Vague Storage', [noSize])).toThrow(
      "Bundle to's cloud storage (Vague Storage) is smaller than the Premium Storage you have, so it is not an upgrade of Bundle from.",
    );
    // The buyer's plan naming no size, a cheaper one is still smaller.
    const oldPlan = like('premiumstorage', 'Old Storage', { specs: undefined });
    expect(() => moves('storage', 'Old Storage', 'basicstorage', [oldPlan])).toThrow(
      "Bundle to's cloud storage (Basic Storage) is smaller than the Old Storage you have, so it is not an upgrade of Bundle from.",
    );
    // Only a VPS's disk gets the disk sentence: a hosting plan with a smaller disk is smaller.
    const diskHosting = like('premiumhosting', 'Disk Hosting', {
      specs: { storageGb: 50, websites: 10, ssdGb: 80 },
    });
    const lessDiskHosting = like('basichosting', 'Less Disk Hosting', {
      specs: { storageGb: 10, websites: 1, ssdGb: 20 },
    });
    expect(() =>
      moves('hosting', 'Disk Hosting', 'Less Disk Hosting', [diskHosting, lessDiskHosting]),
    ).toThrow(
      "Bundle to's hosting (Less Disk Hosting) is smaller than the Disk Hosting you have, so it is not an upgrade of Bundle from.",
    );
  });

  it('names the error, so the log says which refusal it was', () => {
    const from = bundle('from', [{ kind: 'vps', planId: 'premiumvps' }]);
    const to = bundle('to', [{ kind: 'hosting', planId: 'basichosting' }]);
    expect(() => bundlePartChanges(from, to, CATALOG)).toThrow(
      expect.objectContaining({ name: 'BundlePartShrinksError' }),
    );
  });

  it('a part whose plan the catalog no longer lists is named by its kind or its plan id', () => {
    const from = bundle('from', [{ kind: 'storage', planId: 'retiredstorage' }]);
    expect(() =>
      bundlePartChanges(from, bundle('to', [{ kind: 'hosting', planId: 'basichosting' }]), CATALOG),
    ).toThrow(
      'Bundle to has no cloud storage part, so moving Bundle from to it would take your Cloud storage away.',
    );
    expect(
      bundlePartChanges(
        from,
        bundle('to', [{ kind: 'storage', planId: 'futurestorage' }]),
        CATALOG,
      ),
    ).toEqual([
      {
        kind: 'storage',
        fromPlanId: 'retiredstorage',
        fromPlanName: 'retiredstorage',
        toPlanId: 'futurestorage',
        toPlanName: 'futurestorage',
      },
    ]);
  });

  it('names no size where the plan gives none of its kind', () => {
    expect(partSizeOf('storage', { specs: {} })).toBeUndefined();
    expect(partSizeOf('storage', { specs: { storageGb: 0 } })).toBe('0 GB');
    expect(partSizeOf('domain', plan('basicvps'))).toBeUndefined();
    expect(partSizeOf('hosting', plan('basicvps'))).toBeUndefined();
    expect(partSizeOf('domain', plan('premiumhosting'))).toBeUndefined();
    expect(partSizeOf('hosting', { specs: { websites: 1 } })).toBeUndefined();
  });

  it('a smaller bundle at the renewal: unknown plans refuse nothing; a VPS naming no disk counts as none', () => {
    expect(bundleDowngradeRefusal('nosuchbundle', 'basicbundle', CATALOG)).toBeUndefined();
    expect(bundleDowngradeRefusal('premiumbundle', 'nosuchbundle', CATALOG)).toBeUndefined();
    expect(bundleDowngradeRefusal('standardbundle', 'basicbundle', CATALOG)).toBe(
      'Basic Bundle has no VPS, and the Basic VPS of your Standard Bundle holds your data, so it cannot be taken away at the renewal. To pay less, buy Basic Bundle as a new service, move your data, then cancel this one.',
    );
    const bareVps = like('basicvps', 'bare-vps', { name: 'Bare VPS', specs: undefined });
    const withBare = bundle('bare', [{ kind: 'vps', planId: 'bare-vps' }]);
    const plans = [...CATALOG, bareVps, withBare];
    expect(bundleDowngradeRefusal('bare', 'standardbundle', plans)).toBeUndefined();
    expect(bundleDowngradeRefusal('premiumbundle', 'bare', plans)).toBe(
      "A VPS disk can grow but never shrink, so your Premium Bundle's Premium VPS (80 GB) cannot become Bundle bare's Bare VPS (0 GB). To pay less, buy Bundle bare as a new service, move your data, then cancel this one.",
    );
  });

  it('a refund of a plain purchase beside a refunded upgrade does not end a part', () => {
    const base = {
      purchaseId: 'pur_1',
      paymentId: 'pay_1',
      purchaseDate: '2027-03-07T04:30:00.000Z',
      startDate: '2027-03-07T04:30:00.000Z',
      renewalDate: '2027-11-27T04:30:00.000Z',
      months: 12 as const,
      amountPaise: 100,
    };
    const change = {
      fromPlanId: 'basicbundle',
      fromPlanName: 'Basic Bundle',
      toPlanId: 'standardbundle',
      toPlanName: 'Standard Bundle',
      taxablePaise: 1,
      remainingDays: 265,
      periodDays: 365,
    };
    const periods = {
      a: { ...base, refundedAt: '2027-03-20T00:00:00.000Z' },
      b: { ...base, purchaseId: 'pur_2', change, refundedAt: '2027-03-10T00:00:00.000Z' },
    };
    expect(droppedPartEndOf(periods, 'vps', CATALOG)).toBe('2027-03-10T00:00:00.000Z');
  });
});
