/**
 * The API's and the events' shapes (docs/api.md). Both the Lambdas and the web import these, so
 * the two sides cannot drift apart.
 */
import type { BillingDetails } from './gst';
import type { Paise } from './money';
import type { Category, Plan } from './plan';
import type { Quote } from './pricing';
import type { ServiceProvisionedDetail } from './provisioning';
import type { Service } from './services';
import type { TicketCreatedDetail, TicketRepliedDetail } from './tickets';

export type { Plan, Quote, Service };

export interface ApiErrorBody {
  error: { code: string; message: string };
}

export interface PlansResponse {
  plans: Plan[];
}

export interface QuoteRequestBody {
  planId: string;
  /** A hosting plan's months; on a domain plan 12/24/36 mean 1/2/3 years (D21). */
  months?: number;
  /** A domain plan's registration period, 1-3 years (D21). */
  years?: number;
  /** A domain plan's name, required there and refused on any other plan (D21). */
  domain?: string;
  promoCode?: string;
  /** Show the renewal price (D14). An order is a renewal when the buyer holds or held the plan. */
  renew?: boolean;
  /** The buyer's billing state: the quote then splits its GST (`Quote.tax`, D15). */
  billingState?: string;
  /** A VPS plan's (or a bundle's VPS's) OS, SSH public keys and hostname (D24). */
  vps?: { os: string; sshKeys?: string[]; hostname?: string };
  /** A bundle's domain to register (D24): refused on a plan with no domain part. */
  registerDomain?: string;
}

export interface CreateOrderRequestBody extends Omit<QuoteRequestBody, 'billingState'> {
  /** The tax invoice's recipient (D15); by default the profile's billing details. */
  billing?: BillingDetails;
  /** A plan change now (D26): the service to change to `planId`. */
  changeFrom?: string;
  /** The days left the change's quote said; another count now is `409 quote_expired`. */
  remainingDays?: number;
  /** "Renew automatically", never pre-ticked (D25): the payment also sets up the mandate. */
  autoRenew?: boolean;
  /** A domain transferred in (D23): the auth code (EPP code) its current registrar gave. */
  transfer?: { authCode: string };
}

/** `POST /api/checkout/change-quote` (D26): the quote of changing a service to `planId` now. */
export interface ChangeQuoteRequestBody {
  planId: string;
  changeFrom: string;
  billingState?: string;
}

export interface CreateOrderResponse {
  orderId: string;
  keyId: string;
  amountPaise: Paise;
  currency: 'INR';
  quote: Quote;
  prefill: { name: string; email: string; contact: string };
  /**
   * "Renew automatically" ticked (D25): open Checkout with `recurring: 1` and this customer, so
   * the payment also registers the mandate.
   */
  recurring?: { customerId: string };
}

