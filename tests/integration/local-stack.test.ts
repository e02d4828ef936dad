/**
 * The local stack itself, driven from outside: its settings file, the tables and the seeded catalog,
 * the gateway's API Gateway behaviour, the Razorpay simulator and the local EventBridge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_BUS_NAME, TABLES, localTableName } from '../../lambdas/system/facts';
import { CATALOG } from '../../lambdas/domain/catalog';
import { SCHEDULES } from '../../infra/lib/definitions/functions';
import { contentSecurityPolicy } from '../../infra/lib/definitions/security-headers';
import { LOCAL_SECRETS, startLocalStack, type LocalStack } from '../helpers/local-stack';
import { api, deliveries, eventually, payOrder, razorpayGet } from '../helpers/storefront-client';
import { signCheckout } from '../helpers/razorpay-signing';
import { PAGE_BOOT_SCRIPT_HASH } from '../../web/scripts/page-boot';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});

afterAll(async () => {
  await stack?.dispose();
});

const basicAuth = `Basic ${Buffer.from(`${LOCAL_SECRETS.keyId}:${LOCAL_SECRETS.keySecret}`).toString('base64')}`;

async function createOrder(amount: number) {
  const res = await fetch(`${stack.simulatorUrl}/v1/orders`, {
    method: 'POST',
    headers: { authorization: basicAuth, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount,
      currency: 'INR',
      receipt: 'rcpt_test',
      notes: { purpose: 'test' },
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('settings and data', () => {
  it('serves /config.json in the documented shape, pointing at the local stand-ins', async () => {
    const res = await fetch(`${stack.baseUrl}/config.json`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as Record<string, unknown>;
    expect(config).toEqual({
      region: 'ap-south-1',
      userPoolId: expect.stringMatching(/^[\w-]+_\w+$/),
      userPoolClientId: expect.stringMatching(/^\w+$/),
      userPoolEndpoint: stack.cognitoUrl,
      apiBase: '/api',
      razorpay: { keyId: 'rzp_test_local', checkoutScript: `${stack.simulatorUrl}/v1/checkout.js` },
      local: {
        mailbox: stack.mailboxUrl,
        razorpaySimulator: stack.simulatorUrl,
        whm: stack.whmUrl,
      },
    });
  });

  it('creates every table of the shared definitions and seeds the whole catalog', async () => {
    const client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${stack.ports.dynamodb}`,
      region: 'ap-south-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { TableNames } = await client.send(new ListTablesCommand({}));
    expect(TableNames).toEqual(expect.arrayContaining(TABLES.map((t) => localTableName(t.id))));
    const { Items } = await client.send(new ScanCommand({ TableName: localTableName('plans') }));
    const seeded = (Items ?? []).map((item) => ({
      id: item.id?.S,
      price: Number(item.monthlyPricePaise?.N),
    }));
    expect(seeded).toHaveLength(CATALOG.length);
    expect(seeded).toEqual(
      expect.arrayContaining(CATALOG.map((p) => ({ id: p.id, price: p.monthlyPricePaise }))),
    );
    client.destroy();
  });
});

describe('the gateway, as API Gateway', () => {
  it('answers 404 with an error body for an unknown API route', async () => {
    const res = await api(stack, 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('refuses an authenticated route without a token, or with one that is not the pool’s', async () => {
    const none = await api(stack, 'GET', '/api/me/dashboard');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Unauthorized' });

    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'x' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: 'u',
        aud: stack.config.userPoolClientId,
        iss: `${stack.cognitoUrl}/${stack.config.userPoolId}`,
        exp: 9e9,
      }),
    ).toString('base64url');
    const forged = await api(stack, 'POST', '/api/checkout/orders', {
      token: `${header}.${payload}.c2ln`,
      body: {},
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a body over API Gateway’s 10 MB limit with 413, before any handler runs', async () => {
    const res = await api(stack, 'POST', '/api/contact', {
      rawBody: 'x'.repeat(10 * 1024 * 1024 + 1),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request Entity Too Large' });
  });

  it('lets only signed AWS SDK calls into the local Lambda Invoke API, and only for the Cognito triggers', async () => {
    const invoke = (name: string, headers: Record<string, string>) =>
      fetch(`${stack.baseUrl}/2015-03-31/functions/${name}/invocations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ requestContext: { authorizer: { jwt: { claims: { sub: 'x' } } } } }),
      });
    const signed = {
      authorization: 'AWS4-HMAC-SHA256 Credential=local/20261122/ap-south-1/lambda/aws4_request',
    };
    expect((await invoke('storefront-preSignUp', {})).status).toBe(403);
    expect((await invoke('storefront-checkout', signed)).status).toBe(404);
    const events = await fetch(`${stack.baseUrl}/_local/events`, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSEvents.PutEvents', 'content-type': 'text/plain' },
      body: '{"Entries":[]}',
    });
    expect(events.status).toBe(403);
  });

  it('reports a port in use by the variable that moves it', async () => {
    const second = startLocalStack({ ports: stack.ports, timeoutMs: 20_000 });
    await expect(second).rejects.toThrow(/set PORT to a free port/);
  });
});

describe('the gateway, as CloudFront', () => {
  it('sends the site’s security headers, with the stand-ins in the CSP instead of Razorpay and Cognito', async () => {
    for (const path of ['/config.json', '/api/plans', '/']) {
      const res = await fetch(`${stack.baseUrl}${path}`);
      expect(res.headers.get('strict-transport-security'), path).toBe(
        'max-age=63072000; includeSubDomains',
      );
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy'), path).toBe(
        contentSecurityPolicy({
          site: 'http',
          checkoutScript: [stack.simulatorUrl],
          paymentApi: [stack.simulatorUrl],
          paymentFrames: [stack.simulatorUrl],
          paymentImages: [stack.simulatorUrl],
          identity: [stack.cognitoUrl],
          uploads: [stack.storageUrl],
        }),
      );
    }
    const csp = (await fetch(`${stack.baseUrl}/config.json`)).headers.get(
      'content-security-policy',
    );
    // The pages' one inline script (web/scripts/page-boot.ts), by its hash.
    expect(csp).toContain(`script-src 'self' ${PAGE_BOOT_SCRIPT_HASH} ${stack.simulatorUrl}`);
    // Ticket attachments are PUT from the page straight to the object-storage stand-in.
    expect(csp).toContain(
      `connect-src 'self' ${stack.cognitoUrl} ${stack.simulatorUrl} ${stack.storageUrl}`,
    );
    expect(csp).not.toContain('razorpay.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('scheduled jobs, on demand', () => {
  const runJob = (name: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.baseUrl}/_local/jobs/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ time: '2026-11-23T03:30:00Z' }),
    });

  it('answers 404 with the known jobs for a job that does not exist', async () => {
    const res = await runJob('no-such-job');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('job_not_found');
    for (const job of SCHEDULES) expect(body.error.message).toContain(job.name);
  });

  it('refuses a page of another origin', async () => {
    const res = await runJob(SCHEDULES[0]?.name ?? 'any', { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses a body that is not JSON (what a page may post across origins unasked)', async () => {
    const res = await runJob(SCHEDULES[0]?.name ?? 'any', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
  });
});

describe("the stand-ins' test hooks", () => {
  const outage = (url: string, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers, body: JSON.stringify({ on: false }) });

  it.each([
    ['WHM', () => `${stack.whmUrl}/_whm/outage`],
    ['registrar', () => `${stack.registrarUrl}/_registrar/outage`],
  ])(
    '%s: takes JSON without an origin, refuses text/plain and cross-origin posts',
    async (_, url) => {
      const json = { 'content-type': 'application/json' };
      expect((await outage(url(), json)).status).toBe(200);
      expect((await outage(url(), { 'content-type': 'text/plain' })).status).toBe(415);
      expect((await outage(url(), { ...json, origin: 'http://evil.example' })).status).toBe(403);
    },
  );

  it('refuses an EventBridge call that names a web origin', async () => {
    const res = await fetch(`${stack.baseUrl}/_local/events`, {
      method: 'POST',
      headers: {
        authorization: 'AWS4-HMAC-SHA256 Credential=x',
        'content-type': 'application/x-amz-json-1.1',
        origin: 'http://evil.example',
      },
      body: '{"Entries":[]}',
    });
    expect(res.status).toBe(403);
  });
});

describe('the Razorpay simulator', () => {
  it('needs the key id and secret for its API', async () => {
    const res = await fetch(`${stack.simulatorUrl}/v1/orders`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('creates and returns orders in Razorpay’s shape, and refuses amounts under ₹1', async () => {
    const created = await createOrder(294_882);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^order_\w{14}$/),
      entity: 'order',
      amount: 294_882,
      amount_paid: 0,
      amount_due: 294_882,
      currency: 'INR',
      receipt: 'rcpt_test',
      status: 'created',
      attempts: 0,
      notes: { purpose: 'test' },
      created_at: expect.any(Number),
    });
    const fetched = await razorpayGet(stack, `/v1/orders/${String(created.body.id)}`);
    expect(fetched.body).toEqual(created.body);

    const tooSmall = await createOrder(99);
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', field: 'amount' } });
  });

  it('pays an order: a valid checkout signature, the order paid, and three signed webhooks sent', async () => {
    const order = await createOrder(150_000);
    const orderId = String(order.body.id);

    const paid = await payOrder(stack, orderId, 'success');
    expect(paid.status).toBe(200);
    const { razorpay_payment_id: paymentId, razorpay_signature: signature } = paid.body;
    expect(paymentId).toMatch(/^pay_\w{14}$/);
    expect(signature).toBe(signCheckout(orderId, String(paymentId), LOCAL_SECRETS.keySecret));

    expect((await razorpayGet(stack, `/v1/orders/${orderId}`)).body).toMatchObject({
      status: 'paid',
      amount_paid: 150_000,
      amount_due: 0,
      attempts: 1,
    });
    expect((await razorpayGet(stack, `/v1/payments/${paymentId}`)).body).toMatchObject({
      id: paymentId,
      entity: 'payment',
      amount: 150_000,
      currency: 'INR',
      status: 'captured',
      order_id: orderId,
      captured: true,
    });

    const sent = await eventually(async () => {
      const list = await deliveries(stack, orderId);
      return list.length === 3 && list.every((d) => d.attempts.length > 0) ? list : undefined;
    }, 'the three webhooks to be attempted');
    // Razorpay's order: authorized, then captured (the simulator captures at once by default).
    expect(sent.map((d) => d.event).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
    ]);
    expect(new Set(sent.map((d) => d.eventId)).size).toBe(3);
    for (const d of sent) expect(d.attempts[0]?.statusCode).toEqual(expect.any(Number)); // the storefront answered

    const again = await payOrder(stack, orderId, 'success');
    expect(again.status).toBe(400);
  });

  it('fails a payment with Razorpay’s error shape and a payment.failed webhook', async () => {
    const orderId = String((await createOrder(10_000)).body.id);
    const failed = await payOrder(stack, orderId, 'failure');
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: expect.any(String),
      source: expect.any(String),
      step: expect.any(String),
      reason: expect.any(String),
      metadata: { order_id: orderId, payment_id: expect.stringMatching(/^pay_/) },
    });
    expect((await razorpayGet(stack, `/v1/orders/${orderId}`)).body).toMatchObject({
      status: 'attempted',
      attempts: 1,
    });
    const list = await eventually(async () => {
      const found = await deliveries(stack, orderId);
      return found.length ? found : undefined;
    }, 'the payment.failed webhook');
    expect(list.map((d) => d.event)).toEqual(['payment.failed']);
  });

  it('serves checkout.js defining window.Razorpay, to the storefront’s origin', async () => {
    const res = await fetch(`${stack.simulatorUrl}/v1/checkout.js`, {
      headers: { origin: stack.baseUrl },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe(stack.baseUrl);
    const script = await res.text();
    expect(script).toContain('window.Razorpay = Razorpay');
    expect(script).toContain("'payment.failed'");
    expect(script).toContain('/_simulator/pay');
  });
});

describe('the local EventBridge', () => {
  it('accepts PutEvents from the AWS SDK at the endpoint the Lambdas are given', async () => {
    const client = new EventBridgeClient({
      endpoint: `${stack.baseUrl}/_local/events`,
      region: 'ap-south-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const answer = await client.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: 'storefront.tests',
            DetailType: 'Ping',
            Detail: JSON.stringify({ n: 1 }),
            EventBusName: EVENT_BUS_NAME,
          },
          {
            Source: 'storefront.tests',
            DetailType: 'Ping',
            Detail: 'not json',
            EventBusName: EVENT_BUS_NAME,
          },
        ],
      }),
    );
    expect(answer.FailedEntryCount).toBe(1);
    expect(answer.Entries?.[0]?.EventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.Entries?.[1]?.ErrorCode).toBeTruthy();
    client.destroy();
  });
});
