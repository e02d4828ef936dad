/**
 * The console's provisioning queues (lambdas/use-cases/admin/provisioning.ts) and a service's life
 * (D22): a service that ended (cancelled with a refund, ended by an operator) is never listed as
 * waiting, and marking one ready is refused before any audit entry or mail.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperatorRef } from '../../../../lambdas/domain/admin';
import {
  listWaitingServices,
  markServiceReady,
  type AdminProvisioningDeps,
} from '../../../../lambdas/use-cases/admin/provisioning';
import { InMemoryAuditLog } from '../../../helpers/fakes/audit';
import { InMemoryProvisioningRecords } from '../../../helpers/fakes/provisioning';
import { BUYER, fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';

const OPERATOR: OperatorRef = { userId: 'op-1', email: 'priya.nair@storefront.example.in' };
const DETAILS = { 'IP address': '203.0.113.25', 'SSH user': 'asha' };

let world: FakeWorld;
let records: InMemoryProvisioningRecords;
let audit: InMemoryAuditLog;
let deps: AdminProvisioningDeps;

beforeEach(async () => {
  world = fakeWorld(new Date('2026-11-22T04:00:00.000Z'));
  records = new InMemoryProvisioningRecords({ services: world.services });
  audit = new InMemoryAuditLog();
  deps = {
    records,
    services: world.services,
    users: world.users,
    audit,
    mailer: world.mailer,
    siteUrl: () => 'https://shop.example.in',
    log: world.log,
    now: world.now,
    newId: () => 'entry-1',
  };
  await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
});

/** A VPS paid now, waiting for an operator to set it up. */
async function givenManualVps(serviceId: string) {
  const at = world.now().toISOString();
  await world.services.extendService(
    {
      userId: BUYER.userId,
      serviceId,
      planId: 'basicvps',
      planName: 'Basic VPS',
      category: 'vps',
    },
    {
      purchaseId: `pur_${serviceId}`,
      paymentId: `pay_${serviceId}`,
      purchaseDate: at,
      startDate: at,
      renewalDate: '2027-11-22T04:00:00.000Z',
      months: 12,
      amountPaise: 1_500_000,
    },
    0,
    at,
  );
  await records.begin(BUYER.userId, serviceId, 'manual', world.now());
}

/** The buyer cancelled it within the guarantee: every period refunded, ended now. */
async function cancelled(serviceId: string) {
  const service = await world.services.getService(BUYER.userId, serviceId);
  if (!service) throw new Error('no service');
  const at = world.now().toISOString();
  await world.services.withdrawPeriods(
    { userId: BUYER.userId, serviceId },
    { purchaseIds: Object.keys(service.periods), renewalDate: at, cancelledAt: at, at },
    service.version,
  );
}

/** An operator ended it (a fact on the service). */
async function endedByOperator(serviceId: string) {
  const service = await world.services.getService(BUYER.userId, serviceId);
  if (!service) throw new Error('no service');
  await world.services.changeFacts(
    { userId: BUYER.userId, serviceId },
    { kind: 'end' },
    service.version,
    world.now().toISOString(),
  );
}

describe('manual provisioning and ended services', () => {
  it('lists only the services still to be set up: not a cancelled one, not one an operator ended', async () => {
    await givenManualVps('svc_vps_live');
    await givenManualVps('svc_vps_cancelled');
    await givenManualVps('svc_vps_ended');
    await cancelled('svc_vps_cancelled');
    await endedByOperator('svc_vps_ended');

    const waiting = await listWaitingServices(deps, 'manual');

    expect(waiting.map((s) => s.serviceId)).toEqual(['svc_vps_live']);
  });

  it('refuses to mark a cancelled service ready with 409 service_ended, before any audit or mail', async () => {
    await givenManualVps('svc_vps_cancelled');
    await cancelled('svc_vps_cancelled');

    await expect(
      markServiceReady(deps, OPERATOR, 'svc_vps_cancelled', DETAILS, ''),
    ).rejects.toMatchObject({
      code: 'service_ended',
      message: 'This service has ended (it was cancelled or refunded), so it is not to be set up.',
    });
    expect(audit.entries).toEqual([]);
    expect(world.mailer.sent).toEqual([]);
    expect((await records.get(BUYER.userId, 'svc_vps_cancelled'))?.state).toBe('manual');
  });

  it('still marks a live service ready and mails the buyer', async () => {
    await givenManualVps('svc_vps_live');

    const service = await markServiceReady(deps, OPERATOR, 'svc_vps_live', DETAILS, 'Node 2.');

    expect(service).toMatchObject({ state: 'ready', details: DETAILS });
    expect(world.mailer.sent).toHaveLength(1);
    expect(audit.entries.map((e) => e.action)).toEqual(['provisioning.ready']);
  });
});
