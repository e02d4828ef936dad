/**
 * The console's part of a service's life (D22) on in-memory fakes: the services out of step for
 * 15 minutes or more, "Converge now", the ended services due for removal and their removal, each
 * audited; and Today's stuck count, which includes the services out of step.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperatorRef } from '../../../../lambdas/domain/admin';
import type { Months } from '../../../../lambdas/domain/pricing';
import { whmUsernameFor } from '../../../../lambdas/domain/provisioning';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import {
  actOnService,
  convergeNow,
  listOutOfStep,
  listRemovals,
  type ServiceLifeDeps,
} from '../../../../lambdas/use-cases/admin/service-life';
import { summariseToday } from '../../../../lambdas/use-cases/admin/today';
import { InMemoryAuditLog } from '../../../helpers/fakes/audit';
import { convergeWorld } from '../../../helpers/converge-world';
import { InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';

const OPERATOR: OperatorRef = {
  userId: '9b2d7c1e-3f4a-4b5c-8d6e-7f8a9b0c1d2e',
  email: 'priya.nair@storefront.example.in',
};
const START = new Date('2026-11-22T04:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function lifeWorld() {
  const world = convergeWorld(undefined, START);
  const { deps: converge } = world;
  const audit = new InMemoryAuditLog();
  let ids = 0;
  const deps: ServiceLifeDeps = {
    services: world.services,
    converge,
    audit,
    log: world.log,
    now: world.now,
    newId: () => `entry-${(ids += 1)}`,
  };
  return Object.assign(world, { audit, converge, deps });
}
type World = ReturnType<typeof lifeWorld>;

let world: World;

beforeEach(async () => {
  world = lifeWorld();
  await world.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
});

/** A year of hosting paid now; converge (the bus's consumer) runs once, the panel up or down. */
async function givenHosting(n: number, panelDown = false) {
  const serviceId = `svc_hosting${n}`;
  const domain = `asha${n}.example.in`;
  const at = world.now().toISOString();
  const renewal = new Date(world.now().getTime() + 365 * DAY).toISOString();
  await world.services.extendService(
    {
      userId: BUYER.userId,
      serviceId,
      planId: 'basichosting',
      planName: 'Basic Hosting',
      category: 'hosting',
      domain,
    },
    {
      purchaseId: `pur_pay_Hosting0000${n}`,
      paymentId: `pay_Hosting0000${n}`,
      purchaseDate: at,
      startDate: at,
      renewalDate: renewal,
      months: 12 as Months,
      amountPaise: 2_827_560,
    },
    0,
    at,
  );
  world.panel.down = panelDown;
  const result = await convergeService(
    world.converge,
    { userId: BUYER.userId, serviceId },
    { deliveryId: `evt-${n}` },
  );
  world.panel.down = false;
  return { serviceId, domain, result };
}

/** The operator's hold or the end of a service: a fact, then converge as the bus would run it. */
async function ended(serviceId: string) {
  const service = await world.services.getService(BUYER.userId, serviceId);
  if (!service) throw new Error('no service');
  await world.services.changeFacts(
    { userId: BUYER.userId, serviceId },
    { kind: 'end' },
    service.version,
    world.now().toISOString(),
  );
  await convergeService(world.converge, { userId: BUYER.userId, serviceId }, { deliveryId: 'e' });
}

const later = (ms: number) => world.setNow(new Date(world.now().getTime() + ms));

describe('out of step', () => {
  it('lists a service out of step for 15 minutes or more, oldest first, with what is wanted and what is', async () => {
    const first = await givenHosting(1, true);
    later(5 * MINUTE);
    const second = await givenHosting(2, true);
    await givenHosting(3); // in step
    later(10 * MINUTE);

    // 15 minutes for the first, 10 for the second.
    expect((await listOutOfStep(world.deps)).map((s) => s.serviceId)).toEqual([first.serviceId]);
    later(5 * MINUTE);
    const listed = await listOutOfStep(world.deps);

    expect(listed).toEqual([
      {
        serviceId: first.serviceId,
        userId: BUYER.userId,
        planName: 'Basic Hosting',
        category: 'hosting',
        domain: first.domain,
        desired: 'setting_up',
        actual: 'absent',
        since: START.toISOString(),
        lastError:
          'The control panel did not answer. Please try again in a few minutes. (WHM call: HTTP 503)',
      },
      expect.objectContaining({ serviceId: second.serviceId, since: expect.any(String) }),
    ]);
  });

  it('Converge now makes the account once WHM is back, leaves the list, and is audited', async () => {
    const { serviceId, domain } = await givenHosting(1, true);
    later(16 * MINUTE);

    const service = await convergeNow(world.deps, OPERATOR, serviceId, BUYER.userId);

    expect(service).toEqual({ serviceId, desired: 'active', actual: 'live' });
    expect(world.panel.accounts.get(whmUsernameFor(serviceId, domain))).toMatchObject({ domain });
    expect(await listOutOfStep(world.deps)).toEqual([]);
    expect(world.mailer.sent.map((m) => m.subject)).toEqual(['Your Basic Hosting is ready']);
    expect(world.audit.entries).toEqual([
      expect.objectContaining({
        operator: OPERATOR,
        action: 'service.converged',
        target: { kind: 'service', id: serviceId },
        customerId: BUYER.userId,
        before: expect.objectContaining({ desired: 'setting_up', actual: 'absent' }),
        after: { desired: 'active', actual: 'live' },
      }),
    ]);
  });

  it('finds the service on the queue without the buyer’s id; 404 for one it cannot find', async () => {
    const { serviceId } = await givenHosting(1, true);
    later(16 * MINUTE);

    expect(await convergeNow(world.deps, OPERATOR, serviceId, undefined)).toMatchObject({
      actual: 'live',
    });
    await expect(convergeNow(world.deps, OPERATOR, serviceId, undefined)).rejects.toMatchObject({
      code: 'service_not_found',
    });
    expect(world.audit.entries).toHaveLength(1);
  });

  it('WHM still down: the answer says it is out of step, since when and why', async () => {
    const { serviceId } = await givenHosting(1, true);
    later(16 * MINUTE);
    world.panel.down = true;

    const service = await convergeNow(world.deps, OPERATOR, serviceId, BUYER.userId);

    expect(service).toEqual({
      serviceId,
      desired: 'setting_up',
      actual: 'absent',
      outOfStepSince: START.toISOString(),
      lastError:
        'The control panel did not answer. Please try again in a few minutes. (WHM call: HTTP 503)',
    });
    expect(await listOutOfStep(world.deps)).toHaveLength(1);
  });

  it("counts in Today's stuck items", async () => {
    await givenHosting(1, true);
    const todayDeps = {
      ...world,
      messages: new InMemoryMessagesStore(),
      audit: world.audit,
      newId: () => 'x',
    };
    expect(await summariseToday(todayDeps)).toMatchObject({ stuck: 0, outOfStep: 0 });
    later(15 * MINUTE);

    expect(await summariseToday(todayDeps)).toMatchObject({ stuck: 1, outOfStep: 1 });
  });
});

