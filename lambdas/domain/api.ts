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
}

export interface CreateOrderRequestBody extends Omit<QuoteRequestBody, 'billingState'> {
  /** The tax invoice's recipient (D15); by default the profile's billing details. */
  billing?: BillingDetails;
}

export interface CreateOrderResponse {
  orderId: string;
  keyId: string;
  amountPaise: Paise;
  currency: 'INR';
  quote: Quote;
  prefill: { name: string; email: string; contact: string };
}

export interface VerifyRequestBody {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface VerifyResponse {
  purchase: Service;
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
}

/** `detail` of `SupportMessageReceived`: a stored contact message to mail to the support inbox. */
export interface SupportMessageReceivedDetail {
  messageId: string;
}

/**
 * The events on the bus, by detail type, with their `detail` shapes (docs/api.md, Events). Each
 * publisher and consumer reads its shape here; a new event is added here first.
 */
export interface StoreEventDetails {
  PurchaseCompleted: PurchaseCompletedDetail;
  SupportMessageReceived: SupportMessageReceivedDetail;
  ServiceProvisioned: ServiceProvisionedDetail;
}