export interface VerifyRequestBody {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface VerifyResponse {
  purchase: Service;
  /** "Renew automatically" ticked at checkout (D25): what became of the mandate. */
  autoRenew?: CheckoutAutoRenewOutcome;
}

/**
 * Auto-renew set up with a payment (D25), as verify answers it: on (the mandate and the first
 * debit's date), declined (the purchase is paid, auto-renew is off), or pending (the bank has
 * not confirmed yet; the webhook records it and the card shows it).
 */
export type CheckoutAutoRenewOutcome =
  | { status: 'on'; mandateLabel: string; firstDebitOn: string }
  | { status: 'declined' }
  | { status: 'pending' };

/** Verify for the mandate order of a service card's "Turn on auto-renew" (D25). */
export interface VerifyMandateResponse {
  mandate: { serviceId: string; autoRenew: CheckoutAutoRenewOutcome };
}

/** `202` from verify while Razorpay holds the payment authorized, not yet captured (D20). */
export interface VerifyPendingResponse {
  status: 'pending';
  message: string;
}

export type PaymentStatus = 'paid' | 'failed' | 'review';

/** `Payment` (docs/api.md). */
export interface Payment {
  id: string;
  date: string;
  amountPaise: Paise;
  status: PaymentStatus;
  planName: string;
  paymentId: string;
  orderId: string;
  /** The tax invoice of a paid payment (D15): `INV/26-27/000001`; absent before it is issued. */
  invoiceNumber?: string;
  /** The money that went back for this payment (D16), once a refund was asked for or made. */
  refund?: Refund;
  /** The credit note of that refund (D15), once Razorpay processed it: `CN/26-27/000001`. */
  creditNoteNumber?: string;
}

/**
 * `Refund` (docs/api.md): `id` is the store's reference for it (stable from the moment it is
 * asked for); `razorpayRefundId` is Razorpay's, once Razorpay has it. A refund Razorpay reported
 * failed is `pending` while it is tried again, `failed` once a person must act.
 */
export interface Refund {
  id: string;
  amountPaise: Paise;
  status: 'pending' | 'processed' | 'failed';
  createdAt: string;
  razorpayRefundId?: string;
  /** A bundle's domain registration, kept back (D16); absent when nothing was. */
  deductionPaise?: Paise;
}

/** `POST /api/me/services/{serviceId}/cancel` body. */
export interface CancelServiceRequestBody {
  reason?: string;
}

/**
 * `202` from cancel, the same when repeated: the service as the cancellation left it, and the
 * refund of its latest payment; `refunds` lists every refund the cancellation asked for, newest
 * first (more than one when two payments of the service were inside their 30 days).
 */
export interface CancelServiceResponse {
  service: Service;
  refund: Refund;
  refunds: Refund[];
}

/** `user` (docs/api.md): `currentPlan` is the plan bought last, `expiry` its renewal date. */
export interface UserProfile {
  id: string;
  email: string;
  name: string;
  phone: string;
  currentPlan: string | null;
  expiry: string | null;
}

export interface DashboardResponse {
  user: UserProfile;
  services: Service[];
  payments: Payment[];
}

export interface ContactRequestBody {
  name: string;
  email: string;
  message: string;
}

/** `detail` of the `PurchaseCompleted` event (docs/api.md, Events). */
export interface PurchaseCompletedDetail {
  purchaseId: string;
  userId: string;
  email: string;
  name: string;
  planId: string;
  planName: string;
  category: Category;
  months: number;
  purchaseDate: string;
  renewalDate: string;
  amountPaise: Paise;
  paymentId: string;
  orderId: string;
  domain?: string;
  /** The purchase's tax invoice number (D15), once invoices are issued at fulfilment. */
  invoiceNumber?: string;
  /** Whether the purchase renewed a plan the buyer holds or held (D14). */
  renewal?: boolean;
  /** The service the purchase started or extended (absent for purchases from before services). */
  serviceId?: string;
  /** A plan change now (D26): the plan it replaced; the renewal date did not move. */
  change?: { fromPlanName: string; remainingDays: number };
  /** Premium/Enterprise Hosting's "Free domain for the first year" (D23): the name chosen. */
  freeDomain?: string;
}

/** `detail` of `SupportMessageReceived`: a stored contact message to mail to the support inbox. */
export interface SupportMessageReceivedDetail {
  messageId: string;
}

/**
 * The events on the bus, by detail type, with their `detail` shapes (docs/api.md, Events). Each
 * publisher and consumer reads its shape here; a new event is added here first.
 */
/**
 * `detail` of `RefundRequested` (source `storefront.refunds`): a store refund was recorded and
 * must be asked of Razorpay (the refunds worker does it once, by its receipt) and the buyer mailed.
 */
export interface RefundRequestedDetail {
  userId: string;
  /** The refund record: the payment's id for a store refund. */
  refundKey: string;
  paymentId: string;
  amountPaise: Paise;
  origin: 'buyer' | 'operator' | 'razorpay';
  requestedAt: string;
}

/**
 * `detail` of `RefundCompleted`: Razorpay processed a refund (the store's or one made in its
 * dashboard); its credit note is issued and the buyer mailed.
 */
export interface RefundCompletedDetail {
  userId: string;
  refundKey: string;
  paymentId: string;
  amountPaise: Paise;
  razorpayRefundId: string;
  processedAt: string;
}

/** `detail` of `RefundFailed`: Razorpay reported attempt `attempt` of a store refund failed. */
export interface RefundFailedDetail {
  userId: string;
  refundKey: string;
  paymentId: string;
  attempt: number;
  razorpayRefundId: string;
  failedAt: string;
}

/**
 * `detail` of `ServiceCancelled`: a service ended before its time; its hosting account is
 * suspended on the panel (nothing deleted).
 */
export interface ServiceCancelledDetail {
  userId: string;
  serviceId: string;
  why: 'cancelled' | 'refunded' | 'dispute_lost';
  at: string;
}

/**
 * `detail` of `ServiceChanged` (source `storefront.lifecycle`, D22): a fact was recorded on a
 * service (a refund, a dispute, an operator's hold, a job's step) or the reconciler found it out
 * of step; converge drives its provider to its desired state. Carries no state of its own: the
 * consumer reads the service.
 */
export interface ServiceChangedDetail {
  userId: string;
  serviceId: string;
  fact:
    | 'refund'
    | 'dispute'
    | 'cancel'
    | 'hold'
    | 'unhold'
    | 'end'
    | 'remove'
    | 'reconcile'
    // An operator's goodwill days (issue #27).
    | 'extend'
    // A plan change (D26): paid now, or a smaller plan chosen (or not) for the renewal.
    | 'plan'
    /** A VPS's buyer added SSH keys (D24): a VPS waiting for one can be made now. */
    | 'ssh-keys'
    /** A VPS's buyer asked for a reinstall (D24): converge does it. */
    | 'reinstall'
    /** A hosting purchase's free domain (D23) was made: register it. */
    | 'free-domain'
    /** A bundle's buyer chose its domain's name on the card (D24): register it. */
    | 'domain-chosen'
    /**
     * Converge's own next pass (E31), asked for by a pass that left a clone or a reinstall running
     * or a young transfer pending: published by EventBridge Scheduler at the asked time.
     */
    | 'follow-up';
  at: string;
}

export interface StoreEventDetails {
  PurchaseCompleted: PurchaseCompletedDetail;
  SupportMessageReceived: SupportMessageReceivedDetail;
  RefundRequested: RefundRequestedDetail;
  RefundCompleted: RefundCompletedDetail;
  RefundFailed: RefundFailedDetail;
  ServiceCancelled: ServiceCancelledDetail;
  ServiceChanged: ServiceChangedDetail;
  ServiceProvisioned: ServiceProvisionedDetail;
  TicketCreated: TicketCreatedDetail;
  TicketReplied: TicketRepliedDetail;
}
