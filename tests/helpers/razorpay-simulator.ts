/**
 * The Razorpay simulator in this process, on a free port, with a receiver standing in for the
 * storefront's webhook route (it records what it is sent and answers 200), and the real gateway
 * (the razorpay SDK) pointed at it. For adapter and contract specs that need Razorpay's API
 * without the whole local stack.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RazorpaySimulator } from '../../infra/local/razorpay-simulator/server';
import {
  createRazorpayClient,
  RazorpayGateway,
} from '../../lambdas/adapters/razorpay-api/razorpay-gateway';
import type { RazorpayCredentials } from '../../lambdas/adapters/secrets/razorpay-secrets';
import { freePort } from './local-stack';

export { freePort };

export interface ReceivedWebhook {
  event: string;
  eventId: string;
  signature: string;
  rawBody: Buffer;
}

/** An answer of Razorpay's API: an entity, a collection or `{error}`. */
export interface RazorpayAnswer {
  status: number;
  body: Record<string, unknown> & {
    error?: { code?: string; description?: string; metadata?: Record<string, string> };
  };
}

export interface SimulatorHarness {
  url: string;
  credentials: RazorpayCredentials;
  gateway: RazorpayGateway;
  /** What the simulator sent to the webhook URL, in the order it arrived. */
  webhooks: ReceivedWebhook[];
  createOrder(amountPaise: number, receipt?: string): Promise<string>;
  /** What Checkout's Pay or Fail button does; answers the payment id. */
  pay(orderId: string, outcome: 'success' | 'failure'): Promise<string>;
  setAutoCapture(on: boolean): Promise<void>;
  nextRefund(outcome: 'processed' | 'failed'): Promise<void>;
  /** Razorpay's API as the SDK calls it, for what the gateway does not wrap. */
  request(method: string, path: string, body?: unknown): Promise<RazorpayAnswer>;
  /** Waits until webhooks matching `test` have arrived. */
  received(test: (w: ReceivedWebhook) => boolean, count: number): Promise<ReceivedWebhook[]>;
  stop(): Promise<void>;
}

export async function startSimulator(): Promise<SimulatorHarness> {
  const credentials: RazorpayCredentials = {
    keyId: 'rzp_test_harness',
    keySecret: 'harness_key_secret',
    webhookSecret: 'harness_webhook_secret',
  };
  const webhooks: ReceivedWebhook[] = [];
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const { event } = JSON.parse(rawBody.toString('utf8')) as { event: string };
      webhooks.push({
        event,
        rawBody,
        eventId: String(req.headers['x-razorpay-event-id']),
        signature: String(req.headers['x-razorpay-signature']),
      });
      res.writeHead(200).end('{}');
    });
  });
  const receiverPort = await freePort();
  await new Promise<void>((done) => receiver.listen(receiverPort, '127.0.0.1', done));

  const dataDir = mkdtempSync(join(tmpdir(), 'razorpay-sim-'));
  const port = await freePort();
  const simulator = new RazorpaySimulator({
    dataDir,
    port,
    ...credentials,
    webhookUrl: `http://127.0.0.1:${receiverPort}/api/webhooks/razorpay`,
    allowedOrigins: [],
    retryBaseMs: 50,
  });
  await simulator.listen();
  simulator.resumeDeliveries();
  const url = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;

  async function request(method: string, path: string, body?: unknown): Promise<RazorpayAnswer> {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as RazorpayAnswer['body'] };
  }

  const client = await createRazorpayClient(credentials, url);
  return {
    url,
    credentials,
    webhooks,
    gateway: new RazorpayGateway(
      async () => credentials,
      async () => client,
    ),
    request,
    async createOrder(amountPaise, receipt = 'rcpt_harness') {
      const answer = await request('POST', '/v1/orders', {
        amount: amountPaise,
        currency: 'INR',
        receipt,
      });
      if (answer.status !== 200) throw new Error(`order: ${answer.status}`);
      return String(answer.body.id);
    },
    async pay(orderId, outcome) {
      const answer = await request('POST', '/_simulator/pay', { order_id: orderId, outcome });
      const id = answer.body.razorpay_payment_id ?? answer.body.error?.metadata?.payment_id;
      if (typeof id !== 'string') throw new Error(`pay: ${answer.status}`);
      return id;
    },
    async setAutoCapture(on) {
      const answer = await request('POST', '/_simulator/settings', { autoCapture: on });
      if (answer.status !== 200) throw new Error(`settings: ${answer.status}`);
    },
    async nextRefund(outcome) {
      const answer = await request('POST', '/_simulator/refunds/next', { outcome });
      if (answer.status !== 200) throw new Error(`refunds/next: ${answer.status}`);
    },
    async received(test, count) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = webhooks.filter(test);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`waited for ${count} webhook(s), got ${found.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      await simulator.stop();
      await new Promise<void>((done) => {
        receiver.close(() => done());
        receiver.closeAllConnections();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
