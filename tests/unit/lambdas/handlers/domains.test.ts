import { describe, expect, it, vi } from 'vitest';
import { partServiceIdOf } from '../../../../lambdas/domain/bundle-parts';
import type { Months } from '../../../../lambdas/domain/pricing';
import { USER_LIMITS, userLimitKey } from '../../../../lambdas/domain/user-limits';
import { ensureBundleParts } from '../../../../lambdas/use-cases/converge-parts';
import { BUYER } from '../../../helpers/fakes/world';
import { InMemoryRegistrar } from '../../../helpers/fakes/registrar';
import { httpEvent, parse, resetWorld, world } from './handler-world';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);

vi.mock(
  '../../../../lambdas/handlers/deps/events',
  async () => (await import('./handler-world')).eventsModule,
);

const registrar = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('../../../../lambdas/handlers/deps/registrar', () => ({
  get registrar() {
    return registrar.current;
  },
}));

const fake = new InMemoryRegistrar();
registrar.current = fake;
const { handler } = await import('../../../../lambdas/handlers/domains');

function search(name?: string) {
  const event = httpEvent('get-plans.json');
  event.rawPath = '/api/domains/availability';
  event.routeKey = 'GET /api/domains/availability';
  delete event.pathParameters;
  event.queryStringParameters = name === undefined ? {} : { name };
  return handler(event);
}

