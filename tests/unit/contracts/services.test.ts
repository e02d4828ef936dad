/**
 * One contract for the services port, run against the in-memory fake and the DynamoDB adapter on
 * dynalite: extensions conditioned on the version read. Then the same backends under the use case
 * that serialises renewals (extendService): N payments for one service at the same moment each
 * add their months, none is lost.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPurchasesStore } from '../../../lambdas/adapters/dynamodb/purchases-table';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import type { Months } from '../../../lambdas/domain/pricing';
import { renewalScheduleFor } from '../../../lambdas/domain/renewal-schedule';
import { addMonths } from '../../../lambdas/domain/services';
import type { PurchasesStore } from '../../../lambdas/ports/purchases';
import type { ServicePeriod, ServiceRecord, ServicesStore } from '../../../lambdas/ports/services';
import { extendService, serviceIdFor } from '../../../lambdas/use-cases/extend-service';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryPurchasesStore, InMemoryServicesStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
const newUserId = () => {
  seq += 1;
  return `user-services-${seq}`;
};
const identity = (userId: string) => ({
  userId,
  serviceId: serviceIdFor(userId, { planId: 'basichosting' }),
  planId: 'basichosting',
  planName: 'Basic Hosting',
  category: 'hosting' as const,
});
const period = (n: number, renewalDate: string): ServicePeriod => ({
  purchaseId: `pur_pay_${n}`,
  paymentId: `pay_${n}`,
  purchaseDate: '2026-11-22T02:00:00.000Z',
  startDate: '2026-11-22T02:00:00.000Z',
  renewalDate,
  months: 12,
  amountPaise: 3_538_584,
});
const AT = '2026-11-22T02:00:00.000Z';

function servicesContract(make: () => ServicesStore) {
  it('creates a service at version 1 only where none is', async () => {
    const store = make();
    const service = identity(newUserId());
    const first = period(1, '2027-11-22T02:00:00.000Z');

    const results = await Promise.all([
      store.extendService(service, first, 0, AT),
      store.extendService(service, period(2, '2099-01-01T00:00:00.000Z'), 0, AT),
    ]);

    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = await store.getService(service.userId, service.serviceId);
    const winner = results[0] ? first : period(2, '2099-01-01T00:00:00.000Z');
    expect(stored).toEqual({
      ...service,
      createdAt: AT,
      updatedAt: AT,
      renewalDate: winner.renewalDate,
      version: 1,
      periods: { [winner.purchaseId]: winner },
      // Its renewal reminders are scheduled from the new date (renewal-schedule.ts).
      ...renewalScheduleFor(service.serviceId, winner.renewalDate),
    });
  });

  it('extends only from the version it read, keeping every period given', async () => {
    const store = make();
    const service = identity(newUserId());
    const first = period(1, '2027-11-22T02:00:00.000Z');
    const second = { ...period(2, '2028-11-22T02:00:00.000Z'), startDate: first.renewalDate };
    await store.extendService(service, first, 0, AT);

    const extended = await store.extendService(service, second, 1, '2026-11-23T00:00:00.000Z');
    const stale = await store.extendService(
      service,
      period(3, '2099-01-01T00:00:00.000Z'),
      1,
      '2026-11-24T00:00:00.000Z',
    );

    expect([extended, stale]).toEqual([true, false]);
    expect(await store.getService(service.userId, service.serviceId)).toEqual({
      ...service,
      createdAt: AT,
      updatedAt: '2026-11-23T00:00:00.000Z',
      renewalDate: second.renewalDate,
      version: 2,
      periods: { [first.purchaseId]: first, [second.purchaseId]: second },
      ...renewalScheduleFor(service.serviceId, second.renewalDate),
    });
  });

  it('a plan change (D26) names the new plan in the same write, and a refund of it names the old plan again', async () => {
    const store = make();
    const service = identity(newUserId());
    const first = period(1, '2027-11-22T02:00:00.000Z');
    await store.extendService(service, first, 0, AT);
    const change: ServicePeriod = {
      ...period(2, first.renewalDate),
      startDate: '2027-03-02T02:00:00.000Z',
      change: {
        fromPlanId: 'basichosting',
        fromPlanName: 'Basic Hosting',
        toPlanId: 'premiumhosting',
        toPlanName: 'Premium Hosting',
        taxablePaise: 1_306_849,
        remainingDays: 265,
        periodDays: 365,
      },
    };
    const premium = { planId: 'premiumhosting', planName: 'Premium Hosting' };

    expect(await store.extendService(service, change, 2, AT, premium)).toBe(false);
    expect(await store.extendService(service, change, 1, AT, premium)).toBe(true);

    const changed = await store.getService(service.userId, service.serviceId);
    expect(changed).toMatchObject({ ...premium, version: 2, renewalDate: first.renewalDate });
    expect(changed?.periods[change.purchaseId]).toEqual(change);
    const refunded = await store.withdrawPeriods(
      service,
      {
        purchaseIds: [change.purchaseId],
        renewalDate: first.renewalDate,
        plan: { planId: 'basichosting', planName: 'Basic Hosting' },
        at: AT,
      },
      2,
    );
    expect(refunded).toBe(true);
    expect(await store.getService(service.userId, service.serviceId)).toMatchObject({
      planId: 'basichosting',
      planName: 'Basic Hosting',
      version: 3,
    });
  });

  it('refuses to extend a service that does not exist, and creates none', async () => {
    const store = make();
    const service = identity(newUserId());

    expect(await store.extendService(service, period(1, '2027-01-01T00:00:00.000Z'), 1, AT)).toBe(
      false,
    );
    expect(await store.getService(service.userId, service.serviceId)).toBeUndefined();
  });

  it("lists every service of the buyer and none of another's", async () => {
    const store = make();
    const userId = newUserId();
    const hosting = identity(userId);
    const domain = {
      ...hosting,
      serviceId: serviceIdFor(userId, { planId: 'basicdomain', domain: 'asha.in' }),
      planId: 'basicdomain',
      planName: 'Basic Domain',
      category: 'domain' as const,
      domain: 'asha.in',
    };
    await store.extendService(hosting, period(1, '2027-01-01T00:00:00.000Z'), 0, AT);
    await store.extendService(domain, period(2, '2027-01-01T00:00:00.000Z'), 0, AT);
    await store.extendService(identity(newUserId()), period(3, '2027-01-01T00:00:00.000Z'), 0, AT);

    const listed = await store.listServices(userId);

    expect(listed.map((s) => s.serviceId).sort()).toEqual(
      [hosting.serviceId, domain.serviceId].sort(),
    );
    expect(listed.find((s) => s.planId === 'basicdomain')?.domain).toBe('asha.in');
  });

  it('records a fact once per version read, each write adding one to the version (D22)', async () => {
    const store = make();
    const service = identity(newUserId());
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);

    const results = await Promise.all([
      store.changeFacts(service, { kind: 'hold', note: 'Abuse report' }, 1, AT),
      store.changeFacts(service, { kind: 'dispute', paymentId: 'pay_1', state: 'open' }, 1, AT),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const after = await store.getService(service.userId, service.serviceId);
    expect(after?.version).toBe(2);

    expect(
      await store.changeFacts(
        service,
        { kind: 'dispute', paymentId: 'pay_1', state: 'won' },
        2,
        AT,
      ),
    ).toBe(true);
    expect(await store.changeFacts(service, { kind: 'unhold' }, 3, AT)).toBe(true);
    const last = await store.getService(service.userId, service.serviceId);
    expect(last?.disputes).toEqual({ pay_1: 'won' });
    expect(last?.hold).toBeUndefined();
    expect(last?.version).toBe(4);
  });

  it('schedules a plan for the renewal, and a new choice makes the one in force the plan first (D26, #29)', async () => {
    const store = make();
    const service = identity(newUserId());
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);
    const basic = {
      planId: 'basicdomain',
      planName: 'Basic Domain',
      from: '2027-11-22T02:00:00.000Z',
      chosenAt: AT,
    };
    expect(await store.changeFacts(service, { kind: 'schedule-plan', plan: basic }, 1, AT)).toBe(
      true,
    );
    const first = await store.getService(service.userId, service.serviceId);
    expect(first).toMatchObject({ planId: service.planId, pendingPlan: basic });

    const enterprise = { ...basic, planId: 'enterprisedomain', planName: 'Enterprise Domain' };
    expect(
      await store.changeFacts(
        service,
        {
          kind: 'schedule-plan',
          plan: enterprise,
          inForce: { planId: 'basicdomain', planName: 'Basic Domain' },
        },
        2,
        AT,
      ),
    ).toBe(true);
    expect(await store.getService(service.userId, service.serviceId)).toMatchObject({
      planId: 'basicdomain',
      planName: 'Basic Domain',
      pendingPlan: enterprise,
      version: 3,
    });
  });

  it('gives a goodwill extension once per key, moving the renewal date and its schedule (issue #27)', async () => {
    const store = make();
    const service = identity(newUserId());
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);
    const extend = (key: string, renewalDate: string) =>
      ({ kind: 'extend', key, days: 30, renewalDate, note: 'Outage' }) as const;

    expect(await store.changeFacts(service, extend('a', '2027-12-22T02:00:00.000Z'), 1, AT)).toBe(
      true,
    );
    // The same key again, even at the version now read, is refused: given once.
    expect(await store.changeFacts(service, extend('a', '2028-01-21T02:00:00.000Z'), 2, AT)).toBe(
      false,
    );
    expect(await store.changeFacts(service, extend('b', '2028-01-21T02:00:00.000Z'), 2, AT)).toBe(
      true,
    );

    const after = await store.getService(service.userId, service.serviceId);
    expect(after?.goodwill).toEqual({
      a: { days: 30, at: AT, note: 'Outage' },
      b: { days: 30, at: AT, note: 'Outage' },
    });
    expect(after?.renewalDate).toBe('2028-01-21T02:00:00.000Z');
    expect(after?.nextDueAt).toBe(
      renewalScheduleFor(service.serviceId, '2028-01-21T02:00:00.000Z').nextDueAt,
    );
    expect(after?.version).toBe(3);
  });

  it("keeps a domain's transfer (D23): written only from the state it was read in, the code gone once left out", async () => {
    const store = make();
    const service = identity(newUserId());
    const ref = { userId: service.userId, serviceId: service.serviceId };
    const requested = { state: 'requested' as const, authCode: 'Xy7-secret', at: AT };
    expect(await store.putTransfer(ref, requested)).toBe(false);
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);

    expect(await store.putTransfer(ref, requested)).toBe(true);
    expect(await store.putTransfer(ref, requested)).toBe(false);
    const pending = { state: 'pending' as const, detail: 'Waiting', at: AT };
    expect(await store.putTransfer(ref, pending, 'requested')).toBe(true);
    // A second converge that read it as requested loses.
    expect(await store.putTransfer(ref, pending, 'requested')).toBe(false);

    const stored = await store.getService(ref.userId, ref.serviceId);
    expect(stored?.transfer).toEqual(pending);
    expect(JSON.stringify(stored)).not.toContain('Xy7-secret');
  });

  it("keeps a VPS's fields (D24): made by the buyer's choices, then changed field by field, the version untouched", async () => {
    const store = make();
    const service = identity(newUserId());
    const ref = { userId: service.userId, serviceId: service.serviceId };
    expect(await store.updateVps(ref, { os: 'debian-12', hostname: 'x', sshKeys: [] })).toBe(false);
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);
    expect(await store.updateVps(ref, { power: 'running' })).toBe(false);

    expect(await store.updateVps(ref, { os: 'debian-12', hostname: 'asha-vps', sshKeys: [] })).toBe(
      true,
    );
    expect(await store.updateVps(ref, { sshKeys: ['ssh-ed25519 AAAA asha'] })).toBe(true);
    expect(
      await store.updateVps(ref, { vmid: 101, ip: '203.0.113.10', power: 'running', powerAt: AT }),
    ).toBe(true);

    const stored = await store.getService(ref.userId, ref.serviceId);
    expect(stored?.vps).toEqual({
      os: 'debian-12',
      hostname: 'asha-vps',
      sshKeys: ['ssh-ed25519 AAAA asha'],
      vmid: 101,
      ip: '203.0.113.10',
      power: 'running',
      powerAt: AT,
    });
    expect(stored?.version).toBe(1);
  });

  it('keeps one reinstall at a time on a VPS (D24) and removes it with its task when done', async () => {
    const store = make();
    const service = identity(newUserId());
    const ref = { userId: service.userId, serviceId: service.serviceId };
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);
    const wish = { os: 'rockylinux-9' as const, requestedAt: AT };
    // No VPS fields yet: nothing to reinstall.
    expect(await store.requestReinstall(ref, wish)).toBe(false);
    await store.updateVps(ref, { os: 'debian-12', hostname: 'asha-vps', sshKeys: [], vmid: 101 });

    expect(await store.requestReinstall(ref, wish)).toBe(true);
    expect(
      await store.requestReinstall(ref, {
        os: 'debian-12',
        requestedAt: '2026-11-22T03:00:00.000Z',
      }),
    ).toBe(false);
    const task = { upid: 'UPID:pve:1:qmclone:101:', vmid: 101, startedAt: AT };
    expect(await store.updateVps(ref, { task })).toBe(true);
    expect((await store.getService(ref.userId, ref.serviceId))?.vps).toMatchObject({
      reinstall: wish,
      task,
    });

    expect(await store.updateVps(ref, { os: 'rockylinux-9' }, ['reinstall', 'task'])).toBe(true);
    const done = await store.getService(ref.userId, ref.serviceId);
    expect(done?.vps).toEqual({
      os: 'rockylinux-9',
      hostname: 'asha-vps',
      sshKeys: [],
      vmid: 101,
    });
    // Removing alone works too, and the next reinstall may be asked for.
    expect(await store.updateVps(ref, {}, ['task'])).toBe(true);
    expect(await store.requestReinstall(ref, wish)).toBe(true);
    expect(done?.version).toBe(1);
  });

  it("makes a bundle's part once (D24): no ledger, no renewal schedule, the VPS choices kept", async () => {
    const store = make();
    const userId = newUserId();
    const part = {
      userId,
      serviceId: 'svc_bundle~vps',
      partOf: 'svc_bundle',
      planId: 'basicvps',
      planName: 'Basic VPS',
      category: 'vps' as const,
      renewalDate: '2027-11-22T02:00:00.000Z',
      vps: { os: 'debian-12' as const, hostname: 'asha-vps', sshKeys: ['ssh-ed25519 AAAA asha'] },
    };
    expect(await store.addPart(part, AT)).toBe(true);
    expect(await store.addPart({ ...part, planName: 'Other' }, AT)).toBe(false);

    const stored = await store.getService(userId, part.serviceId);
    expect(stored).toMatchObject({ ...part, periods: {}, version: 1, createdAt: AT });
    expect(stored?.nextDueAt).toBeUndefined();
    expect((await store.listServiceSummaries(userId))[0]?.partOf).toBe('svc_bundle');
  });

  it("gives a bundle's domain part bought without a name the buyer's name, once (D24)", async () => {
    const store = make();
    const userId = newUserId();
    const part = {
      userId,
      serviceId: 'svc_bundle~domain',
      partOf: 'svc_bundle',
      planId: 'premiumdomain',
      planName: 'Premium Domain',
      category: 'domain' as const,
      renewalDate: '2027-11-22T02:00:00.000Z',
    };
    await store.addPart(part, AT);
    await store.addPart(
      { ...part, serviceId: 'svc_bundle~vps', planId: 'basicvps', category: 'vps' },
      AT,
    );
    await store.extendService(identity(userId), period(1, '2027-11-22T02:00:00.000Z'), 0, AT);
    const ref = { userId, serviceId: part.serviceId };

    expect(await store.chooseDomain(ref, 'ashaverma.in')).toBe(true);
    expect(await store.chooseDomain(ref, 'ashaother.in')).toBe(false);
    expect((await store.getService(userId, part.serviceId))?.domain).toBe('ashaverma.in');
    // Not a part's domain: a VPS part, a service of its own, nothing at all.
    expect(await store.chooseDomain({ userId, serviceId: 'svc_bundle~vps' }, 'x.in')).toBe(false);
    expect(
      await store.chooseDomain({ userId, serviceId: identity(userId).serviceId }, 'x.in'),
    ).toBe(false);
    expect(await store.chooseDomain({ userId, serviceId: 'svc_ghost~domain' }, 'x.in')).toBe(false);
    expect(await store.getService(userId, 'svc_ghost~domain')).toBeUndefined();
  });

  it("moves a bundle's part to its bundle's new plan once, only from the plan it is on (D26)", async () => {
    const store = make();
    const userId = newUserId();
    const part = {
      userId,
      serviceId: 'svc_bundle~storage',
      partOf: 'svc_bundle',
      planId: 'standardstorage',
      planName: 'Standard Storage',
      category: 'storage' as const,
      renewalDate: '2027-11-22T02:00:00.000Z',
    };
    await store.addPart(part, AT);
    const premium = { planId: 'premiumstorage', planName: 'Premium Storage' };

    const raced = await Promise.all([
      store.setPartPlan(part, premium, 'standardstorage', AT),
      store.setPartPlan(part, premium, 'standardstorage', AT),
    ]);

    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await store.getService(userId, part.serviceId)).toMatchObject({
      ...premium,
      partOf: 'svc_bundle',
      version: 2,
    });
    // A service that is not a part is never moved this way.
    const service = identity(userId);
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);
    expect(await store.setPartPlan(service, premium, service.planId, AT)).toBe(false);
    expect((await store.getService(userId, service.serviceId))?.planId).toBe(service.planId);
  });

  it('keeps what converge found only while the facts are as it read them, and queues it', async () => {
    const store = make();
    const service = identity(newUserId());
    await store.extendService(service, period(1, '2027-11-22T02:00:00.000Z'), 0, AT);
    const outOfStep = {
      desired: 'setting_up' as const,
      reasons: [],
      actual: 'absent' as const,
      at: AT,
      outOfStepSince: AT,
      lastError: 'The control panel did not answer.',
    };

    // A converge that read version 0 (before the purchase) loses; one that read 1 wins.
    expect(await store.recordLife(service, outOfStep, { version: 0 })).toBe(false);
    expect(await store.recordLife(service, outOfStep, { version: 1 })).toBe(true);
    expect(
      (await store.listQueue('out-of-step', 100)).filter((q) => q.serviceId === service.serviceId),
    ).toEqual([
      expect.objectContaining({ userId: service.userId, lifeQueueAt: AT, life: outOfStep }),
    ]);
    // In step again: off the queue.
    const inStep = { desired: 'active' as const, reasons: [], actual: 'live' as const, at: AT };
    expect(await store.recordLife(service, inStep, { version: 1 })).toBe(true);
    expect(
      (await store.listQueue('out-of-step', 100)).some((q) => q.serviceId === service.serviceId),
    ).toBe(false);
    expect((await store.getService(service.userId, service.serviceId))?.life).toEqual(inStep);
  });
}

describe('ServicesStore (in memory)', () => servicesContract(() => new InMemoryServicesStore()));
describe('ServicesStore (DynamoDB on dynalite)', () =>
  servicesContract(() => new DynamoServicesStore(db.client, db.table('services'))));

/**
 * What the dashboard reads of a service: a whole stored item (provisioning under its claim, the
 * renewal schedule) is seeded, and the summary leaves out what the page does not show.
 */
