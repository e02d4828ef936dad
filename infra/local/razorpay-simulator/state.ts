/**
 * The simulator's state: orders, payments and webhook deliveries in Razorpay's shapes, kept in one
 * JSON file under DATA_DIR/razorpay and rewritten durably after every change.
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
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card' | 'upi';
  amount_refunded: number;
  refund_status: null;
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
  deliveries: WebhookDelivery[];
}

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
    this.data = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as StateFile)
      : { accountId: razorpayId('acc'), orders: {}, payments: {}, deliveries: [] };
    this.save();
  }

  save(): void {
    writeFileDurably(this.file, JSON.stringify(this.data));
  }
}
