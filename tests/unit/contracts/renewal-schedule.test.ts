/**
 * One contract for the renewal schedule port (lambdas/ports/renewals.ts), run against the
 * in-memory fake and the DynamoDB adapter on dynalite: the due-date index that extensions keep,
 * and the claim per service, renewal date and step.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoRenewalSchedule } from '../../../lambdas/adapters/dynamodb/renewal-schedule';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import { dueShardOf, stepKey } from '../../../lambdas/domain/renewal-schedule';
import { dueAt } from '../../../lambdas/domain/renewals';
import type { RenewalSchedule, ServiceRef } from '../../../lambdas/ports/renewals';
import type { ServicePeriod, ServicesStore } from '../../../lambdas/ports/services';
import { serviceIdFor } from '../../../lambdas/use-cases/extend-service';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryRenewalSchedule } from '../../helpers/fakes/renewals';
import { InMemoryServicesStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

interface Backend {
  services: ServicesStore;
  schedule: RenewalSchedule;
  cancel(ref: ServiceRef): Promise<void>;
}

let seq = 0;
const RENEWS = '2027-11-22T04:30:00.000Z';
const LATER = '2028-11-22T04:30:00.000Z';
const LEASE = 60_000;
const NOW = new Date('2027-11-15T03:30:00.000Z');

/** A hosting service, renewing on `renewalDate`, of a buyer of its own. */
async function given(backend: Backend, renewalDate = RENEWS): Promise<ServiceRef> {
  seq += 1;
  const userId = `user-renewals-${seq}`;
  const identity = {
    userId,
    serviceId: serviceIdFor(userId, { planId: 'basichosting' }),
    planId: 'basichosting',
    planName: 'Basic Hosting',
    category: 'hosting' as const,
  };
  await backend.services.extendService(identity, period(1, renewalDate), 0, NOW.toISOString());
  return { userId, serviceId: identity.serviceId };
}

function period(n: number, renewalDate: string): ServicePeriod {
  return {
    purchaseId: `pur_pay_${n}`,
    paymentId: `pay_${n}`,
    purchaseDate: '2026-11-22T04:30:00.000Z',
    startDate: '2026-11-22T04:30:00.000Z',
    renewalDate,
    months: 12,
    amountPaise: 3_538_584,
  };
}

async function listed(schedule: RenewalSchedule, now: Date): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of schedule.listDue(now)) ids.push(item.serviceId);
  return ids;
}

