/**
 * A bundle upgraded to a larger bundle moves every part (D26 with D24), on in-memory fakes for
 * every provider: the quote lists the parts that change; on payment each part's plan is the
 * larger bundle's and converge moves each once under redelivered and racing converges (the panel
 * package, the storage quota, the VM's cores, memory and disk); a provider refusing leaves the
 * bundle out of step naming the part; the card shows the new plans at once with "Updating…"
 * until converge has moved them; refunding the upgrade puts every part back (the quota only once
 * the files fit; a VPS disk never shrinks); a larger bundle that adds a VPS makes it, and its
 * refund stops it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { parseIpv4Ranges } from '../../../../lambdas/domain/ipv4-pool';
import { partServiceIdOf } from '../../../../lambdas/domain/bundle-parts';
import { getMyService } from '../../../../lambdas/use-cases/bundle-parts-view';
import {
  convergeService,
  type ConvergeResult,
} from '../../../../lambdas/use-cases/converge-service';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment, purchaseIdFor } from '../../../../lambdas/use-cases/fulfil-payment';
import { priceChange } from '../../../../lambdas/use-cases/plan-change';
import { withdrawPeriods } from '../../../../lambdas/use-cases/refunds/end-service';
import { SAMPLE_BUYER_SAME_STATE } from '../../../../lambdas/templates/invoice/sample';
import { InMemoryAddressPool } from '../../../helpers/fakes/address-pool';
import { InMemoryCompute } from '../../../helpers/fakes/compute';
import { InMemoryObjectStorage, InMemoryStorageParts } from '../../../helpers/fakes/object-storage';
import { buyersRegistrar, convergeWorld } from '../../../helpers/converge-world';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';

const DAY = 24 * 60 * 60 * 1000;
const BOUGHT = new Date('2026-11-27T04:30:00.000Z');
const HUNDRED_DAYS_ON = new Date(BOUGHT.getTime() + 100 * DAY);
const NAME = 'ashaverma.in';
const KEY = sshPublicKey('ed25519');
const GB = 1_000_000_000;
/** A DS record as the buyer's DNS host gives it (SHA-256 digest, 64 hex digits). */
const DS = { keyTag: 2371, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) };

function world() {
  const compute = new InMemoryCompute();
  const pool = new InMemoryAddressPool(() =>
    parseIpv4Ranges('203.0.113.10-203.0.113.12/24@203.0.113.1'),
  );
  const storage = new InMemoryObjectStorage();
  // Every call that changes a part's size, counted.
  const counts = { quotas: 0, vmConfigs: 0 };
  const setQuota = storage.setQuota.bind(storage);
  storage.setQuota = (uid, bytes) => ((counts.quotas += 1), setQuota(uid, bytes));
  const provision = compute.provision.bind(compute);
  compute.provision = (spec) => ((counts.vmConfigs += 1), provision(spec));
  const base = convergeWorld(
    (world) => ({
      registrar: buyersRegistrar(world),
      compute: { compute, pool, services: world.services },
      storage: { storage, parts: new InMemoryStorageParts(world.services) },
    }),
    BOUGHT,
  );
  let receipts = 0;
  const checkout = {
    ...base,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => `rcpt_${(receipts += 1)}`,
  };
  return Object.assign(base, { compute, storage, checkout, counts });
}

let w: ReturnType<typeof world>;
let bundleId: string;

