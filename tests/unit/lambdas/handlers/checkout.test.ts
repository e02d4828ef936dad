import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeHandler, VERIFY_PENDING } from '../../../../lambdas/handlers/checkout';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { InMemoryProvisioningRecords } from '../../../helpers/fakes/provisioning';
import { USER_LIMITS, userLimitKey } from '../../../../lambdas/domain/user-limits';
import { BUYER, fakeWorld, KEY_SECRET, type FakeWorld } from '../../../helpers/fakes/world';
import { signCheckout } from '../../../helpers/razorpay-signing';
import { sshPublicKey } from '../../../helpers/ssh-keys';
import { httpEvent, parse, withoutAuthorizer } from './handler-world';

let world: FakeWorld;
let handler: ReturnType<typeof makeHandler>;

const call = async (event: APIGatewayProxyEventV2) => parse(await handler(event));

describe('checkout handler', () => {
  beforeEach(() => {
    world = fakeWorld();
    const plans = new InMemoryPlansStore();
    handler = makeHandler({ ...world, plans: () => plans.listPlans() });
  });

  describe('POST /api/checkout/quote', () => {
    it('answers the quote', async () => {
      const { statusCode, json } = await call(httpEvent('post-checkout-quote.json'));

      expect(statusCode).toBe(200);
      expect(json).toMatchObject({ planId: 'basichosting', months: 24, totalPaise: 5_095_561 });
    });

    it.each([
      ['{"planId":"basichosting","months":12,"price":1}', 'validation_failed', /price/],
      ['{"planId":"basichosting"', 'validation_failed', /JSON/],
      ['[1,2]', 'validation_failed', /./],
      ['{"planId":"basichosting","months":"12"}', 'validation_failed', /months/],
      ['{"planId":"basichosting","months":6}', 'invalid_months', /1, 12, 24 or 36/],
      [
        '{"planId":"basichosting","months":12,"promoCode":"host10"}',
        'invalid_promo_code',
        /not valid/,
      ],
    ])('answers 400 to %s', async (body, code, message) => {
      const { statusCode, json } = await call(httpEvent('post-checkout-quote.json', { body }));

      expect(statusCode).toBe(400);
      expect(json).toEqual({ error: { code, message: expect.stringMatching(message) } });
    });

    // sshpk is loaded for the first quote that carries a key (ssh-keys-on-demand.ts): the same
    // refusals, with the same sentences, as before and as the order gives them.
    it.each([
      ['a weak RSA key', [sshPublicKey('rsa-1024')], /we accept RSA keys of 2048 bits or more/],
      ['a DSA key', [sshPublicKey('dsa')], /DSA keys are no longer accepted/],
      ['not a key', ['ssh-ed25519 nonsense'], /That is not an SSH public key/],
      ['a private key', ['-----BEGIN OPENSSH PRIVATE KEY-----'], /That is a private key/],
    ])('answers 400 invalid_ssh_key to a VPS quote with %s', async (_, sshKeys, message) => {
      const body = JSON.stringify({ planId: 'basicvps', months: 1, vps: { sshKeys } });
      const { statusCode, json } = await call(httpEvent('post-checkout-quote.json', { body }));

      expect(statusCode).toBe(400);
      expect(json).toEqual({
        error: { code: 'invalid_ssh_key', message: expect.stringMatching(message) },
      });
    });

    it('quotes a VPS with a good key, or with none (the key added later)', async () => {
      for (const vps of [{ sshKeys: [sshPublicKey('ed25519')] }, { sshKeys: [] }, {}]) {
        const body = JSON.stringify({ planId: 'basicvps', months: 1, vps });
        const { statusCode, json } = await call(httpEvent('post-checkout-quote.json', { body }));

        expect(statusCode).toBe(200);
        expect(json).toMatchObject({ planId: 'basicvps', months: 1 });
      }
    });

    it('answers 404 plan_not_found', async () => {
      const body = JSON.stringify({ planId: 'goldhosting', months: 12 });
      const { statusCode, json } = await call(httpEvent('post-checkout-quote.json', { body }));

      expect(statusCode).toBe(404);
      expect(json).toMatchObject({ error: { code: 'plan_not_found' } });
    });

    it('answers 413 to a body over 64 KB, plain or base64', async () => {
      const big = JSON.stringify({
        planId: 'basichosting',
        months: 12,
        promoCode: 'x'.repeat(70_000),
      });

      const plain = await call(httpEvent('post-checkout-quote.json', { body: big }));
      const encoded = await call(
        httpEvent('post-checkout-quote.json', {
          body: Buffer.from(big).toString('base64'),
          isBase64Encoded: true,
        }),
      );

      expect([plain.statusCode, encoded.statusCode]).toEqual([413, 413]);
      expect(plain.json).toMatchObject({ error: { code: 'payload_too_large' } });
    });
  });

  describe('POST /api/checkout/orders', () => {
    it('creates an order for the signed-in buyer with the server quote', async () => {
      const { statusCode, json } = await call(httpEvent('post-checkout-orders.json'));

      expect(statusCode).toBe(201);
      expect(json).toMatchObject({
        keyId: 'rzp_test_local',
        amountPaise: 3_538_584,
        currency: 'INR',
        prefill: { name: 'Asha Verma', email: 'asha.verma@example.in', contact: '+919876543210' },
      });
      expect(world.orders.items.get(String(json.orderId))).toMatchObject({
        userId: '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c',
        amountPaise: 3_538_584,
        status: 'created',
      });
    });

    it('answers 400 invalid_ssh_key with a sentence to a VPS order with a weak key, before any Razorpay order', async () => {
      const event = httpEvent('post-checkout-orders.json');
      event.body = JSON.stringify({
        planId: 'basicvps',
        months: 1,
        vps: { os: 'ubuntu-24.04', sshKeys: [sshPublicKey('rsa-1024')] },
      });

      const { statusCode, json } = await call(event);

      expect(statusCode).toBe(400);
      expect(json).toMatchObject({
        error: {
          code: 'invalid_ssh_key',
          message: expect.stringContaining('we accept RSA keys of 2048 bits or more'),
        },
      });
      expect(world.gateway.createdOrders).toEqual([]);
    });

    it('answers 401 without the authorizer claims', async () => {
      const { statusCode, json } = await call(
        withoutAuthorizer(httpEvent('post-checkout-orders.json')),
      );

      expect(statusCode).toBe(401);
      expect(json).toMatchObject({ error: { code: 'unauthorized' } });
      expect(world.gateway.createdOrders).toEqual([]);
    });

    it('answers 429 too_many_requests with Retry-After once the buyer’s hour of orders is used up, before any Razorpay order', async () => {
      const rule = USER_LIMITS.order;
      for (let i = 0; i < rule.limit; i += 1) {
        await world.limits.consume(userLimitKey('order', BUYER.userId), rule, world.now());
      }

      const { statusCode, headers, json } = await call(httpEvent('post-checkout-orders.json'));

      expect(statusCode).toBe(429);
      // fakeWorld's clock is 02:00:00: the whole hour is left.
      expect(headers['retry-after']).toBe('3600');
      expect(json).toMatchObject({
        error: { code: 'too_many_requests', message: expect.stringContaining('in 60 minutes') },
      });
      expect(world.gateway.createdOrders).toEqual([]);
    });

    it('spends nothing of the hour on an order it refuses (an unknown plan), only on one made', async () => {
      const rule = USER_LIMITS.order;
      for (let i = 0; i < rule.limit - 1; i += 1) {
        await world.limits.consume(userLimitKey('order', BUYER.userId), rule, world.now());
      }
      const unknown = JSON.stringify({ planId: 'no-such-plan', months: 12 });
      for (let i = 0; i < 3; i += 1) {
        const refused = await call(httpEvent('post-checkout-orders.json', { body: unknown }));
        expect(refused.statusCode).toBe(404);
      }

      expect((await call(httpEvent('post-checkout-orders.json'))).statusCode).toBe(201);
      expect((await call(httpEvent('post-checkout-orders.json'))).statusCode).toBe(429);
      expect(world.gateway.createdOrders).toHaveLength(1);
    });

    it('does not take an amount from the client', async () => {
      const body = JSON.stringify({ planId: 'basichosting', months: 12, amountPaise: 1 });
      const { statusCode } = await call(httpEvent('post-checkout-orders.json', { body }));

      expect(statusCode).toBe(400);
      expect(world.gateway.createdOrders).toEqual([]);
    });
  });

  describe('a bundle’s upgrade (D26 with D24)', () => {
    const at = new Date('2026-11-22T02:00:00.000Z');
    async function givenBundle(serviceId: string, planId: string, planName: string) {
      await world.services.extendService(
        { userId: BUYER.userId, serviceId, planId, planName, category: 'bundle' },
        {
          purchaseId: `pur_${serviceId}`,
          paymentId: `pay_${serviceId}`,
          purchaseDate: at.toISOString(),
          startDate: at.toISOString(),
          renewalDate: '2027-11-22T02:00:00.000Z',
          months: 12,
          amountPaise: 4_246_584,
        },
        0,
        at.toISOString(),
      );
      const records = new InMemoryProvisioningRecords({ services: world.services });
      await records.begin(BUYER.userId, serviceId, 'pending', at);
      const claim = await records.claim(BUYER.userId, serviceId, 'evt', at);
      if (claim.state === 'held') throw new Error('claim held');
      await records.settle(
        BUYER.userId,
        serviceId,
        claim.token,
        'pending',
        { state: 'ready', server: 'host1', nameservers: [] },
        at,
      );
    }
    const event = (routeKey: string, body: unknown) => {
      const e = httpEvent('post-checkout-orders.json');
      e.routeKey = routeKey;
      e.body = JSON.stringify(body);
      return e;
    };

    it('quotes the parts that move and the VPS the larger bundle adds', async () => {
      await givenBundle('svc_basicb', 'basicbundle', 'Basic Bundle');

      const { statusCode, json } = await call(
        event('POST /api/checkout/change-quote', {
          planId: 'standardbundle',
          changeFrom: 'svc_basicb',
        }),
      );

      expect(statusCode).toBe(200);
      const parts = (json.change as { parts: { kind: string; fromPlanName?: string }[] }).parts;
      expect(parts.map((p) => [p.kind, p.fromPlanName ?? null])).toEqual([
        ['hosting', 'Basic Hosting'],
        ['domain', 'Basic Domain'],
        ['storage', 'Basic Storage'],
        ['vps', null],
      ]);
    });

    it('checks the added VPS’s key as a VPS order does, and refuses VPS choices where none is added, before any Razorpay order', async () => {
      await givenBundle('svc_basicb', 'basicbundle', 'Basic Bundle');
      await givenBundle('svc_stdb', 'standardbundle', 'Standard Bundle');

      const weak = await call(
        event('POST /api/checkout/orders', {
          planId: 'standardbundle',
          changeFrom: 'svc_basicb',
          vps: { sshKeys: [sshPublicKey('rsa-1024')] },
        }),
      );
      const none = await call(
        event('POST /api/checkout/orders', {
          planId: 'premiumbundle',
          changeFrom: 'svc_stdb',
          vps: { sshKeys: [sshPublicKey('ed25519')] },
        }),
      );

      expect([weak.statusCode, none.statusCode]).toEqual([400, 400]);
      expect(weak.json).toMatchObject({ error: { code: 'invalid_ssh_key' } });
      expect(none.json).toMatchObject({
        error: {
          code: 'invalid_plan_change',
          message: expect.stringContaining('only when a larger bundle adds a VPS'),
        },
      });
      expect(world.gateway.createdOrders).toEqual([]);
    });
  });

  describe('POST /api/checkout/verify', () => {
    async function givenPaidOrder(status: 'authorized' | 'captured' = 'captured') {
      const order = await world.givenOrder();
      world.gateway.givenPayment({
        id: 'pay_Nx7gT4uVw8bYd1',
        orderId: order.orderId,
        amountPaise: order.amountPaise,
        status,
      });
      return order;
    }
    const verifyBody = (signature: string) =>
      JSON.stringify({
        razorpay_order_id: 'order_Nx7fQm2kLp9aZc',
        razorpay_payment_id: 'pay_Nx7gT4uVw8bYd1',
        razorpay_signature: signature,
      });

    it('fulfils and answers the purchase', async () => {
      await givenPaidOrder();
      const body = verifyBody(
        signCheckout('order_Nx7fQm2kLp9aZc', 'pay_Nx7gT4uVw8bYd1', KEY_SECRET),
      );

      const { statusCode, json } = await call(httpEvent('post-checkout-verify.json', { body }));

      expect(statusCode).toBe(200);
      expect(json).toMatchObject({ purchase: { planId: 'basichosting', status: 'active' } });
      expect(world.purchases.all()).toHaveLength(1);
      expect(world.events.published).toHaveLength(1);
    });

    it('captures an authorized payment, then answers the purchase', async () => {
      await givenPaidOrder('authorized');
      const body = verifyBody(
        signCheckout('order_Nx7fQm2kLp9aZc', 'pay_Nx7gT4uVw8bYd1', KEY_SECRET),
      );

      const { statusCode, json } = await call(httpEvent('post-checkout-verify.json', { body }));

      expect(statusCode).toBe(200);
      expect(json).toMatchObject({ purchase: { planId: 'basichosting', status: 'active' } });
      expect(world.gateway.captureCalls).toHaveLength(1);
    });

    it('answers 202 pending while the payment cannot be captured yet, activating nothing', async () => {
      await givenPaidOrder('authorized');
      world.gateway.failNextCapture = true;
      const body = verifyBody(
        signCheckout('order_Nx7fQm2kLp9aZc', 'pay_Nx7gT4uVw8bYd1', KEY_SECRET),
      );

      const { statusCode, json } = await call(httpEvent('post-checkout-verify.json', { body }));

      expect(statusCode).toBe(202);
      expect(json).toEqual({ status: 'pending', message: VERIFY_PENDING.message });
      expect(VERIFY_PENDING.message).toMatch(/confirming/);
      expect(world.purchases.all()).toEqual([]);
    });

    it('answers 400 invalid_signature to a forged signature and writes nothing', async () => {
      await givenPaidOrder();
      const body = verifyBody(
        signCheckout('order_Nx7fQm2kLp9aZc', 'pay_Nx7gT4uVw8bYd1', 'guessed'),
      );

      const { statusCode, json } = await call(httpEvent('post-checkout-verify.json', { body }));

      expect(statusCode).toBe(400);
      expect(json).toMatchObject({ error: { code: 'invalid_signature' } });
      expect(world.purchases.all()).toEqual([]);
      expect(JSON.stringify(world.log.lines)).not.toContain('guessed');
    });

    it("answers 404 order_not_found for another user's order", async () => {
      await givenPaidOrder();
      const event = httpEvent('post-checkout-verify.json', {
        body: verifyBody(signCheckout('order_Nx7fQm2kLp9aZc', 'pay_Nx7gT4uVw8bYd1', KEY_SECRET)),
      });
      const claims = (
        event.requestContext as unknown as {
          authorizer: { jwt: { claims: Record<string, string> } };
        }
      ).authorizer.jwt.claims;
      claims.sub = 'another-user';

      const { statusCode, json } = await call(event);

      expect(statusCode).toBe(404);
      expect(json).toMatchObject({ error: { code: 'order_not_found' } });
      expect(world.purchases.all()).toEqual([]);
    });
  });

  it('answers 500 internal_error with no stack trace when something unexpected breaks', async () => {
    vi.spyOn(world.orders, 'getOrder').mockRejectedValueOnce(new Error('disk on fire'));
    const body = JSON.stringify({
      razorpay_order_id: 'order_X',
      razorpay_payment_id: 'pay_X',
      razorpay_signature: 'a'.repeat(64),
    });

    const result = await handler(httpEvent('post-checkout-verify.json', { body }));

    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body ?? '')).toEqual({
      error: { code: 'internal_error', message: expect.any(String) },
    });
    expect(result.body).not.toMatch(/disk on fire|at .*\.ts/);
  });
});

