/**
 * Turning auto-renew on and off (D25), and what Razorpay says of a mandate.
 *
 * On: never pre-ticked, always the buyer's act. A Razorpay customer for the buyer, and an order of
 * ₹1 whose payment in Checkout (`recurring: 1`) registers a card token or a UPI Autopay mandate
 * with the buyer's authentication, with a maximum that covers the service's renewal price. The
 * mandate is stored when Razorpay reports that payment captured with its token, and the ₹1 is
 * refunded; only then is auto-renew on.
 *
 * Off: one click (the card, or the notice's signed link). The token is cancelled at Razorpay
 * first; if Razorpay does not answer, nothing changes and the buyer is told to try again. A
 * mandate cancelled or rejected at the bank (its webhook) turns auto-renew off and tells the buyer.
 */
import {
  autoRenewPriceRequest,
  mandateMaximumPaise,
  maskUpiId,
  noticeDueAt,
  plannedDebitDate,
} from '../../domain/auto-renew';
import type { CheckoutAutoRenewOutcome } from '../../domain/api';
import { priceCheckout } from '../../domain/checkout-pricing';
import { isDomainPlanId } from '../../domain/domain-names';
import type { Plan } from '../../domain/plan';
import { autoRenewOffMail } from '../../templates/mail/auto-renew';
import type { AutoRenewStore, MandateRecord, ServiceRef } from '../../ports/auto-renew';
import type { LogPort } from '../../ports/logger';
import type { OrderRecord } from '../../ports/orders';
import type { Mailer } from '../../ports/mail';
import type {
  GatewayMandateOrderRequest,
  GatewayPayment,
  GatewayToken,
  PaymentGateway,
} from '../../ports/payment-gateway';
import type { ServiceRecord } from '../../ports/services';
import type { UsersStore } from '../../ports/users';
import { PaymentProviderError } from '../errors';
import { refusal } from '../refusal';

export class AutoRenewServiceNotFoundError extends refusal(
  'AutoRenewServiceNotFoundError',
  'service_not_found',
  'We could not find that service in your account.',
) {}

export class AutoRenewNotPossibleError extends refusal(
  'AutoRenewNotPossibleError',
  'service_not_renewable',
  'This service has ended, so it cannot renew automatically. Buy it again from the plans page.',
) {}

/** The registration payment: ₹1, refunded once the mandate is stored. */
export const MANDATE_AUTH_PAISE = 100;
/** A mandate lasts this long at most (then the buyer sets it up again). */
const MANDATE_YEARS = 10;

export interface ManageAutoRenewDeps {
  store: AutoRenewStore;
  users: Pick<UsersStore, 'getUser'>;
  plans: () => Promise<readonly Plan[]>;
  gateway: Pick<
    PaymentGateway,
    | 'keyId'
    | 'ensureCustomer'
    | 'createMandateOrder'
    | 'listTokens'
    | 'cancelToken'
    | 'createRefund'
  >;
  mailer: Mailer;
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
}

/** What recording a mandate needs: no mail is sent from it. */
export type MandateRecordingDeps = Pick<ManageAutoRenewDeps, 'store' | 'log' | 'now'> & {
  gateway: Pick<PaymentGateway, 'listTokens' | 'cancelToken' | 'createRefund'>;
};

/** The `token` block of an order whose payment registers a mandate, from `now`. */
export function mandateTokenTerms(
  maxAmountPaise: number,
  now: Date,
): GatewayMandateOrderRequest['token'] {
  return {
    maxAmountPaise,
    expireAt: Math.floor(now.getTime() / 1000) + MANDATE_YEARS * 365 * 24 * 60 * 60,
    frequency: 'as_presented',
  };
}

export interface AutoRenewAuthorise {
  orderId: string;
  keyId: string;
  amountPaise: number;
  customerId: string;
  /** The mandate's maximum, to show beside the button. */
  maxAmountPaise: number;
}

export interface SetAutoRenewResult {
  service: ServiceRecord;
  authorise?: AutoRenewAuthorise;
}

/** `PUT /api/me/services/{id}/auto-renew {enabled, method?}`. */
export async function setAutoRenew(
  deps: ManageAutoRenewDeps,
  ref: ServiceRef,
  input: { enabled: boolean; method?: 'card' | 'upi' },
): Promise<SetAutoRenewResult> {
  const service = await deps.store.get(ref);
  if (!service) throw new AutoRenewServiceNotFoundError();
  return input.enabled ? turnOn(deps, service, input.method) : turnOff(deps, service, 'buyer');
}

