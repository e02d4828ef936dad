/**
 * The storefront's server on PORT: what CloudFront, S3 and API Gateway are in AWS. It serves
 * `/config.json`, the API under `/api` (JWT authorizer, then the route's Lambda), and the SPA.
 * Every answer of the site and the API carries CloudFront's security headers. It also carries
 * the AWS endpoints the local system calls itself, the Lambda Invoke API (cognito-local's
 * triggers), EventBridge's PutEvents (`/_local/events`) and EventBridge Scheduler's schedules
 * (`/_local/scheduler`, converge's follow-ups: infra/local/follow-ups.ts), and
 * `POST /_local/jobs/{name}`, which runs a scheduled job now (infra/local/scheduler.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { COGNITO_TRIGGERS, ROUTES, type FunctionId } from '../lib/definitions/functions';
import { answerFromResult, buildApiEvent, matchRoute } from './api-event';
import { compress } from './compression';
import type { RouteThrottle } from './route-throttle';
import type { LocalEventBus } from './event-bus';
import { PutEventsError } from './event-bus';
import type { JwtAuthorizer } from './jwt-authorizer';
import { functionIdFromName, type LambdaRuntime } from './lambda-runtime';
import type { LocalFollowUpScheduler } from './follow-ups';
import type { LocalScheduler } from './scheduler';
import type { StaticSite } from './static-site';
import { controlRefusal, fromLoopback } from './stand-in-http';
import { runInNewContext } from 'node:vm';
import { apiGateFunctionCode, VIEWER_ADDRESS_HEADER } from '../lib/constructs/api-gate';
import { recordLocalUsage } from './usage-log';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/system/facts';

const TRIGGER_FUNCTIONS = new Set<FunctionId>(Object.values(COGNITO_TRIGGERS));

/** API Gateway's payload limit. The handlers enforce their own, smaller one. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayDeps {
  runtime: LambdaRuntime;
  bus: LocalEventBus;
  authorizer: JwtAuthorizer;
  site: StaticSite;
  siteConfig: Record<string, unknown>;
  /** Shown instead of the SPA while there is no build. */
  noSiteMessage: string;
  /** API Gateway's per-route throttling; absent when LOCAL_THROTTLE=off (the bench's load runs). */
  throttle?: RouteThrottle;
  /** CloudFront's response headers policy, on every answer of the site and the API. */
  securityHeaders: Record<string, string>;
  /**
   * CloudFront's origin custom header on `/api/*` (#26): sent to every API Lambda in
   * `x-origin-verify` (here over whatever the caller sent), so the handlers check it as in AWS.
   */
  originSecret: string;
  /** The scheduled jobs, run on demand at `/_local/jobs/{name}`. */
  scheduler: LocalScheduler;
  /** EventBridge Scheduler's one-time schedules at `/_local/scheduler` (converge's follow-ups). */
  followUps?: LocalFollowUpScheduler;
  /** The storefront's own origin: the only one whose pages may call `/_local/jobs`. */
  origin: string;
  /** `POST /_local/mail/inbound`: a mail as SES receiving would deliver it (inbound-mail.ts). */
  inboundMail?: (body: unknown) => Promise<{ status: number; body: unknown }>;
}

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(
    req,
    res,
    status,
    { 'content-type': 'application/json', ...headers },
    [],
    Buffer.from(JSON.stringify(value)),
  );
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  cookies: string[],
  body: Buffer,
): void {
  let payload = body;
  // A Lambda that encoded its answer itself is left alone, as CloudFront leaves it.
  if (!headers['content-encoding']) {
    const sent = compress(req.headers['accept-encoding'], headers['content-type'] ?? '', body);
    payload = sent.body;
    const { vary, ...encoding } = sent.headers;
    Object.assign(headers, encoding);
    if (vary) headers.vary = headers.vary ? `${headers.vary}, ${vary}` : vary;
  }
  headers['content-length'] = String(payload.length);
  if (cookies.length) res.setHeader('set-cookie', cookies);
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** The caller's address as AWS names it (IPv4 without Node's `::ffff:` prefix). */
function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
}

interface GateAnswer {
  refused?: { statusCode: number; body: string };
  viewerAddress: string;
}

type GateFunction = (event: unknown) => {
  statusCode?: number;
  body?: string;
  headers?: Record<string, { value: string }>;
};

