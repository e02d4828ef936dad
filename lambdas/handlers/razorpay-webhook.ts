import { siteConfig } from '../config/config';
import { logger } from '../config/logger';
import { header, rawBody } from '../http/request';
import { json } from '../http/response';
import {
  handleRazorpayWebhook,
  type RazorpayWebhookDeps,
} from '../use-cases/handle-razorpay-webhook';
import { eventPublisher } from './deps/events';
import { httpHandler } from '../http/http-handler';
import { paymentGateway } from './deps/payments';
import {
  ordersStore,
  processedEvents,
  purchasesStore,
  refundsStore,
  servicesStore,
  usersStore,
} from './deps/stores';
import { documentCounters } from './deps/counters';
import { manageAutoRenewDeps } from './deps/auto-renew';
import { mailer } from './deps/mail';

/** POST /api/webhooks/razorpay: the raw body, signed by Razorpay. */
export function makeHandler(deps: RazorpayWebhookDeps) {
  return httpHandler(async (event) => {
    const outcome = await handleRazorpayWebhook(deps, {
      rawBody: rawBody(event),
      signature: header(event, 'x-razorpay-signature'),
      eventId: header(event, 'x-razorpay-event-id'),
    });
    return json(200, { ok: true, outcome });
  });
}

export const handler = makeHandler({
  orders: ordersStore(),
  purchases: purchasesStore(),
  services: servicesStore(),
  users: usersStore(),
  processedEvents: processedEvents(),
  refunds: refundsStore(),
  events: eventPublisher,
  gateway: paymentGateway,
  log: logger,
  now: () => new Date(),
  counters: documentCounters(),
  // Mandates (D25): a registration payment records its token; a token's webhook its state.
  autoRenew: manageAutoRenewDeps(),
  // A plan change paid twice (D26): the second payment refunded, the buyer mailed.
  changeRefunds: { mailer, siteUrl: () => siteConfig().SITE_URL },
});