describe('a domain changing tier at its renewal (#29)', () => {
  const DAY = 24 * 3600 * 1000;
  beforeEach(async () => {
    world = fakeWorld();
    const plans = new InMemoryPlansStore();
    handler = makeHandler({ ...world, plans: () => plans.listPlans() });
    const at = world.now().toISOString();
    await world.services.extendService(
      {
        userId: BUYER.userId,
        serviceId: 'svc_domain',
        planId: 'premiumdomain',
        planName: 'Premium Domain',
        category: 'domain',
        domain: 'ashaverma.com',
      },
      {
        purchaseId: 'pur_1',
        paymentId: 'pay_1',
        purchaseDate: at,
        startDate: at,
        renewalDate: new Date(world.now().getTime() + 365 * DAY).toISOString(),
        months: 12,
        amountPaise: 294_882,
      },
      0,
      at,
    );
  });

  function route(routeKey: string, body?: unknown) {
    // A signed-in buyer's request (the dashboard fixture carries the JWT authorizer's claims).
    const event = httpEvent('get-dashboard.json');
    if (body !== undefined) event.body = JSON.stringify(body);
    event.routeKey = routeKey;
    event.pathParameters = { serviceId: 'svc_domain' };
    return call(event);
  }

  it('PUT plan-change takes any other domain tier for the renewal date; DELETE takes it back', async () => {
    for (const planId of ['basicdomain', 'enterprisedomain']) {
      const chosen = await route('PUT /api/me/services/{serviceId}/plan-change', { planId });
      expect(chosen).toMatchObject({
        statusCode: 200,
        json: { service: { planId: 'premiumdomain', pendingPlan: { planId } } },
      });
    }
    const kept = await route('DELETE /api/me/services/{serviceId}/plan-change');
    expect(kept.statusCode).toBe(200);
    expect((kept.json.service as { pendingPlan?: unknown }).pendingPlan).toBeUndefined();
  });

  it('refuses a domain tier change now (400 invalid_plan_change, with the sentence) and a hosting plan', async () => {
    const quote = await route('POST /api/checkout/change-quote', {
      planId: 'enterprisedomain',
      changeFrom: 'svc_domain',
    });
    expect(quote).toMatchObject({
      statusCode: 400,
      json: {
        error: {
          code: 'invalid_plan_change',
          message: expect.stringContaining('its registry year is bought by the year'),
        },
      },
    });
    const hosting = await route('PUT /api/me/services/{serviceId}/plan-change', {
      planId: 'basichosting',
    });
    expect(hosting).toMatchObject({
      statusCode: 400,
      json: { error: { code: 'invalid_plan_change' } },
    });
  });
});
