/**
 * The edge function on `/api/*` (infra/lib/constructs/api-gate.ts), run as CloudFront runs it: a
 * signed-in route without a JWT is answered 401 at the edge; everything that passes carries the
 * viewer's own address, whatever the caller claimed.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { apiGateFunctionCode } from '../../../infra/lib/constructs/api-gate';
import { ROUTES } from '../../../infra/lib/definitions/functions';

type Answer = {
  statusCode?: number;
  body?: string;
  uri?: string;
  headers: Record<string, { value: string }>;
};
const code = apiGateFunctionCode(ROUTES);
const gate = runInNewContext(`${code}\nhandler;`, {}) as (event: unknown) => Answer;

function call(method: string, uri: string, headers: Record<string, string> = {}): Answer {
  return gate({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '203.0.113.7' },
    request: {
      method,
      uri,
      querystring: {},
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, { value: v }])),
      cookies: {},
    },
  });
}

const JWT = 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

describe('the API gate at the edge', () => {
  it.each([
    ['GET', '/api/me/dashboard'],
    ['POST', '/api/me/services/svc_123/panel-login'],
    ['POST', '/api/checkout/orders'],
    ['GET', '/api/admin/today'],
  ])('answers %s %s without a token 401, as the authorizer would', (method, uri) => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Basic YQ==' },
    ];
    for (const headers of attempts) {
      const answer = call(method, uri, headers);
      expect(answer.statusCode).toBe(401);
      expect(JSON.parse(answer.body ?? '')).toEqual({ message: 'Unauthorized' });
    }
  });

  it('passes a signed-in route with a JWT on, with the viewer address the edge saw', () => {
    const answer = call('GET', '/api/me/dashboard', {
      authorization: JWT,
      'x-viewer-address': '198.51.100.1',
    });
    expect(answer.statusCode).toBeUndefined();
    expect(answer.uri).toBe('/api/me/dashboard');
    expect(answer.headers['x-viewer-address']).toEqual({ value: '203.0.113.7' });
  });

  it('passes the public routes, and paths no route has (API Gateway answers those), without a token', () => {
    for (const [method, uri] of [
      ['POST', '/api/contact'],
      ['POST', '/api/checkout/quote'],
      ['POST', '/api/webhooks/razorpay'],
      ['GET', '/api/domains/availability'],
      ['GET', '/api/nothing-here'],
      // Another method on a signed-in path is not that route.
      ['DELETE', '/api/me/dashboard'],
    ] as const) {
      expect(call(method, uri).statusCode).toBeUndefined();
    }
  });

  it('fits CloudFront Functions’ 10 KB code limit with room to grow', () => {
    expect(Buffer.byteLength(code)).toBeLessThan(8 * 1024);
  });
});
