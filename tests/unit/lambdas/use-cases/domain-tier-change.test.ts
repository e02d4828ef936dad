/**
 * A domain changing tier at its renewal (#29, D26) on in-memory fakes: any other tier, larger or
 * smaller, is chosen for the renewal date and never "now"; the renewal (the order, auto-renew's
 * price request) is priced at the new tier for the same service; on the day converge takes away
 * at the registrar what the new tier lacks (privacy on Basic, DS records off Enterprise) and not a
 * day before; the choice can be cancelled before then; a second choice after the first is in
 * force starts from the tier in force.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { autoRenewPriceRequest } from '../../../../lambdas/domain/auto-renew';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { DOMAIN_CHANGES_AT_RENEWAL } from '../../../../lambdas/domain/plan-change';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import {
  cancelDowngrade,
  priceChange,
  scheduleDowngrade,
} from '../../../../lambdas/use-cases/plan-change';
import { serviceOfRecord } from '../../../../lambdas/use-cases/to-service';
import { buyersRegistrar, convergeWorld } from '../../../helpers/converge-world';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';

const DAY = 24 * 60 * 60 * 1000;
const BOUGHT = new Date('2026-11-27T04:30:00.000Z');
const NAME = 'ashaverma.com';
const DIGEST = 'E2D3C916F6DEEAC73294E8268FB5885044A833FC5459588F4A9184CFC41A5766';
const DS = { keyTag: 2371, algorithm: 13, digestType: 2, digest: DIGEST };

function tierWorld() {
  const world = convergeWorld((base) => ({ registrar: buyersRegistrar(base) }), BOUGHT);
  const { deps: converge } = world;
  let receipts = 0;
  const checkout = {
    ...world,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => `rcpt_${(receipts += 1)}`,
  };
  return Object.assign(world, { converge, checkout });
}

let world: ReturnType<typeof tierWorld>;
let serviceId: string;
let payments = 0;

async function buy(planId: string) {
  const created = await createOrder(world.checkout, BUYER, { planId, domain: NAME, years: 1 });
  const order = await world.orders.getOrder(created.orderId);
  if (!order) throw new Error('order missing');
  const paid = await fulfilPayment(world, order, {
    paymentId: `pay_Tier${String((payments += 1)).padStart(10, '0')}`,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (paid.outcome !== 'fulfilled') throw new Error('not fulfilled');
  return { order, serviceId: paid.purchase.serviceId as string };
}

const converge = (deliveryId: string) =>
  convergeService(world.converge, { userId: BUYER.userId, serviceId }, { deliveryId });
const service = async () => {
  const found = await world.services.getService(BUYER.userId, serviceId);
  if (!found) throw new Error('no service');
  return found;
};
const choose = (planId: string) =>
  scheduleDowngrade(world, CATALOG, BUYER.userId, { serviceId, planId });
const atRegistrar = async () => ({
  privacy: (await world.registrar.details(NAME))?.privacy,
  ds: (await world.registrar.dsRecords(NAME)).length,
});

async function ownDomain(planId: string) {
  world = tierWorld();
  await world.givenRegistrant();
  ({ serviceId } = await buy(planId));
  await converge('evt-bought');
  expect((await service()).provisioning?.state).toBe('ready');
  if (planId !== 'basicdomain') await world.registrar.setPrivacy(NAME, true);
  if (planId === 'enterprisedomain') await world.registrar.addDsRecord(NAME, DS);
  world.setNow(new Date(BOUGHT.getTime() + 200 * DAY));
}

describe('a domain changes tier at its renewal (#29)', () => {
  beforeEach(async () => {
    await ownDomain('premiumdomain');
  });

  it('is never a change now: the quote is refused with the sentence, and no order is made', async () => {
    for (const planId of ['basicdomain', 'enterprisedomain']) {
      await expect(
        priceChange(world, await world.checkout.plans(), BUYER.userId, {
          changeFrom: serviceId,
          planId,
        }),
      ).rejects.toMatchObject({ code: 'invalid_plan_change', message: DOMAIN_CHANGES_AT_RENEWAL });
    }
    await expect(
      createOrder(world.checkout, BUYER, { planId: 'enterprisedomain', changeFrom: serviceId }),
    ).rejects.toMatchObject({ code: 'invalid_plan_change' });
  });

  it('Premium → Basic: the renewal is priced at Basic for the same service, and privacy goes off on the day, not before', async () => {
    const renewalDate = (await service()).renewalDate;
    await choose('basicdomain');
    expect(serviceOfRecord(await service(), world.now())).toMatchObject({
      planId: 'premiumdomain',
      pendingPlan: { planId: 'basicdomain', planName: 'Basic Domain', from: renewalDate },
    });
    // Auto-renew and the reminders ask for Basic Domain's price.
    expect(
      autoRenewPriceRequest({ ...(await service()), isDomain: true, periods: {} }),
    ).toMatchObject({ planId: 'basicdomain', domain: NAME, renewal: true });

    const renewal = await buy('basicdomain');
    expect(renewal.serviceId).toBe(serviceId);
    // ₹999 + 18% GST: Basic Domain's .com year, not Premium's ₹2,499.
    expect(renewal.order.quote).toMatchObject({ renewal: true, totalPaise: 117_882 });

    // Paid before the day: the registry renews, privacy stays (Premium is paid until then) and
    // the service is queued to be looked at again on its day.
    const early = await converge('evt-renewal-paid');
    expect(early).toMatchObject({ outcome: 'in_step' });
    expect(await atRegistrar()).toEqual({ privacy: true, ds: 0 });
    expect((await service()).life?.outOfStepSince).toBe(renewalDate);

    world.setNow(new Date(Date.parse(renewalDate) + 15 * 60_000));
    const onTheDay = await converge('evt-reconcile');
    expect(onTheDay).toMatchObject({ outcome: 'in_step', actions: ['apply-tier:privacy-off'] });
    expect(await atRegistrar()).toEqual({ privacy: false, ds: 0 });
    expect((await service()).life?.outOfStepSince).toBeUndefined();
    expect(serviceOfRecord(await service(), world.now())).toMatchObject({
      planId: 'basicdomain',
      name: 'Basic Domain',
    });
    // Once applied, converging again changes nothing more.
    expect(await converge('evt-again')).toMatchObject({ actions: [] });
  });

  it('can be cancelled before the day: nothing changes at the registrar then', async () => {
    await choose('basicdomain');
    await cancelDowngrade(world, BUYER.userId, serviceId);
    expect((await service()).pendingPlan).toBeUndefined();
    await converge('evt-cancelled');
    expect((await service()).life?.outOfStepSince).toBeUndefined();
    world.setNow(new Date(Date.parse((await service()).renewalDate) + 60_000));
    await converge('evt-day');
    expect(await atRegistrar()).toEqual({ privacy: true, ds: 0 });
  });

  it('Premium → Enterprise (larger) is chosen the same way; its renewal is priced at Enterprise', async () => {
    await choose('enterprisedomain');
    const renewal = await buy('enterprisedomain');
    expect(renewal.serviceId).toBe(serviceId);
    // ₹4,899 + 18% GST.
    expect(renewal.order.quote).toMatchObject({ renewal: true, totalPaise: 578_082 });
    await converge('evt-renewal-paid');
    // A move up takes nothing away: no day to wait for.
    expect((await service()).life?.outOfStepSince).toBeUndefined();
  });

  it('a second choice after the first is in force starts from the tier in force', async () => {
    await choose('basicdomain');
    await buy('basicdomain');
    world.setNow(new Date(Date.parse((await service()).pendingPlan!.from) + 60_000));
    await converge('evt-day');
    await choose('premiumdomain');
    const after = await service();
    expect(after).toMatchObject({
      planId: 'basicdomain',
      pendingPlan: { planId: 'premiumdomain' },
    });
    expect(serviceOfRecord(after, world.now()).planId).toBe('basicdomain');
    await expect(choose('premiumdomain')).resolves.toBeDefined();
    await expect(choose('basicdomain')).rejects.toMatchObject({
      message: 'You are on Basic Domain already.',
    });
  });
});

describe('leaving Enterprise Domain (#29)', () => {
  it('withdraws the DS records on the day and keeps privacy on Premium', async () => {
    await ownDomain('enterprisedomain');
    await choose('premiumdomain');
    await buy('premiumdomain');
    await converge('evt-renewal-paid');
    expect(await atRegistrar()).toEqual({ privacy: true, ds: 1 });
    world.setNow(new Date(Date.parse((await service()).pendingPlan!.from) + 60_000));
    expect(await converge('evt-day')).toMatchObject({ actions: ['apply-tier:ds-removed-1'] });
    expect(await atRegistrar()).toEqual({ privacy: true, ds: 0 });
  });

  it('the registrar down on the day: out of step with its sentence, then applied when it is back', async () => {
    await ownDomain('enterprisedomain');
    await choose('basicdomain');
    await buy('basicdomain');
    await converge('evt-renewal-paid');
    world.setNow(new Date(Date.parse((await service()).pendingPlan!.from) + 60_000));
    world.registrar.down = true;
    expect(await converge('evt-day')).toMatchObject({
      outcome: 'out_of_step',
      error: expect.stringMatching(/did not answer/),
    });
    world.registrar.down = false;
    expect(await converge('evt-reconcile')).toMatchObject({
      outcome: 'in_step',
      actions: ['apply-tier:privacy-off,ds-removed-1'],
    });
    expect(await atRegistrar()).toEqual({ privacy: false, ds: 0 });
  });
});
