/**
 * One contract for ProvisioningRecords, run against the in-memory fake and the DynamoDB adapter on
 * dynalite: the record lives on the service's item and only ever touches its own fields; it is
 * begun once; one claim holds at a time, with a lease; only the holder's token writes the account
 * and the outcome; the state moves only as the domain allows; the announcement is marked once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoProvisioningRecords } from '../../../lambdas/adapters/dynamodb/provisioning-records';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import {
  ProvisioningClaimLostError,
  ProvisioningNotInStateError,
  ProvisioningRecordNotFoundError,
  ProvisioningStateConflictError,
  ServiceOvertakenError,
  type ProvisioningOutcome,
  type ProvisioningRecords,
} from '../../../lambdas/ports/provisioning';
import type {
  ServiceIdentity,
  ServicePeriod,
  ServicesStore,
} from '../../../lambdas/ports/services';
import { serviceIdFor } from '../../../lambdas/use-cases/extend-service';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryProvisioningRecords } from '../../helpers/fakes/provisioning';

const LEASE_MS = 150_000;
const T0 = new Date('2026-11-22T02:02:05.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const DELIVERY_A = '7bf73129-1428-4cd3-a780-95db273d1602';
const DELIVERY_B = 'c2a1e0f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ACCOUNT = {
  username: 'ash1x2y3z4w',
  domain: 'ashaverma.in',
  package: 'storefront_basic',
  usernameAttempt: 0,
};

interface Backend {
  records: ProvisioningRecords;
  services: ServicesStore;
}

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;

/** A service as fulfilment leaves it: one period, version 1, no provisioning yet. */
async function givenService(services: ServicesStore): Promise<ServiceIdentity> {
  seq += 1;
  const userId = `user-provisioning-${seq}`;
  const identity: ServiceIdentity = {
    userId,
    serviceId: serviceIdFor(userId, { planId: 'basichosting' }),
    planId: 'basichosting',
    planName: 'Basic Hosting',
    category: 'hosting',
  };
  const period: ServicePeriod = {
    purchaseId: `pur_pay_${seq}`,
    paymentId: `pay_${seq}`,
    purchaseDate: T0.toISOString(),
    startDate: T0.toISOString(),
    renewalDate: '2027-11-22T02:02:05.000Z',
    months: 12,
    amountPaise: 3_538_584,
  };
  expect(await services.extendService(identity, period, 0, T0.toISOString())).toBe(true);
  return identity;
}

/** The renewal date givenService sells to, and what a service due on it expects. */
const RENEWS = '2027-11-22T02:02:05.000Z';
const DUE_READY = { renewalDate: RENEWS, state: 'ready' } as const;
const SUSPENDED = { state: 'suspended', reason: 'Expired on 22 Nov 2027' } as const;

/** A service whose account is made: ready, no claim on it. */
async function givenReady(backend: Backend): Promise<ServiceIdentity> {
  const identity = await givenService(backend.services);
  const { userId, serviceId } = identity;
  await backend.records.begin(userId, serviceId, 'pending', T0);
  const claim = await backend.records.claim(userId, serviceId, DELIVERY_A, T0);
  if (claim.state !== 'claimed') throw new Error('expected a claim');
  await backend.records.settle(
    userId,
    serviceId,
    claim.token,
    'pending',
    { state: 'ready', server: 'server1.example.in', nameservers: [] },
    later(1),
  );
  return identity;
}

/** The buyer renews: the next year, through the one extension rule (version 1 → 2). */
async function renew(services: ServicesStore, identity: ServiceIdentity): Promise<void> {
  const renewal: ServicePeriod = {
    purchaseId: `pur_pay_renewal_${seq}`,
    paymentId: `pay_renewal_${seq}`,
    purchaseDate: later(10).toISOString(),
    startDate: RENEWS,
    renewalDate: '2028-11-22T02:02:05.000Z',
    months: 12,
    amountPaise: 4_246_584,
  };
  expect(await services.extendService(identity, renewal, 1, later(10).toISOString())).toBe(true);
}

