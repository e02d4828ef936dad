import type { Context, EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { CATEGORIES } from '../domain/plan';
import type { PurchaseCompletedDetail } from '../domain/api';
import { welcomeConfig } from '../config/config';
import { logger } from '../config/logger';
import { sendWelcomeEmail } from '../use-cases/send-welcome-email';
import { mailer } from './deps/mail';
import { purchasesStore, welcomeMailClaims } from './deps/stores';

const text = z.string().check(z.minLength(1));
const detailSchema = z.strictObject({
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
}) satisfies z.ZodMiniType<PurchaseCompletedDetail>;

const deps = {
  claims: welcomeMailClaims(),
  purchases: purchasesStore(),
  mailer,
  links: () => {
    const config = welcomeConfig();
    return { controlPanelUrl: config.CONTROL_PANEL_URL, siteUrl: config.SITE_URL };
  },
  log: logger,
  now: () => new Date(),
};

/** EventBridge PurchaseCompleted → the welcome mail. Throws to make the bus retry. */
export async function handler(
  event: EventBridgeEvent<'PurchaseCompleted', unknown>,
  context?: Context,
): Promise<{ outcome: string }> {
  logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
  try {
    const parsed = detailSchema.safeParse(event.detail);
    if (!parsed.success) {
      // Retrying a malformed event cannot fix it: log and drop it.
      logger.error('PurchaseCompleted detail is malformed; dropped', {
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      });
      return { outcome: 'malformed' };
    }
    return { outcome: await sendWelcomeEmail(deps, parsed.data) };
  } finally {
    logger.resetKeys();
  }
}
