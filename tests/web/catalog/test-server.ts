import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CATALOG } from '@domain/catalog';
import type { Plan } from '@domain/api';

/** What the local stack serves at /config.json (docs/api.md), enough for Amplify's REST client. */
export const testConfig = {
  region: 'ap-south-1',
  userPoolId: 'ap-south-1_Test',
  userPoolClientId: 'test-client',
  apiBase: '/api',
  razorpay: { keyId: 'rzp_test_local', checkoutScript: 'http://127.0.0.1:8100/v1/checkout.js' },
};

export const configHandler = http.get('*/config.json', () => HttpResponse.json(testConfig));

export const plansHandler = (plans: readonly Plan[] = CATALOG) =>
  http.get('*/api/plans', () => HttpResponse.json({ plans }));

/** An MSW server for one test file: /config.json and GET /api/plans with the seed catalog. */
export function startApiServer() {
  const server = setupServer(configHandler, plansHandler());
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    // Amplify's first import takes seconds under jsdom: load it up front, so that the tests'
    // 1-second waits measure the page, not module loading.
    await Promise.all([import('aws-amplify'), import('aws-amplify/api')]);
  }, 30_000);
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
