import * as z from 'zod/mini';
import { logger } from '../config/logger';
import { callerOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { NotFoundRouteError } from '../http/request-errors';
import { json } from '../http/response';
import { cachedPlans } from '../adapters/dynamodb/plans-table';
import { quoteFor } from '../domain/pricing';
import { createOrder } from '../use-cases/create-order';
import { verifyCheckout } from '../use-cases/verify-checkout';
import { eventPublisher } from './deps/events';
import { httpHandler } from './deps/http';
import { paymentGateway } from './deps/payments';
import { signatureSecrets } from './deps/signature-secrets';
import { ordersStore, plansStore, purchasesStore, servicesStore, usersStore } from './deps/stores';

const plans = cachedPlans(plansStore());
const users = usersStore();
const orders = ordersStore();
const purchases = purchasesStore();
const services = servicesStore();
const now = () => new Date();

const planId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
const promoCode = z.optional(z.string().check(z.maxLength(32)));
// months is checked by the domain (invalid_months), so any number passes here.
const months = z.number();

const quoteBody = z.strictObject({ planId, months, promoCode });
const orderBody = z.strictObject({
  planId,
  months,
  promoCode,
  domain: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(253),
        z.regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'not a domain name'),
      ),
  ),
});
const razorpayId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
const verifyBody = z.strictObject({
  razorpay_order_id: razorpayId,
  razorpay_payment_id: razorpayId,
  razorpay_signature: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
});

/** POST /api/checkout/quote, /orders and /verify. */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'POST /api/checkout/quote': {
      const body = parseJsonBody(event, quoteBody);
      return json(200, quoteFor(await plans(), body));
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
          services,
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
