import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../config/logger';
import {
  reconcilePayments,
  type ReconcileDeps,
  type ReconcileSummary,
} from '../use-cases/reconcile-payments';
import { documentCounters } from './deps/counters';
import { eventPublisher } from './deps/events';
import { paymentGateway } from './deps/payments';
import {
  messagesStore,
  ordersStore,
  purchasesStore,
  refundsStore,
  servicesStore,
  usersStore,
} from './deps/stores';

export class InvalidScheduledTimeError extends Error {
  override readonly name = 'InvalidScheduledTimeError';
}

/**
 * The payments reconciler, run by its schedule (every 15 minutes) and locally on demand
 * (`POST /_local/jobs/payments-reconciler {"time"}`). "Now" is the scheduled event's `time`, so a
 * run can be made at any moment without touching a clock.
 */
export function makeHandler(deps: Omit<ReconcileDeps, 'now'>) {
  return async (event: ScheduledEvent, context?: Context): Promise<ReconcileSummary> => {
    logger.appendKeys({ scheduledRun: event.id, awsRequestId: context?.awsRequestId });
    try {
      const now = new Date(event.time);
      if (Number.isNaN(now.getTime())) {
        throw new InvalidScheduledTimeError(
          `The scheduled event's time is not a date: ${event.time}`,
        );
      }
      return await reconcilePayments({ ...deps, now: () => now }, now);
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  orders: ordersStore(),
  purchases: purchasesStore(),
  services: servicesStore(),
  users: usersStore(),
  messages: messagesStore(),
  refunds: refundsStore(),
  counters: documentCounters(),
  events: eventPublisher,
  gateway: paymentGateway,
  log: logger,
});
