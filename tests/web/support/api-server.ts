import { http, HttpResponse } from 'msw';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { searchRows } from '@domain/domain-names';
import { appRoutes } from '../../../web/src/app/routes';
import { configHandler, mockServer } from './msw';

export { testConfig } from './msw';

export const API = 'http://localhost:3000/api';

export const baseHandlers = [
  configHandler,
  // The customer page's tickets (D27): none unless a spec says otherwise.
  http.get(`${API}/admin/tickets`, () => HttpResponse.json({ tickets: [] })),
  // The dashboard's domain card (D23): a registered name with no records yet.
  http.get(`${API}/me/domains/:domain`, ({ params }) =>
    HttpResponse.json({
      name: params.domain,
      serviceId: 'svc_domain',
      expiresAt: '2027-11-27T00:00:00Z',
      nameservers: ['ns1.stand-in.test', 'ns2.stand-in.test'],
      locked: true,
      privacy: false,
      privacyAvailable: false,
    }),
  ),
  http.get(`${API}/me/domains/:domain/dns-records`, () => HttpResponse.json({ records: [] })),
  // /domains' search (D23): every extension free, at the catalog's price.
  http.get(`${API}/domains/availability`, ({ request }) => {
    const name = new URL(request.url).searchParams.get('name') ?? '';
    return HttpResponse.json({
      results: searchRows(name).map((row) => ({ ...row, available: true })),
    });
  }),
  http.get(`${API}/plans/:planId`, ({ params }) => {
    const plan = CATALOG.find((p) => p.id === params.planId);
    return plan
      ? HttpResponse.json(plan)
      : HttpResponse.json(
          {
            error: {
              code: 'plan_not_found',
              message: 'We could not find that plan. Please choose a plan from our pricing pages.',
            },
          },
          { status: 404 },
        );
  }),
];

export function apiError(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}

// Lazy pages and Amplify's modules load on first use; give findBy* room for that in this file.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
// jsdom has no scrolling; the layout scrolls to the top on navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

/** One MSW server per test file, answering /config.json and GET /api/plans/{id} by default. */
export function startMockApi() {
  // Loading every page's module here too keeps module loading out of the first test's timings.
  return mockServer(
    baseHandlers,
    () =>
      Promise.all([
        import('aws-amplify'),
        import('aws-amplify/api'),
        import('aws-amplify/auth/cognito'),
        ...appRoutes.map((route) => route.load()),
      ]),
    60_000,
  );
}

/**
 * POST /api/checkout/orders' 201 answer for a quote, as the checkout route gives it (the order id
 * Razorpay's Checkout is opened with, the key id and the buyer's prefill).
 */
export function orderCreated(
  quote: { totalPaise: number },
  prefill = { name: 'Asha', email: 'asha@example.in', contact: '' },
) {
  return HttpResponse.json(
    {
      orderId: 'order_123',
      keyId: 'rzp_test_local',
      amountPaise: quote.totalPaise,
      currency: 'INR',
      quote,
      prefill,
    },
    { status: 201 },
  );
}

/** GET /api/me/profile for a buyer who has saved no billing details (D15). */
export const profileWithoutBilling = http.get(`${API}/me/profile`, () =>
  HttpResponse.json({ email: 'asha@example.in', name: 'Asha', phone: '', billing: null }),
);

/** GET /api/me/profile for a buyer whose phone and billing address a registry can use (D23). */
export const REGISTRANT_PROFILE = {
  email: 'asha@example.in',
  name: 'Asha',
  phone: '+919876543210',
  billing: {
    name: 'Asha Verma',
    line1: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  },
};
export const profileOfRegistrant = http.get(`${API}/me/profile`, () =>
  HttpResponse.json(REGISTRANT_PROFILE),
);
