import type { Context, ScheduledEvent } from 'aws-lambda';
import { dynamo } from '../adapters/dynamodb/clients';
import { DynamoRenewalSchedule } from '../adapters/dynamodb/renewal-schedule';
import { siteConfig, tableName } from '../config/config';
import { logger } from '../config/logger';
import { CATALOG } from '../domain/catalog';
import {
  RENEWAL_CLAIM_LEASE_MS,
  runRenewalReminders,
  type RenewalRunSummary,
  type RunRenewalRemindersDeps,
} from '../use-cases/run-renewal-reminders';
import { hostingPanel } from './deps/hosting-panel';
import { mailer } from './deps/mail';
import { provisioningRecords, servicesStore, usersStore } from './deps/stores';
import { wiring } from './deps/wiring';

/** The scheduled event's `time` is not a date: nothing can be due at no time. */
export class InvalidScheduledTimeError extends Error {
  override readonly name = 'InvalidScheduledTimeError';
}

/**
 * The renewal job (D17), run daily at 09:00 IST by its schedule and locally on demand
 * (`POST /_local/jobs/renewal-reminders {"time"}`). "Now" is the scheduled event's `time`, so a
 * run can be made at any moment of a simulated year without touching a clock; claim leases run on
 * the wall clock, as a crashed run's do.
 */
export function makeHandler(deps: RunRenewalRemindersDeps) {
  return async (event: ScheduledEvent, context?: Context): Promise<RenewalRunSummary> => {
    logger.appendKeys({ scheduledRun: event.id, awsRequestId: context?.awsRequestId });
    try {
      const now = new Date(event.time);
      if (typeof event.time !== 'string' || Number.isNaN(now.getTime())) {
        throw new InvalidScheduledTimeError(
          `The scheduled event's time is not a date: ${String(event.time)}`,
        );
      }
      return await runRenewalReminders(deps, now, event.id);
    } finally {
      logger.resetKeys();
    }
  };
}

wiring.tables.add('services');

export const handler = makeHandler({
  schedule: new DynamoRenewalSchedule(dynamo, () => tableName('services')),
  users: usersStore(),
  // The catalog the plans table is seeded from: the renewal price checkout charges, no reads.
  plans: async () => CATALOG,
  mailer,
  services: servicesStore(),
  provisioning: provisioningRecords(),
  panel: hostingPanel,
  siteUrl: () => siteConfig().SITE_URL,
  log: logger,
  clock: () => new Date(),
  leaseMs: RENEWAL_CLAIM_LEASE_MS,
});
