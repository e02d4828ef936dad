import { z } from 'zod';
import { logger } from '../config/logger';
import { callerOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { NotFoundRouteError } from '../http/request-errors';
import { json } from '../http/response';
import { createOrder } from '../use-cases/create-order';
import { cachedPlans, quoteCheckout } from '../use-cases/get-plans';
import { verifyCheckout } from '../use-cases/verify-checkout';
import { eventPublisher } from './deps/events';
import { httpHandler } from './deps/http';
import { paymentGateway, signatureSecrets } from './deps/payments';
import { ordersStore, plansStore, purchasesStore, usersStore } from './deps/stores';

const plans = cachedPlans(plansStore());
const users = usersStore();
const orders = ordersStore();
const purchases = purchasesStore();
const now = () => new Date();

const planId = z.string().trim().min(1).max(64);
const promoCode = z.string().max(32).optional();
// months is checked by the domain (invalid_months), so any number passes here.
const months = z.number();

const quoteBody = z.strictObject({ planId, months, promoCode });
const orderBody = z.strictObject({
  planId,
  months,
  promoCode,
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'not a domain name')
    .optional(),
});
const razorpayId = z.string().trim().min(1).max(64);
const verifyBody = z.strictObject({
  razorpay_order_id: razorpayId,
  razorpay_payment_id: razorpayId,
  razorpay_signature: z.string().trim().min(1).max(256),
});

/** POST /api/checkout/quote, /orders and /verify. */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'POST /api/checkout/quote': {
      const body = parseJsonBody(event, quoteBody);
      return json(200, await quoteCheckout(plans, body));
    }
    case 'POST /api/checkout/orders': {
      const caller = callerOf(event);
      const body = parseJsonBody(event, orderBody);
      const answer = await createOrder(
        { plans, users, orders, gateway: paymentGateway, log: logger, now },
        caller,
        body,
      );
      return json(201, answer);
    }
    case 'POST /api/checkout/verify': {
      const caller = callerOf(event);
      const body = parseJsonBody(event, verifyBody);
      const answer = await verifyCheckout(
        {
          orders,
          purchases,
          users,
          events: eventPublisher,
          gateway: paymentGateway,
          secrets: signatureSecrets,
          log: logger,
          now,
        },
        caller.userId,
        body,
      );
      return json(200, answer);
    }
    default:
      throw new NotFoundRouteError();
  }
});