describe('removal', () => {
  const note = 'Ended 30 days ago; the buyer took a backup.';

  it('lists an ended service from 30 days after its end, never before', async () => {
    const { serviceId, domain } = await givenHosting(1);
    later(DAY);
    await ended(serviceId);
    const endedAt = world.now().toISOString();
    later(29 * DAY);
    expect(await listRemovals(world.deps)).toEqual([]);
    later(DAY);

    expect(await listRemovals(world.deps)).toEqual([
      {
        serviceId,
        userId: BUYER.userId,
        planName: 'Basic Hosting',
        category: 'hosting',
        domain,
        endedAt,
        removableFrom: new Date(Date.parse(endedAt) + 30 * DAY).toISOString(),
      },
    ]);
  });

  it('removes a service due for removal: audited with the note, its panel account terminated', async () => {
    const { serviceId, domain } = await givenHosting(1);
    const username = whmUsernameFor(serviceId, domain);
    await ended(serviceId);
    expect(world.panel.accounts.get(username)?.suspended).toBe(true);
    later(30 * DAY);

    const service = await actOnService(world.deps, OPERATOR, serviceId, {
      action: 'remove',
      note,
    });

    expect(service).toEqual({ serviceId, desired: 'removed', actual: 'removed' });
    expect(world.panel.accounts.has(username)).toBe(false);
    expect(await listRemovals(world.deps)).toEqual([]);
    expect(await listOutOfStep(world.deps)).toEqual([]);
    expect(world.audit.entries).toEqual([
      expect.objectContaining({
        action: 'service.removed',
        target: { kind: 'service', id: serviceId },
        customerId: BUYER.userId,
        before: expect.objectContaining({ state: 'ended' }),
        after: { state: 'removed' },
        note,
      }),
    ]);
  });

  it('refuses a live service, one ended less than 30 days ago, and one removed already, writing nothing', async () => {
    const live = await givenHosting(1);
    const recent = await givenHosting(2);
    await ended(recent.serviceId);
    later(29 * DAY);
    const act = (serviceId: string) =>
      actOnService(world.deps, OPERATOR, serviceId, {
        action: 'remove',
        note,
        userId: BUYER.userId,
      });

    await expect(act(live.serviceId)).rejects.toMatchObject({
      code: 'service_not_removable',
      message: expect.stringMatching(/has not ended/),
    });
    await expect(act(recent.serviceId)).rejects.toMatchObject({
      code: 'service_not_removable',
      message: expect.stringMatching(/ended on 2026-11-22; it can be removed from 2026-12-22/),
    });
    later(DAY);
    await act(recent.serviceId);
    await expect(act(recent.serviceId)).rejects.toMatchObject({
      code: 'service_not_removable',
      message: expect.stringMatching(/removed already/),
    });
    expect(world.audit.entries.map((e) => e.target.id)).toEqual([recent.serviceId]);
  });

  it('writes the fact on the version it read, reading again when another write came first', async () => {
    const { serviceId } = await givenHosting(1);
    await ended(serviceId);
    later(30 * DAY);
    const changeFacts = world.services.changeFacts.bind(world.services);
    let lost = 0;
    world.services.changeFacts = async (ref, fact, version, at) => {
      if (lost < 2) {
        lost += 1;
        // Another write (a dispute closing) lands between the read and this one.
        const current = await world.services.getService(ref.userId, ref.serviceId);
        const dispute = { kind: 'dispute', paymentId: `pay_${lost}`, state: 'won' } as const;
        await changeFacts(ref, dispute, current?.version ?? 0, at);
      }
      return changeFacts(ref, fact, version, at);
    };

    const service = await actOnService(world.deps, OPERATOR, serviceId, { action: 'remove', note });

    expect(service.desired).toBe('removed');
    expect(world.audit.entries).toHaveLength(1);
  });
});
