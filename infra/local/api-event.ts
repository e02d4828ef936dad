/**
 * Turns an HTTP request into the API Gateway HTTP API (payload 2.0) event that the CDK stack's
 * routes give the Lambdas, and a handler's result back into the HTTP response, as API Gateway does.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { RouteDefinition } from '../lib/definitions/functions';
import type { Claims } from './jwt-authorizer';
import { LOCAL_ACCOUNT_ID } from '../../lambdas/system/facts';

export interface RouteMatch {
  route: RouteDefinition;
  routeKey: string;
  pathParameters: Record<string, string>;
}

/** Finds the route for a method and path; `{name}` segments become path parameters. */
export function matchRoute(
  routes: readonly RouteDefinition[],
  method: string,
  path: string,
): RouteMatch | 'method' | undefined {
  const segments = path.split('/');
  let pathMatched = false;
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      const param = /^\{(\w+)\}$/.exec(part);
      if (param?.[1]) {
        if (!segment) return false;
        try {
          params[param[1]] = decodeURIComponent(segment);
        } catch {
          params[param[1]] = segment;
        }
        return true;
      }
      return part === segment;
    });
    if (!ok) continue;
    pathMatched = true;
    if (route.method === method)
      return { route, routeKey: `${route.method} ${route.path}`, pathParameters: params };
  }
  return pathMatched ? 'method' : undefined;
}

export interface RequestFacts {
  method: string;
  rawPath: string;
  rawQueryString: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function buildApiEvent(
  request: RequestFacts,
  match: RouteMatch,
  claims: Claims | undefined,
) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookieHeader = request.headers.cookie;
  const cookies = cookieHeader ? cookieHeader.split(/;\s*/).filter(Boolean) : undefined;

  const query = new URLSearchParams(request.rawQueryString);
  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(',');

  let body: string | undefined;
  let isBase64Encoded = false;
  if (request.body.length > 0) {
    try {
      body = utf8.decode(request.body);
    } catch {
      body = request.body.toString('base64');
      isBase64Encoded = true;
    }
  }

  const now = new Date();
  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: request.rawPath,
    rawQueryString: request.rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: (headers.host ?? '127').split('.')[0] ?? '127',
      http: {
        method: request.method,
        path: request.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: match.routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded,
  };
}

function apiGatewayTime(date: Date): string {
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/** Payload 2.0 response rules: a result with statusCode is used as is; anything else is 200 JSON. */
export function answerFromResult(result: unknown): HttpAnswer {
  if (result && typeof result === 'object' && 'statusCode' in result) {
    const r = result as {
      statusCode: unknown;
      headers?: Record<string, unknown>;
      multiValueHeaders?: Record<string, unknown[]>;
      cookies?: unknown[];
      body?: unknown;
      isBase64Encoded?: unknown;
    };
    const statusCode = Number(r.statusCode);
    if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599)
      throw new Error('Malformed Lambda proxy response');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(r.headers ?? {}))
      headers[name.toLowerCase()] = String(value);
    for (const [name, values] of Object.entries(r.multiValueHeaders ?? {}))
      headers[name.toLowerCase()] = values.join(',');
    const text = r.body === undefined || r.body === null ? '' : String(r.body);
    const body =
      r.isBase64Encoded === true ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
    if (!headers['content-type'] && body.length) headers['content-type'] = 'application/json';
    return { statusCode, headers, cookies: (r.cookies ?? []).map(String), body };
  }
  const body = Buffer.from(
    typeof result === 'string' ? result : (JSON.stringify(result) ?? ''),
    'utf8',
  );
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body };
}
