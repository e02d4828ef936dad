import * as z from 'zod/mini';
import type { Paise } from '../../domain/money';
import type {
  GatewayCustomerRequest,
  GatewayMandateOrderRequest,
  GatewayOrder,
  GatewayOrderRequest,
  GatewayPayment,
  GatewayRecurringPaymentRequest,
  GatewayRefund,
  GatewayToken,
  PaymentGateway,
  PaymentWebhookEvent,
  RefundRequest,
} from '../../ports/payment-gateway';
import type { RazorpayCredentials } from '../secrets/razorpay-secrets';
import {
  issuesOf,
  paymentEntity,
  refundEntity,
  tokenEntity,
  toPayment,
  toRefund,
  toToken,
} from './entities';
import { checkoutPayload, matchesSignature } from './signatures';
import { parseWebhookEvent } from './webhook-events';

/** Razorpay has 5 s to answer before the checkout call gives up with a clear error. */
const RAZORPAY_TIMEOUT_MS = 5000;

/** Razorpay lists at most 100 items a page; no payment of ours has that many refunds. */
const MAX_PAGE = 100;

export class RazorpayGatewayError extends Error {
  override readonly name = 'RazorpayGatewayError';
  constructor(
    message: string,
    /** Razorpay's HTTP status, when it answered at all. */
    readonly statusCode?: number,
    /** Razorpay's error code, e.g. BAD_REQUEST_ERROR. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The parts of the SDK the gateway calls (the SDK's own types are loose about answers). */
export interface RazorpayClientLike {
  orders: {
    create(params: Record<string, unknown>): Promise<unknown>;
    fetchPayments(orderId: string): Promise<unknown>;
  };
  payments: {
    fetch(paymentId: string): Promise<unknown>;
    capture(paymentId: string, amount: number, currency: string): Promise<unknown>;
    refund(paymentId: string, params: Record<string, unknown>): Promise<unknown>;
    fetchMultipleRefund(paymentId: string, params: Record<string, unknown>): Promise<unknown>;
    createRecurringPayment(params: Record<string, unknown>): Promise<unknown>;
  };
  refunds: { fetch(refundId: string): Promise<unknown> };
  customers: {
    create(params: Record<string, unknown>): Promise<unknown>;
    fetchTokens(customerId: string): Promise<unknown>;
    deleteToken(customerId: string, tokenId: string): Promise<unknown>;
  };
}

/**
 * Builds the SDK; `apiBase` points its axios instance at the local simulator. The SDK (and its
 * axios) is imported here, on the first call that needs Razorpay, not at module load: a quote or
 * a webhook's signature check never pays for loading it on a cold start.
 */
export async function createRazorpayClient(
  credentials: RazorpayCredentials,
  apiBase: string | undefined,
): Promise<RazorpayClientLike> {
  const { default: Razorpay } = await import('razorpay');
  const client = new Razorpay({ key_id: credentials.keyId, key_secret: credentials.keySecret });
  // The SDK hard-codes https://api.razorpay.com; its axios is `api.rq` (docs/toolchain.md).
  const api = (client as unknown as { api: { rq: { defaults: Record<string, unknown> } } }).api;
  if (apiBase) api.rq.defaults.baseURL = apiBase.replace(/\/+$/, '');
  api.rq.defaults.timeout = RAZORPAY_TIMEOUT_MS;
  return client as unknown as RazorpayClientLike;
}

interface RazorpayErrorAnswer {
  statusCode: number;
  error?: { code?: unknown; description?: unknown };
}

/** The SDK rejects with `{statusCode, error: {code, description}}` when Razorpay answered. */
function razorpayAnswer(error: unknown): RazorpayErrorAnswer | undefined {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const statusCode = Number((error as { statusCode: unknown }).statusCode);
    return { statusCode, error: (error as RazorpayErrorAnswer).error };
  }
  return undefined;
}

function gatewayError(error: unknown): RazorpayGatewayError {
  const answer = razorpayAnswer(error);
  if (answer) {
    const code = answer.error?.code === undefined ? undefined : String(answer.error.code);
    const text =
      `Razorpay answered ${answer.statusCode} ${code ?? ''} ${String(answer.error?.description ?? '')}`.trim();
    return new RazorpayGatewayError(text, answer.statusCode, code);
  }
  // No answer: a timeout or a refused connection (the SDK then fails reading a missing response).
  return new RazorpayGatewayError(
    error instanceof Error ? `Razorpay call failed: ${error.message}` : 'Razorpay call failed',
  );
}

/** Razorpay's answer to capturing a payment twice: BAD_REQUEST_ERROR "...already been captured". */
function isAlreadyCaptured(error: unknown): boolean {
  const answer = razorpayAnswer(error);
  return (
    answer?.statusCode === 400 &&
    /already been captured/i.test(String(answer.error?.description ?? ''))
  );
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function read<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new RazorpayGatewayError(
      `Razorpay answered ${what} we could not read (${issuesOf(parsed.error)})`,
    );
  }
  return parsed.data;
}

const collectionOf = <S extends z.ZodMiniType>(item: S) => z.object({ items: z.array(item) });

export class RazorpayGateway implements PaymentGateway {
  constructor(
    private readonly credentials: () => Promise<RazorpayCredentials>,
    private readonly client: () => Promise<RazorpayClientLike>,
  ) {}

  async keyId(): Promise<string> {
    return (await this.credentials()).keyId;
  }

