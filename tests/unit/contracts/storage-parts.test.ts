/**
 * One contract for the storage part kept on a service's item (StoragePartStore, D24), run
 * against the in-memory fake and the DynamoDB adapter on dynalite: the whole part put once, single
 * fields changed without touching the others (a usage refresh and a key rotation at once both
 * land), nothing written for a service that has no part, and the dashboard's summary query reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import { DynamoStorageParts } from '../../../lambdas/adapters/dynamodb/storage-parts';
import type { StoragePartStore } from '../../../lambdas/ports/object-storage';
import type { ServicesStore } from '../../../lambdas/ports/services';
import { serviceIdFor } from '../../../lambdas/use-cases/extend-service';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryStorageParts } from '../../helpers/fakes/object-storage';
import { InMemoryServicesStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
const AT = '2026-11-27T04:00:00.000Z';
const PART = {
  uid: 'svc_x',
  bucket: 'svc-x',
  endpoint: 'https://s3.example.in',
  quotaBytes: 100_000_000_000,
  usedBytes: 0,
};

async function storageService(services: ServicesStore) {
  seq += 1;
  const userId = `user-storage-${seq}`;
  const identity = {
    userId,
    serviceId: serviceIdFor(userId, { planId: 'basicstorage' }),
    planId: 'basicstorage',
    planName: 'Basic Storage',
    category: 'storage' as const,
  };
  const period = {
    purchaseId: `pur_pay_${seq}`,
    paymentId: `pay_${seq}`,
    purchaseDate: AT,
    startDate: AT,
    renewalDate: '2027-11-27T04:00:00.000Z',
    months: 12 as const,
    amountPaise: 117_882,
  };
  expect(await services.extendService(identity, period, 0, AT)).toBe(true);
  return { userId, serviceId: identity.serviceId };
}

function contract(make: () => { services: ServicesStore; parts: StoragePartStore }) {
  it('puts the part, changes single fields, and the summary reads it', async () => {
    const { services, parts } = make();
    const ref = await storageService(services);
    await parts.putStoragePart(ref, PART);
    await Promise.all([
      parts.updateStoragePart(ref, { usedBytes: 4_000_000, usageAt: AT }),
      parts.updateStoragePart(ref, { accessKeyId: 'AKIANEW0000000000001' }),
    ]);
    const expected = {
      ...PART,
      usedBytes: 4_000_000,
      usageAt: AT,
      accessKeyId: 'AKIANEW0000000000001',
    };
    expect((await services.getService(ref.userId, ref.serviceId))?.storage).toEqual(expected);
    const [summary] = await services.listServiceSummaries(ref.userId);
    expect(summary?.storage).toEqual(expected);
  });

  it('changes nothing where no part is kept, and a new put replaces the part', async () => {
    const { services, parts } = make();
    const ref = await storageService(services);
    await parts.updateStoragePart(ref, { usedBytes: 5 });
    expect((await services.getService(ref.userId, ref.serviceId))?.storage).toBeUndefined();
    await parts.putStoragePart(ref, PART);
    await parts.putStoragePart(ref, { ...PART, quotaBytes: 500_000_000_000 });
    expect((await services.getService(ref.userId, ref.serviceId))?.storage?.quotaBytes).toBe(
      500_000_000_000,
    );
    // No item, no part: nothing is created.
    await parts.putStoragePart({ userId: ref.userId, serviceId: 'svc_none' }, PART);
    expect(await services.getService(ref.userId, 'svc_none')).toBeUndefined();
  });
}

describe('StoragePartStore (in memory)', () =>
  contract(() => {
    const services = new InMemoryServicesStore();
    return { services, parts: new InMemoryStorageParts(services) };
  }));
describe('StoragePartStore (DynamoDB on dynalite)', () =>
  contract(() => ({
    services: new DynamoServicesStore(db.client, db.table('services')),
    parts: new DynamoStorageParts(db.client, db.table('services')),
  })));
