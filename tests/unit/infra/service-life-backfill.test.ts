/**
 * D22's migration: services written before converge existed carry no life record, and one may be
 * out of step with its ledger (a cancelled account that a redelivered payment brought back). The
 * backfill (run by `npm run backfill` after a deploy and by the local stack at start) hands each
 * such service to converge once through ServiceChanged; converge suspends what has ended and
 * records every service's life. A second run finds nothing to do.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backfillServiceLife, type BusEntry } from '../../../infra/lib/backfills/service-life';
import { DynamoProvisioningRecords } from '../../../lambdas/adapters/dynamodb/provisioning-records';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import { makeHandler } from '../../../lambdas/handlers/provision-service';
import type { ServiceRecord } from '../../../lambdas/ports/services';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryPanel } from '../../helpers/fakes/provisioning';
import { InMemoryUsersStore, RecordingLog, RecordingMailer } from '../../helpers/fakes/stores';

const NOW = new Date('2026-12-01T06:00:00.000Z');
const PAID = {
  purchaseId: 'pur_pay_1',
  paymentId: 'pay_1',
  purchaseDate: '2026-11-01T06:00:00.000Z',
  startDate: '2026-11-01T06:00:00.000Z',
  renewalDate: '2027-11-01T06:00:00.000Z',
  months: 12,
  amountPaise: 3_538_584,
} as const;

let db: Dynalite;
beforeEach(async () => {
  db = await startDynalite();
});
afterEach(async () => {
  await db.stop();
});

/** A service as the previous version left it: no life record. */
async function givenOldService(
  serviceId: string,
  username: string,
  changes: Partial<ServiceRecord>,
): Promise<void> {
  const item: ServiceRecord = {
    userId: 'user-1',
    serviceId,
    planId: 'basichosting',
    planName: 'Basic Hosting',
    category: 'hosting',
    renewalDate: PAID.renewalDate,
    version: 2,
    periods: { [PAID.purchaseId]: { ...PAID } },
    createdAt: PAID.purchaseDate,
    updatedAt: PAID.purchaseDate,
    provisioning: {
      state: 'ready',
      username,
      server: 'server1.example.in',
      nameservers: [],
      readyAt: PAID.purchaseDate,
      announcedAt: PAID.purchaseDate,
      updatedAt: PAID.purchaseDate,
    },
    ...changes,
  };
  await db.client.send(new PutCommand({ TableName: db.table('services')(), Item: item }));
}

describe('the service-life backfill', () => {
  it('hands each service without a life record to converge once: the ended one is suspended, every one recorded', async () => {
    const cancelledAt = '2026-11-05T06:00:00.000Z';
    // Refunded and cancelled, but its account live again (the old redelivery bug).
    await givenOldService('svc_old_cancelled', 'acctcancel', {
      cancelledAt,
      renewalDate: cancelledAt,
      periods: { [PAID.purchaseId]: { ...PAID, refundedAt: cancelledAt } },
    });
    await givenOldService('svc_old_active', 'acctactive', {});
    const panel = new InMemoryPanel();
    for (const username of ['acctcancel', 'acctactive']) {
      panel.accounts.set(username, {
        domain: `${username}.example.in`,
        package: 'storefront_basic',
        email: 'asha@example.in',
        suspended: false,
      });
    }

    const published: BusEntry[] = [];
    const first = await backfillServiceLife(
      db.client,
      db.table('services')(),
      async (entries) => (published.push(...entries), entries.length),
      NOW,
    );

    expect(first).toEqual({ read: 2, published: 2 });
    expect(published.map((e) => [e.Source, e.DetailType])).toEqual([
      ['storefront.lifecycle', 'ServiceChanged'],
      ['storefront.lifecycle', 'ServiceChanged'],
    ]);

    const services = new DynamoServicesStore(db.client, db.table('services'));
    const converge = makeHandler({
      services,
      records: new DynamoProvisioningRecords(db.client, db.table('services'), 60_000),
      users: new InMemoryUsersStore(),
      panel,
      announce: async () => undefined,
      mailer: new RecordingMailer(),
      siteUrl: () => 'https://store.example.in',
      placeholderDomain: () => 'sites.example.in',
      log: new RecordingLog(),
      now: () => NOW,
    });
    for (const [index, entry] of published.entries()) {
      await converge({
        id: `evt-${index}`,
        'detail-type': entry.DetailType,
        source: entry.Source,
        detail: JSON.parse(entry.Detail) as unknown,
      } as EventBridgeEvent<'ServiceChanged', unknown>);
    }

    expect(panel.accounts.get('acctcancel')?.suspended).toBe(true);
    expect(panel.accounts.get('acctactive')?.suspended).toBe(false);
    expect((await services.getService('user-1', 'svc_old_cancelled'))?.life).toMatchObject({
      desired: 'ended',
      actual: 'suspended',
    });
    expect((await services.getService('user-1', 'svc_old_active'))?.life).toMatchObject({
      desired: 'active',
      actual: 'live',
    });
    const again = await backfillServiceLife(
      db.client,
      db.table('services')(),
      async (entries) => entries.length,
      NOW,
    );
    expect(again).toEqual({ read: 0, published: 0 });
  });
});
