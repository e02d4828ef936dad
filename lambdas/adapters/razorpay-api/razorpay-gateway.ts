import Razorpay from 'razorpay';
import type {
  GatewayOrder,
  GatewayOrderRequest,
  GatewayPayment,
  PaymentGateway,
} from '../../ports/payment-gateway';
import type { RazorpayCredentials } from '../secrets/razorpay-secrets';

/** Razorpay has 5 s to answer before the checkout call gives up with a clear error. */
const RAZORPAY_TIMEOUT_MS = 5000;

export class RazorpayGatewayError extends Error {
  override readonly name = 'RazorpayGatewayError';
}

interface RazorpayClientLike {
  orders: { create(params: Record<string, unknown>): Promise<unknown> };
  payments: { fetch(paymentId: string): Promise<unknown> };
}

/** Builds the SDK once; `apiBase` points its axios instance at the local simulator. */
export function createRazorpayClient(
  credentials: RazorpayCredentials,
  apiBase: string | undefined,
): RazorpayClientLike {
  const client = new Razorpay({ key_id: credentials.keyId, key_secret: credentials.keySecret });
  // The SDK hard-codes https://api.razorpay.com; its axios is `api.rq` (docs/toolchain.md).
  const api = (client as unknown as { api: { rq: { defaults: Record<string, unknown> } } }).api;
  if (apiBase) api.rq.defaults.baseURL = apiBase.replace(/\/+$/, '');
  api.rq.defaults.timeout = RAZORPAY_TIMEOUT_MS;
  return client as unknown as RazorpayClientLike;
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const status = (error as { statusCode: unknown }).statusCode;
    const inner = (error as { error?: { code?: unknown; description?: unknown } }).error;
    return `Razorpay answered ${String(status)} ${String(inner?.code ?? '')} ${String(inner?.description ?? '')}`.trim();
  }
  return error instanceof Error ? `Razorpay call failed: ${error.message}` : 'Razorpay call failed';
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export class RazorpayGateway implements PaymentGateway {
  constructor(
    private readonly credentials: () => Promise<RazorpayCredentials>,
    private readonly client: () => Promise<RazorpayClientLike>,
  ) {}

  async keyId(): Promise<string> {
    return (await this.credentials()).keyId;
  }

  async createOrder(request: GatewayOrderRequest): Promise<GatewayOrder> {
    const client = await this.client();
    let answer: Record<string, unknown>;
    try {
      answer = record(
        await client.orders.create({
          amount: request.amountPaise,
          currency: request.currency,
          receipt: request.receipt,
          notes: request.notes,
        }),
      );
    } catch (error) {
      throw new RazorpayGatewayError(describe(error));
    }
    if (typeof answer.id !== 'string' || typeof answer.amount !== 'number') {
      throw new RazorpayGatewayError('Razorpay answered an order without an id or amount');
    }
    return { id: answer.id, amountPaise: answer.amount, currency: String(answer.currency) };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    const client = await this.client();
    let answer: Record<string, unknown>;
    try {
      answer = record(await client.payments.fetch(paymentId));
    } catch (error) {
      throw new RazorpayGatewayError(describe(error));
    }
    return {
      id: String(answer.id),
      orderId: String(answer.order_id),
      amountPaise: Number(answer.amount),
      currency: String(answer.currency),
      status: String(answer.status),
    };
  }
}
