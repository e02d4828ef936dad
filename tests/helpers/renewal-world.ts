/**
 * The renewal job's world on in-memory fakes: services bought through the one extension rule,
 * their provisioning on the same items, a hosting panel, the buyer, a mailbox, and the job's
 * dependencies with a wall clock the test moves (claim leases run on it).
 */
import { CATALOG } from '../../lambdas/domain/catalog';
import type { Months } from '../../lambdas/domain/pricing';
import { whmUsernameFor } from '../../lambdas/domain/provisioning';
import type { OutgoingMail } from '../../lambdas/ports/mail';
import { extendService } from '../../lambdas/use-cases/extend-service';
import {
  runRenewalReminders,
  type RunRenewalRemindersDeps,
} from '../../lambdas/use-cases/run-renewal-reminders';
import { InMemoryProvisioningRecords } from './fakes/provisioning';
import { InMemoryRenewalSchedule, SuspendingPanel } from './fakes/renewals';
import {
  InMemoryPurchasesStore,
  InMemoryServicesStore,
  InMemoryUsersStore,
  RecordingLog,
  RecordingMailer,
} from './fakes/stores';
import { BUYER } from './fakes/world';

export const SITE_URL = 'https://store.example.in';
export const LEASE_MS = 10 * 60 * 1000;

/** 09:00 IST on an India calendar date: when the scheduled job runs. */
export function nineAmIst(date: string): Date {
  return new Date(`${date}T03:30:00.000Z`);
}

export function renewalWorld() {
  const services = new InMemoryServicesStore();
  const purchases = new InMemoryPurchasesStore();
  const schedule = new InMemoryRenewalSchedule(services);
  const provisioning = new InMemoryProvisioningRecords({ services, leaseMs: LEASE_MS });
  const users = new InMemoryUsersStore();
  const mailer = new RecordingMailer();
  const panel = new SuspendingPanel();
  const log = new RecordingLog();
  let wall = new Date('2026-11-22T00:00:00.000Z');
  let payments = 0;

  const deps: RunRenewalRemindersDeps = {
    schedule,
    users,
    plans: async () => CATALOG,
    mailer,
    services,
    provisioning,
    panel,
    siteUrl: () => SITE_URL,
    log,
    clock: () => wall,
    leaseMs: LEASE_MS,
  };

  const world = {
    services,
    purchases,
    schedule,
    provisioning,
    users,
    mailer,
    panel,
    log,
    deps,
    setWallClock(at: Date) {
      wall = at;
    },
    /** A paid purchase of `planId`, applied by the one extension rule (D5), as fulfilment does. */
    async pay(planId: string, at: Date, months: Months = 12, domain?: string) {
      const plan = CATALOG.find((p) => p.id === planId);
      if (!plan) throw new Error(`no plan ${planId}`);
      payments += 1;
      await users.createUserIfMissing({ ...BUYER, createdAt: at.toISOString() });
      return extendService(
        { services, purchases },
        {
          userId: BUYER.userId,
          planId,
          planName: plan.name,
          category: plan.category,
          ...(domain ? { domain } : {}),
        },
        {
          purchaseId: `pur_pay_${payments}`,
          paymentId: `pay_${payments}`,
          planId,
          months,
          amountPaise: 100_000,
          ...(domain ? { domain } : {}),
        },
        at,
      );
    },
    /** The service's hosting account made on the panel and marked ready, as provisioning does. */
    async provisioned(serviceId: string, at: Date): Promise<string> {
      const username = whmUsernameFor(serviceId, 'asha-travels.in');
      await provisioning.begin(BUYER.userId, serviceId, 'pending', at);
      const claim = await provisioning.claim(BUYER.userId, serviceId, 'delivery-1', at);
      if (claim.state !== 'claimed') throw new Error('provisioning claim not taken');
      await provisioning.choose(
        BUYER.userId,
        serviceId,
        claim.token,
        { username, domain: 'asha-travels.in', package: 'storefront_basic', usernameAttempt: 0 },
        at,
      );
      await provisioning.settle(
        BUYER.userId,
        serviceId,
        claim.token,
        'pending',
        { state: 'ready', server: 'server1.example.in', nameservers: ['ns1.example.in'] },
        at,
      );
      panel.suspended.set(username, false);
      return username;
    },
    /** Runs the job as the scheduler would at `now`, the wall clock at the same instant. */
    async run(now: Date, overrides: Partial<RunRenewalRemindersDeps> = {}) {
      wall = now;
      return runRenewalReminders({ ...deps, ...overrides }, now, `run-${now.toISOString()}`);
    },
    subjects(mails: readonly OutgoingMail[] = mailer.sent): string[] {
      return mails.map((mail) => mail.subject);
    },
  };
  return world;
}

export type RenewalWorld = ReturnType<typeof renewalWorld>;