/** The deployed edge function on /api/*, run in a sandbox as CloudFront runs it. */
function apiGateRunner(): (req: IncomingMessage, method: string, path: string) => GateAnswer {
  const gate = runInNewContext(
    `${apiGateFunctionCode(ROUTES)}\nhandler;`,
    {},
    {
      timeout: 1000,
    },
  ) as GateFunction;
  return (req, method, path) => {
    const headers: Record<string, { value: string }> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name] = { value };
    }
    const answer = gate({
      version: '1.0',
      context: { eventType: 'viewer-request' },
      viewer: { ip: clientAddress(req) },
      request: { method, uri: path, querystring: {}, headers, cookies: {} },
    });
    if (answer.statusCode !== undefined) {
      return {
        refused: { statusCode: answer.statusCode, body: answer.body ?? '{}' },
        viewerAddress: '',
      };
    }
    return { viewerAddress: answer.headers?.[VIEWER_ADDRESS_HEADER]?.value ?? '' };
  };
}

export function createGateway(deps: GatewayDeps): Server {
  const apiGate = apiGateRunner();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(path);
    const events = path === '/_local/events' || path === '/_local/events/';
    const schedules = path.startsWith('/_local/scheduler/') && deps.followUps !== undefined;
    if (((invoke || events) && method === 'POST') || schedules) {
      // Only AWS SDK clients on this machine (which sign their calls) get in: a web page cannot
      // set this header cross-origin, and names its origin, so no site the developer visits can
      // call the Lambdas behind the authorizer.
      if (
        !fromLoopback(req) ||
        req.headers.origin !== undefined ||
        !String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')
      ) {
        req.resume();
        return sendJson(req, res, 403, { message: 'Missing Authentication Token' });
      }
      if (events) return putEvents(req, res);
      if (schedules) {
        const rest = (req.url ?? '/').slice('/_local/scheduler'.length);
        return deps.followUps?.handle(req, res, rest);
      }
      return lambdaInvoke(req, res, decodeURIComponent(invoke?.[1] ?? ''));
    }

    const job = /^\/_local\/jobs\/([^/]+)$/.exec(path);
    if (job && method === 'POST') {
      // Any page the developer visits could post here; a browser names its page's origin, and
      // a body that is not JSON is what a page may send across origins without asking first.
      const refusal = controlRefusal(req, { allowOrigin: deps.origin });
      if (refusal) {
        req.resume();
        return sendJson(req, res, refusal.status, {
          error: {
            code: refusal.status === 415 ? 'unsupported_media_type' : 'forbidden',
            message:
              refusal.status === 403 && req.headers.origin
                ? 'Only the storefront may run its jobs.'
                : refusal.message,
          },
        });
      }
      return deps.scheduler.handle(req, res, decodeURIComponent(job[1] ?? ''));
    }

    if (path === '/_local/mail/inbound' && method === 'POST' && deps.inboundMail) {
      // A test hook: this machine only, no page of another origin, JSON only.
      const refusal = controlRefusal(req);
      if (refusal) {
        req.resume();
        return sendJson(req, res, refusal.status, {
          error: { code: 'forbidden', message: refusal.message },
        });
      }
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req, 2 * 1024 * 1024)).toString('utf8'));
      } catch {
        return sendJson(req, res, 400, {
          error: { code: 'invalid_json', message: 'The body must be JSON, at most 2 MB.' },
        });
      }
      const answer = await deps.inboundMail(body);
      return sendJson(req, res, answer.status, answer.body);
    }

    // What CloudFront's response headers policy adds to the site and the API alike.
    for (const [name, value] of Object.entries(deps.securityHeaders)) res.setHeader(name, value);

    if (path === '/config.json' && (method === 'GET' || method === 'HEAD')) {
      return sendJson(req, res, 200, deps.siteConfig, { 'cache-control': 'no-cache' });
    }
    if (path === '/api' || path.startsWith('/api/')) return api(req, res, url);

    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(req, res, 405, { message: 'Method Not Allowed' });
    }
    if (!deps.site.available()) {
      return send(
        req,
        res,
        200,
        { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
        [],
        Buffer.from(deps.noSiteMessage),
      );
    }
    return deps.site.serve(req, res, path);
  };

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    // CloudFront's viewer-request function on /api/* first, as deployed (api-gate.ts): a
    // tokenless call to a signed-in route ends there, before any throttle is spent.
    const gated = apiGate(req, method, url.pathname);
    if (gated.refused) {
      req.resume();
      return sendJson(req, res, gated.refused.statusCode, JSON.parse(gated.refused.body), {
        'www-authenticate': 'Bearer',
      });
    }
    const match = matchRoute(ROUTES, method, url.pathname);
    if (match === undefined || match === 'method') {
      req.resume();
      return sendJson(req, res, 404, {
        error: { code: 'not_found', message: 'There is nothing at this address.' },
      });
    }
    if (deps.throttle && !deps.throttle.take(match.routeKey, match.route.throttle)) {
      req.resume();
      return sendJson(req, res, 429, { message: 'Too Many Requests' });
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return sendJson(req, res, 413, { message: 'Request Entity Too Large' });
      throw error;
    }
    let claims;
    if (match.route.auth) {
      claims = await deps.authorizer.authorize(req.headers.authorization);
      if (!claims)
        return sendJson(
          req,
          res,
          401,
          { message: 'Unauthorized' },
          { 'www-authenticate': 'Bearer' },
        );
    }
    const rawQuery = url.search.startsWith('?') ? url.search.slice(1) : url.search;
    const event = buildApiEvent(
      {
        method,
        rawPath: url.pathname,
        rawQueryString: rawQuery,
        headers: {
          ...req.headers,
          [VIEWER_ADDRESS_HEADER]: gated.viewerAddress,
          [ORIGIN_VERIFY_HEADER]: deps.originSecret,
        },
        body,
        sourceIp: clientAddress(req),
      },
      match,
      claims,
    );
    recordLocalUsage({ service: 'apigateway', route: event.routeKey });
    const outcome = await deps.runtime.invoke(match.route.function, event);
    const requestId = event.requestContext.requestId;
    if (!outcome.ok) {
      return sendJson(
        req,
        res,
        500,
        { message: 'Internal Server Error' },
        { 'apigw-requestid': requestId },
      );
    }
    let answer;
    try {
      answer = answerFromResult(outcome.result);
    } catch (error) {
      console.error(`[gateway] ${match.routeKey}: ${(error as Error).message}`);
      return sendJson(
        req,
        res,
        500,
        { message: 'Internal Server Error' },
        { 'apigw-requestid': requestId },
      );
    }
    answer.headers['apigw-requestid'] = requestId;
    send(req, res, answer.statusCode, answer.headers, answer.cookies, answer.body);
  }

  async function lambdaInvoke(
    req: IncomingMessage,
    res: ServerResponse,
    name: string,
  ): Promise<void> {
    // Only the Cognito triggers are invoked this way (by cognito-local), as only Cognito may in AWS.
    const candidate = functionIdFromName(name);
    const id = candidate && TRIGGER_FUNCTIONS.has(candidate) ? candidate : undefined;
    const body = await readBody(req, 6 * 1024 * 1024);
    if (!id) {
      return sendJson(
        req,
        res,
        404,
        { Type: 'User', message: `Function not found: ${name}` },
        { 'x-amzn-errortype': 'ResourceNotFoundException' },
      );
    }
    let event: unknown;
    try {
      event = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return sendJson(
        req,
        res,
        400,
        { Type: 'User', message: 'Could not parse request body into json' },
        { 'x-amzn-errortype': 'InvalidRequestContentException' },
      );
    }
    const outcome = await deps.runtime.invoke(id, event);
    const headers = { 'x-amz-executed-version': '$LATEST', 'x-amzn-requestid': outcome.requestId };
    if (outcome.ok) return sendJson(req, res, 200, outcome.result ?? null, headers);
    return sendJson(req, res, 200, outcome.error, {
      ...headers,
      'x-amz-function-error': 'Unhandled',
    });
  }

  async function putEvents(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const body = await readBody(req, 1024 * 1024);
    const type = { 'content-type': 'application/x-amz-json-1.1' };
    if (target !== 'AWSEvents.PutEvents') {
      return sendJson(
        req,
        res,
        400,
        { __type: 'UnknownOperationException', message: `${target} is not served locally.` },
        type,
      );
    }
    try {
      const answer = deps.bus.putEvents(JSON.parse(body.toString('utf8')));
      return sendJson(req, res, 200, answer, type);
    } catch (error) {
      const message =
        error instanceof PutEventsError ? error.message : 'The request body is not valid JSON.';
      return sendJson(req, res, 400, { __type: 'ValidationException', message }, type);
    }
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[gateway] unexpected error', error);
      if (!res.headersSent) sendJson(req, res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
}
