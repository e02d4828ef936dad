import { randomBytes } from 'node:crypto';
import type { CreateOrderResponse } from '../domain/api';
import { PlanNotFoundError } from '../domain/errors';
import { assertBuyerAddress, quoteTax, type BillingDetails } from '../domain/gst';
import type { SellerDetails } from '../domain/invoice';
import { parseProfileUpdate } from '../domain/profile';
import { assertRegistrant } from '../domain/registrant';
import type { Plan } from '../domain/plan';
import { accountDomainOf, priceCheckout } from '../domain/checkout-pricing';
import type { Quote } from '../domain/pricing';
import { vpsChoiceOf, type VpsChoiceInput } from '../domain/vps-choice';
import { transferAuthCodeOf } from '../domain/domain-transfer';
import type { RateLimiter } from '../ports/rate-limits';
import { spendUserLimit } from './user-limits';
import { freeDomainNotOffered } from '../domain/register-domain';
import type { LogPort } from '../ports/logger';
import type { OrderRecord, OrdersStore } from '../ports/orders';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { PurchasesStore } from '../ports/purchases';
import type { Caller, UsersStore } from '../ports/users';
import { PaymentProviderError, TooManyUnpaidOrdersError } from './errors';
import { serviceForOrder, type HeldServiceDeps } from './held-service';
import { priceChange } from './plan-change';
import { InvalidPlanChangeError } from '../domain/plan-change';
import { checkedPartChoices, type BundleCheckoutDeps, type PartChoices } from './bundle-checkout';
import { sshKeysParserFor } from './ssh-keys-on-demand';
import { checkoutAutoRenewTerms, renewalRequestOf } from '../domain/auto-renew';
import { mandateTokenTerms } from './auto-renew/manage-auto-renew';

export interface CreateOrderDeps extends HeldServiceDeps, BundleCheckoutDeps {
  purchases: Pick<PurchasesStore, 'listPurchases' | 'getPurchase'>;
  plans: () => Promise<Plan[]>;
  users: UsersStore;
  orders: OrdersStore;
  gateway: PaymentGateway;
  log: LogPort;
  now: () => Date;
  newReceipt?: () => string;
  /** The seller on the invoice: its state decides CGST + SGST or IGST (D15). */
  seller: () => SellerDetails;
  /**
   * The buyer's hour of orders (#26, E25), spent only by an order about to reach Razorpay: a
   * refused plan, name, key or quote costs the buyer nothing.
   */
  limits?: RateLimiter;
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
  /** A plan change now (D26): the service to change to `planId`. */
  changeFrom?: string;
  /** The days left the change's quote said: a different count now is a stale quote. */
  remainingDays?: number;
  /** A VPS plan's (or a bundle's VPS's) OS, SSH public keys and hostname (D24). */
  vps?: VpsChoiceInput;
  /** A bundle's domain to register (D24); refused on a plan with none. */
  registerDomain?: string;
  /**
   * "Renew automatically" ticked (D25): the payment also registers a mandate (Razorpay's
   * authorisation transaction) covering the renewal price for the same period.
   */
  autoRenew?: boolean;
  /** A domain transferred in (D23): the auth code its current registrar gave the buyer. */
  transfer?: { authCode: string };
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
  if (input.changeFrom !== undefined) return createChangeOrder(deps, caller, input, plans);
  // Priced once to check the plan, domain, period and promo, and to normalise the domain (D21).
  const {
    renew: _asked,
    changeFrom: _change,
    remainingDays: _days,
    vps: vpsInput,
    registerDomain,
    autoRenew,
    transfer,
    ...priced
  } = input;
  const first = priceCheckout(plans, priced);
  const planOfQuote = plans.find((p) => p.id === first.planId);
  // A domain plan's registered name, or the name a hosting account is set up for (D18, D21).
  const domain =
    first.domain?.name ?? (planOfQuote ? accountDomainOf(planOfQuote, input.domain) : undefined);
  // D14: a renewal whenever the buyer holds or held this plan (and domain), whatever `renew` says.
  // D26: a service that changed plan keeps its id; the order names the service it pays for.
  const { renewal, serviceId } = await serviceForOrder(deps, caller.userId, {
    planId: first.planId,
    ...(domain ? { domain } : {}),
  });
  const quote = renewal ? priceCheckout(plans, { ...priced, renewal }) : first;
  const plan = plans.find((p) => p.id === quote.planId);
  if (!plan) throw new PlanNotFoundError(input.planId);
  // A VPS's OS, keys and hostname, and a bundle's name to register (D24): a bad key or a taken
  // name is refused here, before Razorpay hears of it.
  const choices = await checkedPartChoices(
    deps,
    plan,
    { vps: vpsInput, registerDomain },
    caller.name,
    Boolean(renewal),
  );
  // D25: the mandate covers the renewal of this very period, GST included.
  const mandate =
    autoRenew === true
      ? checkoutAutoRenewTerms(priceCheckout(plans, renewalRequestOf(quote)).totalPaise)
      : undefined;
  // D23: a name moving in, bought for the year the transfer adds; its code kept until paid.
  const transferAuthCode =
    transfer &&
    transferAuthCodeOf(
      { category: plan.category, months: quote.months, renewal, domain },
      transfer.authCode,
    );
  return placeOrder(deps, caller, input, plan, quote, domain, {
    serviceId,
    ...choices,
    mandate,
    ...(transferAuthCode ? { transferAuthCode } : {}),
    // D23: a new name (a domain plan's, a bundle's, a hosting's free one) or one moving in is
    // registered under the buyer's registrant details: without them it would wait, paid.
    registers: !renewal && (plan.category === 'domain' || Boolean(choices.registerDomain)),
  });
}

