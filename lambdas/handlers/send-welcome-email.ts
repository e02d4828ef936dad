import type { Context, EventBridgeEvent } from 'aws-lambda';
import { invoiceFonts } from '../adapters/fonts/invoice-fonts';
import { siteConfig } from '../config/config';
import { logger } from '../config/logger';
import {
  sendWelcomeEmail,
  type SendWelcomeEmailDeps,
  type WelcomeOutcome,
} from '../use-cases/send-welcome-email';
import { mailerWithAttachments } from './deps/mail-with-attachments';
import { MalformedPurchaseCompletedError, parsePurchaseCompleted } from './deps/purchase-completed';
import { sellerDetails } from './deps/seller';
import { purchasesStore, welcomeMailClaims } from './deps/stores';

// One schema for every consumer of PurchaseCompleted (handlers/deps/purchase-completed.ts).
export { MalformedPurchaseCompletedError };

type Event = EventBridgeEvent<'PurchaseCompleted', unknown>;

/** EventBridge PurchaseCompleted → the welcome mail. Throws to make the bus retry. */
export function makeHandler(deps: SendWelcomeEmailDeps) {
  return async (event: Event, context?: Context): Promise<{ outcome: WelcomeOutcome }> => {
    logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
    try {
      const detail = parsePurchaseCompleted(event.detail, deps.log);
      return { outcome: await sendWelcomeEmail(deps, detail, event.id) };
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  claims: welcomeMailClaims(),
  purchases: purchasesStore(),
  mailer: mailerWithAttachments,
  siteUrl: () => siteConfig().SITE_URL,
  log: logger,
  now: () => new Date(),
  seller: sellerDetails,
  fonts: invoiceFonts,
});
