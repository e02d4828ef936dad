/**
 * A bundle's parts as pure rules (D24, D6): the catalog's parts, the choices a checkout takes,
 * the part's view with its bundle's life, and a refund that keeps back the domain's price only
 * once the name was registered.
 */
import { describe, expect, it } from 'vitest';
import {
  bundleDomainUnregistered,
  partViewOf,
  separatePartsOf,
  vpsChoiceCategoryOf,
} from '../../../lambdas/domain/bundle-parts';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { ExtensionNotSoldError } from '../../../lambdas/domain/domain-names';
import { planCancellation, refundAmountFor } from '../../../lambdas/domain/refunds';
import {
  registerDomainOf,
  RegisterDomainNotOfferedError,
} from '../../../lambdas/domain/register-domain';

const plan = (id: string) => CATALOG.find((p) => p.id === id)!;

describe("a bundle's parts (D24)", () => {
  it('Standard Bundle keeps its domain, storage and VPS on items of their own; Basic Bundle has no VPS', () => {
    expect(separatePartsOf(plan('standardbundle'))).toEqual([
      { kind: 'domain', planId: 'premiumdomain' },
      { kind: 'storage', planId: 'standardstorage' },
      { kind: 'vps', planId: 'basicvps' },
    ]);
    expect(separatePartsOf(plan('basicbundle')).map((p) => p.kind)).toEqual(['domain', 'storage']);
    expect(separatePartsOf(plan('premiumhosting'))).toEqual([]);
    expect(vpsChoiceCategoryOf(plan('premiumbundle'))).toBe('vps');
    expect(vpsChoiceCategoryOf(plan('basicbundle'))).toBe('bundle');
  });

  it('a name to register: normalised, only on a plan with a domain part, an extension we sell', () => {
    expect(registerDomainOf(plan('basicbundle'), ' AshaVerma.IN ')).toBe('ashaverma.in');
    expect(registerDomainOf(plan('basicbundle'), undefined)).toBeUndefined();
    expect(() => registerDomainOf(plan('basicvps'), 'asha.in')).toThrow(
      RegisterDomainNotOfferedError,
    );
    expect(() => registerDomainOf(plan('basicbundle'), 'asha.xyz')).toThrow(ExtensionNotSoldError);
  });

  it("a part's view takes every life fact from its bundle, and drops what the bundle lacks", () => {
    const part = {
      serviceId: 'b~vps',
      partOf: 'b',
      periods: {},
      renewalDate: 'old',
      hold: { at: 'stale' },
      version: 3,
    };
    const view = partViewOf(part, {
      periods: { p1: { months: 1 } },
      renewalDate: '2027-01-01',
      cancelledAt: '2026-12-01',
    });
    expect(view).toEqual({
      serviceId: 'b~vps',
      partOf: 'b',
      periods: { p1: { months: 1 } },
      renewalDate: '2027-01-01',
      cancelledAt: '2026-12-01',
      version: 3,
    });
    // Dropped, not kept as an empty key: the part's stale hold is gone from the view.
    expect(Object.keys(view)).not.toContain('hold');
  });
});

describe("a bundle's refund keeps back the domain only once registered (D6)", () => {
  const period = {
    purchaseId: 'pur_1',
    paymentId: 'pay_1',
    purchaseDate: '2026-11-27T04:00:00.000Z',
    months: 12 as const,
    amountPaise: 4_246_584,
  };
  const now = new Date('2026-11-28T04:00:00.000Z');

  it('registered (or a bundle from before parts): ₹1,178.82 kept back', () => {
    expect(refundAmountFor('bundle', 4_246_584)?.deductionPaise).toBe(117_882);
    const plan = planCancellation({ category: 'bundle', periods: [period], now });
    expect(plan.kind === 'refund' && plan.refunds[0]?.refundPaise).toBe(4_246_584 - 117_882);
    expect(bundleDomainUnregistered(undefined)).toBe(false);
    expect(bundleDomainUnregistered({ provisioning: { state: 'ready' } })).toBe(false);
  });

  it('never registered (no name, still pending, or taken meanwhile): everything back', () => {
    for (const part of [
      {},
      { provisioning: { state: 'pending' } },
      { provisioning: { state: 'manual' } },
      { provisioning: { state: 'failed' } },
    ]) {
      expect(bundleDomainUnregistered(part)).toBe(true);
    }
    const plan = planCancellation({
      category: 'bundle',
      periods: [period],
      now,
      bundleDomainUnregistered: true,
    });
    expect(plan.kind === 'refund' && plan.refunds[0]).toMatchObject({
      deductionPaise: 0,
      refundPaise: 4_246_584,
    });
  });
});
