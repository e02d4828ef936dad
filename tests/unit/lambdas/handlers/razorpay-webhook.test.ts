import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadEventText } from '../../../../events/load-event';
import { makeHandler } from '../../../../lambdas/handlers/razorpay-webhook';
import { fakeWorld, WEBHOOK_SECRET, type FakeWorld } from '../../../helpers/fakes/world';
import { signWebhookBody } from '../../../helpers/razorpay-signing';
import { httpEvent, parse } from './handler-world';

const ORDER_ID = 'order_Nx7fQm2kLp9aZc';

function webhook(
  file: string,
  eventId: string,
  options: { secret?: string; base64?: boolean; body?: string } = {},
) {
  const raw = options.body ?? loadEventText(`razorpay/${file}`);
  return httpEvent('post-razorpay-webhook.json', {
    body: options.base64 ? Buffer.from(raw).toString('base64') : raw,
    isBase64Encoded: options.base64 ?? false,
    headers: {
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': signWebhookBody(raw, options.secret ?? WEBHOOK_SECRET),
    },
  });
}

let world: FakeWorld;
let handler: ReturnType<typeof makeHandler>;

const call = async (event: APIGatewayProxyEventV2) => parse(await handler(event));

describe('razorpay-webhook handler', () => {
  beforeEach(async () => {
    world = fakeWorld();
    handler = makeHandler(world);
    await world.givenOrder();
  });

  it('fulfils a base64-encoded payment.captured, checking the signature over the decoded bytes', async () => {
    const { statusCode, json } = await call(
      webhook('payment.captured.json', 'evt_1', { base64: true }),
    );

    expect(statusCode).toBe(200);
    expect(json).toEqual({ ok: true, outcome: 'fulfilled' });
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
    expect(world.events.published).toHaveLength(1);
  });

  it('answers 400 invalid_signature to a forged signature and writes nothing', async () => {
    const { statusCode, json } = await call(
      webhook('payment.captured.json', 'evt_1', { secret: 'forged' }),
    );

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'invalid_signature' } });
    expect(world.purchases.all()).toEqual([]);
    expect(world.processedEvents.ids.size).toBe(0);
  });

  it('answers 400 to a tampered body', async () => {
    const event = webhook('payment.captured.json', 'evt_1');
    event.body = (event.body ?? '').replace('"amount": 3538584', '"amount": 100');

    const { statusCode } = await call(event);

    expect(statusCode).toBe(400);
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('created');
  });

  it('answers 400 to a body that is not JSON and not signed, never 500', async () => {
    const event = httpEvent('post-razorpay-webhook.json', { body: 'not json' });

    const { statusCode } = await call(event);

    expect(statusCode).toBe(400);
  });

  it('answers 200 to a duplicate event id and acts once', async () => {
    await call(webhook('payment.captured.json', 'evt_1'));
    const again = await call(webhook('payment.captured.json', 'evt_1'));

    expect(again).toMatchObject({ statusCode: 200, json: { outcome: 'duplicate' } });
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.events.published).toHaveLength(1);
  });

  it('keeps the order paid when payment.failed comes after', async () => {
    await call(webhook('order.paid.json', 'evt_2'));
    const failed = await call(webhook('payment.failed.json', 'evt_3'));

    expect(failed.statusCode).toBe(200);
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
  });

  it('answers 200 and activates nothing on an amount mismatch, so Razorpay stops retrying', async () => {
    const body = loadEventText('razorpay/payment.captured.json').replace(
      '"amount": 3538584',
      '"amount": 100',
    );

    const { statusCode, json } = await call(webhook('payment.captured.json', 'evt_m', { body }));

    expect(statusCode).toBe(200);
    expect(json).toMatchObject({ outcome: 'review' });
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('review');
    expect(world.purchases.all()).toEqual([]);
  });

  it('answers 413 to a body over 64 KB', async () => {
    const body = JSON.stringify({ event: 'payment.captured', padding: 'x'.repeat(70_000) });

    const { statusCode } = await call(webhook('payment.captured.json', 'evt_big', { body }));

    expect(statusCode).toBe(413);
  });

  it('captures on payment.authorized, then fulfils', async () => {
    world.gateway.givenPayment({
      id: 'pay_Nx7gT4uVw8bYd1',
      orderId: ORDER_ID,
      amountPaise: 3_538_584,
      status: 'authorized',
    });

    const { statusCode, json } = await call(webhook('payment.authorized.json', 'evt_a'));

    expect(statusCode).toBe(200);
    expect(json).toEqual({ ok: true, outcome: 'fulfilled' });
    expect(world.gateway.payments.get('pay_Nx7gT4uVw8bYd1')?.status).toBe('captured');
    expect(world.orders.items.get(ORDER_ID)?.status).toBe('paid');
  });

  it('answers 502 when the capture fails, so that Razorpay delivers it again', async () => {
    world.gateway.givenPayment({
      id: 'pay_Nx7gT4uVw8bYd1',
      orderId: ORDER_ID,
      amountPaise: 3_538_584,
      status: 'authorized',
    });
    world.gateway.failNextCapture = true;

    const { statusCode, json } = await call(webhook('payment.authorized.json', 'evt_a'));

    expect(statusCode).toBe(502);
    expect(json).toMatchObject({ error: { code: 'payment_provider_unavailable' } });
    expect(world.processedEvents.ids.size).toBe(0);
  });
});