function renewalScheduleContract(make: () => Backend) {
  it('an extension puts the service in the index at its first reminder, and lists it once due', async () => {
    const backend = make();
    const ref = await given(backend);
    const firstReminder = dueAt('reminder_30d', new Date(RENEWS));

    const before = await listed(backend.schedule, new Date(firstReminder.getTime() - 1));
    const atIt = await listed(backend.schedule, firstReminder);

    expect(before).not.toContain(ref.serviceId);
    expect(atIt).toContain(ref.serviceId);
    expect(await backend.schedule.get(ref)).toMatchObject({
      nextDueAt: firstReminder.toISOString(),
      dueShard: dueShardOf(ref.serviceId),
    });
  });

  it('one claim of a step among ten at once; the others find it held', async () => {
    const backend = make();
    const ref = await given(backend);

    const claims = await Promise.all(
      Array.from({ length: 10 }, () =>
        backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE),
      ),
    );

    expect(claims.filter((c) => c.state === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.state === 'held')).toHaveLength(9);
  });

  it('a claim answers the service’s item as its write left it, as a consistent read finds it then', async () => {
    const backend = make();
    const ref = await given(backend);

    const claim = await backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE);
    if (claim.state !== 'claimed') throw new Error('not claimed');

    // The job acts on it, and converge starts from it, instead of reading it again (issue #30).
    expect(claim.service).toEqual(await backend.schedule.get(ref));
    expect(claim.service).toMatchObject({
      ...ref,
      renewalDate: RENEWS,
      version: 1,
      renewalClaim: {
        token: claim.token,
        key: stepKey(RENEWS, 'reminder_7d'),
        until: NOW.getTime() + LEASE,
      },
    });
  });

  it('a claim left by a crashed run holds for its lease, then is taken over', async () => {
    const backend = make();
    const ref = await given(backend);
    await backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE);

    const during = await backend.schedule.claim(
      ref,
      RENEWS,
      'reminder_7d',
      new Date(NOW.getTime() + LEASE - 1),
      LEASE,
    );
    const after = await backend.schedule.claim(
      ref,
      RENEWS,
      'reminder_7d',
      new Date(NOW.getTime() + LEASE + 1),
      LEASE,
    );

    expect(during.state).toBe('held');
    expect(after.state).toBe('claimed');
  });

  it('is stale for another renewal date, a cancelled service and a step done', async () => {
    const backend = make();
    const renewed = await given(backend);
    const cancelled = await given(backend);
    const done = await given(backend);
    await backend.services.extendService(
      { ...renewed, planId: 'basichosting', planName: 'Basic Hosting', category: 'hosting' },
      period(2, LATER),
      1,
      NOW.toISOString(),
    );
    await backend.cancel(cancelled);
    const claim = await backend.schedule.claim(done, RENEWS, 'reminder_7d', NOW, LEASE);
    if (claim.state !== 'claimed') throw new Error('not claimed');
    await backend.schedule.complete(done, RENEWS, claim.token, ['reminder_7d'], undefined);

    const results = await Promise.all(
      [renewed, cancelled, done].map((ref) =>
        backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE),
      ),
    );

    expect(results).toEqual([{ state: 'stale' }, { state: 'stale' }, { state: 'stale' }]);
  });

  it('completing records the steps for that renewal date and moves the index to the next step', async () => {
    const backend = make();
    const ref = await given(backend);
    const claim = await backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE);
    if (claim.state !== 'claimed') throw new Error('not claimed');
    const next = dueAt('reminder_1d', new Date(RENEWS)).toISOString();

    await backend.schedule.complete(
      ref,
      RENEWS,
      claim.token,
      ['reminder_30d', 'reminder_7d'],
      next,
    );

    const stored = await backend.schedule.get(ref);
    expect(stored?.renewalClaim).toBeUndefined();
    expect(stored?.nextDueAt).toBe(next);
    expect([...(stored?.renewalDone ?? [])].sort()).toEqual([
      stepKey(RENEWS, 'reminder_30d'),
      stepKey(RENEWS, 'reminder_7d'),
    ]);
    expect(await listed(backend.schedule, NOW)).not.toContain(ref.serviceId);
  });

  it('a renewal during a claim keeps its own schedule; completing only ends the claim', async () => {
    const backend = make();
    const ref = await given(backend);
    const claim = await backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE);
    if (claim.state !== 'claimed') throw new Error('not claimed');
    await backend.services.extendService(
      { ...ref, planId: 'basichosting', planName: 'Basic Hosting', category: 'hosting' },
      period(2, LATER),
      1,
      NOW.toISOString(),
    );

    await backend.schedule.complete(
      ref,
      RENEWS,
      claim.token,
      ['reminder_7d'],
      dueAt('reminder_1d', new Date(RENEWS)).toISOString(),
    );

    const stored = await backend.schedule.get(ref);
    expect(stored?.renewalClaim).toBeUndefined();
    expect(stored?.nextDueAt).toBe(dueAt('reminder_30d', new Date(LATER)).toISOString());
    // A new renewal date starts with no step done.
    expect((await backend.schedule.claim(ref, LATER, 'reminder_7d', NOW, LEASE)).state).toBe(
      'claimed',
    );
  });

  it('a released claim can be taken at once', async () => {
    const backend = make();
    const ref = await given(backend);
    const claim = await backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE);
    if (claim.state !== 'claimed') throw new Error('not claimed');

    await backend.schedule.release(ref, claim.token);

    expect((await backend.schedule.claim(ref, RENEWS, 'reminder_7d', NOW, LEASE)).state).toBe(
      'claimed',
    );
  });

  it('records steps without a claim only while the renewal date is the one read', async () => {
    const backend = make();
    const ref = await given(backend);

    const kept = await backend.schedule.record(ref, RENEWS, ['reminder_30d'], undefined);
    const refused = await backend.schedule.record(ref, LATER, ['reminder_30d'], undefined);

    expect([kept, refused]).toEqual([true, false]);
    const stored = await backend.schedule.get(ref);
    expect([...(stored?.renewalDone ?? [])]).toEqual([stepKey(RENEWS, 'reminder_30d')]);
    expect(stored?.nextDueAt).toBeUndefined();
  });

  it('unscheduling takes the service out of the index, and never makes an item', async () => {
    const backend = make();
    const ref = await given(backend);
    const ghost = { userId: 'user-renewals-ghost', serviceId: 'svc_ghost' };

    await backend.schedule.unschedule(ref);
    await backend.schedule.unschedule(ghost);

    expect(await listed(backend.schedule, new Date('2099-01-01T00:00:00.000Z'))).not.toContain(
      ref.serviceId,
    );
    expect(await backend.schedule.get(ghost)).toBeUndefined();
  });
}

describe('RenewalSchedule, in memory', () => {
  renewalScheduleContract(() => {
    const services = new InMemoryServicesStore();
    return {
      services,
      schedule: new InMemoryRenewalSchedule(services),
      async cancel(ref) {
        const item = services.items.get(`${ref.userId}#${ref.serviceId}`);
        if (item) item.cancelledAt = NOW.toISOString();
      },
    };
  });
});

describe('RenewalSchedule, DynamoDB on dynalite', () => {
  renewalScheduleContract(() => ({
    services: new DynamoServicesStore(db.client, db.table('services')),
    schedule: new DynamoRenewalSchedule(db.client, db.table('services')),
    async cancel(ref) {
      await db.client.send(
        new UpdateCommand({
          TableName: db.table('services')(),
          Key: ref,
          UpdateExpression: 'SET cancelledAt = :at',
          ExpressionAttributeValues: { ':at': NOW.toISOString() },
        }),
      );
    },
  }));
});
