/**
 * One contract for the auto-renew store (lambdas/ports/auto-renew.ts), run against the in-memory
 * fake and the DynamoDB adapter on dynalite: the sparse due index, the mandate lookups, the claim
 * per service and renewal date, and the cycle written only under the claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAutoRenewStore } from '../../../lambdas/adapters/dynamodb/auto-renew';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import type { AutoRenewStore, MandateRecord, ServiceRef } from '../../../lambdas/ports/auto-renew';
import type { ServicesStore } from '../../../lambdas/ports/services';
import { serviceIdFor } from '../../../lambdas/use-cases/extend-service';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryAutoRenewStore } from '../../helpers/fakes/auto-renew';
import { InMemoryServicesStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

interface Backend {
  services: ServicesStore;
  store: AutoRenewStore;
}

let seq = 0;
const RENEWS = '2026-12-22T04:30:00.000Z';
const NOTICE = '2026-12-18T18:30:00.000Z';
const NOW = new Date('2026-12-19T03:30:00.000Z');
const LEASE = 60_000;
const AT = '2026-11-22T05:00:00.000Z';

async function given(backend: Backend): Promise<ServiceRef> {
  seq += 1;
  const userId = `user-autorenew-${seq}`;
  const identity = {
    userId,
    serviceId: serviceIdFor(userId, { planId: 'basichosting' }),
    planId: 'basichosting',
    planName: 'Basic Hosting',
    category: 'hosting' as const,
  };
  await backend.services.extendService(
    identity,
    {
      purchaseId: `pur_${seq}`,
      paymentId: `pay_${seq}`,
      purchaseDate: AT,
      startDate: AT,
      renewalDate: RENEWS,
      months: 1,
      amountPaise: 3_538_82,
    },
    0,
    AT,
  );
  return { userId, serviceId: identity.serviceId };
}

const mandate = (n: number): MandateRecord => ({
  tokenId: `token_Contract${n}`,
  customerId: `cust_Contract${n}`,
  method: 'card',
  label: 'Visa •••• 4242',
  maxAmountPaise: 3_600_00,
  status: 'confirmed',
  since: AT,
});

async function listed(store: AutoRenewStore, now: Date): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of store.listDue(now)) ids.push(item.serviceId);
  return ids;
}

async function on(backend: Backend): Promise<ServiceRef> {
  const ref = await given(backend);
  await backend.store.setAutoRenew(
    ref,
    { enabled: false, pendingOrderId: `order_Pending${seq}` },
    AT,
  );
  await backend.store.setAutoRenew(
    ref,
    { enabled: true, mandate: mandate(seq), pendingOrderId: null, nextDueAt: NOTICE },
    '2026-11-22T05:01:00.000Z',
  );
  return ref;
}

function contract(make: () => Backend) {
  it('finds a pending registration by its order, then the mandate by its token', async () => {
    const backend = make();
    const ref = await given(backend);

    await backend.store.setAutoRenew(
      ref,
      { enabled: false, pendingOrderId: 'order_Reg1' + seq },
      AT,
    );
    expect(await backend.store.findByPendingOrder('order_Reg1' + seq)).toEqual(ref);

    const after = await backend.store.setAutoRenew(
      ref,
      { enabled: true, mandate: mandate(seq), pendingOrderId: null, nextDueAt: NOTICE },
      '2026-11-22T05:01:00.000Z',
    );
    expect(after?.autoRenew).toMatchObject({ enabled: true, mandate: mandate(seq) });
    expect(after?.autoRenew?.pendingOrderId).toBeUndefined();
    expect(await backend.store.findByToken(mandate(seq).tokenId)).toEqual(ref);
    expect(await backend.store.findByPendingOrder('order_Reg1' + seq)).toBeUndefined();
    expect(await backend.store.findByToken('token_Nobody')).toBeUndefined();
  });

  it('lists a service with auto-renew once its next step is due, and not after it is turned off', async () => {
    const backend = make();
    const ref = await on(backend);

    expect(await listed(backend.store, new Date(Date.parse(NOTICE) - 1))).not.toContain(
      ref.serviceId,
    );
    expect(await listed(backend.store, NOW)).toContain(ref.serviceId);

    await backend.store.setAutoRenew(
      ref,
      { enabled: false, nextDueAt: null },
      '2026-11-23T00:00:00.000Z',
    );
    expect(await listed(backend.store, NOW)).not.toContain(ref.serviceId);
  });

  it('one claim among ten at once; the cycle is written only by its holder', async () => {
    const backend = make();
    const ref = await on(backend);

    const claims = await Promise.all(
      Array.from({ length: 10 }, () => backend.store.claim(ref, RENEWS, NOW, LEASE)),
    );
    const won = claims.filter((c) => c.state === 'claimed');
    expect(won).toHaveLength(1);
    expect(claims.filter((c) => c.state === 'held')).toHaveLength(9);
    const token = (won[0] as { token: string }).token;

    expect(await backend.store.saveCycle(ref, 'not-the-token', { renewalDate: RENEWS })).toBe(
      false,
    );
    expect(
      await backend.store.saveCycle(ref, token, { renewalDate: RENEWS, orderId: 'order_1' }),
    ).toBe(true);
    await backend.store.complete(
      ref,
      token,
      { renewalDate: RENEWS, orderId: 'order_1', noticeSentAt: NOW.toISOString() },
      '2026-12-20T03:30:00.000Z',
    );

    const stored = await backend.store.get(ref);
    expect(stored?.autoRenew?.cycle).toEqual({
      renewalDate: RENEWS,
      orderId: 'order_1',
      noticeSentAt: NOW.toISOString(),
    });
    expect(stored?.autoRenew?.claim).toBeUndefined();
    expect(stored?.autoRenewDueAt).toBe('2026-12-20T03:30:00.000Z');
    // The mandate survived the job's writes, and the job's cycle survives a setting's write.
    await backend.store.setAutoRenew(ref, { enabled: true }, '2026-12-19T04:00:00.000Z');
    expect((await backend.store.get(ref))?.autoRenew).toMatchObject({
      mandate: mandate(seq),
      cycle: { orderId: 'order_1' },
    });
  });

  it('a crashed claim lapses after its lease; a claim is stale for another date or when off', async () => {
    const backend = make();
    const ref = await on(backend);
    await backend.store.claim(ref, RENEWS, NOW, LEASE);

    expect(
      (await backend.store.claim(ref, RENEWS, new Date(NOW.getTime() + LEASE - 1), LEASE)).state,
    ).toBe('held');
    expect((await backend.store.claim(ref, '2027-01-22T04:30:00.000Z', NOW, LEASE)).state).toBe(
      'stale',
    );
    const later = await backend.store.claim(
      ref,
      RENEWS,
      new Date(NOW.getTime() + LEASE + 1),
      LEASE,
    );
    expect(later.state).toBe('claimed');
    await backend.store.release(ref, (later as { token: string }).token);
    await backend.store.setAutoRenew(ref, { enabled: false }, '2026-12-19T05:00:00.000Z');
    expect((await backend.store.claim(ref, RENEWS, NOW, LEASE)).state).toBe('stale');
  });

  it('answers undefined, writing nothing, for a service that does not exist', async () => {
    const backend = make();
    const ghost = { userId: 'user-autorenew-ghost', serviceId: 'svc_ghost' };

    expect(await backend.store.setAutoRenew(ghost, { enabled: true }, AT)).toBeUndefined();
    await backend.store.reschedule(ghost, NOTICE);
    expect(await backend.store.get(ghost)).toBeUndefined();
  });
}

describe('AutoRenewStore, in memory', () => {
  contract(() => {
    const services = new InMemoryServicesStore();
    return { services, store: new InMemoryAutoRenewStore(services) };
  });
});

describe('AutoRenewStore, DynamoDB on dynalite', () => {
  contract(() => ({
    services: new DynamoServicesStore(db.client, db.table('services')),
    store: new DynamoAutoRenewStore(db.client, db.table('services')),
  }));
});
