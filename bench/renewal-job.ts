/**
 * The renewal job's cost over a big table: 100,000 services in an in-process dynalite, of which a
 * few hundred have a renewal step due on the run's day (30-day, 7-day and 1-day reminders, expiry,
 * suspension), the rest renewing months away. One run of the job's use case on the real DynamoDB
 * adapters, with SES and the panel replaced by counters; DynamoDB items read are counted by
 * wrapping the document client's send (items each Query returns, each GetItem that found one, each
 * item a BatchGetItem returns), and so are the read requests that carried them.
 * A second run the same day shows what a run with nothing left to do reads.
 * `npx tsx bench/renewal-job.ts` prints the figures; bench/run.ts calls measureRenewalJob().
 */
import { performance } from 'node:perf_hooks';
import { DynamoProvisioningRecords } from '../lambdas/adapters/dynamodb/provisioning-records';
import { DynamoRenewalSchedule } from '../lambdas/adapters/dynamodb/renewal-schedule';
import { DynamoServicesStore } from '../lambdas/adapters/dynamodb/services-table';
import { DynamoUsersStore } from '../lambdas/adapters/dynamodb/users-table';
import { CATALOG } from '../lambdas/domain/catalog';
import { renewalScheduleFor, stepKey } from '../lambdas/domain/renewal-schedule';
import { dueAt, RENEWAL_STEPS, type RenewalStep } from '../lambdas/domain/renewals';
import type { LogPort } from '../lambdas/ports/logger';
import type { Provisioner } from '../lambdas/ports/provisioning';
import type { ServiceRecord } from '../lambdas/ports/services';
import { runRenewalReminders } from '../lambdas/use-cases/run-renewal-reminders';
import { startDynalite } from '../tests/helpers/dynalite';
import { countingClient } from './dynamo-count';
import { benchBuyer, benchHosting, seedServicesAndBuyers } from './seed';

export interface RenewalJobFigure {
  services: number;
  /** Services with a step due at the run's time. */
  due: number;
  /** The run's wall time. */
  ms: number;
  /** DynamoDB items the run read (index items, buyers, re-reads). */
  itemsRead: number;
  /** The read requests (Query pages, GetItem, BatchGetItem) that read them. */
  readRequests: number;
  sent: number;
  suspended: number;
  /** A second run the same day: nothing left to do. */
  secondRunItemsRead: number;
  secondRunMs: number;
  /** How long seeding the table took (not part of the job). */
  seedMs: number;
}

const DAY_MS = 86_400_000;
/** The run: 15 June 2027, 09:00 IST. */
const NOW = new Date('2027-06-15T03:30:00.000Z');

/** How many due services of each step; the rest renew 60 to 400 days ahead. */
const DUE: Record<RenewalStep, number> = {
  reminder_30d: 100,
  reminder_7d: 80,
  reminder_1d: 60,
  expired: 40,
  suspended: 20,
};

/** A renewal date at `hour`:30 IST `days` days from the run (negative: before it). */
function renewsIn(days: number, hourUtc = 6): string {
  const day = new Date(NOW.getTime() + days * DAY_MS);
  day.setUTCHours(hourUtc, 30, 0, 0);
  return day.toISOString();
}

/** What the store holds for a service at the point where `next` is its step due. */
function serviceItem(i: number, renewalDate: string, next: RenewalStep | null): ServiceRecord {
  const base = benchHosting(i, renewalDate, { months: 12, amountPaise: 3_538_584 });
  const schedule = renewalScheduleFor(base.serviceId, renewalDate);
  const doneBefore = next ? RENEWAL_STEPS.slice(0, RENEWAL_STEPS.indexOf(next)) : [];
  const item: ServiceRecord = {
    ...base,
    dueShard: schedule.dueShard,
    nextDueAt: next ? dueAt(next, new Date(renewalDate)).toISOString() : schedule.nextDueAt,
    provisioning: {
      state: 'ready',
      username: `bench${i.toString(36)}`,
      domain: `bench-${i}.example.in`,
      package: 'storefront_basic',
      server: 'server1.example.in',
      nameservers: ['ns1.example.in'],
      updatedAt: base.createdAt,
    },
  };
  if (doneBefore.length) item.renewalDone = new Set(doneBefore.map((s) => stepKey(renewalDate, s)));
  return item;
}

const silent: LogPort = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function measureRenewalJob(
  total = 100_000,
  due: Record<RenewalStep, number> = DUE,
): Promise<RenewalJobFigure> {
  const db = await startDynalite();
  try {
    const services: ServiceRecord[] = [];
    const users: Record<string, unknown>[] = [];
    const offsets: Record<RenewalStep, number> = {
      reminder_30d: 30,
      reminder_7d: 7,
      reminder_1d: 1,
      expired: -1,
      suspended: -8,
    };
    let i = 0;
    for (const step of RENEWAL_STEPS) {
      for (let n = 0; n < due[step]; n += 1, i += 1) {
        services.push(serviceItem(i, renewsIn(offsets[step]), step));
        // Every due service has a buyer of its own: the most reads a run can need.
        users.push(benchBuyer(i));
      }
    }
    const dueCount = i;
    for (; i < total; i += 1) services.push(serviceItem(i, renewsIn(60 + (i % 340)), null));

    const seedMs = await seedServicesAndBuyers(db, services, users);

    const counting = countingClient(db.client);
    let sent = 0;
    const panel: Provisioner = {
      create: () => Promise.reject(new Error('not used')),
      suspend: async () => undefined,
      unsuspend: async () => undefined,
      terminate: () => Promise.reject(new Error('never')),
      summary: async () => undefined,
      openSession: () => Promise.reject(new Error('not used')),
      changePackage: () => Promise.reject(new Error('not used')),
    };
    const deps = {
      schedule: new DynamoRenewalSchedule(counting.client, db.table('services')),
      users: new DynamoUsersStore(counting.client, db.table('users')),
      plans: async () => CATALOG,
      mailer: {
        send: async () => {
          sent += 1;
        },
      },
      services: new DynamoServicesStore(counting.client, db.table('services')),
      provisioning: new DynamoProvisioningRecords(counting.client, db.table('services'), 60_000),
      panel,
      siteUrl: () => 'https://store.example.in',
      log: silent,
      clock: () => new Date(),
      leaseMs: 15 * 60_000,
    };

    const start = performance.now();
    const summary = await runRenewalReminders(deps, NOW, 'bench-run-1');
    const ms = Math.round(performance.now() - start);
    const { itemsRead, readRequests } = counting.counts();
    if (summary.failed) throw new Error(`${summary.failed} services failed in the bench run`);

    counting.reset();
    const again = performance.now();
    await runRenewalReminders(deps, new Date(NOW.getTime() + 3_600_000), 'bench-run-2');
    const secondRunMs = Math.round(performance.now() - again);

    return {
      services: total,
      due: dueCount,
      ms,
      itemsRead,
      readRequests,
      sent,
      suspended: summary.suspended,
      secondRunItemsRead: counting.counts().itemsRead,
      secondRunMs,
      seedMs,
    };
  } finally {
    await db.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureRenewalJob();
  console.log(JSON.stringify(figure, null, 2));
  console.log(
    `renewal job: ${figure.services} services, ${figure.due} due → ${figure.ms} ms, ` +
      `${figure.itemsRead} items read (${(figure.itemsRead / figure.due).toFixed(2)} per due) ` +
      `in ${figure.readRequests} read requests, ` +
      `${figure.sent} mails, ${figure.suspended} suspended; a second run: ${figure.secondRunItemsRead} items, ${figure.secondRunMs} ms`,
  );
}
