import * as z from 'zod/mini';
import { siteConfig } from '../config/config';
import { logger } from '../config/logger';
import { callerOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { NotFoundRouteError } from '../http/request-errors';
import { json } from '../http/response';
import { cachedPlans } from '../adapters/dynamodb/plans-table';
import type { VerifyPendingResponse } from '../domain/api';
import { createOrder, type CreateOrderDeps } from '../use-cases/create-order';
import { quoteCheckout, withTax } from '../use-cases/quote-checkout';
import {
  cancelDowngrade,
  priceChange,
  scheduleDowngrade,
  type ScheduleDeps,
} from '../use-cases/plan-change';
import { serviceOfRecord } from '../use-cases/to-service';
import type { UserLimitDeps } from '../use-cases/user-limits';
import { verifyCheckout, type VerifyCheckoutDeps } from '../use-cases/verify-checkout';
import { documentCounters } from './deps/counters';
import { mailer } from './deps/mail';
import { eventPublisher } from './deps/events';
import { httpHandler } from '../http/http-handler';
import { paymentGateway } from './deps/payments';
import { registrar } from './deps/registrar';
import { sellerDetails } from './deps/seller';
import {
  autoRenewStore,
  ordersStore,
  plansStore,
  purchasesStore,
  rateLimiter,
  servicesStore,
  usersStore,
} from './deps/stores';

const planId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
const promoCode = z.optional(z.string().check(z.maxLength(32)));
// months and years are checked by the domain (invalid_months, invalid_years), so any number
// passes here; a domain plan takes years (or months 12/24/36), every other plan months (D21).
const months = z.optional(z.number());
const years = z.optional(z.number());
// The name is the domain's to judge (domain_required, invalid_domain, extension_not_available).
const domain = z.optional(z.string().check(z.maxLength(253)));

// The shape only; the rules and their sentences are the profile's (lambdas/domain/profile.ts).
const field = (max: number) => z.string().check(z.maxLength(max));
const billing = z.optional(
  z.strictObject({
    name: field(500),
    line1: field(500),
    line2: z.optional(field(500)),
    city: field(500),
    state: field(100),
    pincode: field(20),
    gstin: z.optional(field(40)),
  }),
);

// A VPS's choices (D24): the keys are checked by sshpk (invalid_ssh_key), the rest here and there.
const vps = z.optional(
  z.strictObject({
    os: z.optional(field(32)),
    sshKeys: z.optional(z.array(field(8192)).check(z.maxLength(20))),
    hostname: z.optional(field(63)),
  }),
);
// A bundle's domain to register (D24): judged by the domain's rules (invalid_domain, ...).
const registerDomain = z.optional(z.string().check(z.maxLength(253)));
// A renewal's price (D14) on the public quote only when asked; an order decides for itself.
const renew = z.optional(z.boolean());
// "Renew automatically" (D25): never assumed; only a ticked box sends true.
const autoRenew = z.optional(z.boolean());
const quoteBody = z.strictObject({
  planId,
  months,
  years,
  domain,
  promoCode,
  billingState: z.optional(field(100)),
  renew,
  vps,
  registerDomain,
  autoRenew,
});
// A plan change now (D26): the service's id, and the days left its quote said.
const changeFrom = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
const remainingDays = z.optional(z.number());
const orderBody = z.strictObject({
  planId,
  months,
  years,
  promoCode,
  renew,
  billing,
  domain,
  changeFrom: z.optional(changeFrom),
  remainingDays,
  vps,
  registerDomain,
  autoRenew,
  // A domain transferred in (D23): its auth code, checked by transferAuthCodeOf.
  transfer: z.optional(z.strictObject({ authCode: field(200) })),
});
const downgradeBody = z.strictObject({ planId });
const changeQuoteBody = z.strictObject({
  planId,
  changeFrom,
  billingState: z.optional(field(100)),
});
const razorpayId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
const verifyBody = z.strictObject({
  razorpay_order_id: razorpayId,
  razorpay_payment_id: razorpayId,
  razorpay_signature: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
});

export type CheckoutDeps = CreateOrderDeps & VerifyCheckoutDeps & ScheduleDeps;

/** The service named by the route, as the dashboard shows its id. */
function serviceIdOf(event: { pathParameters?: Record<string, string | undefined> }): string {
  const id = event.pathParameters?.serviceId;
  if (!id || id.length > 64) throw new NotFoundRouteError();
  return id;
}

/** D20: what verify answers while Razorpay holds the payment authorized but not yet captured. */
export const VERIFY_PENDING: VerifyPendingResponse = {
  status: 'pending',
  message:
    'Razorpay has received your payment and we are confirming it. Your service appears on your dashboard as soon as it is confirmed, usually within a minute.',
};

/** POST /api/checkout/quote, /change-quote, /orders and /verify. */
export function makeHandler(deps: CheckoutDeps & UserLimitDeps) {
  return httpHandler(async (event) => {
    switch (event.routeKey) {
      case 'POST /api/checkout/quote': {
        const { renew: renewal, ...body } = parseJsonBody(event, quoteBody);
        return json(
          200,
          await quoteCheckout(
            await deps.plans(),
            { ...body, renewal: renewal === true },
            deps.seller,
          ),
        );
      }
      case 'POST /api/checkout/change-quote': {
        const caller = callerOf(event);
        const { billingState, ...body } = parseJsonBody(event, changeQuoteBody);
        const { quote } = await priceChange(deps, await deps.plans(), caller.userId, body);
        return json(200, withTax(quote, billingState, deps.seller));
      }
      case 'PUT /api/me/services/{serviceId}/plan-change': {
        const caller = callerOf(event);
        const { planId: toPlanId } = parseJsonBody(event, downgradeBody);
        const service = await scheduleDowngrade(deps, await deps.plans(), caller.userId, {
          serviceId: serviceIdOf(event),
          planId: toPlanId,
        });
        return json(200, { service: serviceOfRecord(service, deps.now()) });
      }
      case 'DELETE /api/me/services/{serviceId}/plan-change': {
        const caller = callerOf(event);
        const service = await cancelDowngrade(deps, caller.userId, serviceIdOf(event));
        return json(200, { service: serviceOfRecord(service, deps.now()) });
      }
      case 'POST /api/checkout/orders': {
        const caller = callerOf(event);
        const body = parseJsonBody(event, orderBody);
        // The buyer's hour of orders (#26) is spent by createOrder once the order is known good.
        return json(201, await createOrder(deps, caller, body));
      }
      case 'POST /api/checkout/verify': {
        const caller = callerOf(event);
        const body = parseJsonBody(event, verifyBody);
        const outcome = await verifyCheckout(deps, caller.userId, body);
        return outcome.status === 'pending' ? json(202, VERIFY_PENDING) : json(200, outcome.answer);
      }
      default:
        throw new NotFoundRouteError();
    }
  });
}

export const handler = makeHandler({
  plans: cachedPlans(plansStore()),
  users: usersStore(),
  orders: ordersStore(),
  purchases: purchasesStore(),
  services: servicesStore(),
  limits: rateLimiter(),
  events: eventPublisher,
  gateway: paymentGateway,
  log: logger,
  now: () => new Date(),
  counters: documentCounters(),
  seller: sellerDetails,
  // A bundle's name to register is asked of the registrar before the order (D24).
  registrar,
  // Mandates (D25): recorded at verify, for a purchase with auto-renew and the card's mandate order.
  autoRenew: {
    store: autoRenewStore(),
    gateway: paymentGateway,
    log: logger,
    now: () => new Date(),
  },
  // A plan change paid twice (D26): the second payment refunded, the buyer mailed.
  changeRefunds: { mailer, siteUrl: () => siteConfig().SITE_URL },
});