function summariesContract(
  make: () => { store: ServicesStore; seed: (record: ServiceRecord) => Promise<void> },
) {
  it('lists what the dashboard shows of each service, not its claims or renewal bookkeeping', async () => {
    const { store, seed } = make();
    const userId = newUserId();
    const hosting: ServiceRecord = {
      ...identity(userId),
      createdAt: AT,
      updatedAt: '2026-11-22T02:05:00.000Z',
      renewalDate: '2027-11-22T02:00:00.000Z',
      version: 2,
      periods: {
        pur_pay_1: period(1, '2027-11-22T02:00:00.000Z'),
        pur_pay_2: { ...period(2, '2027-11-22T02:00:00.000Z'), refundedAt: AT },
      },
      ...renewalScheduleFor(identity(userId).serviceId, '2027-11-22T02:00:00.000Z'),
      renewalDone: new Set(['2026-11-22T02:00:00.000Z|reminder30']),
      renewalClaim: { token: 'a-renewal-token', key: 'k', until: 1 },
      provisioning: {
        state: 'ready',
        username: 'ash3k9x2m7q',
        domain: 'ashaverma.in',
        package: 'storefront_basic',
        server: 'server1.example.in',
        nameservers: ['ns1.example.in', 'ns2.example.in'],
        panelUrl: 'https://server1.example.in:2083',
        details: { ip: '203.0.113.7' },
        readyAt: '2026-11-22T02:01:00.000Z',
        updatedAt: '2026-11-22T02:01:00.000Z',
        claim: { token: 'a-claim-token', by: 'delivery', at: 0 },
      },
    };
    const domain: ServiceRecord = {
      userId,
      serviceId: serviceIdFor(userId, { planId: 'basicdomain', domain: 'asha.in' }),
      planId: 'basicdomain',
      planName: 'Basic Domain',
      category: 'domain',
      domain: 'asha.in',
      createdAt: AT,
      updatedAt: AT,
      renewalDate: '2027-11-22T02:00:00.000Z',
      version: 1,
      periods: { pur_pay_3: period(3, '2027-11-22T02:00:00.000Z') },
      cancelledAt: '2026-11-23T02:00:00.000Z',
    };
    await seed(hosting);
    await seed(domain);
    await seed({ ...domain, userId: newUserId() });

    const listed = await store.listServiceSummaries(userId);

    expect([...listed].sort((a, b) => a.serviceId.localeCompare(b.serviceId))).toEqual(
      [
        {
          serviceId: hosting.serviceId,
          planId: 'basichosting',
          planName: 'Basic Hosting',
          category: 'hosting',
          createdAt: AT,
          renewalDate: hosting.renewalDate,
          version: 2,
          periods: hosting.periods,
          provisioning: {
            state: 'ready',
            username: 'ash3k9x2m7q',
            server: 'server1.example.in',
            nameservers: ['ns1.example.in', 'ns2.example.in'],
            panelUrl: 'https://server1.example.in:2083',
            details: { ip: '203.0.113.7' },
            // Read for "Updating…" after a plan change (D26); the API never shows it.
            package: 'storefront_basic',
          },
        },
        {
          serviceId: domain.serviceId,
          planId: 'basicdomain',
          planName: 'Basic Domain',
          category: 'domain',
          domain: 'asha.in',
          createdAt: AT,
          renewalDate: domain.renewalDate,
          version: 1,
          periods: domain.periods,
          cancelledAt: '2026-11-23T02:00:00.000Z',
        },
      ].sort((a, b) => a.serviceId.localeCompare(b.serviceId)),
    );
  });
}

