import { randomBytes } from 'node:crypto';
import type { CreateOrderResponse } from '../domain/api';
import { PlanNotFoundError } from '../domain/errors';
import type { Plan } from '../domain/plan';
import { quoteFor } from '../domain/pricing';
import type { LogPort } from '../ports/logger';
import type { OrderRecord, OrdersStore } from '../ports/orders';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Caller, UsersStore } from '../ports/users';
import { PaymentProviderError } from './errors';

export interface CreateOrderDeps {
  plans: () => Promise<Plan[]>;
  users: UsersStore;
  orders: OrdersStore;
  gateway: PaymentGateway;
  log: LogPort;
  now: () => Date;
  newReceipt?: () => string;
}

export interface CreateOrderInput {
  planId: string;
  months: number;
  promoCode?: string;
  domain?: string;
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
  const quote = quoteFor(plans, input);
  const plan = plans.find((p) => p.id === quote.planId);
  if (!plan) throw new PlanNotFoundError(input.planId);
  const user = await deps.users.createUserIfMissing({
    ...caller,
    createdAt: deps.now().toISOString(),
  });
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
        domain: input.domain ?? '',
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
  if (input.domain) order.domain = input.domain;
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
