import type { Context, ScheduledEvent } from 'aws-lambda';
import { siteConfig } from '../config/config';
import { logger } from '../config/logger';
import { CATALOG } from '../domain/catalog';
import {
  AUTO_RENEW_CLAIM_LEASE_MS,
  runAutoRenew,
  type AutoRenewRunSummary,
  type RunAutoRenewDeps,
} from '../use-cases/auto-renew/run-auto-renew';
import { optOutToken, optOutUrl } from '../use-cases/auto-renew/opt-out-link';
import { mailer } from './deps/mail';
import { paymentGateway, razorpayCredentials } from './deps/payments';
import { sellerDetails } from './deps/seller';
import { autoRenewStore, ordersStore, usersStore } from './deps/stores';

/** The scheduled event's `time` is not a date: nothing can be due at no time. */
export class InvalidScheduledTimeError extends Error {
  override readonly name = 'InvalidScheduledTimeError';
}

/**
 * The auto-renew job (D25), daily at 08:00 IST by its schedule (before the renewal job's 09:00)
 * and locally on demand (`POST /_local/jobs/auto-renew {"time"}`). "Now" is the scheduled
 * event's `time`; claim leases run on the wall clock.
 */
export function makeHandler(deps: RunAutoRenewDeps) {
  return async (event: ScheduledEvent, context?: Context): Promise<AutoRenewRunSummary> => {
    logger.appendKeys({ scheduledRun: event.id, awsRequestId: context?.awsRequestId });
    try {
      const now = new Date(event.time);
      if (typeof event.time !== 'string' || Number.isNaN(now.getTime())) {
        throw new InvalidScheduledTimeError(
          `The scheduled event's time is not a date: ${String(event.time)}`,
        );
      }
      return await runAutoRenew(deps, now, event.id);
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  store: autoRenewStore(),
  users: usersStore(),
  plans: async () => CATALOG,
  gateway: paymentGateway,
  orders: ordersStore(),
  mailer,
  seller: sellerDetails,
  siteUrl: () => siteConfig().SITE_URL,
  optOutUrl: async (ref) =>
    optOutUrl(
      siteConfig().SITE_URL,
      optOutToken(ref, new Date(), (await razorpayCredentials()).keySecret),
    ),
  log: logger,
  clock: () => new Date(),
  leaseMs: AUTO_RENEW_CLAIM_LEASE_MS,
});