async function pay(orderId: string, paymentId: string) {
  const order = await w.orders.getOrder(orderId);
  if (!order) throw new Error('order missing');
  const paid = await fulfilPayment(w, order, {
    paymentId,
    orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (paid.outcome !== 'fulfilled') throw new Error(`review: ${paid.reason}`);
  return paid.purchase;
}

const ref = () => ({ userId: BUYER.userId, serviceId: bundleId });
const converge = (deliveryId: string) => convergeService(w.deps, ref(), { deliveryId });
const part = (kind: 'domain' | 'storage' | 'vps') =>
  w.services.getService(BUYER.userId, partServiceIdOf(bundleId, kind));
const card = () =>
  getMyService(
    { services: w.services, purchases: w.purchases, now: w.now },
    BUYER.userId,
    bundleId,
  );
const vm = () => w.compute.all()[0];
/** What a bundle's converge did to its domain part. */
const domainActions = (result: ConvergeResult) =>
  'parts' in result ? result.parts?.find((p) => p.kind === 'domain')?.actions : undefined;
const account = () => [...w.panel.accounts.values()][0];

async function buy(planId: string, vps = true) {
  const order = await createOrder(w.checkout, BUYER, {
    planId,
    months: 12,
    domain: NAME,
    registerDomain: NAME,
    // An order of ₹50,000 or more carries the buyer's billing address (D15).
    billing: { ...SAMPLE_BUYER_SAME_STATE },
    ...(vps ? { vps: { os: 'debian-12', hostname: 'asha-vps', sshKeys: [KEY] } } : {}),
  });
  bundleId = (await pay(order.orderId, 'pay_Bundle00000001')).serviceId as string;
  expect(await converge('evt-bought')).toMatchObject({ outcome: 'in_step' });
  w.setNow(HUNDRED_DAYS_ON);
}

async function upgradeTo(planId: string, extra: { vps?: { sshKeys: string[] } } = {}) {
  const { quote } = await priceChange(w, await w.checkout.plans(), BUYER.userId, {
    changeFrom: bundleId,
    planId,
  });
  const order = await createOrder(w.checkout, BUYER, {
    planId,
    changeFrom: bundleId,
    remainingDays: quote.change.remainingDays,
    billing: { ...SAMPLE_BUYER_SAME_STATE },
    ...extra,
  });
  // The checkout callback and the webhook both fulfil it.
  await Promise.all([
    pay(order.orderId, 'pay_Upgrade0000001'),
    pay(order.orderId, 'pay_Upgrade0000001'),
  ]);
  return order;
}

describe('Standard Bundle → Premium Bundle', () => {
  beforeEach(async () => {
    w = world();
    await w.users.createUserIfMissing({ ...BUYER, createdAt: BOUGHT.toISOString() });
    await buy('standardbundle');
    w.counts.quotas = 0;
    w.counts.vmConfigs = 0;
  });

  it('quotes the parts that change, each from its plan to the larger one', async () => {
    const { quote } = await priceChange(w, await w.checkout.plans(), BUYER.userId, {
      changeFrom: bundleId,
      planId: 'premiumbundle',
    });

    expect(quote.change.parts).toEqual([
      {
        kind: 'hosting',
        fromPlanId: 'premiumhosting',
        fromPlanName: 'Premium Hosting',
        toPlanId: 'enterprisehosting',
        toPlanName: 'Enterprise Hosting',
        fromSize: '10 websites, 50 GB',
        toSize: '100 websites, 200 GB',
      },
      {
        kind: 'domain',
        fromPlanId: 'premiumdomain',
        fromPlanName: 'Premium Domain',
        toPlanId: 'enterprisedomain',
        toPlanName: 'Enterprise Domain',
      },
      {
        kind: 'storage',
        fromPlanId: 'standardstorage',
        fromPlanName: 'Standard Storage',
        toPlanId: 'premiumstorage',
        toPlanName: 'Premium Storage',
        fromSize: '500 GB',
        toSize: '1 TB',
      },
      {
        kind: 'vps',
        fromPlanId: 'basicvps',
        fromPlanName: 'Basic VPS',
        toPlanId: 'premiumvps',
        toPlanName: 'Premium VPS',
        fromSize: '1 vCPU, 1 GB RAM, 25 GB disk',
        toSize: '2 vCPU, 4 GB RAM, 80 GB disk',
      },
    ]);
  });

  it('shows each part on its new plan at once, "Updating…" until converge has moved it', async () => {
    await upgradeTo('premiumbundle');

    const before = await card();
    expect(before.planUpdating).toBe(true);
    expect(before.parts?.map((p) => [p.kind, p.name, p.planUpdating === true])).toEqual([
      ['hosting', 'Enterprise Hosting', true],
      ['domain', 'Enterprise Domain', true],
      ['storage', 'Premium Storage', true],
      ['vps', 'Premium VPS', true],
    ]);

    await converge('evt-upgrade');

    const after = await card();
    expect(after.planUpdating).toBeUndefined();
    expect(after.parts?.map((p) => [p.kind, p.name, p.planUpdating === true])).toEqual([
      ['hosting', 'Enterprise Hosting', false],
      ['domain', 'Enterprise Domain', false],
      ['storage', 'Premium Storage', false],
      ['vps', 'Premium VPS', false],
    ]);
  });

  it('moves every part once, however often and however concurrently converge runs', async () => {
    await upgradeTo('premiumbundle');

    const results = await Promise.all([
      converge('evt-1'),
      converge('evt-1'),
      converge('evt-2'),
      converge('evt-3'),
    ]);
    expect(await converge('evt-reconciler')).toMatchObject({ outcome: 'in_step' });

    expect(results.map((r) => r.outcome)).toContain('in_step');
    expect(w.panel.packageChanges).toBe(1);
    expect(account()?.package).toBe('storefront_enterprise');
    expect(w.counts.quotas).toBe(1);
    expect(w.storage.all()[0]?.quotaBytes).toBe(1024 * GB);
    expect(w.counts.vmConfigs).toBe(1);
    expect(w.compute.clones).toBe(1);
    expect(vm()).toMatchObject({ cores: 2, memoryMb: 4096, diskGb: 80, sshKeys: [KEY] });
    expect((await part('domain'))?.planId).toBe('enterprisedomain');
    expect((await part('storage'))?.planId).toBe('premiumstorage');
    expect(await part('vps')).toMatchObject({
      planId: 'premiumvps',
      provisioning: { package: 'premiumvps' },
    });
    // One change on the ledger; nothing delivered twice; no ready mail for a change.
    const ledger = Object.values((await w.services.getService(BUYER.userId, bundleId))!.periods);
    expect(ledger.filter((period) => period.change)).toHaveLength(1);
    expect(w.registrar.registrations).toBe(1);
    expect(w.storage.usersCreated).toBe(1);
  });

  it('leaves the bundle out of step naming the part a provider refuses, and moves it when it answers', async () => {
    await upgradeTo('premiumbundle');
    w.compute.down = true;

    const result = await converge('evt-1');

    expect(result).toMatchObject({ outcome: 'out_of_step' });
    expect(result.outcome !== 'not_found' && result.error).toMatch(/^VPS: /);
    expect(account()?.package).toBe('storefront_enterprise');
    expect(w.storage.all()[0]?.quotaBytes).toBe(1024 * GB);
    expect((await card()).parts?.find((p) => p.kind === 'vps')?.planUpdating).toBe(true);

    w.compute.down = false;
    expect(await converge('evt-reconciler')).toMatchObject({ outcome: 'in_step' });
    expect(vm()).toMatchObject({ cores: 2, memoryMb: 4096, diskGb: 80 });
  });

  it('refunding the upgrade puts every part back on the smaller bundle’s plan; the VPS disk stays', async () => {
    await upgradeTo('premiumbundle');
    await converge('evt-1');

    await withdrawPeriods(w, ref(), [purchaseIdFor('pay_Upgrade0000001')], w.now());
    expect(await converge('evt-refund')).toMatchObject({ outcome: 'in_step' });

    expect(await w.services.getService(BUYER.userId, bundleId)).toMatchObject({
      planId: 'standardbundle',
    });
    expect(account()?.package).toBe('storefront_premium');
    expect(w.storage.all()[0]?.quotaBytes).toBe(500 * GB);
    // Cores and memory go back; a disk never shrinks, so it keeps its 80 GB.
    expect(vm()).toMatchObject({ cores: 1, memoryMb: 1024, diskGb: 80, power: 'running' });
    expect((await part('domain'))?.planId).toBe('premiumdomain');
    expect((await card()).parts?.map((p) => p.name)).toEqual([
      'Premium Hosting',
      'Premium Domain',
      'Standard Storage',
      'Basic VPS',
    ]);
  });

  it('refunding the upgrade withdraws the DS records Enterprise Domain had; Premium keeps privacy', async () => {
    await upgradeTo('premiumbundle');
    await converge('evt-1');
    // What Enterprise Domain (Premium Bundle's) lets the buyer turn on from the card.
    await w.registrar.setPrivacy(NAME, true);
    await w.registrar.addDsRecord(NAME, DS);
    await converge('evt-2');
    expect((await w.registrar.dsRecords(NAME)).length).toBe(1);

    await withdrawPeriods(w, ref(), [purchaseIdFor('pay_Upgrade0000001')], w.now());
    expect(await converge('evt-refund')).toMatchObject({ outcome: 'in_step' });

    expect(await w.registrar.dsRecords(NAME)).toEqual([]);
    expect((await w.registrar.details(NAME))?.privacy).toBe(true);
  });

  it('keeps the larger quota, out of step with a sentence, while the files do not fit the smaller one', async () => {
    await upgradeTo('premiumbundle');
    await converge('evt-1');
    const usage = w.storage.usage.bind(w.storage);
    w.storage.usage = async () => ({ usedBytes: 700 * GB, objects: 3 });

    await withdrawPeriods(w, ref(), [purchaseIdFor('pay_Upgrade0000001')], w.now());
    const result = await converge('evt-refund');

    expect(result).toMatchObject({ outcome: 'out_of_step' });
    expect(result.outcome !== 'not_found' && result.error).toMatch(
      /^Cloud storage: The storage holds 700 GB, more than the 500 GB of its plan now/,
    );
    expect(w.storage.all()[0]?.quotaBytes).toBe(1024 * GB);
    // The other parts went back regardless.
    expect(account()?.package).toBe('storefront_premium');

    w.storage.usage = usage;
    expect(await converge('evt-reconciler')).toMatchObject({ outcome: 'in_step' });
    expect(w.storage.all()[0]?.quotaBytes).toBe(500 * GB);
  });
});

describe('Basic Bundle → Standard Bundle (adds a VPS)', () => {
  beforeEach(async () => {
    w = world();
    await w.users.createUserIfMissing({ ...BUYER, createdAt: BOUGHT.toISOString() });
    await buy('basicbundle', false);
  });

  it('makes the VPS the larger bundle adds, with the key given at the upgrade’s checkout', async () => {
    const { quote } = await priceChange(w, await w.checkout.plans(), BUYER.userId, {
      changeFrom: bundleId,
      planId: 'standardbundle',
    });
    expect(quote.change.parts?.find((p) => p.kind === 'vps')).toEqual({
      kind: 'vps',
      toPlanId: 'basicvps',
      toPlanName: 'Basic VPS',
      toSize: '1 vCPU, 1 GB RAM, 25 GB disk',
    });

    await upgradeTo('standardbundle', { vps: { sshKeys: [KEY] } });
    await Promise.all([converge('evt-1'), converge('evt-2')]);
    expect(await converge('evt-3')).toMatchObject({ outcome: 'in_step' });

    expect(w.compute.clones).toBe(1);
    expect(vm()).toMatchObject({ cores: 1, memoryMb: 1024, diskGb: 25, sshKeys: [KEY] });
    expect(w.storage.all()[0]?.quotaBytes).toBe(500 * GB);
    expect(account()?.package).toBe('storefront_premium');
    expect((await card()).parts?.map((p) => [p.kind, p.state])).toEqual([
      ['hosting', 'ready'],
      ['domain', 'ready'],
      ['storage', 'ready'],
      ['vps', 'ready'],
    ]);
  });

  it('without a key, the new VPS waits for the buyer’s key and the bundle is not out of step', async () => {
    await upgradeTo('standardbundle');
    const result = await converge('evt-1');

    expect(result).toMatchObject({ outcome: 'in_step' });
    expect(w.compute.clones).toBe(0);
    expect((await part('vps'))?.vps).toMatchObject({ os: 'ubuntu-24.04', sshKeys: [] });
  });

  it('refunding the upgrade stops the VPS it added (its disk kept) and puts the other parts back', async () => {
    await upgradeTo('standardbundle', { vps: { sshKeys: [KEY] } });
    await converge('evt-1');

    await withdrawPeriods(w, ref(), [purchaseIdFor('pay_Upgrade0000001')], w.now());
    expect(await converge('evt-refund')).toMatchObject({ outcome: 'in_step' });

    expect(vm()?.power).toBe('stopped');
    expect(w.compute.all()).toHaveLength(1);
    // Still on the card, stopped: its disk is kept for an operator to remove.
    expect((await card()).parts?.map((p) => [p.kind, p.state])).toEqual([
      ['hosting', 'ready'],
      ['domain', 'ready'],
      ['storage', 'ready'],
      ['vps', 'suspended'],
    ]);
    expect(w.storage.all()[0]?.quotaBytes).toBe(100 * GB);
    expect(account()?.package).toBe('storefront_basic');
  });

  it('refunding the upgrade turns off the WHOIS privacy its Premium domain had, once', async () => {
    await upgradeTo('standardbundle');
    await converge('evt-1');
    // Premium Domain (Standard Bundle's) includes privacy: the buyer turns it on from the card.
    await w.registrar.setPrivacy(NAME, true);
    await converge('evt-2');
    expect((await w.registrar.details(NAME))?.privacy).toBe(true);

    await withdrawPeriods(w, ref(), [purchaseIdFor('pay_Upgrade0000001')], w.now());
    const refunded = await converge('evt-refund');

    expect(refunded).toMatchObject({ outcome: 'in_step' });
    expect(domainActions(refunded)).toEqual(['apply-tier:privacy-off']);
    expect((await w.registrar.details(NAME))?.privacy).toBe(false);
    expect((await part('domain'))?.planId).toBe('basicdomain');
    // Done: a later pass finds nothing left to take away.
    expect(domainActions(await converge('evt-again'))).toEqual([]);
  });

  it('refuses VPS choices on a change that adds no VPS', async () => {
    await upgradeTo('standardbundle');
    await expect(
      createOrder(w.checkout, BUYER, {
        planId: 'premiumbundle',
        changeFrom: bundleId,
        vps: { sshKeys: [KEY] },
      }),
    ).rejects.toMatchObject({ code: 'invalid_plan_change' });
  });
});
