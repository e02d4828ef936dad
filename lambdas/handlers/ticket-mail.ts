import type { Context, EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import {
  contactConfig,
  grievanceEmail,
  siteConfig,
  supportMailLeaseMs,
  ticketReplyAddress,
} from '../config/config';
import { logger } from '../config/logger';
import { TICKET_CATEGORIES } from '../domain/tickets';
import {
  sendTicketCreatedMail,
  sendTicketRepliedMail,
  type SendTicketMailDeps,
  type TicketMailOutcome,
} from '../use-cases/tickets/send-ticket-mail';
import { mailer } from './deps/mail';
import { ticketsStore } from './deps/tickets';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const createdSchema = z.strictObject({
  ticketId: id,
  ticketNumber: id,
  category: z.enum(TICKET_CATEGORIES),
  source: z.enum(['dashboard', 'contact']),
  messageId: id,
  createdAt: id,
});
const repliedSchema = z.strictObject({
  ticketId: id,
  ticketNumber: id,
  messageId: id,
  author: z.enum(['buyer', 'support']),
  status: z.enum(['open', 'waiting_on_buyer', 'resolved']),
  at: id,
});

export class MalformedTicketEventError extends Error {
  override readonly name = 'MalformedTicketEventError';
}

/**
 * EventBridge TicketCreated / TicketReplied → the ticket's mails (D27). Throws to make the bus
 * retry; what still fails lands in the dead-letter queue, which alarms.
 */
export function makeHandler(deps: SendTicketMailDeps) {
  return async (
    event: EventBridgeEvent<'TicketCreated' | 'TicketReplied', unknown>,
    context?: Context,
  ): Promise<{ outcome: TicketMailOutcome }> => {
    logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
    try {
      if (event['detail-type'] === 'TicketCreated') {
        const parsed = createdSchema.safeParse(event.detail);
        if (!parsed.success)
          throw new MalformedTicketEventError('TicketCreated detail is malformed');
        return { outcome: await sendTicketCreatedMail(deps, parsed.data) };
      }
      const parsed = repliedSchema.safeParse(event.detail);
      if (!parsed.success) throw new MalformedTicketEventError('TicketReplied detail is malformed');
      return { outcome: await sendTicketRepliedMail(deps, parsed.data) };
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  tickets: ticketsStore(),
  mailer,
  supportEmail: () => contactConfig().SUPPORT_EMAIL,
  grievanceEmail,
  replyAddress: ticketReplyAddress,
  siteUrl: () => siteConfig().SITE_URL,
  log: logger,
  now: () => new Date(),
  leaseMs: supportMailLeaseMs,
});
