import type { Context, ScheduledEvent } from 'aws-lambda';
import { grievanceEmail, siteConfig, ticketReplyAddress } from '../config/config';
import { logger } from '../config/logger';
import {
  runTicketDeadlines,
  type RunTicketDeadlinesDeps,
  type TicketDeadlinesSummary,
} from '../use-cases/tickets/run-ticket-deadlines';
import { eventPublisher } from './deps/events';
import { mailer } from './deps/mail';
import { ticketsStore } from './deps/tickets';

export class InvalidScheduledTimeError extends Error {
  override readonly name = 'InvalidScheduledTimeError';
}

/**
 * The tickets' deadlines check (D27), hourly by its schedule and locally on demand
 * (`POST /_local/jobs/ticket-deadlines {"time"}`); "now" is the scheduled event's `time`.
 */
export function makeHandler(deps: RunTicketDeadlinesDeps) {
  return async (event: ScheduledEvent, context?: Context): Promise<TicketDeadlinesSummary> => {
    logger.appendKeys({ scheduledRun: event.id, awsRequestId: context?.awsRequestId });
    try {
      const now = new Date(event.time);
      if (typeof event.time !== 'string' || Number.isNaN(now.getTime())) {
        throw new InvalidScheduledTimeError(
          `The scheduled event's time is not a date: ${String(event.time)}`,
        );
      }
      return await runTicketDeadlines(deps, now);
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  tickets: ticketsStore(),
  mailer,
  events: eventPublisher,
  grievanceEmail,
  siteUrl: () => siteConfig().SITE_URL,
  replyAddress: ticketReplyAddress,
  log: logger,
});
