/**
 * The renewal job on the real adapters: DynamoDB (dynalite, in this process) with its due-date
 * index and claims, and the WHM adapter against the WHM stand-in (infra/local/whm), across a
 * simulated year: bought, reminded at −30/−7/−1 days, expired, suspended on the panel at +7,
 * renewed (the renewal's delivery lifts the suspension) and reminded again for the new date.
 * Then the claims under two runs at once and a run that dies after claiming.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhmStandIn, type WhmStandIn } from '../../../../infra/local/whm/server';
import { DynamoProvisioningRecords } from '../../../../lambdas/adapters/dynamodb/provisioning-records';
import { DynamoPurchasesStore } from '../../../../lambdas/adapters/dynamodb/purchases-table';
import { DynamoRenewalSchedule } from '../../../../lambdas/adapters/dynamodb/renewal-schedule';
import { DynamoServicesStore } from '../../../../lambdas/adapters/dynamodb/services-table';
import { DynamoUsersStore } from '../../../../lambdas/adapters/dynamodb/users-table';
import { WhmApi } from '../../../../lambdas/adapters/whm/whm-api';
import { WhmProvisioner } from '../../../../lambdas/adapters/whm/whm-provisioner';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import type { Months } from '../../../../lambdas/domain/pricing';
import type { RenewalSchedule } from '../../../../lambdas/ports/renewals';
import { extendService } from '../../../../lambdas/use-cases/extend-service';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { provisionService } from '../../../../lambdas/use-cases/provision-service';
import {
  runRenewalReminders,
  type RunRenewalRemindersDeps,
} from '../../../../lambdas/use-cases/run-renewal-reminders';
import { startDynalite, type Dynalite } from '../../../helpers/dynalite';
import { RecordingLog, RecordingMailer, SimulatedCrash } from '../../../helpers/fakes/stores';

const DAY_MS = 86_400_000;
const LEASE_MS = 10 * 60_000;
const WHM_USER = 'storefront';
const WHM_TOKEN = 'local_whm_token';

let db: Dynalite;
let whm: WhmStandIn;
let whmDir: string;

beforeAll(async () => {
  db = await startDynalite();
  whmDir = mkdtempSync(join(tmpdir(), 'renewal-year-whm-'));
  whm = await startWhmStandIn({ port: 0, dataDir: whmDir, user: WHM_USER, token: WHM_TOKEN });
});
afterAll(async () => {
  await whm?.stop();
  await db?.stop();
  rmSync(whmDir, { recursive: true, force: true });
});

/** One buyer's world on the real adapters, the wall clock under the test's control. */
function world(userId: string) {
  const services = new DynamoServicesStore(db.client, db.table('services'));
  const purchases = new DynamoPurchasesStore(db.client, db.table('purchases'));
  const users = new DynamoUsersStore(db.client, db.table('users'));
  const records = new DynamoProvisioningRecords(db.client, db.table('services'), LEASE_MS);
  const panel = new WhmProvisioner(
    new WhmApi({
      credentials: async () => ({ baseUrl: whm.url, user: WHM_USER, token: WHM_TOKEN }),
    }),
  );
  const mailer = new RecordingMailer();
  const log = new RecordingLog();
  let wall = new Date('2026-11-22T00:00:00.000Z');
  let payments = 0;
  const buyer = { userId, email: `${userId}@example.in`, name: 'Asha Verma', phone: '' };
  const deps: RunRenewalRemindersDeps = {
    schedule: new DynamoRenewalSchedule(db.client, db.table('services')),
    users,
    plans: async () => CATALOG,
    mailer,
    services,
    provisioning: records,
    panel,
    siteUrl: () => 'https://store.example.in',
    log,
    clock: () => wall,
    leaseMs: LEASE_MS,
  };

  /** Paid and delivered as fulfilment and the provisioning consumer do it. */
  async function pay(at: Date, months: Months = 12) {
    payments += 1;
    wall = at;
    await users.createUserIfMissing({ ...buyer, createdAt: at.toISOString() });
    const { serviceId, period } = await extendService(
      { services, purchases },
      {
        userId,
        planId: 'basichosting',
        planName: 'Basic Hosting',
        category: 'hosting',
        domain: `${userId}.in`,
      },
      {
        purchaseId: `pur_${userId}_${payments}`,
        paymentId: `pay_${userId}_${payments}`,
        planId: 'basichosting',
        months,
        amountPaise: 3_538_584,
        domain: `${userId}.in`,
      },
      at,
    );
    const delivery = {
      records,
      panel,
      announce: async () => undefined,
      placeholderDomain: () => 'sites.example.in',
      mailer: new RecordingMailer(),
      siteUrl: () => 'https://store.example.in',
      log,
      now: () => at,
    };
    const outcome = await convergeService(
      {
        ...delivery,
        services,
        deliver: (request, id) => provisionService(delivery, request, id),
      },
      { userId, serviceId },
      {
        deliveryId: `delivery-${userId}-${payments}`,
        request: {
          purchaseId: period.purchaseId,
          userId,
          email: buyer.email,
          name: buyer.name,
          planId: 'basichosting',
          planName: 'Basic Hosting',
          category: 'hosting',
          months,
          purchaseDate: period.purchaseDate,
          renewalDate: period.renewalDate,
          amountPaise: 3_538_584,
          paymentId: period.paymentId,
          orderId: `order_${userId}_${payments}`,
          domain: `${userId}.in`,
          serviceId,
          renewal: payments > 1,
        },
      },
    );
    return { serviceId, period, outcome };
  }

  async function run(now: Date, overrides: Partial<RunRenewalRemindersDeps> = {}) {
    wall = now;
    return runRenewalReminders({ ...deps, ...overrides }, now, `run-${now.toISOString()}`);
  }

  return { services, records, mailer, deps, pay, run, setWall: (at: Date) => (wall = at) };
}

