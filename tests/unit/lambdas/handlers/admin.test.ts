/**
 * The operator's console API (lambdas/handlers/admin.ts) on in-memory fakes: who may call it,
 * resolving an order in review both ways exactly once, redriving a stuck welcome mail, and the
 * audit each action leaves. Requests are the real-shaped samples in events/api-gateway.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../../infra/lib/definitions/functions';
import type {
  AdminCustomerResponse,
  AdminSearchResponse,
  CustomerListResponse,
  AdminCustomersResponse,
  AdminOrdersResponse,
  AdminProvisioningResponse,
  ConvergeServiceResponse,
  DeadLettersResponse,
  MarkServiceReadyResponse,
  OutOfStepResponse,
  RemovalsResponse,
  ResolveReviewResponse,
  ServiceActionResponse,
  TodaySummary,
} from '../../../../lambdas/domain/admin';
import { reviewRefundReceipt } from '../../../../lambdas/domain/admin';
import { makeHandler, type AdminDeps } from '../../../../lambdas/handlers/admin';
import { whmUsernameFor } from '../../../../lambdas/domain/provisioning';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import type { OrderRecord } from '../../../../lambdas/ports/orders';
import { RESOLUTION_LEASE_MS } from '../../../../lambdas/use-cases/admin/resolve-review';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { sendWelcomeEmail } from '../../../../lambdas/use-cases/send-welcome-email';
import { buildDashboard } from '../../../../lambdas/use-cases/build-dashboard';
import type { DashboardResponse } from '../../../../lambdas/domain/api';
import { InMemoryAuditLog } from '../../../helpers/fakes/audit';
import { InMemoryMailLog } from '../../../helpers/fakes/mail-log';
import { LoggedMailer } from '../../../../lambdas/use-cases/logged-mailer';
import type {
  InMemoryPanel,
  InMemoryProvisioningRecords,
} from '../../../helpers/fakes/provisioning';
import { convergeWorld } from '../../../helpers/converge-world';
import { InMemoryRefundsStore } from '../../../helpers/fakes/refunds';
import { crashOnce, InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { BUYER, type FakeWorld } from '../../../helpers/fakes/world';
import { FakeSecondFactors } from '../../../helpers/fakes/second-factors';
import { InMemoryTicketsStore } from '../../../helpers/fakes/tickets';
import { httpEvent, parse } from './handler-world';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { quote } from '../../../../lambdas/domain/pricing';
import { strFromU8, unzipSync } from 'fflate';
import type { RevenueReport } from '../../../../lambdas/domain/revenue';
import { gstr1Schema } from '../../../helpers/gstr1-schema';

const OPERATOR = {
  userId: '9b2d7c1e-3f4a-4b5c-8d6e-7f8a9b0c1d2e',
  email: 'priya.nair@storefront.example.in',
};
const ORDER_ID = 'order_Nx7fQm2kLp9aZc';
const REVIEW_PAYMENT = 'pay_Review00000001';

let world: FakeWorld;
let audit: InMemoryAuditLog;
let messages: InMemoryMessagesStore;
let records: InMemoryProvisioningRecords;
let refunds: InMemoryRefundsStore;
let panel: InMemoryPanel;
let handler: ReturnType<typeof makeHandler>;
let handlerDeps: AdminDeps | undefined;
let secondFactors: FakeSecondFactors;
let tickets: InMemoryTicketsStore;
let mailLog: InMemoryMailLog;
/** The world's recording mailer behind the mail log's writer, as every Lambda has it. */
let mailer: LoggedMailer;
let ids = 0;

beforeEach(() => {
  audit = new InMemoryAuditLog();
  messages = new InMemoryMessagesStore();
  refunds = new InMemoryRefundsStore();
  ids = 0;
  secondFactors = new FakeSecondFactors([OPERATOR.userId]);
  tickets = new InMemoryTicketsStore();
  mailLog = new InMemoryMailLog();
  let mailSeq = 0;
  const converging = convergeWorld((base) => {
    // Time-ordered ids however fast the mails go: the log lists the newest first.
    mailer = new LoggedMailer(base.mailer, mailLog, base.log, base.now, () =>
      String((mailSeq += 1)).padStart(6, '0'),
    );
    return { mailer };
  }, new Date('2026-11-22T04:00:00.000Z'));
  ({ records, panel } = converging);
  world = converging;
  const deps: AdminDeps = (handlerDeps = {
    converge: converging.deps,
    orders: world.orders,
    purchases: world.purchases,
    services: world.services,
    users: world.users,
    messages,
    records,
    refunds,
    mailer,
    siteUrl: () => 'https://shop.example.in',
    claims: world.claims,
    mailLog,
    audit,
    gateway: world.gateway,
    events: world.events,
    log: world.log,
    now: world.now,
    newId: () => `entry-${(ids += 1)}`,
    counters: world.counters,
    secondFactors,
    seller: world.seller,
    tickets,
  });
  handler = makeHandler(deps);
});

/** A buyer paid ₹100 more than the order asked: fulfilment put the order in review. */
async function givenOrderInReview(paymentStatus: 'captured' | 'authorized' = 'captured') {
  await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
  const order = await world.givenOrder({ orderId: ORDER_ID });
  const paid = world.gateway.givenPayment({
    id: REVIEW_PAYMENT,
    orderId: ORDER_ID,
    amountPaise: order.amountPaise + 10_000,
    status: paymentStatus,
  });
  const result = await fulfilPayment(world, order, {
    paymentId: paid.id,
    orderId: ORDER_ID,
    amountPaise: paid.amountPaise,
    currency: paid.currency,
  });
  expect(result.outcome).toBe('review');
  return { order, paid };
}

