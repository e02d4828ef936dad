import type { Context, EventBridgeEvent } from 'aws-lambda';
import { z } from 'zod';
import { CATEGORIES } from '../domain/plan';
import type { PurchaseCompletedDetail } from '../domain/api';
import { welcomeConfig } from '../config/config';
import { logger } from '../config/logger';
import { sendWelcomeEmail } from '../use-cases/send-welcome-email';
import { mailer } from './deps/mail';
import { purchasesStore, welcomeMailClaims } from './deps/stores';

const detailSchema = z.strictObject({
  purchaseId: z.string().min(1),
  userId: z.string().min(1),
  email: z.email(),
  name: z.string(),
  planId: z.string().min(1),
  planName: z.string().min(1),
  category: z.enum(CATEGORIES),
  months: z.number().int().positive(),
  purchaseDate: z.iso.datetime(),
  renewalDate: z.iso.datetime(),
  amountPaise: z.number().int().nonnegative(),
  paymentId: z.string().min(1),
  orderId: z.string().min(1),
  domain: z.string().optional(),
}) satisfies z.ZodType<PurchaseCompletedDetail>;

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