async function panelState(username: string): Promise<string | undefined> {
  const res = await fetch(`${whm.url}/_whm/accounts`);
  const { accounts } = (await res.json()) as { accounts: { user: string; state: string }[] };
  return accounts.find((a) => a.user === username)?.state;
}

/** 09:00 IST on `date`, and every day (or every `stepDays`) to `to`. */
function runTimes(from: string, to: string, stepDays = 1): Date[] {
  const times: Date[] = [];
  for (
    let t = Date.parse(`${from}T03:30:00.000Z`);
    t <= Date.parse(`${to}T03:30:00.000Z`);
    t += stepDays * DAY_MS
  ) {
    times.push(new Date(t));
  }
  return times;
}

describe('a year of the renewal job on DynamoDB and the WHM stand-in', () => {
  it('reminds, expires, suspends at +7, and after the renewal lifts it and reminds for the new date', async () => {
    const w = world('year');
    // Bought 22 Nov 2026 at 10:00 IST for 12 months: renews 22 Nov 2027 at 10:00 IST.
    const bought = await w.pay(new Date('2026-11-22T04:30:00.000Z'));
    expect(bought.outcome).toMatchObject({ outcome: 'in_step', actions: ['deliver:provisioned'] });
    const username = (await w.records.get('year', bought.serviceId))?.username ?? '';
    expect(await panelState(username)).toBe('active');

    const mailsOn: Record<string, string[]> = {};
    // Weekly through the quiet months, then daily from five weeks before the renewal date.
    for (const at of [
      ...runTimes('2026-11-23', '2027-10-10', 7),
      ...runTimes('2027-10-15', '2027-12-03'),
    ]) {
      const before = w.mailer.sent.length;
      const summary = await w.run(at);
      expect(summary.failed).toBe(0);
      const subjects = w.mailer.sent.slice(before).map((m) => m.subject);
      if (subjects.length)
        mailsOn[new Date(at.getTime() + 19_800_000).toISOString().slice(0, 10)] = subjects;
    }

    expect(mailsOn).toEqual({
      '2027-10-23': ['Your Basic Hosting expires in 30 days'],
      '2027-11-15': ['Your Basic Hosting expires in 7 days'],
      '2027-11-21': ['Your Basic Hosting expires tomorrow'],
      '2027-11-23': ['Your Basic Hosting has expired'],
      '2027-11-30': ['Your Basic Hosting is suspended'],
    });
    expect(await panelState(username)).toBe('suspended');
    expect((await w.records.get('year', bought.serviceId))?.state).toBe('suspended');

    // Renewed on 5 Dec 2027, after it expired: the new year runs from the payment (D5).
    const renewal = await w.pay(new Date('2027-12-05T06:00:00.000Z'));
    expect(renewal.outcome).toMatchObject({
      outcome: 'in_step',
      desired: 'active',
      actions: expect.arrayContaining(['unsuspend']) as unknown,
    });
    expect(renewal.period.renewalDate).toBe('2028-12-05T06:00:00.000Z');
    expect(await panelState(username)).toBe('active');

    const before = w.mailer.sent.length;
    for (const at of runTimes('2028-10-30', '2028-12-04')) await w.run(at);

    expect(w.mailer.sent.slice(before).map((m) => m.subject)).toEqual([
      'Your Basic Hosting expires in 30 days',
      'Your Basic Hosting expires in 7 days',
      'Your Basic Hosting expires tomorrow',
    ]);
  });
});

