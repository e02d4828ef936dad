/**
 * The Razorpay simulator: Razorpay's Orders and Payments API (Basic auth with the key id and
 * secret), Checkout's script with a test-mode payment sheet, `/_simulator/pay` (what the sheet's
 * buttons call), webhooks, and `/_simulator/deliveries`. Local only: nothing here ships to AWS
 * or into the web build.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { checkoutScript } from './checkout-script';
import { razorpayId, SimulatorState, type RazorpayOrder, type RazorpayPayment } from './state';
import { WebhookSender } from './webhooks';

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

export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
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
  private server: Server | undefined;

  constructor(private readonly options: SimulatorOptions) {
    this.state = new SimulatorState(options.dataDir);
    this.webhooks = new WebhookSender(
      this.state,
      options.webhookUrl,
      options.webhookSecret,
      options.retryBaseMs,
    );
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

  /** Sends what a previous run left pending. Call once the storefront is up. */
  resumeDeliveries(): number {
    return this.webhooks.resumePending();
  }

  async stop(): Promise<void> {
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
      return this.json(
        req,
        res,
        400,
        razorpayError('The requested URL was not found on the server.', 'NA'),
      );
    }

    if (path === '/_simulator/pay' && method === 'POST') return this.pay(req, res);
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

  private async createOrder(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as Record<string, unknown>;
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
    const payment: RazorpayPayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: failed ? 'failed' : 'captured',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: !failed,
      description: typeof body.description === 'string' ? body.description.slice(0, 255) : null,
      card_id: method === 'card' ? razorpayId('card') : null,
      bank: null,
      wallet: null,
      vpa: method === 'upi' ? (failed ? 'failure@razorpay' : 'success@razorpay') : null,
      email: typeof body.email === 'string' && body.email ? body.email : 'void@razorpay.com',
      contact: typeof body.contact === 'string' && body.contact ? body.contact : '+919000090000',
      notes: order.notes,
      fee: failed ? null : Math.round(order.amount * 0.02),
      tax: failed ? null : Math.round(order.amount * 0.02 * 0.18),
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
    order.attempts += 1;
    if (failed) {
      if (order.status === 'created') order.status = 'attempted';
    } else {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    this.state.save();

    const deliveries = failed
      ? [this.webhooks.enqueue('payment.failed', payment, order)]
      : [
          this.webhooks.enqueue('payment.captured', payment, order),
          this.webhooks.enqueue('order.paid', payment, order),
        ];
    for (const delivery of deliveries) this.webhooks.schedule(delivery, 0);

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
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay simulator</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin-bottom:2rem}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style></head>
<body><h1>Razorpay simulator (test mode, local only)</h1>
<p>API: <code>POST /v1/orders</code>, <code>GET /v1/orders/{id}</code>, <code>GET /v1/payments/{id}</code>. Checkout: <code>/v1/checkout.js</code>.
Pay: <code>POST /_simulator/pay {"order_id","outcome":"success"|"failure"}</code>. JSON: <a href="/_simulator/deliveries">/_simulator/deliveries</a>.</p>
<h2>Webhook deliveries</h2><table><thead><tr><th>event</th><th>order</th><th>payment</th><th>event id</th><th>status</th><th>attempts (status codes)</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Orders</h2><table><thead><tr><th>id</th><th>amount (paise)</th><th>status</th><th>attempts</th><th>receipt</th></tr></thead><tbody>${orders}</tbody></table>
</body></html>`;
  }
}