describe('ServicesStore summaries (in memory)', () =>
  summariesContract(() => {
    const store = new InMemoryServicesStore();
    return {
      store,
      seed: async (record) => {
        store.items.set(`${record.userId}#${record.serviceId}`, structuredClone(record));
      },
    };
  }));
describe('ServicesStore summaries (DynamoDB on dynalite)', () =>
  summariesContract(() => ({
    store: new DynamoServicesStore(db.client, db.table('services')),
    seed: async (record) => {
      await db.client.send(new PutCommand({ TableName: db.table('services')(), Item: record }));
    },
  })));

function renewalsContract(make: () => { services: ServicesStore; purchases: PurchasesStore }) {
  const paidAt = new Date('2026-11-22T02:00:00.000Z');
  const months: Months[] = [12, 1, 24, 36, 12, 1, 24, 12];

  const pay = (
    deps: { services: ServicesStore; purchases: PurchasesStore },
    userId: string,
    n: number,
    m: Months,
    at = paidAt,
  ) =>
    extendService(
      deps,
      { userId, planId: 'basichosting', planName: 'Basic Hosting', category: 'hosting' },
      {
        purchaseId: `pur_pay_Tab${n}`,
        paymentId: `pay_Tab${n}`,
        planId: 'basichosting',
        months: m,
        amountPaise: 100_000 * m,
      },
      at,
    );

  it(`gives ${months.length} simultaneous payments for one service consecutive periods: nothing paid is lost`, async () => {
    const deps = make();
    const userId = newUserId();

    const given = await Promise.all(months.map((m, n) => pay(deps, userId, n, m)));

    const total = months.reduce((sum, m) => sum + m, 0);
    const service = await deps.services.getService(userId, given[0]!.serviceId);
    expect(new Set(given.map((g) => g.serviceId)).size).toBe(1);
    expect(service?.renewalDate).toBe(addMonths(paidAt, total).toISOString());
    expect(service?.version).toBe(months.length);
    // Each period starts where another ends: laid end to end, they cover every month paid once.
    const periods = given
      .map((g) => g.period)
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(periods[0]?.startDate).toBe(paidAt.toISOString());
    for (let i = 1; i < periods.length; i += 1) {
      expect(periods[i]?.startDate).toBe(periods[i - 1]?.renewalDate);
    }
    expect(Object.values(service?.periods ?? {})).toHaveLength(months.length);
  });

  it('gives a payment its period once, however often and however late it is retried', async () => {
    const deps = make();
    const userId = newUserId();

    const racers = await Promise.all([1, 2, 3, 4].map(() => pay(deps, userId, 1, 12)));
    const lateRetry = await pay(deps, userId, 1, 12, new Date('2027-02-01T00:00:00.000Z'));

    for (const racer of [...racers, lateRetry]) expect(racer).toEqual(racers[0]);
    const service = await deps.services.getService(userId, racers[0]!.serviceId);
    expect(service).toMatchObject({ version: 1, renewalDate: '2027-11-22T02:00:00.000Z' });
  });

  it('extends an expired service from the payment, not from its old renewal date', async () => {
    const deps = make();
    const userId = newUserId();
    await pay(deps, userId, 1, 1);

    const later = await pay(deps, userId, 2, 12, new Date('2027-06-01T00:00:00.000Z'));

    expect(later.period).toMatchObject({
      startDate: '2027-06-01T00:00:00.000Z',
      renewalDate: '2028-06-01T00:00:00.000Z',
    });
  });
}

describe('renewals of one service at once (in memory)', () =>
  renewalsContract(() => ({
    services: new InMemoryServicesStore(),
    purchases: new InMemoryPurchasesStore(),
  })));
describe('renewals of one service at once (DynamoDB on dynalite)', () =>
  renewalsContract(() => ({
    services: new DynamoServicesStore(db.client, db.table('services')),
    purchases: new DynamoPurchasesStore(db.client, db.table('purchases')),
  })));