/** A buyer's purchase whose welcome mail SES refused: the claim keeps the failure. */
async function givenStuckWelcomeMail() {
  await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
  const order = await world.givenOrder({ orderId: ORDER_ID });
  world.gateway.givenPayment({
    id: REVIEW_PAYMENT,
    orderId: ORDER_ID,
    amountPaise: order.amountPaise,
  });
  await fulfilPayment(world, order, {
    paymentId: REVIEW_PAYMENT,
    orderId: ORDER_ID,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  world.mailer.failuresLeft = 1;
  const detail = world.events.published[0];
  if (!detail) throw new Error('fulfilment published nothing');
  await expect(sendWelcomeEmail(welcomeDeps(), detail, 'evt-first')).rejects.toThrow(/SES/);
  return detail;
}

function welcomeDeps() {
  return { ...world, mailer, siteUrl: () => 'https://shop.example.in' };
}

/** Delivers every PurchaseCompleted published since `from` to the welcome mail, as the bus would. */
async function deliverPublished(from: number) {
  const details = world.events.published.slice(from);
  for (const [n, detail] of details.entries()) {
    await sendWelcomeEmail(welcomeDeps(), detail, `evt-redrive-${from + n}`);
  }
}

function asBuyer(event: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  const claims = (
    event.requestContext as unknown as { authorizer: { jwt: { claims: Record<string, unknown> } } }
  ).authorizer.jwt.claims;
  Object.assign(claims, { sub: BUYER.userId, email: BUYER.email, name: BUYER.name });
  delete claims['cognito:groups'];
  return event;
}

const FIXTURE_OF: Record<string, string> = {
  'GET /api/admin/orders': 'get-admin-orders.json',
  'POST /api/admin/orders/{orderId}/resolve': 'post-admin-resolve.json',
  'GET /api/admin/customers': 'get-admin-customers.json',
  'GET /api/admin/dead-letters': 'get-admin-dead-letters.json',
  'POST /api/admin/dead-letters/redrive': 'post-admin-redrive.json',
  'GET /api/admin/today': 'get-admin-today.json',
  'GET /api/admin/provisioning': 'get-admin-provisioning.json',
  'POST /api/admin/services/{serviceId}/provisioning': 'post-admin-service-provisioning.json',
  'GET /api/admin/out-of-step': 'get-admin-out-of-step.json',
  'POST /api/admin/services/{serviceId}/converge': 'post-admin-service-converge.json',
  'GET /api/admin/removals': 'get-admin-removals.json',
  'POST /api/admin/services/{serviceId}/actions': 'post-admin-service-actions.json',
  'GET /api/admin/reports/gstr1': 'get-admin-reports-gstr1.json',
  'GET /api/admin/search': 'get-admin-search.json',
  'GET /api/admin/customer-list': 'get-admin-customer-list.json',
  'GET /api/admin/customers/{userId}': 'get-admin-customer.json',
  'POST /api/admin/customers/{userId}/notes': 'post-admin-customer-notes.json',
  'POST /api/admin/customers/{userId}/mails/resend': 'post-admin-customer-mail-resend.json',
  'GET /api/admin/customers/{userId}/dashboard': 'get-admin-customer-dashboard.json',
  'GET /api/admin/reports/revenue': 'get-admin-reports-revenue.json',
};
const ADMIN_ROUTES = ROUTES.filter((route) => route.function === 'admin').map(
  (route) => `${route.method} ${route.path}`,
);

function request(routeKey: string, body?: unknown, query?: Record<string, string>) {
  const fixture = FIXTURE_OF[routeKey];
  if (!fixture) throw new Error(`no sample request for ${routeKey}`);
  const event = httpEvent(fixture, body === undefined ? {} : { body: JSON.stringify(body) });
  if (query) event.queryStringParameters = query;
  return event;
}

const resolve = (action: 'fulfil' | 'refund', note = 'Spoke to the buyer on the phone.') =>
  handler(request('POST /api/admin/orders/{orderId}/resolve', { action, note }));

describe('who may use /api/admin', () => {
  it('has a sample request for every admin route, and every admin route is behind the authorizer', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(6);
    for (const key of ADMIN_ROUTES) expect(FIXTURE_OF[key], key).toBeDefined();
    expect(ROUTES.filter((r) => r.function === 'admin').every((r) => r.auth)).toBe(true);
  });

  it.each(ADMIN_ROUTES)(
    "answers a signed-in buyer's %s with 403 forbidden and does nothing",
    async (key) => {
      await givenOrderInReview();
      await givenStuckWelcomeMailForOtherPurchase();
      const before = {
        orders: [...world.orders.items.values()],
        events: world.events.events.length,
      };

      const { statusCode, json } = parse(await handler(asBuyer(request(key))));

      expect(statusCode).toBe(403);
      expect(json).toEqual({
        error: {
          code: 'forbidden',
          message: "This part of the store is for the store's operators only.",
        },
      });
      expect([...world.orders.items.values()]).toEqual(before.orders);
      expect(world.events.events).toHaveLength(before.events);
      expect(audit.entries).toEqual([]);
    },
  );

  it.each(ADMIN_ROUTES)(
    'answers an operator whose account has no TOTP on %s with 403 mfa_required and does nothing (D28)',
    async (key) => {
      secondFactors.withTotp.clear();
      await givenOrderInReview();
      await givenStuckWelcomeMailForOtherPurchase();
      const before = {
        orders: [...world.orders.items.values()],
        events: world.events.events.length,
      };

      const { statusCode, json } = parse(await handler(request(key)));

      expect(statusCode).toBe(403);
      expect((json as { error: { code: string } }).error.code).toBe('mfa_required');
      expect(secondFactors.asked).toEqual([OPERATOR.userId]);
      expect([...world.orders.items.values()]).toEqual(before.orders);
      expect(world.events.events).toHaveLength(before.events);
      expect(audit.entries).toEqual([]);
    },
  );

  it("asks about a buyer's MFA settings never: the group is checked first", async () => {
    const { statusCode } = parse(await handler(asBuyer(request('GET /api/admin/today'))));

    expect(statusCode).toBe(403);
    expect(secondFactors.asked).toEqual([]);
  });

  it.each(ADMIN_ROUTES)('answers an operator with TOTP on %s with 200', async (key) => {
    await givenOrderInReview();
    await givenStuckWelcomeMailForOtherPurchase();
    await givenWaitingService();
    await givenRemovableService();
    // The mail the sample resend names.
    await mailLog.record({
      mailId: '2026-11-22T02:00:00.000Z#3f9a1c7e',
      userId: BUYER.userId,
      at: '2026-11-22T02:00:00.000Z',
      kind: 'welcome',
      subject: 'Your Basic Hosting is paid — we are setting it up',
      to: BUYER.email,
      status: 'sent',
      body: { html: '<p>Receipt</p>', text: 'Receipt' },
    });

    const { statusCode } = parse(await handler(request(key)));

    expect(statusCode).toBe(200);
  });
});

const SERVICE_ID = 'svc_3f9a1c2b7d4e5f6a7b8c9d0e';

/** A VPS the buyer paid for, waiting for an operator to set it up (or failed on the panel). */
async function givenWaitingService(state: 'manual' | 'failed' = 'manual') {
  await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
  const order = await world.givenOrder({ orderId: 'order_Vps000000001', planId: 'basicvps' });
  const purchaseId = 'pur_pay_Vps000000001';
  await world.services.extendService(
    {
      userId: BUYER.userId,
      serviceId: SERVICE_ID,
      planId: 'basicvps',
      planName: 'Basic VPS',
      category: 'vps',
    },
    {
      purchaseId,
      paymentId: 'pay_Vps000000001',
      purchaseDate: world.now().toISOString(),
      startDate: world.now().toISOString(),
      renewalDate: '2027-11-22T04:00:00.000Z',
      months: 12,
      amountPaise: order.amountPaise,
    },
    0,
    world.now().toISOString(),
  );
  await world.purchases.createPurchase({
    userId: BUYER.userId,
    purchaseId,
    paymentId: 'pay_Vps000000001',
    orderId: order.orderId,
    serviceId: SERVICE_ID,
    planId: 'basicvps',
    planName: 'Basic VPS',
    category: 'vps',
    months: 12,
    purchaseDate: world.now().toISOString(),
    startDate: world.now().toISOString(),
    renewalDate: '2027-11-22T04:00:00.000Z',
    amountPaise: order.amountPaise,
    currency: 'INR',
    quote: order.quote,
    email: BUYER.email,
    name: BUYER.name,
    createdAt: world.now().toISOString(),
  });
  if (state === 'manual') {
    await records.begin(BUYER.userId, SERVICE_ID, 'manual', world.now());
    return;
  }
  // A hosting-like setup the panel refused: pending, claimed, then settled as failed.
  await records.begin(BUYER.userId, SERVICE_ID, 'pending', world.now());
  const claim = await records.claim(BUYER.userId, SERVICE_ID, 'evt-provision', world.now());
  if (claim.state !== 'claimed') throw new Error('expected the claim');
  await records.settle(
    BUYER.userId,
    SERVICE_ID,
    claim.token,
    'pending',
    { state: 'failed', reason: 'The domain asharao.com is already on this server.' },
    world.now(),
  );
}

/** A second purchase of the buyer whose welcome mail failed; the redrive sample names it. */
async function givenStuckWelcomeMailForOtherPurchase() {
  const order = await world.givenOrder({ orderId: 'order_Other0000001' });
  world.gateway.givenPayment({
    id: 'pay_Nx7gT4uVw8bYd1',
    orderId: order.orderId,
    amountPaise: order.amountPaise,
  });
  const result = await fulfilPayment(world, order, {
    paymentId: 'pay_Nx7gT4uVw8bYd1',
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled') throw new Error('expected a purchase');
  world.mailer.failuresLeft = 1;
  const detail = world.events.published.at(-1);
  if (!detail) throw new Error('no event');
  await expect(sendWelcomeEmail(welcomeDeps(), detail, 'evt-stuck')).rejects.toThrow();
}

const REMOVABLE_ID = 'svc_7c1d2e3f4a5b6c7d8e9f0a1b';
const HOSTING_DOMAIN = 'ashaverma.in';

/** Hosting paid on `paidAt` for a year, delivered (or not: the panel down) by converge. */
async function givenHosting(serviceId: string, paidAt: string, panelDown = false) {
  await world.users.createUserIfMissing({ ...BUYER, createdAt: paidAt });
  await world.services.extendService(
    {
      userId: BUYER.userId,
      serviceId,
      planId: 'basichosting',
      planName: 'Basic Hosting',
      category: 'hosting',
      domain: HOSTING_DOMAIN,
    },
    {
      purchaseId: `pur_${serviceId}`,
      paymentId: `pay_${serviceId}`,
      purchaseDate: paidAt,
      startDate: paidAt,
      renewalDate: new Date(Date.parse(paidAt) + 365 * 86_400_000).toISOString(),
      months: 12,
      amountPaise: 2_827_560,
    },
    0,
    paidAt,
  );
  panel.down = panelDown;
  const deps = (handlerDeps as AdminDeps).converge;
  await convergeService(deps, { userId: BUYER.userId, serviceId }, { deliveryId: 'evt-paid' });
  panel.down = false;
}

/** Hosting that ended on 20 October, suspended on the panel: due for removal since 19 November. */
async function givenRemovableService() {
  await givenHosting(REMOVABLE_ID, '2026-09-01T04:00:00.000Z');
  const service = await world.services.getService(BUYER.userId, REMOVABLE_ID);
  if (!service) throw new Error('no service');
  const ref = { userId: BUYER.userId, serviceId: REMOVABLE_ID };
  await world.services.changeFacts(
    ref,
    { kind: 'end' },
    service.version,
    '2026-10-20T04:00:00.000Z',
  );
  await convergeService((handlerDeps as AdminDeps).converge, ref, { deliveryId: 'evt-ended' });
}

describe('GET /api/admin/orders', () => {
  it('lists orders in review with why: expected and paid amount, and the payment id', async () => {
    const { order, paid } = await givenOrderInReview();

    const { statusCode, json } = parse(await handler(request('GET /api/admin/orders')));

    expect(statusCode).toBe(200);
    const { orders } = json as unknown as AdminOrdersResponse;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      orderId: ORDER_ID,
      userId: BUYER.userId,
      email: BUYER.email,
      planId: order.planId,
      amountPaise: order.amountPaise,
      status: 'review',
      reviewReason: expect.stringContaining(String(paid.amountPaise)),
      review: {
        paymentId: REVIEW_PAYMENT,
        expectedPaise: order.amountPaise,
        paidPaise: order.amountPaise + 10_000,
        currency: 'INR',
        gatewayStatus: 'captured',
      },
      payments: [{ paymentId: REVIEW_PAYMENT, status: 'review', amountPaise: paid.amountPaise }],
      audit: [],
    });
  });

  it('refuses a status the store does not have with 400', async () => {
    const { statusCode, json } = parse(
      await handler(request('GET /api/admin/orders', undefined, { status: 'lost' })),
    );

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('POST /api/admin/orders/{orderId}/resolve', () => {
  it('fulfil: one purchase and one welcome mail however often it is clicked', async () => {
    await givenOrderInReview();
    const publishedBefore = world.events.published.length;

    const first = parse(await resolve('fulfil'));
    world.setNow(new Date(world.now().getTime() + RESOLUTION_LEASE_MS + 1000));
    const again = parse(await resolve('fulfil'));
    await deliverPublished(publishedBefore);
    await deliverPublished(publishedBefore);

    expect(first.statusCode).toBe(200);
    expect((first.json as unknown as ResolveReviewResponse).order).toMatchObject({
      orderId: ORDER_ID,
      status: 'paid',
      payments: [{ paymentId: REVIEW_PAYMENT, status: 'paid' }],
      audit: [
        {
          action: 'order.fulfilled',
          operator: OPERATOR,
          note: 'Spoke to the buyer on the phone.',
          before: { status: 'review' },
          after: { status: 'paid' },
        },
      ],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json).toMatchObject({ error: { code: 'order_not_in_review' } });
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.purchases.all()[0]).toMatchObject({
      paymentId: REVIEW_PAYMENT,
      orderId: ORDER_ID,
    });
    expect(world.mailer.sent).toHaveLength(1);
    expect(world.mailer.sent[0]?.to).toBe(BUYER.email);
  });

  it('fulfil: two clicks at once make one purchase; the other is refused with 409', async () => {
    await givenOrderInReview();

    const answers = (await Promise.all([resolve('fulfil'), resolve('fulfil')])).map(parse);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(world.purchases.all()).toHaveLength(1);
    expect(world.events.published.filter((d) => d.orderId === ORDER_ID)).toHaveLength(1);
  });

  it('fulfil: an authorized payment is captured for what was paid, then fulfilled', async () => {
    const { paid } = await givenOrderInReview('authorized');

    const { statusCode } = parse(await resolve('fulfil'));

    expect(statusCode).toBe(200);
    expect(world.gateway.captureCalls).toEqual([[REVIEW_PAYMENT, paid.amountPaise, 'INR']]);
    expect(world.purchases.all()).toHaveLength(1);
  });

  it('refund: one refund at Razorpay for what was paid, with the order as its receipt', async () => {
    const { paid } = await givenOrderInReview();

    const first = parse(await resolve('refund', 'Wrong amount; buyer will pay again.'));
    const again = parse(await resolve('refund', 'Clicked twice.'));

    expect(first.statusCode).toBe(200);
    expect((first.json as unknown as ResolveReviewResponse).order).toMatchObject({
      status: 'refunded',
      payments: [{ paymentId: REVIEW_PAYMENT, status: 'refunded' }],
      audit: [{ action: 'order.refunded', note: 'Wrong amount; buyer will pay again.' }],
    });
    expect(again.statusCode).toBe(409);
    const refunds = [...world.gateway.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      paymentId: REVIEW_PAYMENT,
      amountPaise: paid.amountPaise,
      receipt: reviewRefundReceipt(ORDER_ID),
    });
    expect(world.purchases.all()).toEqual([]);
    expect(world.events.published).toEqual([]);
  });

  it('refund: a retry after a crash between the refund and the order finds the refund, and makes none', async () => {
    await givenOrderInReview();
    crashOnce(world.orders, 'markRefunded', 'before');

    const crashed = parse(await resolve('refund'));
    const tooSoon = parse(await resolve('refund'));
    world.setNow(new Date(world.now().getTime() + RESOLUTION_LEASE_MS + 1000));
    const retried = parse(await resolve('refund'));

    expect(crashed.statusCode).toBe(500);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json).toMatchObject({ error: { code: 'resolution_in_progress' } });
    expect(retried.statusCode).toBe(200);
    expect(world.gateway.refunds.size).toBe(1);
    expect((await world.orders.getOrder(ORDER_ID))?.status).toBe('refunded');
    expect(audit.entries.map((e) => e.entryId)).toEqual(['resolve#1', 'resolve#2']);
  });

  it('answers 409 for an order that is not in review, and writes no audit', async () => {
    await world.givenOrder({ orderId: ORDER_ID });

    const { statusCode, json } = parse(await resolve('fulfil'));

    expect(statusCode).toBe(409);
    expect(json).toMatchObject({ error: { code: 'order_not_in_review' } });
    expect(audit.entries).toEqual([]);
  });

  it.each([
    ['no note', { action: 'fulfil' }],
    ['an empty note', { action: 'refund', note: '   ' }],
    ['an unknown action', { action: 'cancel', note: 'x' }],
    ['an unknown field', { action: 'fulfil', note: 'x', amountPaise: 1 }],
  ])('answers 400 for %s, and does nothing', async (_case, body) => {
    await givenOrderInReview();

    const { statusCode, json } = parse(
      await handler(request('POST /api/admin/orders/{orderId}/resolve', body)),
    );

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await world.orders.getOrder(ORDER_ID))?.status).toBe('review');
    expect(audit.entries).toEqual([]);
  });
});

describe('dead letters', () => {
  it('lists a welcome mail whose send failed, with what failed and when', async () => {
    const detail = await givenStuckWelcomeMail();

    const { statusCode, json } = parse(await handler(request('GET /api/admin/dead-letters')));

    expect(statusCode).toBe(200);
    expect((json as unknown as DeadLettersResponse).items).toEqual([
      {
        id: `welcome-mail:${detail.purchaseId}`,
        kind: 'welcome-mail',
        summary: expect.stringContaining(detail.planName),
        customer: { userId: BUYER.userId, email: BUYER.email },
        failedAt: world.now().toISOString(),
        reason: expect.stringContaining('SES is unavailable'),
        redrivable: true,
      },
    ]);
  });

  it('a redrive of a stuck welcome mail sends it once, however often it is clicked', async () => {
    const detail = await givenStuckWelcomeMail();
    const publishedBefore = world.events.published.length;
    const id = `welcome-mail:${detail.purchaseId}`;

    const first = parse(await handler(request('POST /api/admin/dead-letters/redrive', { id })));
    await deliverPublished(publishedBefore);
    const again = parse(await handler(request('POST /api/admin/dead-letters/redrive', { id })));
    await deliverPublished(publishedBefore);

    expect(first.statusCode).toBe(200);
    expect(world.mailer.sent).toHaveLength(1);
    expect(world.mailer.sent[0]?.to).toBe(BUYER.email);
    expect(again.statusCode).toBe(404);
    expect(again.json).toMatchObject({ error: { code: 'stuck_item_not_found' } });
    const listed = parse(await handler(request('GET /api/admin/dead-letters')));
    expect((listed.json as unknown as DeadLettersResponse).items).toEqual([]);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'dead_letter.redriven',
        operator: OPERATOR,
        target: { kind: 'welcome-mail', id: detail.purchaseId },
        customerId: BUYER.userId,
        before: expect.objectContaining({ state: 'failed' }),
      }),
    ]);
  });

  it('lists and redrives a contact message not mailed to support', async () => {
    await messages.saveMessage({
      messageId: 'msg_01JD2X4',
      name: 'Ravi Kumar',
      email: 'ravi.k@example.in',
      message: 'Do you offer .in domains?',
      createdAt: '2026-11-22T03:00:00.000Z',
      expiresAt: 1_890_000_000,
    });

    const listed = parse(await handler(request('GET /api/admin/dead-letters')));
    const redriven = parse(
      await handler(
        request('POST /api/admin/dead-letters/redrive', { id: 'support-mail:msg_01JD2X4' }),
      ),
    );

    expect((listed.json as unknown as DeadLettersResponse).items).toMatchObject([
      {
        id: 'support-mail:msg_01JD2X4',
        kind: 'support-mail',
        customer: { email: 'ravi.k@example.in' },
      },
    ]);
    expect(redriven.statusCode).toBe(200);
    expect(world.events.events.at(-1)).toEqual({
      detailType: 'SupportMessageReceived',
      detail: { messageId: 'msg_01JD2X4' },
    });
  });

  it("lists a refund Razorpay refused as needing a person, to be settled in Razorpay's dashboard", async () => {
    const at = world.now().toISOString();
    await refunds.create({
      userId: BUYER.userId,
      refundKey: 'pay_Refused0000001',
      kind: 'store',
      paymentId: 'pay_Refused0000001',
      orderId: 'order_Refused000001',
      origin: 'buyer',
      paidPaise: 3_538_584,
      amountPaise: 3_538_584,
      deductionPaise: 0,
      status: 'failed',
      attempt: 3,
      createdAt: at,
      updatedAt: at,
      done: {},
      claims: {},
    });
    await refunds.markNeedsAttention(
      BUYER.userId,
      'pay_Refused0000001',
      'Razorpay reported every attempt failed.',
      at,
    );
    const id = `refund:${BUYER.userId}/pay_Refused0000001`;

    const listed = parse(await handler(request('GET /api/admin/dead-letters')));
    const redriven = parse(await handler(request('POST /api/admin/dead-letters/redrive', { id })));

    expect((listed.json as unknown as DeadLettersResponse).items).toEqual([
      expect.objectContaining({
        id,
        kind: 'refund',
        summary: expect.stringContaining('₹35,385.84'),
        reason: expect.stringContaining('Razorpay reported every attempt failed.'),
        redrivable: false,
      }),
    ]);
    expect(redriven.statusCode).toBe(409);
    expect(redriven.json).toMatchObject({ error: { code: 'not_redrivable' } });
    expect(world.events.events).toEqual([]);
  });

  it('answers 404 for an id that names nothing stuck', async () => {
    const { statusCode } = parse(
      await handler(
        request('POST /api/admin/dead-letters/redrive', { id: 'welcome-mail:pur_nothing' }),
      ),
    );

    expect(statusCode).toBe(404);
    expect(world.events.events).toEqual([]);
  });
});