function provisioningContract(make: () => Backend) {
  it('begins once, on the service’s item, and answers what is stored whoever wrote it', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);

    const [first, second] = await Promise.all([
      records.begin(userId, serviceId, 'pending', T0),
      records.begin(userId, serviceId, 'manual', later(1)),
    ]);
    const again = await records.begin(userId, serviceId, 'manual', later(2));

    expect(first).toEqual(second);
    expect(again).toEqual(first);
    expect(['pending', 'manual']).toContain(first.state);
    expect(await records.get(userId, serviceId)).toEqual(first);
    expect((await services.getService(userId, serviceId))?.provisioning?.state).toBe(first.state);
  });

  it('never begins where no service was sold, and leaves no item behind', async () => {
    const { records, services } = make();

    await expect(records.begin('user-nobody', 'svc_missing', 'pending', T0)).rejects.toThrow(
      ProvisioningRecordNotFoundError,
    );
    expect(await services.getService('user-nobody', 'svc_missing')).toBeUndefined();
    expect(await records.get('user-nobody', 'svc_missing')).toBeUndefined();
  });

  it('a service not begun has no record and cannot be claimed', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);

    expect(await records.get(userId, serviceId)).toBeUndefined();
    await expect(records.claim(userId, serviceId, DELIVERY_A, T0)).rejects.toThrow(
      ProvisioningRecordNotFoundError,
    );
  });

  it('one claim of ten at once; the others see who holds it', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'pending', T0);

    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => records.claim(userId, serviceId, `delivery-${i}`, T0)),
    );

    const claimed = claims.filter((c) => c.state === 'claimed');
    expect(claimed).toHaveLength(1);
    const winner = claims.findIndex((c) => c.state === 'claimed');
    for (const claim of claims.filter((c) => c.state === 'held')) {
      expect(claim).toEqual({ state: 'held', heldBy: `delivery-${winner}` });
    }
  });

  it('a claim holds for its lease; after it another delivery takes over and the old token is void', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'pending', T0);
    const first = await records.claim(userId, serviceId, DELIVERY_A, T0);
    if (first.state !== 'claimed') throw new Error('expected the first claim');

    const during = await records.claim(userId, serviceId, DELIVERY_B, later(LEASE_MS - 1));
    const after = await records.claim(userId, serviceId, DELIVERY_B, later(LEASE_MS + 1));

    expect(during).toEqual({ state: 'held', heldBy: DELIVERY_A });
    expect(after.state).toBe('claimed');
    await expect(
      records.choose(userId, serviceId, first.token, ACCOUNT, later(LEASE_MS + 2)),
    ).rejects.toThrow(ProvisioningClaimLostError);
    await expect(
      records.settle(
        userId,
        serviceId,
        first.token,
        'pending',
        { state: 'failed', reason: 'late' },
        later(LEASE_MS + 2),
      ),
    ).rejects.toThrow(ProvisioningClaimLostError);
    // The old holder giving back what is no longer its own changes nothing.
    await records.release(userId, serviceId, first.token);
    expect(await records.claim(userId, serviceId, DELIVERY_A, later(LEASE_MS + 3))).toEqual({
      state: 'held',
      heldBy: DELIVERY_B,
    });
  });

  it('a released claim can be taken at once', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'pending', T0);
    const first = await records.claim(userId, serviceId, DELIVERY_A, T0);
    if (first.state !== 'claimed') throw new Error('expected the first claim');

    await records.release(userId, serviceId, first.token);
    const next = await records.claim(userId, serviceId, DELIVERY_A, later(1));

    expect(next.state).toBe('claimed');
  });

  it('a hand-over is taken only while that holder’s claim is live, and leaves the service as it is', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'pending', T0);
    const claim = await records.claim(userId, serviceId, DELIVERY_A, T0);
    if (claim.state !== 'claimed') throw new Error('expected a claim');
    const before = await services.getService(userId, serviceId);

    expect(await records.handOver(userId, serviceId, DELIVERY_A, later(1))).toBe(true);
    // Another holder's name, or the holder's lease run out: refused.
    expect(await records.handOver(userId, serviceId, DELIVERY_B, later(2))).toBe(false);
    expect(await records.handOver(userId, serviceId, DELIVERY_A, later(LEASE_MS + 1))).toBe(false);

    const after = await services.getService(userId, serviceId);
    expect(after?.provisioning?.claim).toMatchObject({
      by: DELIVERY_A,
      handedOver: later(1).getTime(),
    });
    const { provisioning: _after, ...facts } = after ?? {};
    const { provisioning: _before, ...factsBefore } = before ?? {};
    expect(facts).toEqual(factsBefore);
    // The holder's token still holds; once given back, nobody is there to hand over to.
    await records.release(userId, serviceId, claim.token);
    expect(await records.handOver(userId, serviceId, DELIVERY_A, later(3))).toBe(false);
    expect((await services.getService(userId, serviceId))?.provisioning?.claim).toBeUndefined();
  });

  it('keeps the chosen account while the claim holds, then settles ready and ends the claim', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'pending', T0);
    const claim = await records.claim(userId, serviceId, DELIVERY_A, T0);
    if (claim.state !== 'claimed') throw new Error('expected a claim');

    await records.choose(userId, serviceId, claim.token, ACCOUNT, later(1000));
    const chosen = await records.get(userId, serviceId);
    await records.settle(
      userId,
      serviceId,
      claim.token,
      'pending',
      {
        state: 'ready',
        server: 'server1.example.in',
        nameservers: ['ns1.example.in', 'ns2.example.in'],
        panelUrl: 'https://server1.example.in:2083',
      },
      later(2000),
    );

    expect(chosen).toMatchObject({ ...ACCOUNT, state: 'pending' });
    expect(await records.get(userId, serviceId)).toEqual({
      userId,
      serviceId,
      state: 'ready',
      ...ACCOUNT,
      server: 'server1.example.in',
      nameservers: ['ns1.example.in', 'ns2.example.in'],
      panelUrl: 'https://server1.example.in:2083',
      readyAt: later(2000).toISOString(),
      updatedAt: later(2000).toISOString(),
    });
    // The claim ended with the settle: the next one is taken at once.
    expect((await records.claim(userId, serviceId, DELIVERY_B, later(3000))).state).toBe('claimed');
  });

  it('settles failed with the upstream’s reason, for an operator', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'pending', T0);
    const claim = await records.claim(userId, serviceId, DELIVERY_A, T0);
    if (claim.state !== 'claimed') throw new Error('expected a claim');

    await records.settle(
      userId,
      serviceId,
      claim.token,
      'pending',
      { state: 'failed', reason: 'Unable to find the package “storefront_gold”.' },
      later(1),
    );

    expect(await records.get(userId, serviceId)).toMatchObject({
      state: 'failed',
      failureReason: 'Unable to find the package “storefront_gold”.',
    });
  });

  it('a claim and a settle answer the service’s item as each write left it, as a consistent read finds it then', async () => {
    const backend = make();
    const { records, services } = backend;
    const { userId, serviceId } = await givenReady(backend);

    const claim = await records.claim(userId, serviceId, DELIVERY_B, later(10));
    if (claim.state !== 'claimed') throw new Error('expected a claim');
    const read = await services.getService(userId, serviceId);
    const settled = await records.settle(
      userId,
      serviceId,
      claim.token,
      'ready',
      SUSPENDED,
      later(20),
    );

    // Converge acts on these instead of reading the service again (issue #30).
    expect(claim.service).toEqual(read);
    expect(claim.service.provisioning).toMatchObject({
      state: 'ready',
      claim: { token: claim.token, by: DELIVERY_B },
    });
    expect(settled).toEqual(await services.getService(userId, serviceId));
    expect(settled).toMatchObject({ userId, serviceId, version: read?.version });
    expect(settled.provisioning).toMatchObject({
      state: 'suspended',
      failureReason: SUSPENDED.reason,
      updatedAt: later(20).toISOString(),
    });
    expect(settled.provisioning?.claim).toBeUndefined();
  });

  it('refuses a settle from a state the service is not in, and a move the domain forbids', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'manual', T0);
    const claim = await records.claim(userId, serviceId, DELIVERY_A, T0);
    if (claim.state !== 'claimed') throw new Error('expected a claim');
    const ready: ProvisioningOutcome = { state: 'ready', server: 's', nameservers: [] };

    await expect(
      records.settle(userId, serviceId, claim.token, 'pending', ready, later(1)),
    ).rejects.toThrow(ProvisioningStateConflictError);
    await expect(
      records.settle(
        userId,
        serviceId,
        claim.token,
        'manual',
        { state: 'failed', reason: 'x' },
        later(1),
      ),
    ).rejects.toThrow(ProvisioningStateConflictError);
    expect((await records.get(userId, serviceId))?.state).toBe('manual');
  });

  it('marks the announcement once: a second mark keeps the first time', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'pending', T0);

    await records.markAnnounced(userId, serviceId, later(1));
    await records.markAnnounced(userId, serviceId, later(2));

    expect((await records.get(userId, serviceId))?.announcedAt).toBe(later(1).toISOString());
  });

  it('never touches the service’s version, renewal date or periods, and an extension keeps it', async () => {
    const { records, services } = make();
    const identity = await givenService(services);
    const { userId, serviceId } = identity;
    const before = await services.getService(userId, serviceId);
    await records.begin(userId, serviceId, 'pending', T0);
    const claim = await records.claim(userId, serviceId, DELIVERY_A, T0);
    if (claim.state !== 'claimed') throw new Error('expected a claim');
    await records.choose(userId, serviceId, claim.token, ACCOUNT, later(1));
    await records.settle(
      userId,
      serviceId,
      claim.token,
      'pending',
      { state: 'ready', server: 'server1.example.in', nameservers: [] },
      later(2),
    );
    await records.markAnnounced(userId, serviceId, later(3));

    const after = await services.getService(userId, serviceId);
    const { provisioning: _provisioning, ...rest } = after ?? {};
    expect(rest).toEqual(before);

    const renewal: ServicePeriod = {
      purchaseId: `pur_pay_renewal_${seq}`,
      paymentId: `pay_renewal_${seq}`,
      purchaseDate: later(4).toISOString(),
      startDate: '2027-11-22T02:02:05.000Z',
      renewalDate: '2028-11-22T02:02:05.000Z',
      months: 12,
      amountPaise: 4_246_584,
    };
    expect(await services.extendService(identity, renewal, 1, later(4).toISOString())).toBe(true);
    expect(await records.get(userId, serviceId)).toMatchObject({
      state: 'ready',
      username: ACCOUNT.username,
      announcedAt: later(3).toISOString(),
    });
  });

  it('a claim and a settle expecting the service due hold while it renews on that date, uncancelled, in that state', async () => {
    const backend = make();
    const { records } = backend;
    const { userId, serviceId } = await givenReady(backend);

    const claim = await records.claim(userId, serviceId, DELIVERY_B, later(100), DUE_READY);
    if (claim.state !== 'claimed') throw new Error('expected a claim');
    await records.settle(userId, serviceId, claim.token, 'ready', SUSPENDED, later(101), {
      renewalDate: RENEWS,
    });

    expect(await records.get(userId, serviceId)).toMatchObject({
      state: 'suspended',
      failureReason: SUSPENDED.reason,
    });
    expect((await records.claim(userId, serviceId, DELIVERY_A, later(102))).state).toBe('claimed');
  });

  it('a claim expecting the service due is refused, writing nothing, once it is renewed', async () => {
    const backend = make();
    const { records } = backend;
    const identity = await givenReady(backend);
    const { userId, serviceId } = identity;
    await renew(backend.services, identity);

    await expect(
      records.claim(userId, serviceId, DELIVERY_B, later(100), DUE_READY),
    ).rejects.toMatchObject({ name: 'ServiceOvertakenError', cancelled: false });

    // No claim was left behind: the next one, for the new date, is taken at once.
    const next = await records.claim(userId, serviceId, DELIVERY_A, later(101), {
      renewalDate: '2028-11-22T02:02:05.000Z',
      state: 'ready',
    });
    expect(next.state).toBe('claimed');
  });

  it('a claim expecting the service due is refused once it is cancelled', async () => {
    const backend = make();
    const { records, services } = backend;
    const { userId, serviceId } = await givenReady(backend);
    const cancelled = await services.withdrawPeriods(
      { userId, serviceId },
      {
        purchaseIds: [`pur_pay_${seq}`],
        renewalDate: later(20).toISOString(),
        cancelledAt: later(20).toISOString(),
        at: later(20).toISOString(),
      },
      1,
    );
    expect(cancelled).toBe(true);

    await expect(
      records.claim(userId, serviceId, DELIVERY_B, later(100), {
        renewalDate: later(20).toISOString(),
        state: 'ready',
      }),
    ).rejects.toMatchObject({ name: 'ServiceOvertakenError', cancelled: true });
    expect((await records.claim(userId, serviceId, DELIVERY_A, later(101))).state).toBe('claimed');
  });

  it('a claim expecting the service due tells a live claim, then another state, apart', async () => {
    const backend = make();
    const { records } = backend;
    const { userId, serviceId } = await givenReady(backend);
    const first = await records.claim(userId, serviceId, DELIVERY_A, later(100));
    if (first.state !== 'claimed') throw new Error('expected a claim');

    const whileHeld = await records.claim(userId, serviceId, DELIVERY_B, later(101), DUE_READY);
    await records.settle(userId, serviceId, first.token, 'ready', SUSPENDED, later(102));
    const suspended = records.claim(userId, serviceId, DELIVERY_B, later(103), DUE_READY);

    expect(whileHeld).toEqual({ state: 'held', heldBy: DELIVERY_A });
    await expect(suspended).rejects.toThrow(ProvisioningNotInStateError);
    await expect(suspended).rejects.toMatchObject({ expected: 'ready', actual: 'suspended' });
  });

  it('a settle expecting the service due, once it is renewed, writes nothing and keeps the claim', async () => {
    const backend = make();
    const { records } = backend;
    const identity = await givenReady(backend);
    const { userId, serviceId } = identity;
    const claim = await records.claim(userId, serviceId, DELIVERY_B, later(100), DUE_READY);
    if (claim.state !== 'claimed') throw new Error('expected a claim');
    await renew(backend.services, identity);

    await expect(
      records.settle(userId, serviceId, claim.token, 'ready', SUSPENDED, later(101), {
        renewalDate: RENEWS,
      }),
    ).rejects.toThrow(ServiceOvertakenError);

    expect((await records.get(userId, serviceId))?.state).toBe('ready');
    expect(await records.claim(userId, serviceId, DELIVERY_A, later(102))).toEqual({
      state: 'held',
      heldBy: DELIVERY_B,
    });
    // The holder may still settle without the expectation (what the panel now holds).
    await records.settle(userId, serviceId, claim.token, 'ready', SUSPENDED, later(103));
    expect((await records.get(userId, serviceId))?.state).toBe('suspended');
  });

  it('a settle expecting the service due tells a lost claim and another state from a renewal', async () => {
    const backend = make();
    const { records } = backend;
    const identity = await givenReady(backend);
    const { userId, serviceId } = identity;
    const claim = await records.claim(userId, serviceId, DELIVERY_B, later(100), DUE_READY);
    if (claim.state !== 'claimed') throw new Error('expected a claim');
    await renew(backend.services, identity);
    const due = { renewalDate: RENEWS };

    await expect(
      records.settle(
        userId,
        serviceId,
        claim.token,
        'suspended',
        { state: 'ready', server: 's', nameservers: [] },
        later(101),
        due,
      ),
    ).rejects.toThrow(ProvisioningStateConflictError);
    await expect(
      records.settle(userId, serviceId, 'not-the-token', 'ready', SUSPENDED, later(101), due),
    ).rejects.toThrow(ProvisioningClaimLostError);
  });
}

describe('InMemoryProvisioningRecords', () => {
  provisioningContract(() => {
    const records = new InMemoryProvisioningRecords({ leaseMs: LEASE_MS });
    return { records, services: records.services };
  });
});

describe('DynamoProvisioningRecords (dynalite)', () => {
  provisioningContract(() => ({
    records: new DynamoProvisioningRecords(db.client, db.table('services'), LEASE_MS),
    services: new DynamoServicesStore(db.client, db.table('services')),
  }));
});
