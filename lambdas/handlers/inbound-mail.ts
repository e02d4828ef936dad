import type { Context, SESEvent } from 'aws-lambda';
import { logger } from '../config/logger';
import { parseMail } from '../adapters/mail/parse-mail';
import {
  replyByMail,
  type ReplyByMailDeps,
  type ReplyByMailOutcome,
} from '../use-cases/tickets/reply-by-mail';
import { eventPublisher } from './deps/events';
import { rateLimiter } from './deps/stores';
import { rawMail, ticketsStore } from './deps/tickets';

/**
 * SES receiving → (the receipt rule's S3 action stored the raw mail under inbound-mail/) → this
 * Lambda (D27): each mail a buyer's reply on the ticket its subject names, or ignored and logged.
 * Throws only when something failed (S3, the tables): SES's asynchronous invocation retries it,
 * and a mail already on the thread is not added twice.
 */
export function makeHandler(deps: ReplyByMailDeps) {
  return async (event: SESEvent, context?: Context): Promise<ReplyByMailOutcome[]> => {
    logger.appendKeys({ awsRequestId: context?.awsRequestId });
    try {
      const outcomes: ReplyByMailOutcome[] = [];
      for (const record of event.Records ?? []) {
        const { mail, receipt } = record.ses;
        outcomes.push(
          await replyByMail(deps, {
            messageId: mail.messageId,
            verdicts: {
              spf: receipt.spfVerdict?.status ?? 'GRAY',
              dkim: receipt.dkimVerdict?.status ?? 'GRAY',
              dmarc: receipt.dmarcVerdict?.status ?? 'GRAY',
              spam: receipt.spamVerdict?.status,
              virus: receipt.virusVerdict?.status,
            },
          }),
        );
      }
      return outcomes;
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  tickets: ticketsStore(),
  rawMail: rawMail(),
  parse: parseMail,
  events: eventPublisher,
  limits: rateLimiter(),
  log: logger,
  now: () => new Date(),
});