describe('GET /api/domains/availability', () => {
  it('answers 200 {results} for the five extensions, cacheable for at most 30 s', async () => {
    const answer = parse(await search('ravikumar'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=30');
    expect((answer.json.results as { domain: string }[]).map((r) => r.domain)).toEqual([
      'ravikumar.com',
      'ravikumar.net',
      'ravikumar.org',
      'ravikumar.in',
      'ravikumar.co.in',
    ]);
  });

  it('answers 400 invalid_domain for a bad or missing label', async () => {
    for (const name of ['bad_label', undefined]) {
      expect(parse(await search(name))).toMatchObject({
        statusCode: 400,
        json: { error: { code: 'invalid_domain' } },
      });
    }
  });

  it('answers 503 registrar_unavailable with a sentence when the registrar is down', async () => {
    fake.down = true;
    const answer = parse(await search('downtime'));
    fake.down = false;
    expect(answer).toMatchObject({
      statusCode: 503,
      json: {
        error: { code: 'registrar_unavailable', message: expect.stringMatching(/try again/) },
      },
    });
  });
});

/** A signed-in buyer's request to the domain card's routes, as the JWT authorizer passes it. */
function card(routeKey: string, domain: string, body?: unknown, authTime?: number) {
  const event = httpEvent('get-dashboard.json');
  event.routeKey = routeKey;
  event.pathParameters = { domain };
  if (body !== undefined) event.body = JSON.stringify(body);
  const context = event.requestContext as unknown as {
    authorizer: { jwt: { claims: Record<string, unknown> } };
  };
  const claims = { ...context.authorizer.jwt.claims };
  if (authTime === undefined) delete claims.auth_time;
  else claims.auth_time = String(authTime);
  context.authorizer.jwt.claims = claims;
  return handler(event);
}

describe('the domain card routes (D23)', () => {
  it("answers 404 domain_not_found for a name that is not the caller's", async () => {
    expect(parse(await card('GET /api/me/domains/{domain}', 'notmine.com'))).toMatchObject({
      statusCode: 404,
      json: { error: { code: 'domain_not_found' } },
    });
  });

  it('answers 400 validation_failed for one nameserver, before asking who owns the name', async () => {
    expect(
      parse(
        await card('PUT /api/me/domains/{domain}/nameservers', 'notmine.com', {
          nameservers: ['ns1.example.net'],
        }),
      ),
    ).toMatchObject({ statusCode: 400, json: { error: { code: 'validation_failed' } } });
  });

  it('answers 403 reauth_required for the transfer code without a sign-in in the last 5 minutes', async () => {
    const stale = Math.floor(Date.now() / 1000) - 600;
    for (const authTime of [undefined, stale]) {
      expect(
        parse(await card('POST /api/me/domains/{domain}/auth-code', 'asha.com', {}, authTime)),
      ).toMatchObject({ statusCode: 403, json: { error: { code: 'reauth_required' } } });
    }
  });

  it('answers 429 too_many_requests with Retry-After once the buyer’s hour of transfer codes is used up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-22T02:50:00.000Z'));
      const rule = USER_LIMITS.domainAuthCode;
      for (let i = 0; i < rule.limit; i += 1) {
        await world.limits.consume(userLimitKey('domainAuthCode', BUYER.userId), rule, new Date());
      }

      const answer = parse(
        await card(
          'POST /api/me/domains/{domain}/auth-code',
          'asha.com',
          {},
          Math.floor(Date.now() / 1000),
        ),
      );

      expect(answer).toMatchObject({
        statusCode: 429,
        headers: { 'retry-after': '600' },
        json: { error: { code: 'too_many_requests' } },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 429 with Retry-After to a DNS change once the buyer’s hour of changes is used up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-22T02:59:30.000Z'));
      const rule = USER_LIMITS.dnsChange;
      for (let i = 0; i < rule.limit; i += 1) {
        await world.limits.consume(userLimitKey('dnsChange', BUYER.userId), rule, new Date());
      }

      const answers = [
        await card('PUT /api/me/domains/{domain}/nameservers', 'asha.com', {
          nameservers: ['ns1.example.net', 'ns2.example.net'],
        }),
        await card('POST /api/me/domains/{domain}/dns-records', 'asha.com', {
          type: 'A',
          name: 'www',
          value: '203.0.113.10',
        }),
        await card('PUT /api/me/domains/{domain}/settings', 'asha.com', { locked: true }),
      ];

      for (const answer of answers) {
        expect(parse(answer)).toMatchObject({
          statusCode: 429,
          headers: { 'retry-after': '30' },
          json: {
            error: { code: 'too_many_requests', message: expect.stringContaining('1 minute.') },
          },
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DNSSEC routes (D23): DS records on Enterprise Domain', () => {
  const DIGEST = 'E2D3C916F6DEEAC73294E8268FB5885044A833FC5459588F4A9184CFC41A5766';
  const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: DIGEST };

  async function given(planId: string, name: string) {
    const at = new Date().toISOString();
    const customer = await fake.ensureCustomer({
      email: BUYER.email,
      name: BUYER.name,
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'IN',
      postalCode: '560001',
      phoneCountryCode: '91',
      phone: '9876543210',
    });
    await fake.register({
      name,
      years: 1,
      ...customer,
      nameservers: ['ns1.a.in', 'ns2.a.in'],
      privacy: false,
    });
    world.services.items.set(`${BUYER.userId}#svc_${name}`, {
      userId: BUYER.userId,
      serviceId: `svc_${name}`,
      planId,
      planName: planId,
      category: 'domain',
      domain: name,
      renewalDate: new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString(),
      periods: {},
      version: 1,
      createdAt: at,
      updatedAt: at,
      provisioning: { state: 'ready' },
    } as never);
  }

  it('adds (201), lists (200) and deletes (200) a DS record on an Enterprise domain', async () => {
    await given('enterprisedomain', 'dnssec-ent.in');
    const added = parse(
      await card('POST /api/me/domains/{domain}/ds-records', 'dnssec-ent.in', ds),
    );
    expect(added).toMatchObject({
      statusCode: 201,
      json: { records: [{ ...ds, id: `2371-13-2-${DIGEST}` }] },
    });
    expect(
      parse(await card('GET /api/me/domains/{domain}/ds-records', 'dnssec-ent.in')).json,
    ).toEqual(added.json);
    const event = httpEvent('get-dashboard.json');
    event.routeKey = 'DELETE /api/me/domains/{domain}/ds-records/{recordId}';
    event.pathParameters = { domain: 'dnssec-ent.in', recordId: `2371-13-2-${DIGEST}` };
    expect(parse(await handler(event))).toMatchObject({ statusCode: 200, json: { records: [] } });
    expect(await fake.dsRecords('dnssec-ent.in')).toEqual([]);
  });

  it('answers 409 feature_not_in_plan with a sentence on Premium Domain, and 400 for a bad digest', async () => {
    await given('premiumdomain', 'dnssec-prem.in');
    expect(
      parse(await card('POST /api/me/domains/{domain}/ds-records', 'dnssec-prem.in', ds)),
    ).toMatchObject({
      statusCode: 409,
      json: {
        error: {
          code: 'feature_not_in_plan',
          message: expect.stringContaining('comes with Enterprise Domain'),
        },
      },
    });
    expect(
      parse(
        await card('POST /api/me/domains/{domain}/ds-records', 'dnssec-prem.in', {
          ...ds,
          digest: 'abc',
        }),
      ),
    ).toMatchObject({ statusCode: 400, json: { error: { code: 'validation_failed' } } });
    expect(await fake.dsRecords('dnssec-prem.in')).toEqual([]);
  });
});

describe('PUT /api/me/services/{serviceId}/domain: Choose your domain (D24)', () => {
  const BUNDLE_ID = 'svc_chooserbundle';
  const PART_ID = partServiceIdOf(BUNDLE_ID, 'domain');

  /** A live Standard Bundle bought with its domain left empty, and a buyer with only a phone. */
  async function givenUnnamedBundle() {
    resetWorld();
    world.events.events.length = 0;
    const at = new Date().toISOString();
    const renewalDate = new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString();
    await world.users.createUserIfMissing({ ...BUYER, createdAt: at });
    await world.services.extendService(
      {
        userId: BUYER.userId,
        serviceId: BUNDLE_ID,
        planId: 'standardbundle',
        planName: 'Standard Bundle',
        category: 'bundle',
      },
      {
        purchaseId: 'pur_pay_Chooser0001',
        paymentId: 'pay_Chooser0001',
        purchaseDate: at,
        startDate: at,
        renewalDate,
        months: 12 as Months,
        amountPaise: 8_494_584,
      },
      0,
      at,
    );
    await ensureBundleParts(
      world.services,
      { userId: BUYER.userId, serviceId: BUNDLE_ID, planId: 'standardbundle', renewalDate },
      at,
      {},
    );
  }

  /** The ServiceChanged events that tell converge this bundle's name was chosen. */
  const told = () =>
    world.events.events.filter((e) => (e.detail as { serviceId?: string }).serviceId === BUNDLE_ID);

  function choose(name: string) {
    const event = httpEvent('get-dashboard.json');
    event.routeKey = 'PUT /api/me/services/{serviceId}/domain';
    event.pathParameters = { serviceId: PART_ID };
    event.body = JSON.stringify({ name });
    return handler(event);
  }

  it('answers 400 registrant_details_required with the sentence while the profile has no address, recording nothing', async () => {
    await givenUnnamedBundle();

    expect(parse(await choose('chooser-noaddress.in'))).toMatchObject({
      statusCode: 400,
      json: {
        error: {
          code: 'registrant_details_required',
          message:
            "The domain registry needs the registrant's postal address (line 1, city, state and PIN code) before a name is registered in your name. Please add them to your billing details in Settings, then choose your domain again.",
        },
      },
    });
    expect((await world.services.getService(BUYER.userId, PART_ID))?.domain).toBeUndefined();
    expect(told()).toEqual([]);
  });

  it('answers 200 {serviceId, domain} once the address is on the profile', async () => {
    await givenUnnamedBundle();
    await world.givenRegistrant();

    expect(parse(await choose('chooser-withaddress.in'))).toMatchObject({
      statusCode: 200,
      json: { serviceId: PART_ID, domain: 'chooser-withaddress.in' },
    });
    expect((await world.services.getService(BUYER.userId, PART_ID))?.domain).toBe(
      'chooser-withaddress.in',
    );
    expect(told()).toMatchObject([
      { detailType: 'ServiceChanged', detail: { fact: 'domain-chosen' } },
    ]);
  });
});
