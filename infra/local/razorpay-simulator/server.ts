/**
 * The Razorpay simulator: Razorpay's Orders, Payments (with capture) and Refunds API (Basic auth
 * with the key id and secret), Checkout's script with a test-mode payment sheet, `/_simulator/pay`
 * (what the sheet's buttons call), webhooks, `/_simulator/deliveries`, and switches for tests:
 * `/_simulator/settings` (auto-capture) and `/_simulator/refunds/next` (how the next refund ends).
 * Local only: nothing here ships to AWS or into the web build.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { checkoutScript } from './checkout-script';
import {
  razorpayId,
  SimulatorState,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
  type RefundOutcome,
} from './state';
import { RecurringPayments, type Answer } from './recurring';
import { signBody, WebhookSender } from './webhooks';

export interface SimulatorOptions {
  dataDir: string;
  port: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl: string;
  /** Origins the browser may call the simulator from (the storefront). */
  allowedOrigins: string[];
  retryBaseMs: number;
}

interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string;
  };
}

function razorpayError(
  description: string,
  reason = 'input_validation_failed',
  field?: string,
): RazorpayErrorBody {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason,
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

/** A refund settles (processed or failed) this long after it is created. */
const REFUND_SETTLE_MS = 300;

/** Razorpay's fee on a captured payment: 2%, plus 18% GST on the fee. */
function feeOf(amount: number): { fee: number; tax: number } {
  const fee = Math.round(amount * 0.02);
  return { fee, tax: Math.round(fee * 0.18) };
}

function collection<T>(items: T[]): { entity: 'collection'; count: number; items: T[] } {
  return { entity: 'collection', count: items.length, items };
}

/** Razorpay's `notes`: an object of at most 15 text values, or `[]` when there are none. */
function notesFrom(value: unknown): Record<string, string> | [] | undefined {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.length === 0 ? [] : undefined;
  if (typeof value !== 'object') return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15 || entries.some(([, v]) => typeof v !== 'string' || v.length > 256))
    return undefined;
  return entries.length ? (Object.fromEntries(entries) as Record<string, string>) : [];
}

export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return signBody(`${orderId}|${paymentId}`, keySecret);
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1024 * 1024) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return resolvePromise({});
      try {
        resolvePromise(JSON.parse(text));
      } catch {
        const type = String(req.headers['content-type'] ?? '');
        if (type.includes('application/x-www-form-urlencoded'))
          return resolvePromise(Object.fromEntries(new URLSearchParams(text)));
        reject(new SyntaxError('not JSON'));
      }
    });
    req.on('error', reject);
  });
}