/** The one-click link: the same as the card's switch, for the service the link names. */
export async function optOutByLink(
  deps: ManageAutoRenewDeps,
  ref: ServiceRef,
): Promise<SetAutoRenewResult> {
  const service = await deps.store.get(ref);
  if (!service) throw new AutoRenewServiceNotFoundError();
  return turnOff(deps, service, 'buyer');
}

async function turnOn(
  deps: ManageAutoRenewDeps,
  service: ServiceRecord,
  method: 'card' | 'upi' | undefined,
): Promise<SetAutoRenewResult> {
  if (service.cancelledAt || service.endedAt || service.removedAt)
    throw new AutoRenewNotPossibleError();
  const record = service.autoRenew;
  if (record?.enabled && record.mandate?.status === 'confirmed') return { service };
  const ref = refOf(service);
  const user = await deps.users.getUser(service.userId);
  if (!user?.email) throw new AutoRenewServiceNotFoundError();
  const maxAmountPaise = await mandateMaximum(deps, service);
  const now = deps.now();
  let authorise: AutoRenewAuthorise;
  try {
    const customer = await deps.gateway.ensureCustomer({
      name: user.name || user.email,
      email: user.email,
      ...(user.phone ? { contact: user.phone } : {}),
    });
    const order = await deps.gateway.createMandateOrder({
      amountPaise: MANDATE_AUTH_PAISE,
      currency: 'INR',
      receipt: `mandate_${service.serviceId}`.slice(0, 40),
      notes: {
        userId: service.userId,
        serviceId: service.serviceId,
        purpose: 'auto-renew mandate',
      },
      customerId: customer.id,
      ...(method ? { method } : {}),
      token: mandateTokenTerms(maxAmountPaise, now),
    });
    authorise = {
      orderId: order.id,
      keyId: await deps.gateway.keyId(),
      amountPaise: MANDATE_AUTH_PAISE,
      customerId: customer.id,
      maxAmountPaise,
    };
  } catch (error) {
    deps.log.error('Razorpay did not create the mandate order', {
      serviceId: service.serviceId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new PaymentProviderError();
  }
  const updated = await deps.store.setAutoRenew(
    ref,
    { enabled: false, pendingOrderId: authorise.orderId },
    now.toISOString(),
  );
  if (!updated) throw new AutoRenewServiceNotFoundError();
  return { service: updated, authorise };
}

async function turnOff(
  deps: ManageAutoRenewDeps,
  service: ServiceRecord,
  reason: 'buyer' | 'bank',
): Promise<SetAutoRenewResult> {
  const record = service.autoRenew;
  const mandate = record?.mandate;
  const wasOn = record?.enabled === true;
  if (mandate && mandate.status !== 'cancelled' && reason === 'buyer') {
    try {
      await deps.gateway.cancelToken(mandate.customerId, mandate.tokenId);
    } catch (error) {
      deps.log.error('Razorpay did not cancel the mandate; auto-renew left as it was', {
        serviceId: service.serviceId,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new PaymentProviderError();
    }
  }
  const at = deps.now().toISOString();
  const updated = await deps.store.setAutoRenew(
    refOf(service),
    {
      enabled: false,
      ...(mandate ? { mandate: { ...mandate, status: 'cancelled', since: at } } : {}),
      pendingOrderId: null,
      nextDueAt: null,
    },
    at,
  );
  if (!updated) throw new AutoRenewServiceNotFoundError();
  if (wasOn && mandate) await mailOff(deps, updated, mandate, reason);
  return { service: updated };
}

async function mailOff(
  deps: ManageAutoRenewDeps,
  service: ServiceRecord,
  mandate: MandateRecord,
  reason: 'buyer' | 'bank',
): Promise<void> {
  const user = await deps.users.getUser(service.userId);
  if (!user?.email) return;
  await deps.mailer.send({
    to: user.email,
    ...autoRenewOffMail({
      name: user.name,
      planId: service.planId,
      planName: service.planName,
      ...(service.domain ? { domain: service.domain } : {}),
      siteUrl: deps.siteUrl(),
      mandateLabel: mandate.label,
      renewalDate: service.renewalDate,
      reason,
    }),
    about: { userId: service.userId, kind: 'auto-renew-off', ref: service.serviceId },
  });
}

export type MandateEventOutcome = 'mandate_recorded' | 'ignored';

/**
 * A captured payment that carries a token: if it paid a registration order of ours, the mandate
 * is stored (as Razorpay lists the token), auto-renew is on, and the ₹1 is refunded. Any other
 * payment: 'ignored' (the normal payment path handles it).
 */
export async function recordMandatePayment(
  deps: MandateRecordingDeps,
  payment: GatewayPayment,
): Promise<MandateEventOutcome> {
  if (!payment.orderId || !payment.tokenId || !payment.customerId) return 'ignored';
  if (payment.status !== 'captured' && payment.status !== 'authorized') return 'ignored';
  const ref = await deps.store.findByPendingOrder(payment.orderId);
  if (!ref) {
    // The registration's later event (payment.authorized came first and stored the mandate):
    // only the ₹1 is left to give back. A debit carries the token too, but is never ₹1.
    if (payment.amountPaise !== MANDATE_AUTH_PAISE) return 'ignored';
    const owner = await deps.store.findByToken(payment.tokenId);
    if (!owner) return 'ignored';
    await refundRegistration(deps, payment);
    return 'mandate_recorded';
  }
  const service = await deps.store.get(ref);
  if (!service) return 'ignored';
  const tokens = await deps.gateway.listTokens(payment.customerId);
  const token = tokens.find((t) => t.id === payment.tokenId);
  if (!token) throw new Error('Razorpay does not list the token the registration payment made');
  const at = deps.now().toISOString();
  const mandate = mandateOf(token, payment.customerId, at);
  const confirmed = mandate.status === 'confirmed';
  await deps.store.setAutoRenew(
    ref,
    {
      enabled: confirmed,
      mandate,
      pendingOrderId: null,
      nextDueAt: confirmed ? noticeDueAt(new Date(service.renewalDate)).toISOString() : null,
    },
    at,
  );
  deps.log.info('Auto-renew mandate recorded', {
    serviceId: ref.serviceId,
    method: mandate.method,
    status: mandate.status,
  });
  await refundRegistration(deps, payment);
  return 'mandate_recorded';
}

/** Gives the registration's ₹1 back once it is captured (Razorpay refuses a second refund). */
async function refundRegistration(
  deps: MandateRecordingDeps,
  payment: GatewayPayment,
): Promise<void> {
  // Refunded already (verify fetched the payment after the webhook's refund).
  if (payment.status !== 'captured' || payment.amountRefundedPaise >= payment.amountPaise) return;
  await deps.gateway
    .createRefund(payment.id, {
      amountPaise: payment.amountPaise,
      receipt: `mandate_refund_${payment.id}`.slice(0, 40),
      notes: { purpose: 'auto-renew mandate registration' },
    })
    .catch((error: unknown) => {
      // Refunded already (a redelivery): Razorpay refuses more than was paid.
      deps.log.warn('Mandate registration refund not made', {
        paymentId: payment.id,
        error: error instanceof Error ? error.message : String(error),
      });
    });
}

/**
 * "Renew automatically" ticked at checkout (D25): the purchase's own payment registered the
 * mandate, so the buyer authorised once. Called once the payment is fulfilled (verify and the
 * webhook, in any order, any number of times): the first stores the mandate on the service the
 * payment bought, the others find it stored. A payment without a token, or a token the bank
 * rejected, leaves the purchase paid and auto-renew off: answered as `declined`.
 */
export async function recordCheckoutMandate(
  deps: MandateRecordingDeps,
  order: Pick<OrderRecord, 'orderId' | 'userId' | 'autoRenew'>,
  serviceId: string | undefined,
  payment: GatewayPayment,
): Promise<CheckoutAutoRenewOutcome | undefined> {
  if (!order.autoRenew || !serviceId) return undefined;
  const ref = { userId: order.userId, serviceId };
  const service = await deps.store.get(ref);
  if (!service) return undefined;
  const current = service.autoRenew;
  if (!payment.tokenId) {
    deps.log.warn('Checkout payment registered no mandate; auto-renew stays off', {
      orderId: order.orderId,
      paymentId: payment.id,
    });
    return { status: 'declined' };
  }
  // Recorded before (the other of verify and the webhook, or a redelivery): answered as it is.
  if (current?.mandate?.tokenId === payment.tokenId) return outcomeOf(service);
  const customerId = payment.customerId ?? order.autoRenew.customerId;
  const token = (await deps.gateway.listTokens(customerId)).find((t) => t.id === payment.tokenId);
  if (!token) throw new Error('Razorpay does not list the token the checkout payment made');
  const at = deps.now().toISOString();
  const mandate = mandateOf(token, customerId, at);
  const confirmed = mandate.status === 'confirmed';
  const replaced = current?.mandate;
  const updated = await deps.store.setAutoRenew(
    ref,
    {
      enabled: confirmed,
      mandate,
      pendingOrderId: null,
      nextDueAt: confirmed ? noticeDueAt(new Date(service.renewalDate)).toISOString() : null,
    },
    at,
  );
  deps.log.info('Auto-renew mandate recorded from checkout', {
    serviceId,
    orderId: order.orderId,
    method: mandate.method,
    status: mandate.status,
  });
  // A renewal bought with the box ticked while an older mandate was live: only the new one stays.
  if (confirmed && replaced && replaced.status !== 'cancelled') {
    await deps.gateway.cancelToken(replaced.customerId, replaced.tokenId).catch((error: unknown) =>
      deps.log.warn('Older mandate not cancelled at Razorpay', {
        serviceId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  return updated ? outcomeOf(updated) : undefined;
}

/** What the buyer is told of a service's auto-renew after paying. */
function outcomeOf(service: ServiceRecord): CheckoutAutoRenewOutcome {
  const record = service.autoRenew;
  const mandate = record?.mandate;
  if (record?.enabled && mandate?.status === 'confirmed') {
    return {
      status: 'on',
      mandateLabel: mandate.label,
      firstDebitOn: plannedDebitDate(new Date(service.renewalDate)).toISOString(),
    };
  }
  if (mandate?.status === 'pending') return { status: 'pending' };
  return { status: 'declined' };
}

/**
 * `POST /api/checkout/verify` for the card's mandate order (turning auto-renew on): the mandate
 * is recorded at once, as the webhook would record it; whichever comes first records it, the
 * other finds it. Undefined when the order is no registration of this buyer's.
 */
export async function verifyMandatePayment(
  deps: MandateRecordingDeps,
  userId: string,
  payment: GatewayPayment,
): Promise<{ serviceId: string; autoRenew: CheckoutAutoRenewOutcome } | undefined> {
  if (!payment.orderId) return undefined;
  const pending = await deps.store.findByPendingOrder(payment.orderId);
  if (pending) {
    if (pending.userId !== userId) return undefined;
    await recordMandatePayment(deps, payment);
    const service = await deps.store.get(pending);
    return service ? { serviceId: pending.serviceId, autoRenew: outcomeOf(service) } : undefined;
  }
  // Recorded already (the webhook came first): the token names the service.
  const owner = payment.tokenId ? await deps.store.findByToken(payment.tokenId) : undefined;
  if (!owner || owner.userId !== userId) return undefined;
  const service = await deps.store.get(owner);
  return service ? { serviceId: owner.serviceId, autoRenew: outcomeOf(service) } : undefined;
}

/**
 * token.confirmed / paused / cancelled / rejected. A token we do not know is ignored (logged);
 * cancelled or rejected at the bank turns auto-renew off and tells the buyer, once.
 */
export async function recordTokenEvent(
  deps: ManageAutoRenewDeps,
  token: GatewayToken,
): Promise<MandateEventOutcome> {
  const ref = await deps.store.findByToken(token.id);
  if (!ref) {
    deps.log.warn('Token webhook for a mandate we do not know; ignored', { status: token.status });
    return 'ignored';
  }
  const service = await deps.store.get(ref);
  const mandate = service?.autoRenew?.mandate;
  if (!service || !mandate) return 'ignored';
  if (token.status === 'cancelled' || token.status === 'rejected') {
    if (!service.autoRenew?.enabled && mandate.status === 'cancelled') return 'ignored';
    await turnOff(deps, service, 'bank');
    return 'mandate_recorded';
  }
  const at = deps.now().toISOString();
  const status = token.status === 'initiated' ? 'pending' : token.status;
  await deps.store.setAutoRenew(
    ref,
    {
      enabled: service.autoRenew?.enabled === true || status === 'confirmed',
      mandate: { ...mandate, status, since: at },
      ...(status === 'confirmed'
        ? { nextDueAt: noticeDueAt(new Date(service.renewalDate)).toISOString() }
        : {}),
    },
    at,
  );
  return 'mandate_recorded';
}

function mandateOf(token: GatewayToken, customerId: string, at: string): MandateRecord {
  const label =
    token.method === 'upi'
      ? `UPI ${token.vpa ? maskUpiId(token.vpa) : 'Autopay'}`
      : `${token.cardNetwork ?? 'Card'} •••• ${token.cardLast4 ?? '••••'}`;
  return {
    tokenId: token.id,
    customerId,
    method: token.method,
    label,
    maxAmountPaise: token.maxAmountPaise,
    status: token.status === 'initiated' ? 'pending' : token.status,
    since: at,
  };
}

/** The renewal price for the service's period, GST included, rounded up to the next ₹100. */
async function mandateMaximum(deps: ManageAutoRenewDeps, service: ServiceRecord): Promise<number> {
  const plans = await deps.plans();
  const total = priceCheckout(
    plans,
    autoRenewPriceRequest({ ...service, isDomain: isDomainPlanId(service.planId) }),
  ).totalPaise;
  return mandateMaximumPaise(total);
}

function refOf(service: ServiceRecord): ServiceRef {
  return { userId: service.userId, serviceId: service.serviceId };
}
