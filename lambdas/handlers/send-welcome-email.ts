import type { Context, EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { siteConfig } from '../config/config';
import { logger } from '../config/logger';
import type { PurchaseCompletedDetail } from '../domain/api';
import { CATEGORIES } from '../domain/plan';
import {
  sendWelcomeEmail,
  type SendWelcomeEmailDeps,
  type WelcomeOutcome,
} from '../use-cases/send-welcome-email';
import { mailer } from './deps/mail';
import { purchasesStore, welcomeMailClaims } from './deps/stores';

const text = z.string().check(z.minLength(1));
// Not strict: a field a newer publisher adds must not dead-letter every welcome mail.
const detailSchema = z.object({
  purchaseId: text,
  userId: text,
  email: z.email(),
  name: z.string(),
  planId: text,
  planName: text,
  category: z.enum(CATEGORIES),
  months: z.int().check(z.positive()),
  purchaseDate: z.iso.datetime(),
  renewalDate: z.iso.datetime(),
  amountPaise: z.int().check(z.nonnegative()),
  paymentId: text,
  orderId: text,
  domain: z.optional(z.string()),
  invoiceNumber: z.optional(text),
  renewal: z.optional(z.boolean()),
}) satisfies z.ZodMiniType<PurchaseCompletedDetail>;

/**
 * A PurchaseCompleted detail that fails the schema. Thrown, never dropped: the bus retries it and
 * then dead-letters it, and the dead-letter alarm brings a person. The message names the fields
 * and what is wrong with them, never their values (an email address is personal data).
 */
export class MalformedPurchaseCompletedError extends Error {
  override readonly name = 'MalformedPurchaseCompletedError';
  constructor(readonly issues: string[]) {
    super(`PurchaseCompleted detail is malformed: ${issues.join('; ')}`);
  }
}

type Event = EventBridgeEvent<'PurchaseCompleted', unknown>;

/** EventBridge PurchaseCompleted → the welcome mail. Throws to make the bus retry. */
export function makeHandler(deps: SendWelcomeEmailDeps) {
  return async (event: Event, context?: Context): Promise<{ outcome: WelcomeOutcome }> => {
    logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
    try {
      const parsed = detailSchema.safeParse(event.detail);
      if (!parsed.success) {
        const issues = parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || '(detail)'}: ${issue.code}`,
        );
        deps.log.error('PurchaseCompleted detail is malformed; the bus will dead-letter it', {
          issues,
        });
        throw new MalformedPurchaseCompletedError(issues);
      }
      return { outcome: await sendWelcomeEmail(deps, parsed.data, event.id) };
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  claims: welcomeMailClaims(),
  purchases: purchasesStore(),
  mailer,
  siteUrl: () => siteConfig().SITE_URL,
  log: logger,
  now: () => new Date(),
});
