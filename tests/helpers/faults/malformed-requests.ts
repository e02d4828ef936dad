/**
 * 500 malformed requests across every API route, the same ones on every run: a table of the
 * classic bad inputs (bad JSON, wrong types, missing and unknown fields, bodies over 64 KB and of
 * about 1 MB, bad, expired and forged tokens, unknown plan ids, injection strings, path traversal,
 * unicode, numbers as strings, negative months, NaN), filled up to 500 with fast-check values from
 * a fixed seed. Each request says what the API must answer: a 4xx status and, where the answer is
 * the API's own, the error code. Paths are sent as they are (not normalised by a URL parser);
 * the server's own parsing resolves `..` and `%2e%2e` segments, so those stay inside /api here.
 */
import { createHash, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { REPO_ROOT, LOCAL_SECRETS } from '../local-stack';

export interface MalformedRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status the API must answer, and its error code (none for the authorizer's 401). */
  expected: { status: number; code?: string };
}

export interface MalformedContext {
  /** A valid ID token of a signed-in buyer. */
  idToken: string;
  /** An order of that buyer, created but not paid. */
  orderId: string;
}

export const SEED = 20261122;
export const TOTAL = 500;

/** The strings that break naive code. */
export const NASTY_STRINGS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${process.env}',
  '../../../../etc/passwd',
  '%00',
  'null',
  'NaN',
  '__proto__',
  'constructor',
  'Ωmega ☃ 💥 नमस्ते',
  '\u202egnp.exe',
  'a\u0000b',
  '   ',
  'x'.repeat(300),
];

