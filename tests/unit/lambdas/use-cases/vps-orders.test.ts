/**
 * A VPS order (D24): its OS, keys and hostname are checked before any Razorpay order exists and
 * kept on the order; paid, they are kept on the service before converge is asked to make it, and
 * a renewal order never changes what the first order chose.
 */
import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { InvalidSshKeyError } from '../../../../lambdas/domain/ssh-keys';
import { InvalidVpsChoiceError } from '../../../../lambdas/domain/vps-choice';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';

function arrange() {
  const world = fakeWorld();
  const deps = { ...world, plans: cachedPlans(new InMemoryPlansStore()) };
  return { world, deps };
}

const KEY = sshPublicKey('ed25519', 'asha@laptop');

describe('a VPS order', () => {
  it('keeps the OS, hostname and keys on the order', async () => {
    const { world, deps } = arrange();
    const answer = await createOrder(deps, BUYER, {
      planId: 'basicvps',
      months: 1,
      vps: { os: 'almalinux-9', sshKeys: [KEY], hostname: 'Asha-Web' },
    });
    expect(world.orders.items.get(answer.orderId)?.vps).toEqual({
      os: 'almalinux-9',
      hostname: 'asha-web',
      sshKeys: [KEY],
    });
  });

  it.each([
    [
      'an RSA key of 1024 bits',
      { os: 'debian-12', sshKeys: [sshPublicKey('rsa-1024')] },
      InvalidSshKeyError,
    ],
    ['not a key', { os: 'debian-12', sshKeys: ['ssh-ed25519 nonsense'] }, InvalidSshKeyError],
    ['an OS we do not offer', { os: 'windows-11', sshKeys: [KEY] }, InvalidVpsChoiceError],
  ])('refuses %s before any Razorpay order', async (_what, vps, error) => {
    const { world, deps } = arrange();
    await expect(
      createOrder(deps, BUYER, { planId: 'basicvps', months: 1, vps }),
    ).rejects.toBeInstanceOf(error);
    expect(world.gateway.createdOrders).toEqual([]);
    expect(world.orders.items.size).toBe(0);
  });

  it('refuses VPS choices on a hosting order', async () => {
    const { world, deps } = arrange();
    await expect(
      createOrder(deps, BUYER, { planId: 'basichosting', months: 12, vps: { os: 'debian-12' } }),
    ).rejects.toBeInstanceOf(InvalidVpsChoiceError);
    expect(world.gateway.createdOrders).toEqual([]);
  });

  it('paid: the choices are on the service; a renewal order keeps the first choices', async () => {
    const { world, deps } = arrange();
    const first = await createOrder(deps, BUYER, {
      planId: 'basicvps',
      months: 1,
      vps: { os: 'debian-12', sshKeys: [KEY], hostname: 'asha-web' },
    });
    const pay = async (orderId: string, paymentId: string) => {
      const order = world.orders.items.get(orderId)!;
      return fulfilPayment(deps, order, {
        paymentId,
        orderId,
        amountPaise: order.amountPaise,
        currency: 'INR',
      });
    };
    const result = await pay(first.orderId, 'pay_VpsFirst000001');
    expect(result.outcome).toBe('fulfilled');
    const serviceId = (result as { purchase: { serviceId: string } }).purchase.serviceId;
    expect((await world.services.getService(BUYER.userId, serviceId))?.vps).toEqual({
      os: 'debian-12',
      hostname: 'asha-web',
      sshKeys: [KEY],
    });

    const renewal = await createOrder(deps, BUYER, {
      planId: 'basicvps',
      months: 1,
      vps: { os: 'ubuntu-24.04', sshKeys: [], hostname: 'other' },
    });
    await pay(renewal.orderId, 'pay_VpsRenew000001');
    expect((await world.services.getService(BUYER.userId, serviceId))?.vps).toMatchObject({
      os: 'debian-12',
      hostname: 'asha-web',
    });
  });
});
