/**
 * Create key / Rotate key (D24) on in-memory fakes: a key only for the caller's own ready storage,
 * the earlier key stopped, the secret answered and never kept or logged, a double click making
 * one key at a time, and the refusals a buyer can read.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import {
  createStorageKey,
  type CreateStorageKeyDeps,
} from '../../../../lambdas/use-cases/create-storage-key';
import { InMemoryObjectStorage, InMemoryStorageParts } from '../../../helpers/fakes/object-storage';
import { convergeWorld, givenBuyer, givenPaidYear } from '../../../helpers/converge-world';
import { BUYER } from '../../../helpers/fakes/world';

const START = new Date('2026-11-27T04:00:00.000Z');
const SERVICE_ID = 'svc_0a1b2c3d4e5f60718293a4b5';
const BUCKET = 'svc-0a1b2c3d4e5f60718293a4b5';

function world() {
  const storage = new InMemoryObjectStorage();
  const base = convergeWorld(
    (world) => ({
      storage: { storage, parts: new InMemoryStorageParts(world.services) },
    }),
    START,
  );
  const { records, deps: converge } = base;
  const keys: CreateStorageKeyDeps = {
    services: base.services,
    records,
    storage,
    parts: new InMemoryStorageParts(base.services),
    log: base.log,
    now: base.now,
    pause: () => new Promise((resolve) => setImmediate(resolve)),
  };
  return Object.assign(base, { storage, converge, keys });
}

let w: ReturnType<typeof world>;
beforeEach(async () => {
  w = world();
  await givenBuyer(w);
  await givenPaidYear(
    w,
    {
      serviceId: SERVICE_ID,
      planId: 'basicstorage',
      planName: 'Basic Storage',
      category: 'storage',
    },
    { paymentId: 'pay_Storage0001', amountPaise: 117_882 },
  );
});

const create = () => createStorageKey(w.keys, BUYER.userId, SERVICE_ID);
const made = () =>
  convergeService(
    w.converge,
    { userId: BUYER.userId, serviceId: SERVICE_ID },
    {
      deliveryId: 'evt-1',
    },
  );

describe('creating a storage key (D24)', () => {
  it('answers a working key once; the service keeps its id only; a rotation stops the old key', async () => {
    await made();
    const first = await create();
    expect(first).toMatchObject({ endpoint: w.storage.url, bucket: BUCKET });
    expect(w.storage.put(first, BUCKET, 'a.txt', 10)).toBe('ok');
    const second = await create();
    expect(w.storage.put(first, BUCKET, 'b.txt', 10)).toBe('InvalidAccessKeyId');
    expect(w.storage.put(second, BUCKET, 'b.txt', 10)).toBe('ok');
    const kept = JSON.stringify(await w.services.getService(BUYER.userId, SERVICE_ID));
    expect(kept).toContain(second.accessKeyId);
    expect(kept).not.toContain(second.secretAccessKey);
    expect(JSON.stringify(w.log)).not.toContain(second.secretAccessKey);
  });

  it('a double click: one rotation at a time, and exactly the last answered key works', async () => {
    await made();
    const results = await Promise.allSettled([create(), create()]);
    const keys = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(keys.length).toBeGreaterThanOrEqual(1);
    const working = keys.filter((key) => w.storage.put(key, BUCKET, 'x', 1) === 'ok');
    expect(working).toHaveLength(1);
    const stored = await w.services.getService(BUYER.userId, SERVICE_ID);
    expect(stored?.storage?.accessKeyId).toBe(working[0]?.accessKeyId);
  });

  it('refuses with a sentence: not ready yet, suspended, ended, not the caller’s, provider down', async () => {
    await expect(create()).rejects.toMatchObject({ code: 'service_not_ready' });
    await made();
    await expect(createStorageKey(w.keys, 'someone-else', SERVICE_ID)).rejects.toMatchObject({
      code: 'service_not_found',
    });
    w.storage.down = true;
    await expect(create()).rejects.toMatchObject({ code: 'storage_unavailable' });
    w.storage.down = false;
    const service = await w.services.getService(BUYER.userId, SERVICE_ID);
    await w.services.changeFacts(
      { userId: BUYER.userId, serviceId: SERVICE_ID },
      { kind: 'hold', note: 'abuse' },
      service?.version ?? 0,
      START.toISOString(),
    );
    await expect(create()).rejects.toMatchObject({ code: 'service_suspended' });
    const held = await w.services.getService(BUYER.userId, SERVICE_ID);
    await w.services.changeFacts(
      { userId: BUYER.userId, serviceId: SERVICE_ID },
      { kind: 'end' },
      held?.version ?? 0,
      START.toISOString(),
    );
    await expect(create()).rejects.toMatchObject({
      code: 'service_ended',
      message: expect.stringContaining('has ended'),
    });
  });
});
