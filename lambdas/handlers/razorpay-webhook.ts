import { logger } from '../config/logger';
import { header, rawBody } from '../http/request';
import { json } from '../http/response';
import { handleRazorpayWebhook } from '../use-cases/handle-razorpay-webhook';
import { eventPublisher } from './deps/events';
import { httpHandler } from './deps/http';
import { signatureSecrets } from './deps/signature-secrets';
import {
  ordersStore,
  processedEvents,
  purchasesStore,
  servicesStore,
  usersStore,
} from './deps/stores';

const deps = {
  orders: ordersStore(),
  purchases: purchasesStore(),
  services: servicesStore(),
  users: usersStore(),
  processedEvents: processedEvents(),
  events: eventPublisher,
  secrets: signatureSecrets,
  log: logger,
  now: () => new Date(),
};

/** POST /api/webhooks/razorpay: the raw body, signed by Razorpay. */
export const handler = httpHandler(async (event) => {
  const outcome = await handleRazorpayWebhook(deps, {
    rawBody: rawBody(event),
    signature: header(event, 'x-razorpay-signature'),
    eventId: header(event, 'x-razorpay-event-id'),
  });
  return json(200, { ok: true, outcome });
});
