import { randomBytes } from 'node:crypto';
import type { CreateOrderResponse } from '../domain/api';
import { PlanNotFoundError } from '../domain/errors';
import { assertBuyerAddress, quoteTax, type BillingDetails } from '../domain/gst';
import type { SellerDetails } from '../domain/invoice';
import { parseProfileUpdate } from '../domain/profile';
import type { Plan } from '../domain/plan';
import { accountDomainOf, priceCheckout } from '../domain/checkout-pricing';
import { vpsChoiceOf, type VpsChoiceInput } from '../domain/vps-choice';
import type { LogPort } from '../ports/logger';
import type { OrderRecord, OrdersStore } from '../ports/orders';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Caller, UsersStore } from '../ports/users';
import { PaymentProviderError, TooManyUnpaidOrdersError } from './errors';
import { holdsOrHeld, type HeldServiceDeps } from './held-service';

export interface CreateOrderDeps extends HeldServiceDeps {
  plans: () => Promise<Plan[]>;
  users: UsersStore;
  orders: OrdersStore;
  gateway: PaymentGateway;
  log: LogPort;
  now: () => Date;
  newReceipt?: () => string;
  /** The seller on the invoice: its state decides CGST + SGST or IGST (D15). */
  seller: () => SellerDetails;
}

export interface CreateOrderInput {
  planId: string;
  /** A hosting plan's months; a domain plan's 12/24/36 are read as 1/2/3 years (D21). */
  months?: number;
  /** A domain plan's registration period, 1-3 years (D21). */
  years?: number;
  promoCode?: string;
  /** Only with a domain plan, which requires it; normalised before anything uses it. */
  domain?: string;
  /** The tax invoice's recipient for this order; by default the profile's billing details. */
  billing?: BillingDetails;
  /** What the page showed (a renewal); never trusted: a plan the buyer holds or held is one. */
  renew?: boolean;
  /** A VPS plan's OS, SSH public keys and hostname (D24); refused on any other plan. */
  vps?: VpsChoiceInput;
}

/** Our own order id, sent to Razorpay as the receipt (at most 40 characters). */
export function newReceipt(): string {
  return `rcpt_${randomBytes(12).toString('hex')}`;
}

/**
 * The server prices the order (the client's idea of the amount is never used), creates the
 * Razorpay order for exactly that amount, and stores it for verify and the webhook to find.
 */
export async function createOrder(
  deps: CreateOrderDeps,
  caller: Caller,
  input: CreateOrderInput,
): Promise<CreateOrderResponse> {
  const plans = await deps.plans();
  // Priced once to check the plan, domain, period and promo, and to normalise the domain (D21).
  const { renew: _asked, vps: vpsInput, ...priced } = input;
  const first = priceCheckout(plans, priced);
  const planOfQuote = plans.find((p) => p.id === first.planId);
  // A domain plan's registered name, or the name a hosting account is set up for (D18, D21).
  const domain =
    first.domain?.name ?? (planOfQuote ? accountDomainOf(planOfQuote, input.domain) : undefined);
  // D14: a renewal whenever the buyer holds or held this plan (and domain), whatever `renew` says.
  const renewal = await holdsOrHeld(deps, caller.userId, {
    planId: first.planId,
    ...(domain ? { domain } : {}),
  });
  const quote = renewal ? priceCheckout(plans, { ...priced, renewal }) : first;
  const plan = plans.find((p) => p.id === quote.planId);
  if (!plan) throw new PlanNotFoundError(input.planId);
  // A VPS's OS, keys and hostname (D24): a bad key is refused here, before Razorpay hears of it.
  const vps = vpsChoiceOf(plan.category, vpsInput, caller.name);
  await refuseTooManyUnpaidOrders(deps, caller.userId);
  const user = await deps.users.createUserIfMissing({
    ...caller,
    createdAt: deps.now().toISOString(),
  });
  // D15: the invoice's recipient, frozen with the order; checked before Razorpay hears of it.
  const billing = input.billing
    ? (parseProfileUpdate({ billing: input.billing }).billing ?? undefined)
    : user.billing;
  assertBuyerAddress(quote.subtotalPaise, billing);
  const seller = deps.seller();
  if (billing) quote.tax = quoteTax(quote, billing.state, seller.state);
  const receipt = (deps.newReceipt ?? newReceipt)();
  const promoCode = quote.promo?.code;

  let gatewayOrder;
  try {
    gatewayOrder = await deps.gateway.createOrder({
      amountPaise: quote.totalPaise,
      currency: 'INR',
      receipt,
      notes: {
        userId: user.userId,
        planId: plan.id,
        months: String(quote.months),
        promoCode: promoCode ?? '',
        domain: domain ?? '',
      },
    });
  } catch (error) {
    deps.log.error('Razorpay order creation failed', {
      receipt,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new PaymentProviderError();
  }

  const at = deps.now().toISOString();
  const order: OrderRecord = {
    orderId: gatewayOrder.id,
    receipt,
    userId: user.userId,
    email: user.email || caller.email,
    name: user.name || caller.name,
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: quote.months,
    quote,
    amountPaise: quote.totalPaise,
    currency: 'INR',
    status: 'created',
    createdAt: at,
    updatedAt: at,
  };
  if (promoCode) order.promoCode = promoCode;
  if (vps) order.vps = vps;
  if (billing) order.billing = billing;
  order.seller = seller;
  if (quote.domain) {
    order.domain = quote.domain.name;
    order.years = quote.domain.years;
  } else if (domain) {
    order.domain = domain;
  }
  await deps.orders.putOrder(order);
  deps.log.info('Order created', {
    orderId: order.orderId,
    receipt,
    amountPaise: order.amountPaise,
  });

  return {
    orderId: order.orderId,
    keyId: await deps.gateway.keyId(),
    amountPaise: order.amountPaise,
    currency: 'INR',
    quote,
    prefill: { name: order.name, email: order.email, contact: user.phone || caller.phone },
  };
}

/**
 * Each order creates an order at Razorpay: a buyer (or a script with their token) may hold only a
 * few unpaid ones from the last hour. Paid, failed and reviewed orders do not count.
 */
export const UNPAID_ORDERS_LIMIT = { count: 5, windowMs: 60 * 60 * 1000 } as const;

async function refuseTooManyUnpaidOrders(
  deps: Pick<CreateOrderDeps, 'orders' | 'now'>,
  userId: string,
): Promise<void> {
  const since = deps.now().getTime() - UNPAID_ORDERS_LIMIT.windowMs;
  const unpaid = (await deps.orders.listOrdersForUser(userId)).filter(
    (order) => order.status === 'created' && new Date(order.createdAt).getTime() > since,
  );
  if (unpaid.length >= UNPAID_ORDERS_LIMIT.count) throw new TooManyUnpaidOrdersError();
}