export class RazorpaySimulator {
  readonly state: SimulatorState;
  readonly webhooks: WebhookSender;
  readonly recurring: RecurringPayments;
  private server: Server | undefined;
  private readonly refundTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: SimulatorOptions) {
    this.state = new SimulatorState(options.dataDir);
    this.webhooks = new WebhookSender(
      this.state,
      options.webhookUrl,
      options.webhookSecret,
      options.retryBaseMs,
    );
    this.recurring = new RecurringPayments(this.state, this.webhooks, feeOf);
  }

  async listen(): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (error instanceof SyntaxError)
          return this.json(req, res, 400, razorpayError('The request body is not valid JSON.'));
        console.error('[razorpay-simulator] unexpected error', error);
        if (!res.headersSent)
          this.json(req, res, 500, {
            error: { code: 'SERVER_ERROR', description: 'The simulator failed.' },
          });
      });
    });
    this.server = server;
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, '127.0.0.1', () => resolvePromise());
    });
  }

  /**
   * Sends what a previous run left pending, and settles the refunds it left pending. Call once the
   * storefront is up.
   */
  resumeDeliveries(): number {
    for (const refundId of Object.keys(this.state.data.refundOutcomes)) this.settleLater(refundId);
    return this.webhooks.resumePending();
  }

  async stop(): Promise<void> {
    for (const timer of this.refundTimers) clearTimeout(timer);
    this.refundTimers.clear();
    this.recurring.stop();
    await this.webhooks.stop();
    await new Promise<void>((resolvePromise) => {
      if (!this.server) return resolvePromise();
      this.server.close(() => resolvePromise());
      this.server.closeAllConnections();
    });
  }

  private cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin;
    if (origin && this.options.allowedOrigins.includes(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'origin');
    }
  }

  private json(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
    this.cors(req, res);
    const body = JSON.stringify(value);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(body);
  }

  private authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+(.+)$/i.exec(header);
    if (!match?.[1]) return false;
    const given = Buffer.from(Buffer.from(match[1], 'base64').toString('utf8'));
    const expected = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (method === 'OPTIONS') {
      this.cors(req, res);
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      });
      return void res.end();
    }

    if (path === '/v1/checkout.js' && (method === 'GET' || method === 'HEAD')) {
      this.cors(req, res);
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
      });
      return void res.end(
        method === 'HEAD' ? undefined : checkoutScript(`http://127.0.0.1:${this.options.port}`),
      );
    }

    if (path.startsWith('/v1/')) {
      if (!this.authorised(req)) {
        req.resume();
        return this.json(req, res, 401, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Authentication failed',
            source: 'NA',
            step: 'NA',
            reason: 'NA',
            metadata: {},
          },
        });
      }
      if (path === '/v1/orders' && method === 'POST') return this.createOrder(req, res);
      if (path === '/v1/customers' && method === 'POST')
        return this.answer(req, res, this.recurring.createCustomer(await this.body(req)));
      if (path === '/v1/payments/create/recurring' && method === 'POST')
        return this.answer(req, res, this.recurring.createRecurringPayment(await this.body(req)));
      const tokens = /^\/v1\/customers\/([^/]+)\/tokens(?:\/([^/]+))?$/.exec(path);
      if (tokens?.[1] && !tokens[2] && method === 'GET')
        return this.answer(req, res, this.recurring.listTokens(tokens[1]));
      if (tokens?.[1] && tokens[2] && method === 'DELETE')
        return this.answer(req, res, this.recurring.deleteToken(tokens[1], tokens[2]));
      const order = /^\/v1\/orders\/([^/]+)$/.exec(path);
      if (order?.[1] && method === 'GET') {
        const found = this.state.data.orders[order[1]];
        return found
          ? this.json(req, res, 200, found)
          : this.json(req, res, 400, razorpayError('The id provided does not exist', 'NA', 'id'));
      }
      const payment = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (payment?.[1] && method === 'GET') {
        const found = this.state.data.payments[payment[1]];
        return found
          ? this.json(req, res, 200, found)
          : this.json(req, res, 400, razorpayError('The id provided does not exist', 'NA', 'id'));
      }
      const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (orderPayments?.[1] && method === 'GET') {
        const orderId = orderPayments[1];
        if (!this.state.data.orders[orderId])
          return this.json(
            req,
            res,
            400,
            razorpayError('The id provided does not exist', 'NA', 'id'),
          );
        const payments = Object.values(this.state.data.payments)
          .filter((p) => p.order_id === orderId)
          .sort((a, b) => b.created_at - a.created_at);
        return this.json(req, res, 200, collection(payments));
      }
      const capture = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
      if (capture?.[1] && method === 'POST') return this.capture(req, res, capture[1]);
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (refund?.[1] && method === 'POST') return this.refund(req, res, refund[1]);
      const paymentRefunds = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
      if (paymentRefunds?.[1] && method === 'GET') {
        const paymentId = paymentRefunds[1];
        if (!this.state.data.payments[paymentId])
          return this.json(
            req,
            res,
            400,
            razorpayError('The id provided does not exist', 'NA', 'id'),
          );
        const refunds = Object.values(this.state.data.refunds)
          .filter((r) => r.payment_id === paymentId)
          .sort((a, b) => b.created_at - a.created_at);
        return this.json(req, res, 200, collection(refunds));
      }
      const refundById = /^\/v1\/refunds\/([^/]+)$/.exec(path);
      if (refundById?.[1] && method === 'GET') {
        const found = this.state.data.refunds[refundById[1]];
        return found
          ? this.json(req, res, 200, found)
          : this.json(req, res, 400, razorpayError('The id provided does not exist', 'NA', 'id'));
      }
      return this.json(
        req,
        res,
        400,
        razorpayError('The requested URL was not found on the server.', 'NA'),
      );
    }

    if (path === '/_simulator/pay' && method === 'POST') return this.pay(req, res);
    if (path === '/_simulator/tokens' && method === 'GET')
      return this.answer(req, res, this.recurring.listAllTokens());
    const bank = /^\/_simulator\/tokens\/([^/]+)\/bank$/.exec(path);
    if (bank?.[1] && method === 'POST') {
      const body = await this.body(req);
      return this.answer(req, res, this.recurring.atTheBank(bank[1], body.status as never));
    }
    if (path === '/_simulator/debits/next' && method === 'POST')
      return this.answer(req, res, this.recurring.nextDebit((await this.body(req)).outcome));
    if (path === '/_simulator/registrations/next' && method === 'POST')
      return this.answer(req, res, this.recurring.nextRegistration((await this.body(req)).outcome));
    if (path === '/_simulator/recurring/settings' && method === 'POST') {
      const body = await this.body(req);
      return this.answer(req, res, this.recurring.setUpiNotification(body.upiNotificationMs));
    }
    if (path === '/_simulator/settings' && method === 'GET') {
      return this.json(req, res, 200, { autoCapture: this.state.data.settings.autoCapture });
    }
    if (path === '/_simulator/settings' && method === 'POST') return this.updateSettings(req, res);
    if (path === '/_simulator/refunds/next' && method === 'POST') return this.nextRefund(req, res);
    if (path === '/_simulator/deliveries' && method === 'GET') {
      return this.json(req, res, 200, {
        deliveries: this.state.data.deliveries.map(({ body: _body, ...delivery }) => delivery),
      });
    }
    const resend = /^\/_simulator\/deliveries\/([^/]+)\/redeliver$/.exec(path);
    if (resend?.[1] && method === 'POST') {
      const delivery = this.state.data.deliveries.find((d) => d.id === resend[1]);
      if (!delivery)
        return this.json(req, res, 404, {
          error: { code: 'NOT_FOUND', description: 'No such delivery.' },
        });
      this.webhooks.redeliver(delivery);
      return this.json(req, res, 202, {
        id: delivery.id,
        eventId: delivery.eventId,
        status: delivery.status,
      });
    }
    if (path === '/' && method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      return void res.end(this.overviewPage());
    }
    return this.json(req, res, 404, { error: { code: 'NOT_FOUND', description: 'Not found.' } });
  }

  private async body(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = await readJson(req);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  }

  private answer(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
    this.json(req, res, answer.status, answer.body);
  }

  private async createOrder(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as Record<string, unknown>;
    const terms = this.recurring.orderTerms(body ?? {});
    if ('status' in terms && 'body' in terms) return this.answer(req, res, terms as Answer);
    const { amount, currency = 'INR', receipt, notes } = body ?? {};
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return this.json(
        req,
        res,
        400,
        razorpayError('The amount must be an integer.', 'input_validation_failed', 'amount'),
      );
    }
    if (amount < 100)
      return this.json(
        req,
        res,
        400,
        razorpayError('The amount must be atleast INR 1.00', 'input_validation_failed', 'amount'),
      );
    if (currency !== 'INR')
      return this.json(
        req,
        res,
        400,
        razorpayError('The currency should be INR', 'input_validation_failed', 'currency'),
      );
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      return this.json(
        req,
        res,
        400,
        razorpayError(
          'The receipt may not be greater than 40 characters.',
          'input_validation_failed',
          'receipt',
        ),
      );
    }
    const order: RazorpayOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: typeof receipt === 'string' ? receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes:
        notes && typeof notes === 'object' && !Array.isArray(notes)
          ? (notes as Record<string, string>)
          : [],
      created_at: Math.floor(Date.now() / 1000),
      ...(terms as Partial<RazorpayOrder>),
    };
    this.state.data.orders[order.id] = order;
    this.state.save();
    return this.json(req, res, 200, order);
  }

  private async pay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as Record<string, unknown>;
    const orderId = typeof body.order_id === 'string' ? body.order_id : '';
    const outcome = body.outcome;
    const order = this.state.data.orders[orderId];
    if (!order)
      return this.json(
        req,
        res,
        400,
        razorpayError('The id provided does not exist', 'input_validation_failed', 'order_id'),
      );
    if (outcome !== 'success' && outcome !== 'failure') {
      return this.json(
        req,
        res,
        400,
        razorpayError(
          'outcome must be "success" or "failure".',
          'input_validation_failed',
          'outcome',
        ),
      );
    }
    if (order.status === 'paid') {
      return this.json(
        req,
        res,
        400,
        razorpayError('Order has already been paid.', 'order_already_paid', 'order_id'),
      );
    }
    const method = body.method === 'upi' ? 'upi' : 'card';
    const failed = outcome === 'failure';
    // Without auto-capture the payment waits, authorized, for `POST /v1/payments/{id}/capture`.
    const captured = !failed && this.state.data.settings.autoCapture;
    const payment: RazorpayPayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: failed ? 'failed' : captured ? 'captured' : 'authorized',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured,
      description: typeof body.description === 'string' ? body.description.slice(0, 255) : null,
      card_id: method === 'card' ? razorpayId('card') : null,
      bank: null,
      wallet: null,
      vpa: method === 'upi' ? (failed ? 'failure@razorpay' : 'success@razorpay') : null,
      email: typeof body.email === 'string' && body.email ? body.email : 'void@razorpay.com',
      contact: typeof body.contact === 'string' && body.contact ? body.contact : '+919000090000',
      notes: order.notes,
      fee: captured ? feeOf(order.amount).fee : null,
      tax: captured ? feeOf(order.amount).tax : null,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed' : null,
      error_source: failed ? 'bank' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      acquirer_data:
        method === 'upi'
          ? { rrn: String(Date.now()).slice(-12) }
          : { auth_code: String(Date.now()).slice(-6) },
      created_at: Math.floor(Date.now() / 1000),
    };
    this.state.data.payments[payment.id] = payment;
    // A registration order (recurring: 1): paying it saves the card or the UPI mandate.
    if (!failed) this.recurring.register(order, payment);
    order.attempts += 1;
    if (captured) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    } else if (order.status === 'created') {
      order.status = 'attempted';
    }
    this.state.save();

    if (failed) {
      this.webhooks.enqueue('payment.failed', payment, order);
    } else {
      // Razorpay reports the authorization first, as it stood before any capture.
      const authorized: RazorpayPayment = {
        ...payment,
        status: 'authorized',
        captured: false,
        fee: null,
        tax: null,
      };
      this.webhooks.enqueue('payment.authorized', authorized, order);
      if (captured) {
        this.webhooks.enqueue('payment.captured', payment, order);
        this.webhooks.enqueue('order.paid', payment, order);
      }
    }

    if (failed) {
      return this.json(req, res, 400, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      });
    }
    return this.json(req, res, 200, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, payment.id, this.options.keySecret),
    });
  }

  private fail(
    req: IncomingMessage,
    res: ServerResponse,
    description: string,
    field?: string,
  ): void {
    this.json(req, res, 400, razorpayError(description, 'input_validation_failed', field));
  }

  /** `POST /v1/payments/{id}/capture {amount, currency}`, as Razorpay answers it. */
  private async capture(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const body = (await readJson(req)) as Record<string, unknown>;
    const payment = this.state.data.payments[id];
    if (!payment) return this.fail(req, res, 'The id provided does not exist', 'id');
    if (payment.status === 'captured' || payment.status === 'refunded')
      return this.fail(req, res, 'This payment has already been captured');
    if (payment.status !== 'authorized')
      return this.fail(
        req,
        res,
        'Only payments which have been authorized and not yet captured can be captured',
      );
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount))
      return this.fail(req, res, 'The amount field is required.', 'amount');
    if (body.amount !== payment.amount)
      return this.fail(req, res, 'Capture amount must be equal to the amount authorized', 'amount');
    if (body.currency !== undefined && body.currency !== payment.currency)
      return this.fail(req, res, 'Currency should be same as the payment currency', 'currency');

    payment.status = 'captured';
    payment.captured = true;
    Object.assign(payment, feeOf(payment.amount));
    const order = this.state.data.orders[payment.order_id];
    if (order) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    this.state.save();
    if (order) {
      this.webhooks.enqueue('payment.captured', payment, order);
      this.webhooks.enqueue('order.paid', payment, order);
    }
    return this.json(req, res, 200, payment);
  }

  /** `POST /v1/payments/{id}/refund {amount?, notes?, receipt?}`: a normal-speed refund. */
  private async refund(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const body = (await readJson(req)) as Record<string, unknown>;
    const payment = this.state.data.payments[id];
    if (!payment) return this.fail(req, res, 'The id provided does not exist', 'id');
    if (payment.status === 'refunded')
      return this.fail(req, res, 'The payment has been fully refunded already');
    if (payment.status !== 'captured')
      return this.fail(req, res, 'Refunds can be made only on captured payments');
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount))
      return this.fail(req, res, 'The amount must be an integer.', 'amount');
    if (amount < 100) return this.fail(req, res, 'The amount must be atleast INR 1.00', 'amount');
    if (amount > left)
      return this.fail(
        req,
        res,
        'The refund amount provided is greater than amount captured',
        'amount',
      );
    const notes = notesFrom(body.notes);
    if (notes === undefined)
      return this.fail(req, res, 'The notes may hold at most 15 text values.', 'notes');
    const { receipt } = body;
    if (
      receipt !== undefined &&
      receipt !== null &&
      (typeof receipt !== 'string' || receipt.length > 40)
    )
      return this.fail(req, res, 'The receipt may not be greater than 40 characters.', 'receipt');

    const refund: RazorpayRefund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes,
      receipt: typeof receipt === 'string' ? receipt : null,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    // The payment counts the refund from its creation; a failed refund gives it back.
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    const settings = this.state.data.settings;
    this.state.data.refunds[refund.id] = refund;
    this.state.data.refundOutcomes[refund.id] = settings.nextRefundOutcome;
    settings.nextRefundOutcome = 'processed';
    this.state.save();

    this.webhooks.enqueueEvent(
      'refund.created',
      { refund: { ...refund }, payment: { ...payment } },
      { orderId: payment.order_id, paymentId: payment.id },
    );
    this.settleLater(refund.id);
    return this.json(req, res, 200, refund);
  }

  private settleLater(refundId: string): void {
    const timer = setTimeout(() => {
      this.refundTimers.delete(timer);
      this.settle(refundId);
    }, REFUND_SETTLE_MS);
    this.refundTimers.add(timer);
  }

  /** Ends a pending refund as it was told to, and sends refund.processed or refund.failed. */
  private settle(refundId: string): void {
    const refund = this.state.data.refunds[refundId];
    const outcome = this.state.data.refundOutcomes[refundId];
    delete this.state.data.refundOutcomes[refundId];
    const payment = refund && this.state.data.payments[refund.payment_id];
    if (!refund || !payment || !outcome || refund.status !== 'pending') {
      this.state.save();
      return;
    }
    refund.status = outcome;
    if (outcome === 'processed') {
      refund.acquirer_data = { arn: String(Date.now()).padStart(23, '7') };
    } else {
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
      if (payment.status === 'refunded') payment.status = 'captured';
    }
    this.state.save();
    this.webhooks.enqueueEvent(
      outcome === 'processed' ? 'refund.processed' : 'refund.failed',
      { refund: { ...refund }, payment: { ...payment } },
      { orderId: payment.order_id, paymentId: payment.id },
    );
  }

  /** `POST /_simulator/settings {"autoCapture": boolean}`. */
  private async updateSettings(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as Record<string, unknown>;
    const keys = Object.keys(body ?? {});
    if (typeof body.autoCapture !== 'boolean' || keys.some((k) => k !== 'autoCapture'))
      return this.fail(req, res, 'Send {"autoCapture": true | false}.', 'autoCapture');
    this.state.data.settings.autoCapture = body.autoCapture;
    this.state.save();
    return this.json(req, res, 200, { autoCapture: body.autoCapture });
  }

  /** `POST /_simulator/refunds/next {"outcome": "processed" | "failed"}`. */
  private async nextRefund(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as Record<string, unknown>;
    const outcome = body.outcome;
    if (outcome !== 'processed' && outcome !== 'failed')
      return this.fail(req, res, 'outcome must be "processed" or "failed".', 'outcome');
    this.state.data.settings.nextRefundOutcome = outcome satisfies RefundOutcome;
    this.state.save();
    return this.json(req, res, 200, { outcome });
  }

  private overviewPage(): string {
    const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = [...this.state.data.deliveries]
      .reverse()
      .slice(0, 200)
      .map(
        (d) =>
          `<tr><td>${escape(d.event)}</td><td>${escape(d.orderId)}</td><td>${escape(d.paymentId)}</td><td>${escape(d.eventId)}</td>` +
          `<td>${d.status}</td><td>${d.attempts.map((a) => a.statusCode ?? a.error ?? '-').join(', ')}</td></tr>`,
      )
      .join('');
    const orders = Object.values(this.state.data.orders)
      .sort((a, b) => b.created_at - a.created_at)
      .slice(0, 100)
      .map(
        (o) =>
          `<tr><td>${escape(o.id)}</td><td>${o.amount}</td><td>${o.status}</td><td>${o.attempts}</td><td>${escape(o.receipt ?? '')}</td></tr>`,
      )
      .join('');
    const refunds = Object.values(this.state.data.refunds)
      .sort((a, b) => b.created_at - a.created_at)
      .slice(0, 100)
      .map(
        (r) =>
          `<tr><td>${escape(r.id)}</td><td>${escape(r.payment_id)}</td><td>${r.amount}</td><td>${r.status}</td><td>${escape(r.receipt ?? '')}</td></tr>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay simulator</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin-bottom:2rem}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style></head>
<body><h1>Razorpay simulator (test mode, local only)</h1>
<p>API: <code>POST /v1/orders</code>, <code>GET /v1/orders/{id}</code>, <code>GET /v1/payments/{id}</code>. Checkout: <code>/v1/checkout.js</code>.
Capture: <code>POST /v1/payments/{id}/capture</code>. Refunds: <code>POST /v1/payments/{id}/refund</code>, <code>GET /v1/payments/{id}/refunds</code>, <code>GET /v1/refunds/{id}</code>.
Pay: <code>POST /_simulator/pay {"order_id","outcome":"success"|"failure"}</code>. JSON: <a href="/_simulator/deliveries">/_simulator/deliveries</a>.
Auto-capture is <strong>${this.state.data.settings.autoCapture ? 'on' : 'off'}</strong> (<code>POST /_simulator/settings {"autoCapture": false}</code>); the next refund ends <strong>${this.state.data.settings.nextRefundOutcome}</strong> (<code>POST /_simulator/refunds/next</code>).</p>
<h2>Webhook deliveries</h2><table><thead><tr><th>event</th><th>order</th><th>payment</th><th>event id</th><th>status</th><th>attempts (status codes)</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Orders</h2><table><thead><tr><th>id</th><th>amount (paise)</th><th>status</th><th>attempts</th><th>receipt</th></tr></thead><tbody>${orders}</tbody></table>
<h2>Refunds</h2><table><thead><tr><th>id</th><th>payment</th><th>amount (paise)</th><th>status</th><th>receipt</th></tr></thead><tbody>${refunds}</tbody></table>
</body></html>`;
  }
}