describe('claims on DynamoDB', () => {
  it('two runs at once send each mail once', async () => {
    const w = world('twice');
    await w.pay(new Date('2026-11-22T04:30:00.000Z'));
    const day = new Date('2027-11-15T03:30:00.000Z');

    const [a, b] = await Promise.all([w.run(day), w.run(day)]);

    expect(a.sent + b.sent).toBe(1);
    expect(w.mailer.sent.map((m) => m.subject)).toEqual(['Your Basic Hosting expires in 7 days']);
  });

  it('a run that dies after claiming leaves the claim for its lease; then one mail goes', async () => {
    const w = world('crash');
    await w.pay(new Date('2026-11-22T04:30:00.000Z'));
    const day = new Date('2027-11-15T03:30:00.000Z');
    // The run's process dies as it is about to send: nothing after reaches DynamoDB or SES.
    let dead = false;
    const real = new DynamoRenewalSchedule(db.client, db.table('services'));
    const alive = async () => {
      if (dead) throw new SimulatedCrash('the process was killed');
    };
    const dying: RenewalSchedule = {
      listDue: (now) => real.listDue(now),
      get: async (ref) => (await alive(), real.get(ref)),
      claim: async (...args) => (await alive(), real.claim(...args)),
      complete: async (...args) => (await alive(), real.complete(...args)),
      release: async (...args) => (await alive(), real.release(...args)),
      record: async (...args) => (await alive(), real.record(...args)),
      unschedule: async (ref) => (await alive(), real.unschedule(ref)),
    };
    const deadMailer = new RecordingMailer();
    deadMailer.send = async () => {
      dead = true;
      throw new SimulatedCrash('killed before the mail went out');
    };

    const crashed = await w.run(day, { schedule: dying, mailer: deadMailer });
    const sameDay = await w.run(new Date(day.getTime() + 60_000));
    const afterLease = await w.run(new Date(day.getTime() + LEASE_MS + 60_000));
    const later = await w.run(new Date(day.getTime() + 2 * LEASE_MS));

    expect(crashed.failed).toBe(1);
    expect(sameDay).toMatchObject({ read: 1, sent: 0, skipped: 1 });
    expect(afterLease.sent).toBe(1);
    expect(later).toMatchObject({ read: 0, sent: 0 });
    expect(w.mailer.sent.map((m) => m.subject)).toEqual(['Your Basic Hosting expires in 7 days']);
  });
});
