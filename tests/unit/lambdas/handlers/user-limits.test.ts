/**
 * The per-buyer limits on costly routes (#26): with the buyer's hour used up, each route answers
 * 429 too_many_requests with Retry-After before it touches the service; another buyer is not
 * affected; a malformed request costs nothing.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandler as panelLoginHandler } from '../../../../lambdas/handlers/panel-login';
import { makeHandler as storageKeysHandler } from '../../../../lambdas/handlers/storage-keys';
import { makeHandler as vpsHandler } from '../../../../lambdas/handlers/vps';
import {
  USER_LIMITS,
  userLimitKey,
  type UserLimitAction,
} from '../../../../lambdas/domain/user-limits';
import type { CreateStorageKeyDeps } from '../../../../lambdas/use-cases/create-storage-key';
import type { OpenControlPanelDeps } from '../../../../lambdas/use-cases/open-control-panel';
import type { ManageVpsDeps } from '../../../../lambdas/use-cases/manage-vps';
import { InMemoryRateLimiter, InMemoryServicesStore } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import { httpEvent, parse } from './handler-world';

const NOW = new Date('2026-11-22T02:17:30.000Z');
const OTHER = '0b9e6a52-3f1d-4b7c-8e2a-5c6d7e8f9a0b';

let limits: InMemoryRateLimiter;
let services: InMemoryServicesStore;
beforeEach(() => {
  limits = new InMemoryRateLimiter();
  services = new InMemoryServicesStore();
});

/** The buyer's hour of `action`, used up. */
async function useUp(action: UserLimitAction, userId = BUYER.userId) {
  for (let i = 0; i < USER_LIMITS[action].limit; i += 1) {
    await limits.consume(userLimitKey(action, userId), USER_LIMITS[action], NOW);
  }
}

function route(routeKey: string, body?: unknown, sub = BUYER.userId): APIGatewayProxyEventV2 {
  const event = httpEvent('post-email.json');
  event.routeKey = routeKey;
  event.pathParameters = { serviceId: 'svc_1' };
  if (body !== undefined) event.body = JSON.stringify(body);
  const context = event.requestContext as unknown as {
    authorizer: { jwt: { claims: Record<string, string> } };
  };
  context.authorizer.jwt.claims = { ...context.authorizer.jwt.claims, sub };
  return event;
}

const handlers = () => ({
  panel: panelLoginHandler({
    services,
    limits,
    now: () => NOW,
  } as unknown as OpenControlPanelDeps & { limits: InMemoryRateLimiter; now: () => Date }),
  storage: storageKeysHandler({
    services,
    limits,
    now: () => NOW,
  } as unknown as CreateStorageKeyDeps & { limits: InMemoryRateLimiter; now: () => Date }),
  vps: vpsHandler({
    services,
    limits,
    now: () => NOW,
  } as unknown as ManageVpsDeps & { limits: InMemoryRateLimiter; now: () => Date }),
});

const cases = [
  ['panelLogin', 'panel', 'POST /api/me/services/{serviceId}/panel-login', undefined],
  ['storageKey', 'storage', 'POST /api/me/services/{serviceId}/storage-keys', undefined],
  ['vpsPower', 'vps', 'POST /api/me/services/{serviceId}/power', { action: 'reboot' }],
  [
    'vpsReinstall',
    'vps',
    'POST /api/me/services/{serviceId}/reinstall',
    { os: 'ubuntu-24.04', confirm: 'vps1.example.in' },
  ],
] as const;

describe.each(cases)('%s: %s', (action, which, routeKey, body) => {
  it('answers 429 too_many_requests with Retry-After once the buyer’s hour is used up', async () => {
    await useUp(action);

    const answer = parse(await handlers()[which](route(routeKey, body)));

    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe(String(42 * 60 + 30));
    expect(answer.json).toMatchObject({
      error: { code: 'too_many_requests', message: expect.stringContaining('in 43 minutes') },
    });
  });

  it('still serves another buyer when one buyer’s hour is used up', async () => {
    await useUp(action);

    const answer = parse(await handlers()[which](route(routeKey, body, OTHER)));

    // The service is not the other buyer's: the route went on to look for it.
    expect(answer).toMatchObject({
      statusCode: 404,
      json: { error: { code: 'service_not_found' } },
    });
    expect(
      limits.hits.get(
        `${userLimitKey(action, OTHER)}#${Math.floor(NOW.getTime() / 1000 / 3600) * 3600}`,
      ),
    ).toBe(1);
  });
});

it('counts nothing for a malformed request', async () => {
  const answer = parse(
    await handlers().vps(route('POST /api/me/services/{serviceId}/power', { action: 'explode' })),
  );

  expect(answer.statusCode).toBe(400);
  expect(limits.hits.size).toBe(0);
});