describe('GET /api/admin/customers', () => {
  it('finds a customer by email, whatever the case typed, with services, payments, mails and the audit that touched them', async () => {
    await givenOrderInReview();
    await resolve('fulfil', 'Accepted the extra ₹100.');
    await deliverPublished(0);

    const { statusCode, json } = parse(
      await handler(
        request('GET /api/admin/customers', undefined, { email: ' Asha.Verma@Example.in ' }),
      ),
    );

    expect(statusCode).toBe(200);
    const { customers } = json as unknown as AdminCustomersResponse;
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      user: { id: BUYER.userId, email: BUYER.email },
      services: [{ planId: 'basichosting' }],
      payments: [{ status: 'paid', paymentId: REVIEW_PAYMENT }],
      mails: [
        {
          kind: 'welcome',
          status: 'sent',
          to: BUYER.email,
          ref: `pur_${REVIEW_PAYMENT}`,
          subject: expect.stringContaining(' is paid — we are setting it up'),
        },
      ],
      audit: [{ action: 'order.fulfilled', note: 'Accepted the extra ₹100.' }],
    });
  });

  it('answers an empty list for an email nobody uses, and 400 for none', async () => {
    const none = parse(
      await handler(request('GET /api/admin/customers', undefined, { email: 'nobody@example.in' })),
    );
    const empty = parse(await handler(request('GET /api/admin/customers', undefined, {})));

    expect(none).toMatchObject({ statusCode: 200, json: { customers: [] } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/admin/today', () => {
  it("sums India's day so far in paise: payments, console refunds, new services, what waits", async () => {
    // 04:00 UTC is 09:30 IST on 22 November.
    const { order } = await givenOrderInReview();
    await resolve('fulfil');
    const other: OrderRecord = await world.givenOrder({
      orderId: 'order_Second000001',
      planId: 'basicvps',
    });
    await fulfilPayment(world, other, {
      paymentId: 'pay_Second000001',
      orderId: other.orderId,
      amountPaise: other.amountPaise,
      currency: 'INR',
    });

    const { statusCode, json } = parse(await handler(request('GET /api/admin/today')));

    expect(statusCode).toBe(200);
    expect(json as unknown as TodaySummary).toEqual({
      day: '2026-11-22',
      from: '2026-11-21T18:30:00.000Z',
      to: '2026-11-22T18:30:00.000Z',
      payments: { count: 2, totalPaise: order.amountPaise + other.amountPaise },
      refunds: { count: 0, totalPaise: 0, byOrigin: {} },
      newServices: { count: 2, byCategory: { hosting: 1, vps: 1 } },
      sales: { new: 2, renewal: 0, planChange: 0 },
      inReview: 0,
      stuck: 0,
      outOfStep: 0,
    });
  });

  it('counts a renewal paid today as a renewal, not a new service', async () => {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
    const plan = CATALOG.find((p) => p.id === 'basichosting')!;
    const renewalQuote = quote(plan, 12, undefined, { renewal: true });
    const renewal = await world.givenOrder({
      orderId: 'order_Renewal00001',
      quote: renewalQuote,
      amountPaise: renewalQuote.totalPaise,
    });
    world.gateway.givenPayment({
      id: 'pay_Renewal00001',
      orderId: renewal.orderId,
      amountPaise: renewal.amountPaise,
    });
    await fulfilPayment(world, renewal, {
      paymentId: 'pay_Renewal00001',
      orderId: renewal.orderId,
      amountPaise: renewal.amountPaise,
      currency: 'INR',
    });

    const today = parse(await handler(request('GET /api/admin/today')))
      .json as unknown as TodaySummary;

    expect(today.sales).toEqual({ new: 0, renewal: 1, planChange: 0 });
    expect(today.newServices).toEqual({ count: 0, byCategory: {} });
  });

  it("lists an operator's refund of a paid order under Orders › Refunded, agreeing with Today", async () => {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
    const order = await world.givenOrder({ orderId: 'order_Refunded0001' });
    world.gateway.givenPayment({
      id: 'pay_Refunded0001',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
    });
    await fulfilPayment(world, order, {
      paymentId: 'pay_Refunded0001',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });
    const purchase = (await world.purchases.listPurchases(BUYER.userId))[0]!;
    const event = request('POST /api/admin/services/{serviceId}/actions', {
      action: 'refund',
      note: 'Owed after 40 days; agreed on the phone.',
      userId: BUYER.userId,
      paymentId: 'pay_Refunded0001',
      amountPaise: 91_400,
    });
    event.pathParameters = { serviceId: purchase.serviceId! };
    expect(parse(await handler(event)).statusCode).toBe(200);

    const refunded = parse(
      await handler(request('GET /api/admin/orders', undefined, { status: 'refunded' })),
    ).json as unknown as AdminOrdersResponse;
    const today = parse(await handler(request('GET /api/admin/today')))
      .json as unknown as TodaySummary;

    expect(refunded.orders).toEqual([
      expect.objectContaining({
        orderId: 'order_Refunded0001',
        refund: expect.objectContaining({ amountPaise: 91_400, origin: 'operator' }),
      }),
    ]);
    expect(today.refunds).toEqual({ count: 1, totalPaise: 91_400, byOrigin: { operator: 1 } });
  });
});

describe('provisioning', () => {
  const markReady = (details: Record<string, string>, note = 'Built on node 2.') =>
    handler(request('POST /api/admin/services/{serviceId}/provisioning', { details, note }));
  const DETAILS = { 'IP address': '203.0.113.25', 'SSH user': 'asha' };

  it('lists the services waiting for a person, with their buyer', async () => {
    await givenWaitingService();

    const { statusCode, json } = parse(await handler(request('GET /api/admin/provisioning')));

    expect(statusCode).toBe(200);
    expect((json as unknown as AdminProvisioningResponse).services).toEqual([
      expect.objectContaining({
        serviceId: SERVICE_ID,
        userId: BUYER.userId,
        email: BUYER.email,
        planName: 'Basic VPS',
        category: 'vps',
        state: 'manual',
        audit: [],
      }),
    ]);
  });

  it('marks a manual service ready with its access details and mails the buyer them once', async () => {
    await givenWaitingService();

    const first = parse(await markReady(DETAILS));
    const again = parse(await markReady(DETAILS));

    expect(first.statusCode).toBe(200);
    expect((first.json as unknown as MarkServiceReadyResponse).service).toMatchObject({
      serviceId: SERVICE_ID,
      state: 'ready',
      details: DETAILS,
      audit: [{ action: 'provisioning.ready', operator: OPERATOR, note: 'Built on node 2.' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json).toMatchObject({ error: { code: 'service_not_waiting' } });
    expect(world.mailer.sent).toHaveLength(1);
    expect(world.mailer.sent[0]?.to).toBe(BUYER.email);
    expect(world.mailer.sent[0]?.text).toContain('203.0.113.25');
    expect(await records.get(BUYER.userId, SERVICE_ID)).toMatchObject({
      state: 'ready',
      details: DETAILS,
      announcedAt: expect.any(String),
    });
    const listed = parse(await handler(request('GET /api/admin/provisioning')));
    expect((listed.json as unknown as AdminProvisioningResponse).services).toEqual([]);
  });

  it('refuses a detail that looks like a password with 400, and saves and mails nothing', async () => {
    await givenWaitingService();

    const { statusCode, json } = parse(
      await markReady({ 'IP address': '203.0.113.25', 'Root password': 'hunter2' }),
    );

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(world.mailer.sent).toEqual([]);
    expect((await records.get(BUYER.userId, SERVICE_ID))?.state).toBe('manual');
    expect(audit.entries).toEqual([]);
  });

  it('a retry after a failed send mails the buyer what was saved, once', async () => {
    await givenWaitingService();
    world.mailer.failuresLeft = 1;

    const failed = parse(await markReady(DETAILS));
    const retried = parse(await markReady(DETAILS));
    const late = parse(await markReady(DETAILS));

    expect(failed.statusCode).toBe(500);
    expect(retried.statusCode).toBe(200);
    expect(late.statusCode).toBe(409);
    expect(world.mailer.sent).toHaveLength(1);
    expect(world.mailer.sent[0]?.text).toContain('203.0.113.25');
  });

  it('lists a service the panel refused under Stuck, and a redrive tries the panel again', async () => {
    await givenWaitingService('failed');

    const stuck = parse(await handler(request('GET /api/admin/dead-letters')));
    const id = `provisioning:${SERVICE_ID}`;
    const first = parse(await handler(request('POST /api/admin/dead-letters/redrive', { id })));
    const again = parse(await handler(request('POST /api/admin/dead-letters/redrive', { id })));

    expect((stuck.json as unknown as DeadLettersResponse).items).toEqual([
      expect.objectContaining({
        id,
        kind: 'provisioning',
        reason: 'The domain asharao.com is already on this server.',
      }),
    ]);
    expect(first.statusCode).toBe(200);
    expect((await records.get(BUYER.userId, SERVICE_ID))?.state).toBe('pending');
    expect(world.events.published).toEqual([
      expect.objectContaining({ purchaseId: 'pur_pay_Vps000000001', serviceId: SERVICE_ID }),
    ]);
    expect(again.statusCode).toBe(404);
    expect(audit.entries.map((e) => e.action)).toEqual(['provisioning.retried']);
  });
});

describe("a service's life (D22)", () => {
  const OUT_OF_STEP_ID = 'svc_0a1b2c3d4e5f6a7b8c9d0e1f';
  const converge = (serviceId: string, body: unknown) => {
    const event = request('POST /api/admin/services/{serviceId}/converge', body);
    event.pathParameters = { serviceId };
    return handler(event);
  };
  const act = (serviceId: string, body: unknown) => {
    const event = request('POST /api/admin/services/{serviceId}/actions', body);
    event.pathParameters = { serviceId };
    return handler(event);
  };

  it('lists a service out of step for 15 minutes, and Converge now brings it in step, audited', async () => {
    await givenHosting(OUT_OF_STEP_ID, world.now().toISOString(), true);
    const early = parse(await handler(request('GET /api/admin/out-of-step')));
    world.setNow(new Date(world.now().getTime() + 15 * 60_000));

    const listed = parse(await handler(request('GET /api/admin/out-of-step')));
    const converged = parse(await converge(OUT_OF_STEP_ID, { userId: BUYER.userId }));
    const after = parse(await handler(request('GET /api/admin/out-of-step')));

    expect((early.json as unknown as OutOfStepResponse).services).toEqual([]);
    expect(listed.statusCode).toBe(200);
    expect((listed.json as unknown as OutOfStepResponse).services).toEqual([
      {
        serviceId: OUT_OF_STEP_ID,
        userId: BUYER.userId,
        planName: 'Basic Hosting',
        category: 'hosting',
        domain: HOSTING_DOMAIN,
        desired: 'setting_up',
        actual: 'absent',
        since: '2026-11-22T04:00:00.000Z',
        lastError:
          'The control panel did not answer. Please try again in a few minutes. (WHM call: HTTP 503)',
      },
    ]);
    expect(converged.statusCode).toBe(200);
    expect((converged.json as unknown as ConvergeServiceResponse).service).toEqual({
      serviceId: OUT_OF_STEP_ID,
      desired: 'active',
      actual: 'live',
    });
    expect(panel.accounts.has(whmUsernameFor(OUT_OF_STEP_ID, HOSTING_DOMAIN))).toBe(true);
    expect((after.json as unknown as OutOfStepResponse).services).toEqual([]);
    expect(audit.entries).toEqual([
      expect.objectContaining({ action: 'service.converged', operator: OPERATOR }),
    ]);
  });

  it('Converge now without a body finds the service on the queue; 404 when it is on none', async () => {
    await givenHosting(OUT_OF_STEP_ID, world.now().toISOString(), true);
    const event = request('POST /api/admin/services/{serviceId}/converge');
    event.pathParameters = { serviceId: OUT_OF_STEP_ID };
    delete event.body;

    const first = parse(await handler(event));
    const again = parse(await converge(OUT_OF_STEP_ID, {}));
    const bad = parse(await converge(OUT_OF_STEP_ID, { userId: BUYER.userId, force: true }));

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(404);
    expect(again.json).toMatchObject({ error: { code: 'service_not_found' } });
    expect(bad.statusCode).toBe(400);
  });

  it('lists a service due for removal and removes it with a note: the panel account is gone', async () => {
    await givenRemovableService();
    const username = whmUsernameFor(REMOVABLE_ID, HOSTING_DOMAIN);
    expect(panel.accounts.get(username)?.suspended).toBe(true);

    const listed = parse(await handler(request('GET /api/admin/removals')));
    const removed = parse(await handler(request('POST /api/admin/services/{serviceId}/actions')));
    const again = parse(await handler(request('POST /api/admin/services/{serviceId}/actions')));

    expect((listed.json as unknown as RemovalsResponse).services).toEqual([
      {
        serviceId: REMOVABLE_ID,
        userId: BUYER.userId,
        planName: 'Basic Hosting',
        category: 'hosting',
        domain: HOSTING_DOMAIN,
        endedAt: '2026-10-20T04:00:00.000Z',
        removableFrom: '2026-11-19T04:00:00.000Z',
      },
    ]);
    expect(removed.statusCode).toBe(200);
    expect((removed.json as unknown as ServiceActionResponse).service).toEqual({
      serviceId: REMOVABLE_ID,
      desired: 'removed',
      actual: 'removed',
    });
    expect(panel.accounts.has(username)).toBe(false);
    // Off the removal queue: the second click does not find it without the buyer's id.
    expect(again.statusCode).toBe(404);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'service.removed',
        note: 'Ended over 30 days ago; the buyer has taken a backup.',
      }),
    ]);
  });

  it('refuses removal without a note, of a live service, and any other action, writing nothing', async () => {
    await givenHosting(OUT_OF_STEP_ID, world.now().toISOString());
    await givenRemovableService();

    const noNote = parse(await act(REMOVABLE_ID, { action: 'remove', note: ' ' }));
    const live = parse(
      await act(OUT_OF_STEP_ID, { action: 'remove', note: 'Tidy up.', userId: BUYER.userId }),
    );
    const suspend = parse(await act(REMOVABLE_ID, { action: 'suspend', note: 'Abuse report.' }));
    const unknown = parse(await act(REMOVABLE_ID, { action: 'delete', note: 'x' }));

    expect(noNote.statusCode).toBe(400);
    expect(noNote.json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(live.statusCode).toBe(409);
    expect(live.json).toEqual({
      error: {
        code: 'service_not_removable',
        message:
          'This service has not ended, so it cannot be removed. Only a service that ended 30 days ago or more is removed.',
      },
    });
    expect(suspend.statusCode).toBe(400);
    expect(suspend.json).toEqual({
      error: {
        code: 'validation_failed',
        message:
          "Give the buyer's id (userId) with the action: open the service from the customer's page.",
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(audit.entries).toEqual([]);
  });

  it("counts the services out of step in Today's stuck items", async () => {
    await givenHosting(OUT_OF_STEP_ID, world.now().toISOString(), true);
    world.setNow(new Date(world.now().getTime() + 16 * 60_000));

    const { json } = parse(await handler(request('GET /api/admin/today')));

    expect(json).toMatchObject({ stuck: 1, outOfStep: 1 });
  });

  it('a cancelled VPS leaves the manual queue, and marking it ready is refused before any audit or mail', async () => {
    await givenWaitingService();
    const service = await world.services.getService(BUYER.userId, SERVICE_ID);
    if (!service) throw new Error('no service');
    await world.services.withdrawPeriods(
      { userId: BUYER.userId, serviceId: SERVICE_ID },
      {
        purchaseIds: Object.keys(service.periods),
        renewalDate: world.now().toISOString(),
        cancelledAt: world.now().toISOString(),
        at: world.now().toISOString(),
      },
      service.version,
    );

    const listed = parse(await handler(request('GET /api/admin/provisioning')));
    const marked = parse(
      await handler(
        request('POST /api/admin/services/{serviceId}/provisioning', {
          details: { 'IP address': '203.0.113.25' },
        }),
      ),
    );

    expect((listed.json as unknown as AdminProvisioningResponse).services).toEqual([]);
    expect(marked.statusCode).toBe(409);
    expect(marked.json).toEqual({
      error: {
        code: 'service_ended',
        message:
          'This service has ended (it was cancelled or refunded), so it is not to be set up.',
      },
    });
    expect(audit.entries).toEqual([]);
    expect(world.mailer.sent).toEqual([]);
    expect((await records.get(BUYER.userId, SERVICE_ID))?.state).toBe('manual');
  });
});

describe('reports', () => {
  /** Two purchases fulfilled on 22 November: each gets its tax invoice. */
  async function givenTwoInvoices() {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
    const totals: number[] = [];
    for (const n of [1, 2]) {
      const order = await world.givenOrder({ orderId: `order_Report000000${n}` });
      world.gateway.givenPayment({
        id: `pay_Report000000${n}`,
        orderId: order.orderId,
        amountPaise: order.amountPaise,
      });
      const result = await fulfilPayment(world, order, {
        paymentId: `pay_Report000000${n}`,
        orderId: order.orderId,
        amountPaise: order.amountPaise,
        currency: 'INR',
      });
      expect(result.outcome).toBe('fulfilled');
      totals.push(order.amountPaise);
    }
    return totals;
  }

  it("GSTR-1 for November lists the month's invoices, adding up to them to the paisa", async () => {
    const totals = await givenTwoInvoices();

    const { statusCode, json } = parse(
      await handler(request('GET /api/admin/reports/gstr1', undefined, { period: '2026-11' })),
    );
    const october = parse(
      await handler(request('GET /api/admin/reports/gstr1', undefined, { period: '2026-10' })),
    );

    expect(statusCode).toBe(200);
    const gstr1 = gstr1Schema.parse(json);
    expect(gstr1.gstin).toBe(world.seller().gstin);
    expect(gstr1.fp).toBe('112026');
    expect(gstr1.doc_issue.doc_det[0]?.docs[0]).toMatchObject({
      totnum: 2,
      net_issue: 2,
      cancel: 0,
    });
    // Both buyers have no GSTIN: Table 12's B2C tab alone.
    expect(gstr1.hsn.hsn_b2b).toBeUndefined();
    const hsn = gstr1.hsn.hsn_b2c![0]!;
    const paise = (rupees: number) => Math.round(rupees * 100);
    expect(paise(hsn.txval) + paise(hsn.iamt) + paise(hsn.camt) + paise(hsn.samt)).toBe(
      totals[0]! + totals[1]!,
    );
    expect(gstr1Schema.parse(october.json).doc_issue.doc_det).toEqual([]);
  });

  it('GSTR-1 as CSV is a zip of the sections; a period badly written is a 400 with a sentence', async () => {
    await givenTwoInvoices();

    const zip = await handler(
      request('GET /api/admin/reports/gstr1', undefined, { period: '2026-11', format: 'csv' }),
    );
    const bad = parse(
      await handler(request('GET /api/admin/reports/gstr1', undefined, { period: '11-2026' })),
    );

    expect(zip.headers?.['content-type']).toBe('application/zip');
    const files = unzipSync(Buffer.from(zip.body ?? '', 'base64'));
    expect(Object.keys(files).sort()).toEqual(
      [
        'b2b.csv',
        'b2cl.csv',
        'b2cs.csv',
        'cdnr.csv',
        'cdnur.csv',
        'docs.csv',
        'hsn(b2b).csv',
        'hsn(b2c).csv',
      ].sort(),
    );
    expect(strFromU8(files['docs.csv']!)).toContain('Invoices for outward supply');
    expect(bad.statusCode).toBe(400);
    expect(bad.json).toEqual({
      error: {
        code: 'validation_failed',
        message: 'period must be a month written YYYY-MM, such as 2026-11.',
      },
    });
  });

  it('the revenue report sums the day by category in paise, new apart from renewals; CSV too', async () => {
    const totals = await givenTwoInvoices();

    const { statusCode, json } = parse(
      await handler(
        request('GET /api/admin/reports/revenue', undefined, {
          from: '2026-11-01',
          to: '2026-11-30',
        }),
      ),
    );
    const csv = await handler(
      request('GET /api/admin/reports/revenue', undefined, {
        from: '2026-11-22',
        to: '2026-11-22',
        format: 'csv',
      }),
    );
    const backwards = parse(
      await handler(
        request('GET /api/admin/reports/revenue', undefined, {
          from: '2026-11-30',
          to: '2026-11-01',
        }),
      ),
    );

    expect(statusCode).toBe(200);
    const report = json as unknown as RevenueReport;
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({
      date: '2026-11-22',
      category: 'hosting',
      grossPaise: totals[0]! + totals[1]!,
      refundsPaise: 0,
      newCount: 2,
      renewalCount: 0,
    });
    const row = report.rows[0]!;
    expect(row.netPaise + row.cgstPaise + row.sgstPaise + row.igstPaise).toBe(row.grossPaise);
    expect(csv.headers?.['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.body).split('\r\n')[1]).toMatch(/^2026-11-22,hosting,/);
    expect(backwards.statusCode).toBe(400);
  });
});

describe('search and the customer page', () => {
  const search = async (q: string) =>
    parse(await handler(request('GET /api/admin/search', undefined, { q })))
      .json as unknown as AdminSearchResponse;

  it('finds the customer by an invoice number, payment id, order id, email, phone and domain', async () => {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
    const order = await world.givenOrder({ orderId: 'order_Search000001', domain: 'ashaverma.in' });
    world.gateway.givenPayment({
      id: 'pay_Search000001',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
    });
    await fulfilPayment(world, order, {
      paymentId: 'pay_Search000001',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });
    const purchase = (await world.purchases.listPurchases(BUYER.userId))[0]!;
    const invoice = purchase.invoiceNumber!;

    const byInvoice = await search(invoice.replaceAll('/', '-').toLowerCase());
    const byPayment = await search('pay_Search000001');
    const byOrder = await search('order_Search000001');
    const byEmail = await search('  Asha.Verma@Example.in ');
    const byPhone = await search('98765 43210');
    const byDomain = await search('AshaVerma.in');
    const byName = await search('Asha');

    const customer = [expect.objectContaining({ userId: BUYER.userId, email: BUYER.email })];
    expect(byInvoice).toMatchObject({ matchedAs: 'document', customers: customer });
    expect(byInvoice.documents).toEqual([
      expect.objectContaining({ number: invoice, kind: 'invoice', paymentId: 'pay_Search000001' }),
    ]);
    expect(byPayment).toMatchObject({ matchedAs: 'payment', customers: customer });
    expect(byPayment.payments[0]).toMatchObject({
      orderId: 'order_Search000001',
      userId: BUYER.userId,
    });
    expect(byOrder).toMatchObject({ matchedAs: 'order', customers: customer });
    expect(byEmail).toMatchObject({ matchedAs: 'email', customers: customer });
    expect(byPhone).toMatchObject({ matchedAs: 'phone', customers: customer });
    expect(byDomain).toMatchObject({ matchedAs: 'domain', customers: customer });
    expect(byDomain.services).toEqual([expect.objectContaining({ serviceId: purchase.serviceId })]);
    expect(byName).toMatchObject({ matchedAs: 'name', customers: customer });
    expect(await search('asha  VER')).toMatchObject({ matchedAs: 'name', customers: customer });
    expect(await search('Ravi')).toMatchObject({ matchedAs: 'name', customers: [] });
  });

  it('does not read again a customer the name, email or phone index found (its copy is whole)', async () => {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
    const reads = vi.spyOn(world.users, 'getUser');

    const answers = [await search('Asha'), await search(BUYER.email), await search('98765 43210')];

    for (const answer of answers) {
      expect(answer.customers).toEqual([
        expect.objectContaining({ userId: BUYER.userId, email: BUYER.email, name: BUYER.name }),
      ]);
    }
    expect(reads).not.toHaveBeenCalled();
  });

  it('answers nothing found as empty lists, and an empty box with a 400 sentence', async () => {
    const none = await search('INV/26-27/000999');
    const empty = parse(await handler(request('GET /api/admin/search', undefined, { q: '  ' })));

    expect(none).toMatchObject({ matchedAs: 'document', customers: [], documents: [] });
    expect(empty.statusCode).toBe(400);
  });

  it("opens a customer's page by id, and lists customers a page at a time", async () => {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
    for (const n of [1, 2, 3]) {
      await world.users.createUserIfMissing({
        userId: `user-${n}`,
        email: `buyer${n}@example.in`,
        name: `Buyer ${n}`,
        phone: `+91980000000${n}`,
        createdAt: world.now().toISOString(),
      });
    }

    const page = parse(await handler(request('GET /api/admin/customers/{userId}')));
    const missing = request('GET /api/admin/customers/{userId}');
    missing.pathParameters = { userId: 'nobody' };
    const list = parse(await handler(request('GET /api/admin/customer-list')));

    expect(page.statusCode).toBe(200);
    expect((page.json as unknown as AdminCustomerResponse).customer.user).toMatchObject({
      email: BUYER.email,
    });
    expect(parse(await handler(missing)).statusCode).toBe(404);
    expect((list.json as unknown as CustomerListResponse).customers).toHaveLength(4);
  });
});

describe("operators' notes on a customer", () => {
  it("keeps a note once per note id, with who and when, shown in the customer's audit", async () => {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });

    const [first, second] = await Promise.all([
      handler(request('POST /api/admin/customers/{userId}/notes')),
      handler(request('POST /api/admin/customers/{userId}/notes')),
    ]);
    const page = parse(await handler(request('GET /api/admin/customers/{userId}')));
    const empty = request('POST /api/admin/customers/{userId}/notes', {
      note: ' ',
      noteId: 'note-00000001',
    });

    expect([parse(first).statusCode, parse(second).statusCode]).toEqual([200, 200]);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'customer.noted',
        operator: OPERATOR,
        customerId: BUYER.userId,
        note: 'Prefers calls after 6 pm; runs a clinic in Jayanagar.',
      }),
    ]);
    expect((page.json as unknown as AdminCustomerResponse).customer.audit).toHaveLength(1);
    expect(parse(await handler(empty)).statusCode).toBe(400);
    expect(audit.entries).toHaveLength(1);
  });
});

describe('view as customer', () => {
  it("answers the customer's own dashboard, as the buyer's route builds it, and audits each view", async () => {
    await givenOrderInReview();
    await resolve('fulfil', 'Accepted the extra ₹100.');
    const asBuyerSees = await buildDashboard({ ...world, refunds }, BUYER);

    const viewed = parse(await handler(request('GET /api/admin/customers/{userId}/dashboard')));
    const unknown = parse(
      await handler({
        ...request('GET /api/admin/customers/{userId}/dashboard'),
        pathParameters: { userId: 'no-such-user' },
      }),
    );

    expect(viewed.statusCode).toBe(200);
    expect(viewed.json).toEqual(JSON.parse(JSON.stringify(asBuyerSees)));
    expect((viewed.json as unknown as DashboardResponse).services).toHaveLength(1);
    expect(audit.entries.filter((e) => e.action === 'customer.viewed')).toEqual([
      expect.objectContaining({
        operator: OPERATOR,
        target: { kind: 'customer', id: BUYER.userId },
        customerId: BUYER.userId,
      }),
    ]);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('resend a mail', () => {
  const note = 'Buyer says the receipt never arrived; checked the address with her.';

  /** The buyer's welcome mail as the mailer logged it, and an auto-renew notice (not resendable). */
  async function givenLoggedMails() {
    await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
    await mailer.send({
      to: BUYER.email,
      subject: 'Your Basic Hosting is paid — we are setting it up',
      html: '<p>Receipt</p>',
      text: 'Receipt',
      about: { userId: BUYER.userId, kind: 'welcome', ref: 'pur_pay_Nx7gT4uVw8bYd1' },
    });
    await mailer.send({
      to: BUYER.email,
      subject: 'Auto-renew will debit ₹3,000.00',
      html: '<a href="https://shop.example.in/auto-renew/off?sig=secret">Turn off</a>',
      text: 'Turn off: https://shop.example.in/auto-renew/off?sig=secret',
      about: { userId: BUYER.userId, kind: 'pre-debit-notice', ref: 'svc_1' },
    });
    return { welcome: mailLog.mails[0]!.mailId, notice: mailLog.mails[1]!.mailId };
  }

  const resend = (mailId: string, resendId: string, body: Record<string, unknown> = { note }) =>
    handler(
      request('POST /api/admin/customers/{userId}/mails/resend', { mailId, resendId, ...body }),
    );

  it('sends the logged mail again once under a double click, to the account, audited with the note and logged', async () => {
    const { welcome } = await givenLoggedMails();
    const before = world.mailer.sent.length;

    const answers = await Promise.all([
      resend(welcome, 'resend-00000001'),
      resend(welcome, 'resend-00000001'),
    ]);

    expect(answers.map((a) => parse(a).json)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resent: true }),
        expect.objectContaining({ resent: false }),
      ]),
    );
    const resent = world.mailer.sent.slice(before);
    expect(resent).toHaveLength(1);
    expect(resent[0]).toMatchObject({
      to: BUYER.email,
      subject: 'Your Basic Hosting is paid — we are setting it up',
      html: '<p>Receipt</p>',
      text: 'Receipt',
    });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'mail.resent',
        target: { kind: 'mail', id: welcome },
        customerId: BUYER.userId,
        note,
      }),
    ]);
    const listed = parse(await handler(request('GET /api/admin/customers/{userId}')));
    const { customer } = listed.json as unknown as AdminCustomerResponse;
    expect(customer.mails).toHaveLength(3);
    expect(customer.mails[0]).toMatchObject({ kind: 'welcome', resendOf: welcome, status: 'sent' });
    expect(JSON.stringify(customer.mails)).not.toContain('Receipt');
  });

  it('refuses a kind never sent again with 409 and why, an unknown mail with 404, and a resend without a note with 400; none sends', async () => {
    const { notice } = await givenLoggedMails();
    const before = world.mailer.sent.length;

    const refused = parse(await resend(notice, 'resend-00000002'));
    const unknown = parse(await resend('2026-11-22T04:00:00.000Z#nothing', 'resend-00000003'));
    const noNote = parse(await resend(notice, 'resend-00000004', {}));

    expect(refused.statusCode).toBe(409);
    expect(refused.json).toMatchObject({
      error: { code: 'mail_not_resendable', message: expect.stringContaining('one-click link') },
    });
    expect(unknown.statusCode).toBe(404);
    expect(noNote.statusCode).toBe(400);
    expect(world.mailer.sent.length).toBe(before);
    expect(audit.entries).toEqual([]);
    // The notice's signed link never reached the log.
    expect(JSON.stringify(mailLog.mails)).not.toContain('sig=secret');
  });
});
