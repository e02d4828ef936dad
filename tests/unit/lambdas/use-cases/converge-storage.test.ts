/**
 * A storage service's provider part is the object storage (D24), driven by converge (D22) on
 * in-memory fakes: one user (with its bucket and the plan's quota) however many deliveries race,
 * adopted (not made again) after a crash between making it and recording it, out of step with a
 * sentence while the provider is down and no mail meanwhile, suspended when held or ended,
 * unsuspended when live again, deleted when an operator removes it. The ready mail says where
 * the keys are, and holds no secret.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { InMemoryObjectStorage, InMemoryStorageParts } from '../../../helpers/fakes/object-storage';
import {
  CONVERGE_START as START,
  convergeWorld,
  givenBuyer,
  givenPaidYear,
  MINUTE,
} from '../../../helpers/converge-world';
import { BUYER } from '../../../helpers/fakes/world';

const SERVICE_ID = 'svc_0a1b2c3d4e5f60718293a4b5';
const GB = 1_000_000_000;

function world() {
  const storage = new InMemoryObjectStorage();
  const base = convergeWorld((world) => ({
    storage: { storage, parts: new InMemoryStorageParts(world.services) },
  }));
  return Object.assign(base, { storage });
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

const ref = { userId: BUYER.userId, serviceId: SERVICE_ID };
const converge = (deliveryId = 'evt-1') => convergeService(w.deps, ref, { deliveryId });
const service = () => w.services.getService(BUYER.userId, SERVICE_ID);
async function fact(kind: 'hold' | 'unhold' | 'end' | 'remove') {
  const current = await service();
  const written = await w.services.changeFacts(
    ref,
    kind === 'hold' ? { kind, note: 'abuse report' } : { kind },
    current?.version ?? 0,
    w.now().toISOString(),
  );
  expect(written).toBe(true);
}

describe('a storage service converged onto the object storage (D24)', () => {
  it('makes one user with its bucket and the plan quota (100 GB decimal), records it ready, mails once without a secret', async () => {
    const result = await converge();
    expect(result).toMatchObject({ outcome: 'in_step', desired: 'active', actual: 'live' });
    expect(w.storage.all()).toEqual([
      {
        uid: SERVICE_ID,
        serviceId: SERVICE_ID,
        suspended: false,
        quotaBytes: 100 * GB,
        usedBytes: 0,
        buckets: ['svc-0a1b2c3d4e5f60718293a4b5'],
      },
    ]);
    const s = await service();
    expect(s?.provisioning).toMatchObject({ state: 'ready', server: w.storage.url });
    expect(s?.storage).toMatchObject({
      uid: SERVICE_ID,
      bucket: 'svc-0a1b2c3d4e5f60718293a4b5',
      endpoint: w.storage.url,
      quotaBytes: 100 * GB,
      usedBytes: 0,
    });
    expect(s?.storage?.accessKeyId).toBeUndefined();
    await converge('evt-again');
    expect(w.storage.usersCreated).toBe(1);
    expect(w.mailer.sent).toHaveLength(1);
    const mail = w.mailer.sent[0];
    expect(mail?.subject).toBe('Your Basic Storage is ready');
    expect(mail?.text).toContain('Create key');
    expect(mail?.text).not.toMatch(/secret access key:/i);
  });

  it('10 concurrent deliveries make one user', async () => {
    await Promise.allSettled(Array.from({ length: 10 }, (_, i) => converge(`evt-${i}`)));
    await converge('evt-after');
    expect(w.storage.usersCreated).toBe(1);
    expect(w.storage.all()).toHaveLength(1);
    expect((await service())?.provisioning?.state).toBe('ready');
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('a crash between making the user and recording it: the next converge adopts it', async () => {
    const settle = w.records.settle.bind(w.records);
    const release = w.records.release.bind(w.records);
    let crashing = true;
    w.records.settle = async (...args) => {
      if (crashing) throw new Error('process killed');
      return settle(...args);
    };
    w.records.release = async (...args) => {
      if (crashing) throw new Error('process killed');
      return release(...args);
    };
    await converge('evt-crashed');
    crashing = false;
    expect(w.storage.usersCreated).toBe(1);
    expect((await service())?.provisioning?.state).toBe('pending');

    w.setNow(new Date(START.getTime() + 3 * MINUTE));
    const result = await converge('evt-retry');
    expect(result).toMatchObject({
      outcome: 'in_step',
      actions: ['storage:adopt', 'deliver:already_provisioned'],
    });
    expect(w.storage.usersCreated).toBe(1);
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('the provider down: out of step with a sentence, "Setting up", no mail; repaired by the next converge', async () => {
    w.storage.down = true;
    const down = await converge('evt-down');
    expect(down).toMatchObject({
      outcome: 'out_of_step',
      desired: 'setting_up',
      actual: 'absent',
      error: expect.stringContaining('storage service did not answer'),
    });
    expect(w.mailer.sent).toHaveLength(0);
    expect(w.storage.usersCreated).toBe(0);
    w.storage.down = false;
    w.setNow(new Date(START.getTime() + 15 * MINUTE));
    expect(await converge('evt-reconciler')).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect((await service())?.life?.outOfStepSince).toBeUndefined();
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('held → suspended; unheld → unsuspended; ended → suspended; removed → deleted', async () => {
    await converge('evt-made');
    await fact('hold');
    expect(await converge('evt-hold')).toMatchObject({
      actual: 'suspended',
      actions: ['storage:suspend'],
    });
    expect(w.storage.all()[0]?.suspended).toBe(true);
    await fact('unhold');
    expect(await converge('evt-unhold')).toMatchObject({
      outcome: 'in_step',
      actual: 'live',
      actions: ['storage:unsuspend'],
    });
    expect(w.storage.all()[0]?.suspended).toBe(false);
    await fact('end');
    expect(await converge('evt-end')).toMatchObject({ desired: 'ended', actual: 'suspended' });
    expect(w.storage.all()[0]?.suspended).toBe(true);
    await fact('remove');
    expect(await converge('evt-remove')).toMatchObject({
      desired: 'removed',
      actual: 'removed',
      actions: ['storage:delete'],
    });
    expect(w.storage.all()).toEqual([]);
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('a storage service an operator set up by hand is left to the operator: ended, it is listed, the provider is not asked', async () => {
    await w.records.begin(BUYER.userId, SERVICE_ID, 'manual', START);
    expect(
      await w.records.completeByHand(
        BUYER.userId,
        SERVICE_ID,
        'manual',
        { Bucket: 'old-1' },
        START,
      ),
    ).toBe(true);
    await fact('end');
    w.storage.down = true;
    const result = await converge('evt-end');
    expect(result).toMatchObject({ outcome: 'out_of_step', desired: 'ended', actual: 'live' });
    expect(result).not.toHaveProperty('error');
    expect(w.storage.usersCreated).toBe(0);
  });

  it('refreshes the usage onto the service when converged again', async () => {
    await converge('evt-made');
    const key = await w.storage.rotateKey(SERVICE_ID);
    expect(w.storage.put(key, 'svc-0a1b2c3d4e5f60718293a4b5', 'photo.jpg', 4_000_000)).toBe('ok');
    await converge('evt-look');
    expect((await service())?.storage?.usedBytes).toBe(4_000_000);
  });
});