/** The order of a plan change now (D26): priced by priceChange, for the service it changes. */
async function createChangeOrder(
  deps: CreateOrderDeps,
  caller: Caller,
  input: CreateOrderInput,
  plans: Plan[],
): Promise<CreateOrderResponse> {
  if (input.promoCode) {
    throw new InvalidPlanChangeError(
      'Promo codes apply to new purchases only, not to a plan change.',
    );
  }
  if (input.autoRenew) {
    throw new InvalidPlanChangeError(
      'A plan change keeps the renewal date; turn on auto-renew on the service instead.',
    );
  }
  // D23: a free domain comes with a hosting plan's first purchase, never with a change to it.
  if (input.registerDomain !== undefined) {
    throw freeDomainNotOffered(plans.find((p) => p.id === input.planId)?.name ?? input.planId);
  }
  const { quote, service } = await priceChange(deps, plans, caller.userId, {
    changeFrom: input.changeFrom as string,
    planId: input.planId,
    ...(input.remainingDays !== undefined ? { remainingDays: input.remainingDays } : {}),
  });
  const plan = plans.find((p) => p.id === quote.planId);
  if (!plan) throw new PlanNotFoundError(input.planId);
  // A larger bundle that adds a VPS (D24): its OS, hostname and keys, as a bundle purchase asks
  // them ("add my key later" when none is given); refused on any other change.
  const addsVps = quote.change.parts?.some((part) => part.kind === 'vps' && !part.fromPlanId);
  if (!addsVps && input.vps !== undefined) {
    throw new InvalidPlanChangeError(
      'A plan change keeps the server you have: an OS, SSH keys and a hostname are asked only when a larger bundle adds a VPS.',
    );
  }
  const vps = addsVps
    ? vpsChoiceOf('vps', input.vps, caller.name, await sshKeysParserFor(input.vps?.sshKeys))
    : undefined;
  return placeOrder(deps, caller, input, plan, quote, service.domain, {
    changeFrom: service.serviceId,
    ...(vps ? { vps } : {}),
  });
}

