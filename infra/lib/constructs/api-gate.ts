/**
 * The API's gate at the edge (#26): a CloudFront viewer-request function on `/api/*` that runs
 * before any request reaches API Gateway, so that its throttle (the route's request rate, shared
 * by every caller) is spent only on requests that can be served:
 * - a route that needs a signed-in buyer (the JWT authorizer's) and comes without a Bearer token
 *   shaped like a JWT is answered 401 here, as API Gateway's authorizer would answer it: one
 *   anonymous client looping on `/api/me/dashboard` no longer starves the signed-in buyers;
 * - every request carries the viewer's own address to the API (`x-viewer-address`, overwritten
 *   whatever the caller sent), where API Gateway sees only CloudFront's: the contact form's
 *   per-sender limit counts the viewer, not the edge location.
 * The local gateway runs this same code before its throttle (infra/local/gateway.ts).
 */
import { VIEWER_ADDRESS_HEADER } from '../../../lambdas/system/facts';
import type { RouteDefinition } from '../definitions/functions';

export { VIEWER_ADDRESS_HEADER };

/** A route's path as a regular expression's source: `{name}` is one non-empty segment. */
function pathPattern(path: string): string {
  const escaped = path
    .split('/')
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${escaped}$`;
}

/** The function's code (cloudfront-js-2.0) for the routes the stack serves. */
export function apiGateFunctionCode(routes: readonly RouteDefinition[]): string {
  const guarded = routes
    .filter((route) => route.auth)
    .map((route) => [route.method, pathPattern(route.path)] as const);
  return `var GUARDED = ${JSON.stringify(guarded)}.map(function (r) { return [r[0], new RegExp(r[1])]; });
var JWT = /^Bearer [A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$/;
function needsToken(method, uri) {
  for (var i = 0; i < GUARDED.length; i++) {
    if (GUARDED[i][0] === method && GUARDED[i][1].test(uri)) return true;
  }
  return false;
}
function handler(event) {
  var request = event.request;
  var auth = request.headers.authorization;
  if (needsToken(request.method, request.uri) && !(auth && JWT.test(auth.value))) {
    return {
      statusCode: 401,
      statusDescription: 'Unauthorized',
      headers: {
        'content-type': { value: 'application/json' },
        'www-authenticate': { value: 'Bearer' },
        'cache-control': { value: 'no-store' },
      },
      body: '{"message":"Unauthorized"}',
    };
  }
  request.headers[${JSON.stringify(VIEWER_ADDRESS_HEADER)}] = { value: event.viewer.ip };
  return request;
}
`;
}
