/**
 * The refunds' two Lambdas on real-shaped events from events/: the cancel route (202 with the
 * service and its refund; strict body; 404 for a service id that is none of the caller's) and the
 * refunds worker (RefundRequested asks Razorpay once; a malformed detail is thrown for the bus to
 * retry and dead-letter, naming fields, never values).
 */
import type { APIGatewayProxyEventV2, EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { makeHandler as makeCancelHandler } from '../../../../lambdas/handlers/cancel-service';
import {
  makeHandler as makeWorkerHandler,
  MalformedRefundEventError,
  type RefundsWorkerEvent,
} from '../../../../lambdas/handlers/refunds-worker';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { fakeWorld } from '../../../helpers/fakes/world';
import { parse } from './handler-world';

const PAYMENT_ID = 'pay_Nx7gT4uVw8bYd1';

async function paidWorld() {
  const world = Object.assign(fakeWorld(), {
    siteUrl: () => 'https://store.example.in',
    leaseMs: 30_000,
  });
  const order = await world.givenOrder();
  world.gateway.givenPayment({
    id: PAYMENT_ID,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
  });
  const result = await fulfilPayment(world, order, {
    paymentId: PAYMENT_ID,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled' || !result.purchase.serviceId)
    throw new Error('not fulfilled');
  return { world, serviceId: result.purchase.serviceId };
}

function cancelEvent(serviceId: string, body?: string): APIGatewayProxyEventV2 {
  const event = loadEvent<APIGatewayProxyEventV2>('api-gateway/post-service-cancel.json');
  event.pathParameters = { serviceId };
  if (body !== undefined) event.body = body;
  return event;
}

describe('cancel-service handler', () => {
  it('answers 202 with the cancelled service and its pending refund, keeping the reason', async () => {
    const { world, serviceId } = await paidWorld();
    const handler = makeCancelHandler(world);

    const { statusCode, json } = parse(await handler(cancelEvent(serviceId)));

    expect(statusCode).toBe(202);
    expect(json).toMatchObject({
      service: { id: serviceId, status: 'cancelled' },
      refund: { id: `refund:${PAYMENT_ID}`, amountPaise: 3_538_584, status: 'pending' },
    });
    expect(world.refunds.all()[0]?.reason).toBe('I chose the wrong plan');
  });

  it.each([
    ['an unknown field', '{"reason":"x","amountPaise":1}'],
    ['a reason that is not text', '{"reason":42}'],
    ['a body that is not JSON', 'cancel please'],
  ])('refuses %s with 400 validation_failed, recording nothing', async (_, body) => {
    const { world, serviceId } = await paidWorld();
    const handler = makeCancelHandler(world);

    const { statusCode, json } = parse(await handler(cancelEvent(serviceId, body)));

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(world.refunds.all()).toEqual([]);
  });

  it.each([['svc_3f1c0d9a7b2e4c6d8e0f1a2b'], ['../../admin'], ['']])(
    'answers 404 service_not_found for %j',
    async (serviceId) => {
      const { world } = await paidWorld();
      const handler = makeCancelHandler(world);

      const { statusCode, json } = parse(await handler(cancelEvent(serviceId)));

      expect(statusCode).toBe(404);
      expect(json).toMatchObject({ error: { code: 'service_not_found' } });
    },
  );
});

describe('refunds-worker handler', () => {
  async function workerWorld() {
    const { world, serviceId } = await paidWorld();
    await makeCancelHandler(world)(cancelEvent(serviceId));
    const handler = makeWorkerHandler(world);
    return { world, handler };
  }

  it('RefundRequested: asks Razorpay once, by the receipt', async () => {
    const { world, handler } = await workerWorld();
    const event = loadEvent<RefundsWorkerEvent>('eventbridge/refund-requested.json');

    const first = await handler(event);
    const again = await handler(event);

    expect(first).toEqual({ outcome: 'requested' });
    expect(again).toEqual({ outcome: 'requested' });
    expect([...world.gateway.refunds.values()]).toEqual([
      expect.objectContaining({ paymentId: PAYMENT_ID, receipt: `refund:${PAYMENT_ID}` }),
    ]);
  });

  it('a malformed detail is thrown for the bus, naming the fields and not their values', async () => {
    const { handler } = await workerWorld();
    const event = loadEvent<EventBridgeEvent<'RefundRequested', Record<string, unknown>>>(
      'eventbridge/refund-requested.json',
    );
    event.detail = { userId: 'asha.verma@example.in' };

    const failure = await handler(event as RefundsWorkerEvent).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MalformedRefundEventError);
    expect(String(failure)).toContain('refundKey');
    expect(String(failure)).not.toContain('asha.verma');
  });
});