/** Values of the wrong JSON type for a string or number field. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  -24,
  1e308,
  '12',
  [],
  ['basichosting'],
  {},
  { $ne: null },
];

const BAD_JSON = [
  '',
  'not json',
  '{',
  '{"planId":',
  '{"planId": "basichosting", "months": NaN}',
  '{"planId": "basichosting",}',
  'NaN',
  '[1, 2',
  '\u0000\u0001\u0002',
  'planId=basichosting&months=12',
  '{"a": "\\ud800"', // a lone surrogate, unterminated
];

const PLAN_ID = 'basichosting';
const VALID_QUOTE = { planId: PLAN_ID, months: 12 };
const VALID_CONTACT = { name: 'Asha Verma', email: 'asha@example.in', message: 'Hello there' };

function json(value: unknown): string {
  return JSON.stringify(value);
}

/** A JSON body just over the handlers' 64 KB limit, and one of about 1 MB. */
function hugeBodies(base: Record<string, unknown>): { name: string; body: string }[] {
  return [
    { name: '65 KB JSON', body: json({ ...base, padding: 'x'.repeat(65 * 1024) }) },
    { name: '1 MB JSON', body: json({ ...base, padding: 'y'.repeat(1024 * 1024) }) },
    { name: '1 MB not JSON', body: 'z'.repeat(1024 * 1024) },
    {
      name: '1 MB of nested arrays',
      body: '['.repeat(512 * 1024) + ']'.repeat(512 * 1024),
    },
  ];
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function decodePart(token: string, index: number): Record<string, unknown> {
  return JSON.parse(
    Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
}

function signRs256(header: object, payload: object, privateKeyPem: string): string {
  const input = `${base64url(json(header))}.${base64url(json(payload))}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKeyPem);
  return `${input}.${base64url(signature)}`;
}

/** Tokens the authorizer must refuse: broken, tampered, unsigned, forged, expired, for another client. */
export function badAuthorizations(idToken: string): { name: string; header?: string }[] {
  const header = decodePart(idToken, 0);
  const payload = decodePart(idToken, 1);
  const [h, p, s] = idToken.split('.') as [string, string, string];
  const now = Math.floor(Date.now() / 1000);
  // cognito-local signs every token with this key, which ships in its package: tokens signed
  // with it are genuine to the local pool, so only their claims can make them invalid.
  const cognitoKey = (
    JSON.parse(
      readFileSync(
        join(
          REPO_ROOT,
          'node_modules',
          'cognito-local',
          'lib',
          'keys',
          'cognitoLocal.private.json',
        ),
        'utf8',
      ),
    ) as { pem: string }
  ).pem;
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const flipped = s.slice(0, -2) + (s.slice(-2) === 'AA' ? 'BB' : 'AA');
  const hs256 = (() => {
    const input = `${base64url(json({ ...header, alg: 'HS256' }))}.${p}`;
    const mac = createHash('sha256').update(`secret${input}`).digest();
    return `${input}.${base64url(mac)}`;
  })();
  return [
    { name: 'no Authorization header' },
    { name: 'empty Authorization', header: '' },
    { name: 'Bearer and nothing', header: 'Bearer ' },
    { name: 'Bearer garbage', header: 'Bearer not-a-token' },
    { name: 'Basic credentials', header: `Basic ${Buffer.from('user:pass').toString('base64')}` },
    { name: 'token without Bearer', header: `Token ${idToken}` },
    { name: 'two dots only', header: 'Bearer ..' },
    { name: 'header and payload only', header: `Bearer ${h}.${p}` },
    { name: 'signature tampered', header: `Bearer ${h}.${p}.${flipped}` },
    {
      name: 'payload tampered (another sub)',
      header: `Bearer ${h}.${base64url(json({ ...payload, sub: randomUUID() }))}.${s}`,
    },
    {
      name: 'alg none',
      header: `Bearer ${base64url(json({ alg: 'none', typ: 'JWT' }))}.${p}.`,
    },
    { name: 'HS256 with a guessed secret', header: `Bearer ${hs256}` },
    {
      name: 'RS256 signed by another key with the pool key id',
      header: `Bearer ${signRs256(header, payload, otherKey)}`,
    },
    {
      name: 'expired (genuinely signed)',
      header: `Bearer ${signRs256(header, { ...payload, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }, cognitoKey)}`,
    },
    {
      name: 'not yet valid (genuinely signed)',
      header: `Bearer ${signRs256(header, { ...payload, iat: now + 3600, nbf: now + 3600, exp: now + 7200 }, cognitoKey)}`,
    },
    {
      name: 'another app client (genuinely signed)',
      header: `Bearer ${signRs256(header, { ...payload, aud: 'someotherclientid' }, cognitoKey)}`,
    },
    {
      name: 'another issuer (genuinely signed)',
      header: `Bearer ${signRs256(header, { ...payload, iss: 'http://127.0.0.1:1/ap-south-1_Evil' }, cognitoKey)}`,
    },
    { name: 'a huge token', header: `Bearer ${'A'.repeat(8000)}.${'B'.repeat(2000)}.C` },
  ];
}

interface Route {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export function malformedRequests(context: MalformedContext): MalformedRequest[] {
  const requests: MalformedRequest[] = [];
  const auth = { authorization: `Bearer ${context.idToken}` };
  const add = (
    name: string,
    route: Route,
    body: string | undefined,
    expected: MalformedRequest['expected'],
    headers: Record<string, string> = {},
  ) =>
    requests.push({
      name,
      method: route.method,
      path: route.path,
      headers: {
        ...(body !== undefined ? JSON_HEADERS : {}),
        ...(route.auth ? auth : {}),
        ...headers,
      },
      ...(body !== undefined ? { body } : {}),
      expected,
    });

  const quote: Route = { method: 'POST', path: '/api/checkout/quote', auth: false };
  const orders: Route = { method: 'POST', path: '/api/checkout/orders', auth: true };
  const verify: Route = { method: 'POST', path: '/api/checkout/verify', auth: true };
  const contact: Route = { method: 'POST', path: '/api/contact', auth: false };
  const webhook: Route = { method: 'POST', path: '/api/webhooks/razorpay', auth: false };
  const dashboard: Route = { method: 'GET', path: '/api/me/dashboard', auth: true };
  const jsonRoutes = [quote, orders, verify, contact];

  const validation = { status: 400, code: 'validation_failed' };
  const tooLarge = { status: 413, code: 'payload_too_large' };
  const planNotFound = { status: 404, code: 'plan_not_found' };
  const unauthorized = { status: 401 };
  const notFound = { status: 404, code: 'not_found' };

  const validVerify = {
    razorpay_order_id: context.orderId,
    razorpay_payment_id: 'pay_FaultTests00001',
    razorpay_signature: 'f'.repeat(64),
  };
  const validBodies = new Map<Route, Record<string, unknown>>([
    [quote, VALID_QUOTE],
    [orders, VALID_QUOTE],
    [verify, validVerify],
    [contact, VALID_CONTACT],
  ]);

  // 1. Bodies that are not JSON, and JSON that is not an object
  for (const route of jsonRoutes) {
    for (const raw of BAD_JSON) add(`bad JSON ${json(raw.slice(0, 20))}`, route, raw, validation);
    for (const value of [null, 12, 'basichosting', [VALID_QUOTE]])
      add(`JSON ${json(value).slice(0, 20)} instead of an object`, route, json(value), validation);
  }

  // 2. Missing fields, unknown fields, wrong types in each field
  for (const [route, valid] of validBodies) {
    for (const field of Object.keys(valid)) {
      const { [field]: _dropped, ...missing } = valid;
      // months is optional in the body (a domain plan is sold by `years`, docs/api.md): a hosting
      // plan without it is refused by the price's own rule.
      add(
        `${route.path} without ${field}`,
        route,
        json(missing),
        field === 'months' ? { status: 400, code: 'invalid_months' } : validation,
      );
      for (const value of ODD_VALUES) {
        const body = { ...valid, [field]: value };
        if (typeof value === 'number' && field === 'months') {
          add(`${route.path} months ${value}`, route, json(body), {
            status: 400,
            code: 'invalid_months',
          });
        } else if (field === 'planId' && typeof value === 'string') {
          add(`${route.path} planId=${json(value)}`, route, json(body), planNotFound);
        } else if (route === contact && typeof value === 'string') {
          // a string name or message is fine: make the e-mail the bad part
          add(
            `contact ${field}=${json(value)} with a bad email`,
            route,
            json({ ...body, email: value }),
            validation,
          );
        } else if (route === verify && typeof value === 'string') {
          // the order is looked up first, then the signature checked
          add(
            `verify ${field}=${json(value)}`,
            route,
            json(body),
            field === 'razorpay_order_id'
              ? { status: 404, code: 'order_not_found' }
              : { status: 400, code: 'invalid_signature' },
          );
        } else {
          add(`${route.path} ${field}=${json(value)}`, route, json(body), validation);
        }
      }
    }
    for (const extra of ['userId', 'amountPaise', '__proto__', 'isAdmin', 'price']) {
      add(
        `${route.path} unknown field ${extra}`,
        route,
        `${json(valid).slice(0, -1)},${json(extra)}:1}`,
        validation,
      );
    }
  }

  // 3. Unknown plans and injection strings where a plan id or an order id goes
  for (const text of NASTY_STRINGS) {
    const blankOrLong = text.trim() === '' || text.trim().length > 64;
    const planAnswer = blankOrLong ? validation : planNotFound;
    add(
      `quote planId ${json(text.slice(0, 20))}`,
      quote,
      json({ ...VALID_QUOTE, planId: text }),
      planAnswer,
    );
    add(
      `order planId ${json(text.slice(0, 20))}`,
      orders,
      json({ ...VALID_QUOTE, planId: text }),
      planAnswer,
    );
    add(
      `GET plan ${json(text.slice(0, 20))}`,
      { method: 'GET', path: `/api/plans/${encodeURIComponent(text)}`, auth: false },
      undefined,
      planNotFound,
    );
    add(
      `verify order id ${json(text.slice(0, 20))}`,
      verify,
      json({ ...validVerify, razorpay_order_id: text }),
      blankOrLong ? validation : { status: 404, code: 'order_not_found' },
    );
    add(
      `quote promo ${json(text.slice(0, 20))}`,
      quote,
      json({ ...VALID_QUOTE, promoCode: text }),
      text.length > 32 ? validation : { status: 400, code: 'invalid_promo_code' },
    );
    // The domain of a hosting order is checked by the domain rule (D18, D21): a name or nothing.
    add(
      `order domain ${json(text.slice(0, 20))}`,
      orders,
      json({ ...VALID_QUOTE, domain: text }),
      text.length > 253 ? validation : { status: 400, code: 'invalid_domain' },
    );
    add(
      `contact email ${json(text.slice(0, 20))}`,
      contact,
      json({ ...VALID_CONTACT, email: text }),
      validation,
    );
  }
  for (const planId of ['BASICHOSTING', 'basichosting2', 'nosuchplan', 'plans', '0', '-1', '1e3']) {
    add(`unknown plan ${planId}`, quote, json({ ...VALID_QUOTE, planId }), planNotFound);
    add(
      `unknown plan ${planId}`,
      { method: 'GET', path: `/api/plans/${planId}`, auth: false },
      undefined,
      planNotFound,
    );
  }
  for (const months of [0, 2, 6, 13, 25, 48, 120, -12, 12.5, -0.5, 1e21]) {
    add(`months ${months}`, quote, json({ ...VALID_QUOTE, months }), {
      status: 400,
      code: 'invalid_months',
    });
  }
  add('promo in lower case', quote, json({ ...VALID_QUOTE, promoCode: 'host10' }), {
    status: 400,
    code: 'invalid_promo_code',
  });
  add('forged signature on the buyer’s own order', verify, json(validVerify), {
    status: 400,
    code: 'invalid_signature',
  });
  add(
    'the key secret itself as the signature',
    verify,
    json({ ...validVerify, razorpay_signature: LOCAL_SECRETS.keySecret }),
    { status: 400, code: 'invalid_signature' },
  );

  // 4. Paths: traversal, bad escapes, unknown routes and methods
  for (const path of [
    '/api/plans/..%2F..%2Fetc%2Fpasswd',
    '/api/plans/%2e%2e%2f%2e%2e%2fpackage.json',
    '/api/plans/%E0%A4%A',
    '/api/plans/%00',
    '/api/plans/basichosting%00',
    '/api/plans/%F0%9F%92%A5',
    '/api/plans/..%5C..%5Cwindows',
  ]) {
    add(`GET ${path}`, { method: 'GET', path, auth: false }, undefined, planNotFound);
  }
  for (const [method, path] of [
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/plans/%2e%2e'],
    ['GET', '/api/plans/basichosting/extra'],
    ['GET', '/api/admin'],
    ['GET', '/api/me'],
    ['GET', '/api/checkout/quote'],
    ['POST', '/api/plans'],
    ['POST', '/api/me/dashboard'],
    ['GET', '/api/webhooks/razorpay'],
    ['GET', '/api/contact'],
    ['POST', '/api/checkout'],
    ['POST', '/api/checkout/orders/verify'],
  ] as const) {
    add(
      `${method} ${path}`,
      { method, path, auth: false },
      method === 'POST' ? '{}' : undefined,
      notFound,
    );
  }

  // 5. Tokens on every authenticated route
  for (const route of [orders, verify, dashboard]) {
    for (const token of badAuthorizations(context.idToken)) {
      const body = route.method === 'POST' ? json(validBodies.get(route)) : undefined;
      requests.push({
        name: `${route.path}: ${token.name}`,
        method: route.method,
        path: route.path,
        headers: {
          ...(body !== undefined ? JSON_HEADERS : {}),
          ...(token.header !== undefined ? { authorization: token.header } : {}),
        },
        ...(body !== undefined ? { body } : {}),
        expected: unauthorized,
      });
    }
  }

  // 6. Webhooks that Razorpay did not sign
  const event = json({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: 'pay_x', order_id: context.orderId, amount: 100, currency: 'INR' } },
    },
  });
  const invalidSignature = { status: 400, code: 'invalid_signature' };
  const sign = (body: string, secret: string) =>
    createHash('sha256')
      .update(secret + body)
      .digest('hex'); // not an HMAC: a plausible forgery
  for (const [name, body, signature] of [
    ['no signature', event, undefined],
    ['empty signature', event, ''],
    ['signature not hex', event, 'z'.repeat(64)],
    ['signature too short', event, 'ab'.repeat(16)],
    ['SHA-256 of secret and body', event, sign(event, LOCAL_SECRETS.webhookSecret)],
    ['signature of another body', event, sign('{}', LOCAL_SECRETS.webhookSecret)],
    ['the webhook secret itself', event, LOCAL_SECRETS.webhookSecret],
    ['injection as signature', event, "' OR 1=1 --"],
    ['bad JSON, unsigned', '{"event":', 'a'.repeat(64)],
    ['empty body, unsigned', '', 'b'.repeat(64)],
    ['array body, unsigned', '[]', 'c'.repeat(64)],
  ] as const) {
    add(`webhook: ${name}`, webhook, body, invalidSignature, {
      ...(signature !== undefined ? { 'x-razorpay-signature': signature } : {}),
      'x-razorpay-event-id': 'evt_fault_tests',
    });
  }

  // 7. Bodies over the limit, on every route that takes a body
  for (const route of [...jsonRoutes, webhook]) {
    for (const huge of hugeBodies(validBodies.get(route) ?? {}))
      add(`${route.path} ${huge.name}`, route, huge.body, tooLarge);
  }

  // 8. Fill up to TOTAL with fast-check values from a fixed seed: arbitrary JSON bodies,
  //    arbitrary values in each field, arbitrary unicode plan ids
  const remaining = TOTAL - requests.length;
  if (remaining < 0) throw new Error(`The table alone has ${requests.length} requests.`);
  const routesWithBodies = [...validBodies.entries()];
  const generated = fc.sample(
    fc.oneof(
      fc.record({
        kind: fc.constant('body' as const),
        route: fc.nat(routesWithBodies.length - 1),
        value: fc.jsonValue(),
      }),
      fc.record({
        kind: fc.constant('field' as const),
        route: fc.nat(routesWithBodies.length - 1),
        field: fc.nat(3),
        value: fc.oneof(fc.jsonValue(), fc.constantFrom(...ODD_VALUES)),
      }),
      fc.record({
        kind: fc.constant('plan' as const),
        value: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
      }),
    ),
    { seed: SEED, numRuns: remaining * 3 },
  );
  for (const sample of generated) {
    if (requests.length >= TOTAL) break;
    if (sample.kind === 'plan') {
      if (sample.value.trim() === '' || sample.value.trim() === PLAN_ID) continue;
      add(
        `quote planId generated ${json(sample.value)}`,
        quote,
        json({ ...VALID_QUOTE, planId: sample.value }),
        sample.value.trim().length > 64 ? validation : planNotFound,
      );
      continue;
    }
    const [route, valid] = routesWithBodies[sample.route]!;
    if (sample.kind === 'body') {
      // Any JSON value but an object with exactly the route's fields is invalid
      add(
        `${route.path} generated body ${json(sample.value).slice(0, 30)}`,
        route,
        json(sample.value),
        validation,
      );
      continue;
    }
    const fields = Object.keys(valid);
    const field = fields[sample.field % fields.length]!;
    const value = sample.value;
    // Keep only values of the wrong type: their answer is certain
    const wrongType = field === 'months' ? typeof value !== 'number' : typeof value !== 'string';
    if (!wrongType || value === undefined) continue;
    add(
      `${route.path} generated ${field}=${json(value).slice(0, 30)}`,
      route,
      json({ ...valid, [field]: value }),
      validation,
    );
  }
  if (requests.length !== TOTAL)
    throw new Error(`Generated ${requests.length} requests, not ${TOTAL}.`);
  return requests;
}
