/**
 * The one MSW setup the web specs share: what /config.json answers, and a server that listens
 * around one test file's tests after loading the slow modules it names. No side effects on import.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** What the local stack serves at /config.json (docs/api.md), enough for Amplify's REST client. */
export const testConfig = {
  region: 'ap-south-1',
  userPoolId: 'ap-south-1_Test',
  userPoolClientId: 'test-client',
  apiBase: '/api',
  razorpay: { keyId: 'rzp_test_local', checkoutScript: 'http://127.0.0.1:8100/v1/checkout.js' },
};

export const configHandler = http.get('*/config.json', () => HttpResponse.json(testConfig));

/**
 * An MSW server for one test file. `warmUp` loads modules that are slow on first import (Amplify
 * under jsdom, lazy pages) before the tests, so their timings measure the page, not loading.
 */
export function mockServer(
  handlers: RequestHandler[],
  warmUp: () => Promise<unknown>,
  warmUpTimeoutMs: number,
) {
  const server = setupServer(...handlers);
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    await warmUp();
  }, warmUpTimeoutMs);
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
