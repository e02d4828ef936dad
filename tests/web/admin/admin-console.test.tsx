/**
 * The operator's console (/admin) with Testing Library: who sees it, and each screen against the
 * API's answers served by MSW (docs/api.md, "The operator's console").
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminCustomersResponse,
  AdminOrder,
  AdminService,
  AuditEntry,
  DeadLettersResponse,
  TodaySummary,
} from '@domain/admin';
import { formatInr } from '@domain/money';
import { OPERATORS_GROUP as FACT } from '../../../lambdas/system/facts';
import { OPERATORS_GROUP, OPERATORS_ONLY_MESSAGE } from '../../../web/src/app/require-operator';
import { ADMIN_PATHS } from '../../../web/src/app/routes';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser, TEST_ID_TOKEN } from '../support/amplify-auth-mock';
import { currentLocation, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const OPERATOR = {
  sub: 'op-1',
  email: 'priya.nair@storefront.example.in',
  'cognito:groups': ['operators'],
};
const BUYER = { sub: 'u1', email: 'asha.verma@example.in' };

const audit: AuditEntry = {
  entryId: 'resolve#1',
  at: '2026-11-22T04:30:00.000Z',
  operator: { userId: 'op-1', email: OPERATOR.email },
  action: 'order.refunded',
  target: { kind: 'order', id: 'order_Nx7fQm2kLp9aZc' },
  customerId: 'u1',
  before: { status: 'review' },
  after: { status: 'refunded' },
  note: 'Wrong amount; buyer will pay again.',
};

const reviewOrder: AdminOrder = {
  orderId: 'order_Nx7fQm2kLp9aZc',
  userId: 'u1',
  email: BUYER.email,
  planId: 'basichosting',
  planName: 'Basic Hosting',
  amountPaise: 2_827_560,
  status: 'review',
  createdAt: '2026-11-22T03:00:00.000Z',
  updatedAt: '2026-11-22T03:01:00.000Z',
  reviewReason: 'paid 2837560 INR, order is 2827560 INR',
  review: {
    paymentId: 'pay_Nx7gT4uVw8bYd1',
    expectedPaise: 2_827_560,
    paidPaise: 2_837_560,
    currency: 'INR',
    gatewayStatus: 'captured',
  },
  payments: [
    {
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      status: 'review',
      at: '2026-11-22T03:01:00.000Z',
      amountPaise: 2_837_560,
      currency: 'INR',
      gatewayStatus: 'captured',
    },
  ],
  audit: [],
};

let requests: { method: string; url: string; body: unknown; authorization: string | null }[];

function record(request: Request, body: unknown = undefined) {
  requests.push({
    method: request.method,
    url: request.url,
    body,
    authorization: request.headers.get('authorization'),
  });
}

beforeEach(() => {
  resetAuthMock();
  requests = [];
  server.use(
    http.get(`${API}/admin/orders`, ({ request }) => {
      record(request);
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json({ orders: status === 'review' ? [reviewOrder] : [] });
    }),
  );
});

describe('who sees /admin', () => {
  it('uses the same group name as the API checks', () => {
    expect(OPERATORS_GROUP).toBe(FACT);
  });

  it('serves every console page an alarm names (tests/unit/infra/admin-alarms.test.ts)', () => {
    expect(ADMIN_PATHS).toEqual(
      expect.arrayContaining([
        '/admin/stuck',
        '/admin/orders',
        '/admin/today',
        '/admin/provisioning',
      ]),
    );
  });

  it("tells a signed-in buyer it is for the store's operators only, and asks the API nothing", async () => {
    setSignedInUser(BUYER);

    renderApp('/admin/orders');

    expect(
      await screen.findByRole('heading', { name: OPERATORS_ONLY_MESSAGE }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Operator console' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('sends a visitor who is not signed in to log in first, and back afterwards', async () => {
    // Awaited: the first render suspends on the route's code, and React resolves it in the act.
    await act(async () => {
      renderApp('/admin/stuck');
    });

    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fadmin%2Fstuck'));
    expect(requests).toEqual([]);
  });

  it('opens the console on the review queue for an operator', async () => {
    setSignedInUser(OPERATOR);

    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Operator console' })).toBeInTheDocument();
    expect(
      await screen.findByRole('article', { name: `Order ${reviewOrder.orderId}` }),
    ).toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: `${API}/admin/orders?status=review`,
      authorization: `Bearer ${TEST_ID_TOKEN}`,
    });
  });
});

describe('Orders', () => {
  it('shows why an order waits: what it asks, what was paid, and the payment id', async () => {
    setSignedInUser(OPERATOR);
    renderApp('/admin/orders');

    const card = await screen.findByRole('article', { name: `Order ${reviewOrder.orderId}` });

    expect(within(card).getByText(formatInr(2_827_560))).toBeInTheDocument();
    expect(within(card).getByText(`${formatInr(2_837_560)} (captured)`)).toBeInTheDocument();
    expect(within(card).getByText('pay_Nx7gT4uVw8bYd1')).toBeInTheDocument();
    expect(within(card).getByText(BUYER.email)).toBeInTheDocument();
  });

  it('refuses to resolve without a note, and sends nothing', async () => {
    const user = userEvent.setup();
    setSignedInUser(OPERATOR);
    renderApp('/admin/orders');
    const card = await screen.findByRole('article', { name: `Order ${reviewOrder.orderId}` });

    await user.click(within(card).getByRole('button', { name: 'Resolve order' }));

    expect(within(card).getByRole('alert')).toHaveTextContent(/Write a note/);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('resolves by refunding with the note, and says how it ended', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/admin/orders/:orderId/resolve`, async ({ request }) => {
        record(request, await request.json());
        return HttpResponse.json({
          order: { ...reviewOrder, status: 'refunded', review: undefined, audit: [audit] },
        });
      }),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/orders');
    const card = await screen.findByRole('article', { name: `Order ${reviewOrder.orderId}` });

    await user.click(within(card).getByRole('radio', { name: /Refund/ }));
    await user.type(within(card).getByLabelText('Note (required)'), audit.note);
    await user.click(within(card).getByRole('button', { name: 'Resolve order' }));

    expect(
      await screen.findByText(`Order ${reviewOrder.orderId} is refunded now.`),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: `${API}/admin/orders/${reviewOrder.orderId}/resolve`,
      body: { action: 'refund', note: audit.note },
      authorization: `Bearer ${TEST_ID_TOKEN}`,
    });
    expect(
      screen.queryByRole('article', { name: `Order ${reviewOrder.orderId}` }),
    ).not.toBeInTheDocument();
  });

  it("shows the API's sentence when the order was resolved meanwhile", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/admin/orders/:orderId/resolve`, () =>
        apiError(
          409,
          'order_not_in_review',
          'This order is not waiting for review (it is paid); there is nothing to resolve.',
        ),
      ),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/orders');
    const card = await screen.findByRole('article', { name: `Order ${reviewOrder.orderId}` });

    await user.type(within(card).getByLabelText('Note (required)'), 'Accept it.');
    await user.click(within(card).getByRole('button', { name: 'Resolve order' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('it is paid');
  });

  it('filters by state, and shows the audit trail of each order', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/admin/orders`, ({ request }) => {
        record(request);
        const status = new URL(request.url).searchParams.get('status');
        return HttpResponse.json({
          orders:
            status === 'refunded'
              ? [{ ...reviewOrder, status: 'refunded', review: undefined, audit: [audit] }]
              : [],
        });
      }),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/orders');
    await screen.findByText('No orders are in review right now.');

    await user.selectOptions(screen.getByLabelText('Show orders that are'), 'refunded');

    const card = await screen.findByRole('article', { name: `Order ${reviewOrder.orderId}` });
    expect(within(card).getByText('Refunded the payment')).toBeInTheDocument();
    expect(within(card).getByText(`“${audit.note}”`)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Resolve order' })).not.toBeInTheDocument();
  });
});

describe('Stuck', () => {
  const stuck: DeadLettersResponse = {
    items: [
      {
        id: 'welcome-mail:pur_pay_Nx7gT4uVw8bYd1',
        kind: 'welcome-mail',
        summary: 'Welcome mail for Basic Hosting (order order_Nx7fQm2kLp9aZc)',
        customer: { userId: 'u1', email: BUYER.email },
        failedAt: '2026-11-22T04:00:00.000Z',
        reason: 'MessageRejected: Email address is not verified.',
        redrivable: true,
      },
      {
        id: 'refund:u2/pay_Refused0000001',
        kind: 'refund',
        summary: 'Refund of ₹35,385.84 on payment pay_Refused0000001 (Premium Hosting)',
        customer: { userId: 'u2', email: 'ravi.k@example.in' },
        failedAt: '2026-11-22T03:00:00.000Z',
        reason: "Razorpay holds the payment as refunded. Settle it in Razorpay's dashboard.",
        redrivable: false,
      },
    ],
  };

  it('lists what failed and when, and redrives it', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/admin/dead-letters`, () => HttpResponse.json(stuck)),
      // The screen's other sections (tests/web/admin/service-life.test.tsx).
      http.get(`${API}/admin/out-of-step`, () => HttpResponse.json({ services: [] })),
      http.get(`${API}/admin/removals`, () => HttpResponse.json({ services: [] })),
      http.post(`${API}/admin/dead-letters/redrive`, async ({ request }) => {
        record(request, await request.json());
        return HttpResponse.json({ redriven: stuck.items[0], audit });
      }),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/stuck');

    const item = await screen.findByRole('article', { name: stuck.items[0]!.summary });
    expect(within(item).getByText(/Email address is not verified/)).toBeInTheDocument();
    expect(within(item).getByText('Welcome mail')).toBeInTheDocument();
    expect(within(item).getByText(/22 Nov 2026.*09:30.*IST/i)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: /Redrive/ }));

    expect(await screen.findByText(`Sent again: ${stuck.items[0]!.summary}.`)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ id: stuck.items[0]!.id });
    expect(
      screen.queryByRole('article', { name: stuck.items[0]!.summary }),
    ).not.toBeInTheDocument();
    // A refund Razorpay refuses is settled in its dashboard: listed, with no Redrive.
    const refund = screen.getByRole('article', { name: stuck.items[1]!.summary });
    expect(within(refund).getByText(/Settle it in Razorpay's dashboard/)).toBeInTheDocument();
    expect(within(refund).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Customers', () => {
  const found: AdminCustomersResponse = {
    customers: [
      {
        user: {
          id: 'u1',
          email: BUYER.email,
          name: 'Asha Verma',
          phone: '+919876543210',
          currentPlan: 'basichosting',
          expiry: '2027-11-22T04:00:00.000Z',
        },
        services: [
          {
            id: 'svc_1',
            planId: 'basichosting',
            name: 'Basic Hosting',
            category: 'hosting',
            months: 12,
            purchaseDate: '2026-11-22T04:00:00.000Z',
            renewalDate: '2027-11-22T04:00:00.000Z',
            status: 'active',
            state: 'active',
            pricePaidPaise: 2_827_560,
            renewable: true,
            daysLeft: 365,
            provisioning: { state: 'ready', username: 'ash1x2y3z4w', server: 'server1.example.in' },
          },
        ],
        payments: [
          {
            id: 'pur_pay_Nx7gT4uVw8bYd1',
            date: '2026-11-22T04:00:00.000Z',
            amountPaise: 2_827_560,
            status: 'paid',
            planName: 'Basic Hosting',
            paymentId: 'pay_Nx7gT4uVw8bYd1',
            orderId: 'order_Nx7fQm2kLp9aZc',
          },
        ],
        mails: [
          {
            mailId: '2026-11-22T04:00:06.000Z#b2',
            userId: 'u1',
            kind: 'pre-debit-notice',
            subject: 'Auto-renew will debit ₹3,000.00 on 25 Nov',
            to: BUYER.email,
            at: '2026-11-22T04:00:06.000Z',
            status: 'failed',
            error: 'Throttling: Maximum sending rate exceeded.',
          },
          {
            mailId: '2026-11-22T04:00:05.000Z#a1',
            userId: 'u1',
            kind: 'welcome',
            subject: 'Your Basic Hosting is paid — we are setting it up',
            to: BUYER.email,
            at: '2026-11-22T04:00:05.000Z',
            status: 'sent',
            ref: 'pur_pay_Nx7gT4uVw8bYd1',
          },
        ],
        audit: [{ ...audit, action: 'order.fulfilled', note: 'Accepted the extra ₹100.' }],
      },
    ],
  };

  it('finds a customer by email and opens their page: services, payments, mails sent and what operators did', async () => {
    const user = userEvent.setup();
    const ref = {
      userId: found.customers[0]!.user.id,
      email: BUYER.email,
      name: 'Asha Verma',
      phone: '+919876543210',
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    server.use(
      http.get(`${API}/admin/customer-list`, () => HttpResponse.json({ customers: [] })),
      http.get(`${API}/admin/search`, ({ request }) => {
        record(request);
        return HttpResponse.json({
          query: BUYER.email,
          matchedAs: 'email',
          customers: [ref],
          services: [],
          orders: [],
          payments: [],
          documents: [],
          tickets: [],
        });
      }),
      http.get(`${API}/admin/customers/:userId`, () =>
        HttpResponse.json({ customer: found.customers[0] }),
      ),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/customers');

    await user.type(await screen.findByLabelText('Find anything'), BUYER.email);
    await user.click(screen.getByRole('button', { name: 'Find' }));

    const card = await screen.findByRole('article', { name: BUYER.email });
    expect(within(card).getByText('Basic Hosting')).toBeInTheDocument();
    expect(within(card).getByText(/Active · Renews/)).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Action' })).toBeInTheDocument();
    expect(
      within(card).getByText(new RegExp(formatInr(2_827_560).replace(/[.$]/g, '\\$&'))),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(/Your Basic Hosting is paid — we are setting it up/),
    ).toBeInTheDocument();
    expect(within(card).getByText('“Accepted the extra ₹100.”')).toBeInTheDocument();
    expect(requests[requests.length - 1]?.url).toBe(
      `${API}/admin/search?q=${encodeURIComponent(BUYER.email)}`,
    );
  });

  it('lists every mail sent with its kind, subject and outcome; resends a receipt with a note, and says why a notice cannot be', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/admin/customer-list`, () => HttpResponse.json({ customers: [] })),
      http.get(`${API}/admin/search`, () =>
        HttpResponse.json({
          query: BUYER.email,
          matchedAs: 'email',
          customers: [{ userId: 'u1', email: BUYER.email, name: 'Asha Verma', createdAt: '' }],
          services: [],
          orders: [],
          payments: [],
          documents: [],
          tickets: [],
        }),
      ),
      http.get(`${API}/admin/customers/:userId`, () =>
        HttpResponse.json({ customer: found.customers[0] }),
      ),
      http.post(`${API}/admin/customers/:userId/mails/resend`, async ({ request }) => {
        record(request, await request.json());
        return HttpResponse.json({ resent: true, at: '2026-11-22T05:00:00.000Z' });
      }),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/customers');
    await user.type(await screen.findByLabelText('Find anything'), BUYER.email);
    await user.click(screen.getByRole('button', { name: 'Find' }));

    const card = await screen.findByRole('article', { name: BUYER.email });
    const [notice, receipt] = within(card)
      .getAllByRole('listitem')
      .filter((item) => /SES|Failed/.test(item.textContent ?? ''));
    expect(notice).toHaveTextContent(/Auto-renew: debit notice/);
    expect(notice).toHaveTextContent(/Failed: Throttling/);
    expect(notice).toHaveTextContent(/Not resendable: It carries a signed one-click link/);
    expect(within(notice!).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(receipt).toHaveTextContent(
      /Payment receipt and welcome · “Your Basic Hosting is paid — we are setting it up”/,
    );
    expect(receipt).toHaveTextContent(/Sent \(accepted by SES\)/);

    await user.click(within(receipt!).getByRole('button', { name: 'Resend' }));
    await user.click(within(receipt!).getByRole('button', { name: 'Send it again' }));
    // A resend says why: without a note nothing is asked of the server.
    expect(
      within(receipt!).getByLabelText('Why (kept in the audit trail; required)'),
    ).toBeInvalid();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(
      within(receipt!).getByLabelText('Why (kept in the audit trail; required)'),
      'Buyer never got it.',
    );
    await user.click(within(receipt!).getByRole('button', { name: 'Send it again' }));

    expect(await within(receipt!).findByText(/Sent again to the buyer/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      mailId: '2026-11-22T04:00:05.000Z#a1',
      resendId: expect.stringMatching(/^resend-/),
      note: 'Buyer never got it.',
    });
  });

  it("views the customer's dashboard as they see it, read-only: their cards and payments in an inert region that reads none of the buyer's routes", async () => {
    const user = userEvent.setup();
    const asha = found.customers[0]!;
    const domainService = {
      ...asha.services[0]!,
      id: 'svc_2',
      planId: 'basicdomain',
      name: 'Basic Domain',
      category: 'domain' as const,
      domain: 'ashaverma.in',
      provisioning: { state: 'ready' as const },
    };
    const dashboard = {
      user: asha.user,
      services: [...asha.services, domainService],
      payments: asha.payments,
    };
    server.use(
      http.get(`${API}/admin/customer-list`, () => HttpResponse.json({ customers: [] })),
      http.get(`${API}/admin/search`, () =>
        HttpResponse.json({
          query: BUYER.email,
          matchedAs: 'email',
          customers: [{ userId: 'u1', email: BUYER.email, name: 'Asha Verma', createdAt: '' }],
          services: [],
          orders: [],
          payments: [],
          documents: [],
          tickets: [],
        }),
      ),
      http.get(`${API}/admin/customers/:userId`, () => HttpResponse.json({ customer: asha })),
      http.get(`${API}/admin/customers/:userId/dashboard`, ({ request }) => {
        record(request);
        return HttpResponse.json(dashboard);
      }),
      // The buyer's own routes answer the signed-in buyer only: the view must ask none of them.
      http.all(`${API}/me/*`, ({ request }) => {
        record(request);
        return HttpResponse.json({ error: { code: 'forbidden', message: 'no' } }, { status: 403 });
      }),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/customers');
    await user.type(await screen.findByLabelText('Find anything'), BUYER.email);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const card = await screen.findByRole('article', { name: BUYER.email });

    await user.click(within(card).getByRole('button', { name: 'View as customer' }));

    const region = await within(card).findByRole('region', { name: 'What the customer sees' });
    expect(region).toHaveTextContent(/read-only: nothing here can be pressed/);
    const view = within(region).getByTestId('customer-view');
    // The buyer's own components: the cards by category, the payments table.
    expect(within(view).getByRole('heading', { name: 'Your Hosting' })).toBeInTheDocument();
    expect(within(view).getByRole('heading', { name: 'Payment History' })).toBeInTheDocument();
    expect(within(view).getAllByText('Basic Hosting').length).toBeGreaterThan(0);
    expect(within(view).getByText('Basic Domain')).toBeInTheDocument();
    expect(
      within(view).getByText(/registry's settings .* buyer's own dashboard only/),
    ).toBeInTheDocument();
    // Read-only: the whole view is inert (no press, no focus), its buttons and links with it.
    expect(view).toHaveAttribute('inert');
    const controls = [...region.querySelectorAll('button, a, input, select, textarea')];
    expect(controls.filter((control) => !view.contains(control))).toEqual([
      within(region).getByRole('button', { name: "Close the customer's view" }),
    ]);
    expect(requests.filter((r) => r.url.includes('/me/'))).toEqual([]);
    expect(requests.filter((r) => r.url.endsWith('/admin/customers/u1/dashboard'))).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/admin/customer-list`, () => HttpResponse.json({ customers: [] })),
      http.get(`${API}/admin/search`, () =>
        HttpResponse.json({
          query: 'nobody@example.in',
          matchedAs: 'email',
          customers: [],
          services: [],
          orders: [],
          payments: [],
          documents: [],
          tickets: [],
        }),
      ),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/customers');

    await user.type(await screen.findByLabelText('Find anything'), 'nobody@example.in');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    expect(await screen.findByText('Nothing matches nobody@example.in.')).toBeInTheDocument();
  });
});

describe('Today', () => {
  it("shows India's day in ₹, formatted as everywhere in the store", async () => {
    const today: TodaySummary = {
      day: '2026-11-22',
      from: '2026-11-21T18:30:00.000Z',
      to: '2026-11-22T18:30:00.000Z',
      payments: { count: 3, totalPaise: 12_345_678 },
      refunds: { count: 3, totalPaise: 2_837_560, byOrigin: { buyer: 2, razorpay: 1 } },
      newServices: { count: 2, byCategory: { hosting: 1, vps: 1 } },
      sales: { new: 2, renewal: 1, planChange: 0 },
      inReview: 1,
      stuck: 2,
      outOfStep: 1,
    };
    server.use(http.get(`${API}/admin/today`, () => HttpResponse.json(today)));
    setSignedInUser(OPERATOR);
    renderApp('/admin/today');

    expect(await screen.findByText('₹1,23,456.78')).toBeInTheDocument();
    expect(screen.getByText(formatInr(2_837_560))).toBeInTheDocument();
    expect(
      screen.getByText("3: 2 cancelled by buyers, 1 in Razorpay's dashboard"),
    ).toBeInTheDocument();
    expect(screen.getByText(/1 hosting, 1 vps/)).toBeInTheDocument();
    expect(screen.getByText(/Also paid today: 1 renewal, 0 plan changes/)).toBeInTheDocument();
    expect(screen.getByText("India's day 2026-11-22 so far")).toBeInTheDocument();
    expect(screen.getByText(/1 out of step/)).toBeInTheDocument();
  });
});

describe('Provisioning', () => {
  const vps: AdminService = {
    serviceId: 'svc_3f9a1c2b7d4e5f6a7b8c9d0e',
    userId: 'u1',
    email: BUYER.email,
    name: 'Asha Verma',
    planId: 'basicvps',
    planName: 'Basic VPS',
    category: 'vps',
    state: 'manual',
    since: '2026-11-22T04:00:00.000Z',
    audit: [],
  };

  it('enters access details, marks the service ready, and says the buyer was mailed', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/admin/provisioning`, () => HttpResponse.json({ services: [vps] })),
      http.post(`${API}/admin/services/:serviceId/provisioning`, async ({ request }) => {
        record(request, await request.json());
        return HttpResponse.json({ service: { ...vps, state: 'ready' } });
      }),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/provisioning');
    const card = await screen.findByRole('article', { name: 'Basic VPS' });

    await user.click(within(card).getByRole('button', { name: /Mark ready/ }));
    expect(within(card).getByRole('alert')).toHaveTextContent(/at least one access detail/);
    await user.type(within(card).getByLabelText('Label 1'), 'IP address');
    await user.type(within(card).getByLabelText('Value 1'), '203.0.113.25');
    await user.type(within(card).getByLabelText('Note (optional)'), 'Built on node 2.');
    await user.click(within(card).getByRole('button', { name: /Mark ready/ }));

    expect(
      await screen.findByText(`Basic VPS is ready; ${BUYER.email} has been mailed the details.`),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `${API}/admin/services/${vps.serviceId}/provisioning`,
        body: { details: { 'IP address': '203.0.113.25' }, note: 'Built on node 2.' },
        authorization: `Bearer ${TEST_ID_TOKEN}`,
      },
    ]);
  });

  it("shows the API's refusal of a detail that looks like a password", async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/admin/provisioning`, () => HttpResponse.json({ services: [vps] })),
      http.post(`${API}/admin/services/:serviceId/provisioning`, () =>
        apiError(
          400,
          'validation_failed',
          'Access detail "Root password" looks like a secret; no mail carries one.',
        ),
      ),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/provisioning');
    const card = await screen.findByRole('article', { name: 'Basic VPS' });

    await user.type(within(card).getByLabelText('Label 1'), 'Root password');
    await user.type(within(card).getByLabelText('Value 1'), 'hunter2');
    await user.click(within(card).getByRole('button', { name: /Mark ready/ }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('looks like a secret');
  });

  it('retries a service the panel refused', async () => {
    const user = userEvent.setup();
    const failed = {
      ...vps,
      planName: 'Basic Hosting',
      category: 'hosting' as const,
      state: 'failed' as const,
      failureReason: 'The domain is already on this server.',
    };
    server.use(
      http.get(`${API}/admin/provisioning`, ({ request }) =>
        HttpResponse.json({
          services: new URL(request.url).searchParams.get('state') === 'failed' ? [failed] : [],
        }),
      ),
      http.post(`${API}/admin/dead-letters/redrive`, async ({ request }) => {
        record(request, await request.json());
        return HttpResponse.json({ redriven: {}, audit });
      }),
    );
    setSignedInUser(OPERATOR);
    renderApp('/admin/provisioning');
    await screen.findByText('Nothing waits here right now.');

    await user.selectOptions(screen.getByLabelText('Show services that are'), 'failed');
    const card = await screen.findByRole('article', { name: 'Basic Hosting' });
    expect(within(card).getByText(/already on this server/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Retry on the panel' }));

    expect(
      await screen.findByText('Basic Hosting: the panel is being tried again.'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      id: `provisioning:${vps.serviceId}`,
    });
  });
});
