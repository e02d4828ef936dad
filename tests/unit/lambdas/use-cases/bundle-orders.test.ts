/**
 * A bundle's order (D24) asks for what its parts need: the name its domain part registers
 * (checked like a domain search, and free at the registrar, before any Razorpay order) and, for a
 * bundle with a VPS, the OS, hostname and keys as a VPS order takes them. Paid, the parts are
 * made with those choices before converge is asked; a renewal never changes them.
 */
import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { partServiceIdOf } from '../../../../lambdas/domain/bundle-parts';
import { InvalidDomainError, ExtensionNotSoldError } from '../../../../lambdas/domain/domain-names';
import {
  RegisterDomainNotOfferedError,
  RegisterDomainTakenError,
} from '../../../../lambdas/domain/register-domain';
import { InvalidVpsChoiceError } from '../../../../lambdas/domain/vps-choice';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { quoteCheckout } from '../../../../lambdas/use-cases/quote-checkout';
import { InMemoryRegistrar } from '../../../helpers/fakes/registrar';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { SAMPLE_BUYER_SAME_STATE } from '../../../../lambdas/templates/invoice/sample';

const KEY = sshPublicKey('ed25519', 'asha@laptop');

function arrange() {
  const world = fakeWorld();
  const registrar = new InMemoryRegistrar();
  const deps = { ...world, plans: cachedPlans(new InMemoryPlansStore()), registrar };
  return { world, deps, registrar };
}

const standard = {
  planId: 'standardbundle',
  // An order of ₹50,000 or more carries the buyer's billing address (D15).
  billing: { ...SAMPLE_BUYER_SAME_STATE },
  months: 12,
  domain: 'ashaverma.in',
  registerDomain: 'AshaVerma.in',
  vps: { os: 'debian-12', sshKeys: [KEY], hostname: 'asha-vps' },
};

describe("a bundle's order asks for its parts (D24)", () => {
  it('keeps the name to register (normalised) and the VPS choices on the order', async () => {
    const { world, deps } = arrange();
    const answer = await createOrder(deps, BUYER, standard);
    expect(world.orders.items.get(answer.orderId)).toMatchObject({
      registerDomain: 'ashaverma.in',
      vps: { os: 'debian-12', hostname: 'asha-vps', sshKeys: [KEY] },
    });
  });

  it.each([
    ['a taken name', 'taken-name.com', RegisterDomainTakenError],
    ['a malformed name', 'asha_verma.com', InvalidDomainError],
    ['an extension we do not sell', 'ashaverma.xyz', ExtensionNotSoldError],
  ])('refuses %s with a 400 before any Razorpay order', async (_what, name, error) => {
    const { world, deps } = arrange();
    const refused = createOrder(deps, BUYER, { ...standard, registerDomain: name });
    await expect(refused).rejects.toBeInstanceOf(error);
    await expect(refused).rejects.toMatchObject({
      code: expect.stringMatching(
        /^(domain_not_available|invalid_domain|extension_not_available)$/,
      ),
    });
    expect(world.gateway.createdOrders).toEqual([]);
    expect(world.orders.items.size).toBe(0);
  });

  it('refuses a name to register on a plan with no domain part, and VPS choices on a bundle without a VPS', async () => {
    const { world, deps } = arrange();
    await expect(
      createOrder(deps, BUYER, { planId: 'premiumvps', months: 1, registerDomain: 'asha.com' }),
    ).rejects.toBeInstanceOf(RegisterDomainNotOfferedError);
    await expect(
      createOrder(deps, BUYER, {
        planId: 'basicbundle',
        months: 12,
        domain: 'ashaverma.in',
        vps: { os: 'debian-12' },
      }),
    ).rejects.toBeInstanceOf(InvalidVpsChoiceError);
    expect(world.gateway.createdOrders).toEqual([]);
  });

  it('the quote checks the same choices (no registrar asked)', async () => {
    const plans = await cachedPlans(new InMemoryPlansStore())();
    await expect(
      quoteCheckout(
        plans,
        { planId: 'standardbundle', months: 12, registerDomain: 'a_b.com' },
        () => ({
          state: 'Karnataka',
        }),
      ),
    ).rejects.toThrow(InvalidDomainError);
    expect(
      (
        await quoteCheckout(plans, { ...standard, vps: { os: 'debian-12' } }, () => ({
          state: 'Karnataka',
        }))
      ).planId,
    ).toBe('standardbundle');
  });

  it('paid: each part is made with its choices; a renewal order changes none of them', async () => {
    const { world, deps } = arrange();
    const pay = async (orderId: string, paymentId: string) => {
      const order = world.orders.items.get(orderId)!;
      return fulfilPayment(deps, order, {
        paymentId,
        orderId,
        amountPaise: order.amountPaise,
        currency: 'INR',
      });
    };
    const first = await createOrder(deps, BUYER, standard);
    await pay(first.orderId, 'pay_BundleFirst0001');
    const bundle = world.services.all().find((s) => s.category === 'bundle')!;
    const part = (kind: 'domain' | 'storage' | 'vps') =>
      world.services.all().find((s) => s.serviceId === partServiceIdOf(bundle.serviceId, kind));

    expect(part('domain')).toMatchObject({
      partOf: bundle.serviceId,
      planId: 'premiumdomain',
      category: 'domain',
      domain: 'ashaverma.in',
      periods: {},
    });
    expect(part('storage')).toMatchObject({ planId: 'standardstorage', category: 'storage' });
    expect(part('vps')).toMatchObject({
      planId: 'basicvps',
      vps: { os: 'debian-12', hostname: 'asha-vps', sshKeys: [KEY] },
    });
    // The bundle item keeps no VPS of its own.
    expect(bundle.vps).toBeUndefined();

    const renewal = await createOrder(deps, BUYER, {
      ...standard,
      registerDomain: undefined,
      vps: { os: 'ubuntu-24.04', sshKeys: [] },
    });
    expect(world.orders.items.get(renewal.orderId)?.registerDomain).toBeUndefined();
    await pay(renewal.orderId, 'pay_BundleRenew0001');
    expect(part('vps')?.vps?.os).toBe('debian-12');
    expect(world.services.all().filter((s) => s.partOf === bundle.serviceId)).toHaveLength(3);
  });

  it('the catalog names every bundle part a plan that exists', () => {
    for (const bundle of CATALOG.filter((plan) => plan.category === 'bundle')) {
      expect(bundle.parts?.map((part) => part.kind).sort()).toEqual(
        bundle.id === 'basicbundle'
          ? ['domain', 'hosting', 'storage']
          : ['domain', 'hosting', 'storage', 'vps'],
      );
      for (const part of bundle.parts ?? []) {
        expect(CATALOG.find((plan) => plan.id === part.planId)?.category).toBe(part.kind);
      }
    }
  });
});
