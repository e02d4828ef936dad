/**
 * The operator's console: the `/api/admin` answers and requests (docs/api.md, "The operator's
 * console"), shared by the admin Lambda and the web's /admin screens, and the few pure rules the
 * console needs (which receipt a review refund carries, India's day for "Today"). Types only but
 * for those rules: no I/O.
 */
import type { Payment, UserProfile } from './api';
import type { MailLogEntry } from './mail-log';
import type { Paise } from './money';
import type { OrderStatus } from './order';
import type { PartState, ServiceState } from './lifecycle';
import type { Category } from './plan';
import type { ProvisioningState } from './provisioning';
import type { Service } from './services';

/** Who did something in the console: the operator's Cognito user id and email. */
export interface OperatorRef {
  userId: string;
  email: string;
}

export const AUDIT_ACTIONS = [
  'order.fulfilled',
  'order.refunded',
  'dead_letter.redriven',
  'provisioning.ready',
  'provisioning.retried',
  'service.converged',
  'service.removed',
  'service.suspended',
  'service.unsuspended',
  'service.extended',
  'service.ended',
  'service.refunded',
  'customer.noted',
  /** An operator opened "View as customer" (issue #27). */
  'customer.viewed',
  'mail.resent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditTargetKind =
  | 'order'
  | 'service'
  | 'welcome-mail'
  | 'support-mail'
  | 'refund'
  | 'customer'
  /** A mail in a customer's log (issue #27). */
  | 'mail';

export interface AuditTarget {
  kind: AuditTargetKind;
  id: string;
}

/**
 * One operator action, written once and never changed or removed. `before` and `after` are the
 * few fields the action changed (a status, a state), never a secret.
 */
export interface AuditEntry {
  entryId: string;
  /** ISO-8601. */
  at: string;
  operator: OperatorRef;
  action: AuditAction;
  target: AuditTarget;
  /** The buyer the action touched, when there is one. */
  customerId?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  note: string;
}

/** One payment attempt on an order, as the stored order knows it. */
export interface AdminPayment {
  paymentId: string;
  status: 'paid' | 'failed' | 'review' | 'refunded';
  /** ISO-8601: when the order was last moved by this attempt. */
  at: string;
  /** What Razorpay says was paid, where the console asked (orders in review). */
  amountPaise?: Paise;
  currency?: string;
  /** Razorpay's own status of the payment (captured, authorized, refunded...), where asked. */
  gatewayStatus?: string;
  reason?: string;
}

/** Why an order waits for a person: what it asks and what was paid. */
export interface ReviewDetails {
  paymentId: string;
  expectedPaise: Paise;
  /** Undefined when Razorpay could not be asked just now. */
  paidPaise?: Paise;
  currency?: string;
  gatewayStatus?: string;
}

/** `AdminOrder` (docs/api.md), with why it is in review and what operators did to it. */
export interface AdminOrder {
  orderId: string;
  userId: string;
  email: string;
  planId: string;
  planName: string;
  amountPaise: Paise;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  reviewReason?: string;
  review?: ReviewDetails;
  payments: AdminPayment[];
  audit: AuditEntry[];
  /**
   * Orders › Refunded (issue #27): the store's refund of the order's payment (a cancellation, an
   * operator's refund) or one made in Razorpay's dashboard, as the refunds table and Today read it.
   */
  refund?: {
    amountPaise: Paise;
    origin: 'buyer' | 'operator' | 'razorpay';
    status: 'requested' | 'pending' | 'processed' | 'failed';
    at: string;
    reason?: string;
  };
}

export interface AdminOrdersResponse {
  orders: AdminOrder[];
}

export const RESOLVE_ACTIONS = ['fulfil', 'refund'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export interface ResolveReviewRequest {
  action: ResolveAction;
  note: string;
}

export interface ResolveReviewResponse {
  order: AdminOrder;
}

export interface AdminCustomer {
  user: UserProfile;
  services: Service[];
  payments: Payment[];
  /** Every mail sent to them, newest first (issue #27), without bodies. */
  mails: MailLogEntry[];
  audit: AuditEntry[];
}

export interface AdminCustomersResponse {
  customers: AdminCustomer[];
}

export type StuckKind = 'welcome-mail' | 'support-mail' | 'provisioning' | 'refund';

/**
 * Work a consumer could not finish, read from the state it left in DynamoDB: a welcome mail whose
 * last send failed, a contact message not mailed to support. `id` is what a redrive names.
 */
export interface StuckItem {
  id: string;
  kind: StuckKind;
  /** What it is, in a sentence an operator reads. */
  summary: string;
  customer?: { userId?: string; email?: string };
  /** When it last failed or, for work never attempted, since when it waits. ISO-8601. */
  failedAt: string;
  /** What failed (the last error), or why it counts as stuck. */
  reason: string;
  /**
   * Whether the console can send it again. A refund Razorpay keeps refusing is settled in
   * Razorpay's dashboard, not by sending it again.
   */
  redrivable: boolean;
}

export interface DeadLettersResponse {
  items: StuckItem[];
}

export interface RedriveRequest {
  id: string;
}

export interface RedriveResponse {
  redriven: StuckItem;
  audit: AuditEntry;
}

/** A service waiting for a person (VPS, storage, domains; panel accounts that failed). */
export interface AdminService {
  serviceId: string;
  userId: string;
  email: string;
  name: string;
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
  state: ProvisioningState;
  /** When it last changed state. ISO-8601. */
  since: string;
  /** Why the panel refused (`failed`). */
  failureReason?: string;
  /** What an operator entered once it is ready. Never a password. */
  details?: Record<string, string>;
  audit: AuditEntry[];
}

export interface AdminProvisioningResponse {
  services: AdminService[];
}

/** Access details an operator entered (label → value, never a password) and why. */
export interface MarkServiceReadyRequest {
  details: Record<string, string>;
  note?: string;
}

export interface MarkServiceReadyResponse {
  service: AdminService;
}

/** "Today" in the console: India's calendar day, money in paise. */
export interface TodaySummary {
  /** India's date, YYYY-MM-DD. */
  day: string;
  /** The day's bounds, ISO-8601 instants. */
  from: string;
  to: string;
  payments: { count: number; totalPaise: Paise };
  /**
   * Every refund asked for in the day and not failed: buyers' cancellations and the store's own
   * (`buyer`, `operator`, the latter including the console's refunds of orders in review) and
   * refunds made in Razorpay's dashboard (`razorpay`); byOrigin counts them.
   */
  refunds: {
    count: number;
    totalPaise: Paise;
    byOrigin: Partial<Record<'buyer' | 'operator' | 'razorpay', number>>;
  };
  /** Services bought new today (not renewals, not plan changes), by category. */
  newServices: { count: number; byCategory: Partial<Record<Category, number>> };
  /** Today's paid orders by what they were (issue #27): new, renewal, plan change (D26). */
  sales: { new: number; renewal: number; planChange: number };
  /** Orders waiting for a person, whatever their day. */
  inReview: number;
  /** Work stuck in a consumer, whatever its day, and the services out of step (outOfStep). */
  stuck: number;
  /** Of `stuck`, the services out of step for 15 minutes or more (D22). */
  outOfStep: number;
}

/**
 * A service whose provider part is not where its life wants it (D22), for 15 minutes or more:
 * what is wanted (`desired`), what converge last found (`actual`), since when, and the last error
 * a provider answered.
 */
export interface OutOfStepService {
  serviceId: string;
  userId: string;
  planName: string;
  category: Category;
  domain?: string;
  desired: ServiceState;
  actual: PartState;
  /** Since when it has been out of step. ISO-8601. */
  since: string;
  lastError?: string;
}

export interface OutOfStepResponse {
  services: OutOfStepService[];
}

/** An ended service that may be removed now (30 days after it ended); never removed by itself. */
export interface RemovableService {
  serviceId: string;
  userId: string;
  planName: string;
  category: Category;
  domain?: string;
  /** When it ended. ISO-8601. */
  endedAt?: string;
  /** From when it may be removed. ISO-8601. */
  removableFrom: string;
}

export interface RemovalsResponse {
  services: RemovableService[];
}

/** A service's life as converge left it: the answer of "Converge now" and of an action. */
export interface ServiceLifeView {
  serviceId: string;
  desired: ServiceState;
  actual: PartState;
  outOfStepSince?: string;
  lastError?: string;
}

/** `POST /api/admin/services/{serviceId}/converge`: the buyer, as the list gives it. */
export interface ConvergeServiceRequest {
  userId?: string;
}

export interface ConvergeServiceResponse {
  service: ServiceLifeView;
}

/** What an operator may do to a service (the contract's list); `remove` is built so far. */
export const SERVICE_ACTIONS = [
  'suspend',
  'unsuspend',
  'extend',
  'end',
  'remove',
  'refund',
] as const;
export type ServiceAction = (typeof SERVICE_ACTIONS)[number];

export interface ServiceActionRequest {
  action: ServiceAction;
  note: string;
  userId?: string;
  days?: number;
  paymentId?: string;
  amountPaise?: Paise;
  /**
   * The console's id for one press of the button: a double click or a retry sends the same id, and
   * an extension is given once per id.
   */
  requestId?: string;
}

export interface ServiceActionResponse {
  service: ServiceLifeView;
}

/** A stuck item's id: its kind and the record it names, `welcome-mail:pur_…`. */
export function stuckItemId(kind: StuckKind, key: string): string {
  return `${kind}:${key}`;
}

export function parseStuckItemId(id: string): { kind: StuckKind; key: string } | undefined {
  const at = id.indexOf(':');
  if (at <= 0) return undefined;
  const kind = id.slice(0, at);
  const key = id.slice(at + 1);
  const kinds: readonly string[] = ['welcome-mail', 'support-mail', 'provisioning', 'refund'];
  if (!kinds.includes(kind) || !key) return undefined;
  return { kind: kind as StuckKind, key };
}

/**
 * The receipt of the refund that resolves an order in review. One per order, so asking Razorpay
 * for the payment's refunds finds an earlier attempt's and a second refund is never made.
 * Razorpay allows 40 characters; Razorpay's order ids are 20.
 */
export function reviewRefundReceipt(orderId: string): string {
  return `review:${orderId}`.slice(0, 40);
}

/** A customer as a list or a search shows them, before their page is opened. */
export interface CustomerRef {
  userId: string;
  email: string;
  name: string;
  phone: string;
  createdAt: string;
}

/** What the console's one search box matched the text as. */
export type SearchMatch =
  'email' | 'phone' | 'domain' | 'order' | 'payment' | 'document' | 'ticket' | 'name' | 'none';

/** `GET /api/admin/search?q=` (issue #27): whatever the text names, each with its customer. */
export interface AdminSearchResponse {
  query: string;
  matchedAs: SearchMatch;
  customers: CustomerRef[];
  services: {
    serviceId: string;
    userId: string;
    planName: string;
    category: Category;
    domain?: string;
  }[];
  orders: {
    orderId: string;
    userId: string;
    status: string;
    amountPaise: Paise;
    createdAt: string;
  }[];
  payments: {
    paymentId: string;
    orderId: string | null;
    userId?: string;
    amountPaise: Paise;
    status: string;
    refundedPaise: Paise;
  }[];
  documents: {
    number: string;
    kind: 'invoice' | 'credit_note';
    userId: string;
    paymentId: string;
    issuedAt: string;
  }[];
  tickets: { number: string; subject: string; status: string; email: string; userId?: string }[];
  /** A sentence when the text matched nothing the search knows how to look for. */
  hint?: string;
}

/** `GET /api/admin/customer-list?after=`: a page of customers and the next page's cursor. */
export interface CustomerListResponse {
  customers: CustomerRef[];
  next?: string;
}

/** `GET /api/admin/customers/{userId}`: the customer's page. */
export interface AdminCustomerResponse {
  customer: AdminCustomer;
}

export { NAME_PREFIX_LENGTH, nameIndexOf, nameSearchKey } from '../system/facts';
