/**
 * The simulator's state: orders, payments, refunds and webhook deliveries in Razorpay's shapes,
 * and the simulator's own settings, kept in one JSON file under DATA_DIR/razorpay and rewritten
 * durably after every change.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from '../durable-file';

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
  /** A mandate registration order (recurring payments): its customer, method and token block. */
  customer_id?: string;
  method?: 'card' | 'upi';
  token?: { max_amount: number; expire_at: number; frequency: string };
}

export interface RazorpayCustomer {
  id: string;
  entity: 'customer';
  name: string;
  email: string;
  contact: string | null;
  created_at: number;
}

export type TokenStatus = 'initiated' | 'confirmed' | 'paused' | 'cancelled' | 'rejected';

/** A saved card token or a UPI Autopay mandate, as Razorpay answers it. */
export interface RazorpayToken {
  id: string;
  entity: 'token';
  token: string;
  customer_id: string;
  method: 'card' | 'upi';
  max_amount: number;
  expired_at: number;
  recurring: true;
  recurring_details: { status: TokenStatus; failure_reason: string | null };
  card: { last4: string; network: string; type: string; issuer: string } | null;
  vpa: { username: string; handle: string } | null;
  created_at: number;
}

export type DebitOutcome = 'success' | 'insufficient_funds' | 'mandate_revoked';

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  /** A recurring payment's (or a registration's) token and customer. */
  token_id?: string;
  customer_id?: string;
  recurring?: boolean;
  invoice_id: null;
  international: boolean;
  method: 'card' | 'upi';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string>;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

export type RefundOutcome = 'processed' | 'failed';

export interface SimulatorSettings {
  /** Captured at once on payment (default), or left authorized until `POST .../capture`. */
  autoCapture: boolean;
  /** How the next refund ends; back to `processed` once used. */
  nextRefundOutcome: RefundOutcome;
  /** How the next recurring debit ends; back to `success` once used. */
  nextDebitOutcome: DebitOutcome;
  /** UPI Autopay's pre-debit notification step (24 h at Razorpay), compressed to this. */
  upiNotificationMs: number;
  /**
   * How the next mandate registration ends: `confirmed`, or `rejected` (the payment goes through,
   * the bank refuses the mandate); back to `confirmed` once used.
   */
  nextRegistration: 'confirmed' | 'rejected';
}

export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  error?: string;
  durationMs: number;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  event: string;
  orderId: string;
  paymentId: string;
  url: string;
  /** The exact body sent, so that every retry carries the same bytes and signature. */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | null;
  resentAt?: string;
}

interface StateFile {
  accountId: string;
  orders: Record<string, RazorpayOrder>;
  payments: Record<string, RazorpayPayment>;
  refunds: Record<string, RazorpayRefund>;
  /** How each refund still pending will end (it settles even after a restart). */
  refundOutcomes: Record<string, RefundOutcome>;
  settings: SimulatorSettings;
  deliveries: WebhookDelivery[];
  customers: Record<string, RazorpayCustomer>;
  tokens: Record<string, RazorpayToken>;
}

const DEFAULT_SETTINGS: SimulatorSettings = {
  autoCapture: true,
  nextRefundOutcome: 'processed',
  nextDebitOutcome: 'success',
  upiNotificationMs: 200,
  nextRegistration: 'confirmed',
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-looking ids: a prefix and 14 base62 characters. */
export function razorpayId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return prefix ? `${prefix}_${id}` : id;
}

export class SimulatorState {
  private readonly file: string;
  readonly data: StateFile;

  constructor(dataDir: string) {
    const dir = join(dataDir, 'razorpay');
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'state.json');
    const stored = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as Partial<StateFile>)
      : {};
    // A state file from before refunds and settings existed gets them with their defaults.
    this.data = {
      accountId: stored.accountId ?? razorpayId('acc'),
      orders: stored.orders ?? {},
      payments: stored.payments ?? {},
      refunds: stored.refunds ?? {},
      refundOutcomes: stored.refundOutcomes ?? {},
      settings: { ...DEFAULT_SETTINGS, ...stored.settings },
      deliveries: stored.deliveries ?? [],
      customers: stored.customers ?? {},
      tokens: stored.tokens ?? {},
    };
    this.save();
  }

  save(): void {
    writeFileDurably(this.file, JSON.stringify(this.data));
  }
}