/** Creates the Razorpay order for exactly `quote`'s total, and stores ours for verify and the webhook. */
async function placeOrder(
  deps: CreateOrderDeps,
  caller: Caller,
  input: CreateOrderInput,
  plan: Plan,
  quote: Quote,
  domain: string | undefined,
  extra: {
    /** A plan change now (D26): the service it changes. */
    changeFrom?: string;
    /** The service the order pays for, when not the plan's natural id (D26). */
    serviceId?: string | undefined;
    /** "Renew automatically" (D25): the payment registers a mandate up to this maximum. */
    mandate?: { maxAmountPaise: number } | undefined;
    /** A domain transferred in (D23). */
    transferAuthCode?: string;
    /** A name is registered or transferred in for this order: its registrant must be known (D23). */
    registers?: boolean;
  } & PartChoices = {},
): Promise<CreateOrderResponse> {
  const { changeFrom, serviceId, vps, registerDomain, mandate, transferAuthCode, registers } =
    extra;
  if (deps.limits)
    await spendUserLimit({ limits: deps.limits, now: deps.now }, caller.userId, 'order');
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
  // The billing typed here becomes the profile's below, so converge finds it with the phone.
  if (registers) assertRegistrant({ phone: user.phone, billing });
  const seller = deps.seller();
  if (billing) quote.tax = quoteTax(quote, billing.state, seller.state);
  const receipt = (deps.newReceipt ?? newReceipt)();
  const promoCode = quote.promo?.code;

  let gatewayOrder;
  let autoRenew: OrderRecord['autoRenew'];
  try {
    const request = {
      amountPaise: quote.totalPaise,
      currency: 'INR' as const,
      receipt,
      notes: {
        userId: user.userId,
        planId: plan.id,
        months: String(quote.months),
        promoCode: promoCode ?? '',
        domain: domain ?? '',
        ...(changeFrom ? { changeFrom } : {}),
      },
    };
    if (mandate) {
      // D25: this payment is the mandate's authorisation transaction (the buyer authorises once).
      const customer = await deps.gateway.ensureCustomer({
        name: user.name || caller.name || user.email || caller.email,
        email: user.email || caller.email,
        ...(user.phone || caller.phone ? { contact: user.phone || caller.phone } : {}),
      });
      gatewayOrder = await deps.gateway.createMandateOrder({
        ...request,
        notes: { ...request.notes, autoRenew: 'checkout' },
        customerId: customer.id,
        token: mandateTokenTerms(mandate.maxAmountPaise, deps.now()),
      });
      autoRenew = { customerId: customer.id, maxAmountPaise: mandate.maxAmountPaise };
    } else {
      gatewayOrder = await deps.gateway.createOrder(request);
    }
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
  if (changeFrom) order.changeFrom = changeFrom;
  if (serviceId) order.serviceId = serviceId;
  if (vps) order.vps = vps;
  if (registerDomain) order.registerDomain = registerDomain;
  if (autoRenew) order.autoRenew = autoRenew;
  if (transferAuthCode) {
    order.transferAuthCode = transferAuthCode;
    order.transferIn = true;
  }
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
  // One source of billing details (#26): what the buyer typed at checkout becomes the profile's
  // (Settings' billing), so the next checkout and invoice start from it. The order is placed:
  // a failed save is logged, not the buyer's problem.
  if (input.billing && billing && JSON.stringify(billing) !== JSON.stringify(user.billing)) {
    await deps.users.updateProfile(user.userId, { billing }, at).catch((error: unknown) => {
      deps.log.error('Billing details from checkout not saved to the profile', {
        orderId: order.orderId,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }

  return {
    orderId: order.orderId,
    keyId: await deps.gateway.keyId(),
    amountPaise: order.amountPaise,
    currency: 'INR',
    quote,
    prefill: { name: order.name, email: order.email, contact: user.phone || caller.phone },
    ...(autoRenew ? { recurring: { customerId: autoRenew.customerId } } : {}),
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