  /** One SDK call; every failure becomes a RazorpayGatewayError naming Razorpay's answer. */
  private async call<T>(request: (client: RazorpayClientLike) => Promise<T>): Promise<T> {
    const client = await this.client();
    try {
      return await request(client);
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async createOrder(request: GatewayOrderRequest): Promise<GatewayOrder> {
    const answer = record(
      await this.call((client) =>
        client.orders.create({
          amount: request.amountPaise,
          currency: request.currency,
          receipt: request.receipt,
          notes: request.notes,
        }),
      ),
    );
    if (typeof answer.id !== 'string' || typeof answer.amount !== 'number') {
      throw new RazorpayGatewayError('Razorpay answered an order without an id or amount');
    }
    return { id: answer.id, amountPaise: answer.amount, currency: String(answer.currency) };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    const answer = await this.call((client) => client.payments.fetch(paymentId));
    return toPayment(read(paymentEntity, answer, 'a payment'));
  }

  async listOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    const answer = await this.call((client) => client.orders.fetchPayments(orderId));
    return read(collectionOf(paymentEntity), answer, 'a list of payments').items.map(toPayment);
  }

  async capturePayment(
    paymentId: string,
    amountPaise: Paise,
    currency: string,
  ): Promise<GatewayPayment> {
    const client = await this.client();
    let answer: unknown;
    try {
      answer = await client.payments.capture(paymentId, amountPaise, currency);
    } catch (error) {
      // Captured before (by us, a retry, or the dashboard): the payment as it is now is the answer.
      if (isAlreadyCaptured(error)) return this.fetchPayment(paymentId);
      throw gatewayError(error);
    }
    return toPayment(read(paymentEntity, answer, 'a captured payment'));
  }

  async createRefund(paymentId: string, request: RefundRequest): Promise<GatewayRefund> {
    const answer = await this.call((client) =>
      client.payments.refund(paymentId, {
        amount: request.amountPaise,
        receipt: request.receipt,
        notes: request.notes,
        speed: 'normal',
      }),
    );
    return toRefund(read(refundEntity, answer, 'a refund'));
  }

  async listRefunds(paymentId: string): Promise<GatewayRefund[]> {
    const answer = await this.call((client) =>
      client.payments.fetchMultipleRefund(paymentId, { count: MAX_PAGE }),
    );
    return read(collectionOf(refundEntity), answer, 'a list of refunds').items.map(toRefund);
  }

  async fetchRefund(refundId: string): Promise<GatewayRefund> {
    const answer = await this.call((client) => client.refunds.fetch(refundId));
    return toRefund(read(refundEntity, answer, 'a refund'));
  }

  async ensureCustomer(request: GatewayCustomerRequest): Promise<{ id: string }> {
    const answer = record(
      await this.call((client) =>
        client.customers.create({
          name: request.name.slice(0, 50),
          email: request.email,
          ...(request.contact ? { contact: request.contact } : {}),
          // The same buyer again answers the customer Razorpay already has, not an error.
          fail_existing: '0',
        }),
      ),
    );
    if (typeof answer.id !== 'string') {
      throw new RazorpayGatewayError('Razorpay answered a customer without an id');
    }
    return { id: answer.id };
  }

  async createMandateOrder(request: GatewayMandateOrderRequest): Promise<GatewayOrder> {
    const answer = record(
      await this.call((client) =>
        client.orders.create({
          amount: request.amountPaise,
          currency: request.currency,
          receipt: request.receipt,
          notes: request.notes,
          customer_id: request.customerId,
          ...(request.method ? { method: request.method } : {}),
          payment_capture: true,
          token: {
            max_amount: request.token.maxAmountPaise,
            expire_at: request.token.expireAt,
            frequency: request.token.frequency,
          },
        }),
      ),
    );
    if (typeof answer.id !== 'string' || typeof answer.amount !== 'number') {
      throw new RazorpayGatewayError('Razorpay answered an order without an id or amount');
    }
    return { id: answer.id, amountPaise: answer.amount, currency: String(answer.currency) };
  }

  async listTokens(customerId: string): Promise<GatewayToken[]> {
    const answer = await this.call((client) => client.customers.fetchTokens(customerId));
    return read(collectionOf(tokenEntity), answer, 'a list of tokens').items.map(toToken);
  }

  async cancelToken(customerId: string, tokenId: string): Promise<void> {
    const client = await this.client();
    try {
      await client.customers.deleteToken(customerId, tokenId);
    } catch (error) {
      // Deleted before (by us, a retry, or the bank): the token is gone, which is what we asked.
      const answer = razorpayAnswer(error);
      if (answer?.statusCode === 400 && /does not exist/i.test(String(answer.error?.description)))
        return;
      throw gatewayError(error);
    }
  }

  async createRecurringPayment(request: GatewayRecurringPaymentRequest): Promise<GatewayPayment> {
    const answer = record(
      await this.call((client) =>
        client.payments.createRecurringPayment({
          email: request.email,
          contact: request.contact,
          amount: request.amountPaise,
          currency: 'INR',
          order_id: request.orderId,
          customer_id: request.customerId,
          token: request.tokenId,
          recurring: '1',
          description: request.description,
          notes: request.notes,
        }),
      ),
    );
    // Razorpay answers `{razorpay_payment_id, razorpay_order_id}`; the payment itself is read next.
    const paymentId = answer.razorpay_payment_id;
    if (typeof paymentId !== 'string') {
      throw new RazorpayGatewayError('Razorpay answered a recurring payment without its id');
    }
    return this.fetchPayment(paymentId);
  }

  async verifyWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<PaymentWebhookEvent | null> {
    const { webhookSecret } = await this.credentials();
    // The signature is checked over the exact bytes before anything of them is read.
    if (!matchesSignature(rawBody, signature, webhookSecret)) return null;
    return parseWebhookEvent(rawBody);
  }

  async verifyCheckoutSignature(
    orderId: string,
    paymentId: string,
    signature: string,
  ): Promise<boolean> {
    const { keySecret } = await this.credentials();
    return matchesSignature(checkoutPayload(orderId, paymentId), signature, keySecret);
  }
}
