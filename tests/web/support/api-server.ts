import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { appRoutes } from '../../../web/src/app/routes';

/** What the local stack serves at /config.json (docs/api.md). */
export const testConfig = {
  region: 'ap-south-1',
  userPoolId: 'ap-south-1_Test',
  userPoolClientId: 'test-client',
  apiBase: '/api',
  razorpay: { keyId: 'rzp_test_local', checkoutScript: 'http://127.0.0.1:8100/v1/checkout.js' },
};

export const API = 'http://localhost:3000/api';

export const baseHandlers = [
  http.get('*/config.json', () => HttpResponse.json(testConfig)),
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
  const server = setupServer(...baseHandlers);
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    // Amplify's first import is slow under jsdom; pay for it once, before the tests' timings.
    // Loading every page's module here too keeps module loading out of the first test's timings.
    await Promise.all([
      import('aws-amplify'),
      import('aws-amplify/api'),
      import('aws-amplify/auth/cognito'),
      ...appRoutes.map((route) => route.load()),
    ]);
  }, 60_000);
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
