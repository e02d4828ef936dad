/**
 * POST /api/me/services/{serviceId}/panel-login: a single-use URL to the caller's own ready hosting
 * account; another user's service is not found; not ready and suspended are 409s; the panel down
 * is a 503 with a sentence a buyer can read.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProvisioningState } from '../../../../lambdas/domain/provisioning';
import { makeHandler } from '../../../../lambdas/handlers/panel-login';
import type { Category } from '../../../../lambdas/domain/plan';
import { InMemoryPanel, FAKE_PANEL_SERVER } from '../../../helpers/fakes/provisioning';
import type { ServiceRecord } from '../../../../lambdas/ports/services';
import {
  InMemoryRateLimiter,
  InMemoryServicesStore,
  RecordingLog,
} from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import { httpEvent, parse, withoutAuthorizer } from './handler-world';

const SERVICE_ID = 'svc_3f1c0d9a7b2e4c6d8e0f1a2b';
const OTHER_BUYER = '0b9e6a52-3f1d-4b7c-8e2a-5c6d7e8f9a0b';
const USERNAME = 'ash3k9x2m7q';
const NOW = new Date('2026-12-01T06:00:00.000Z');
const PAID = {
  purchaseId: 'pur_pay_1',
  paymentId: 'pay_1',
  purchaseDate: '2026-11-22T02:02:03.000Z',
  startDate: '2026-11-22T02:02:03.000Z',
  renewalDate: '2027-11-22T02:02:03.000Z',
  months: 12,
  amountPaise: 3_538_584,
} as const;

let services: InMemoryServicesStore;
let panel: InMemoryPanel;
let handler: ReturnType<typeof makeHandler>;

beforeEach(() => {
  services = new InMemoryServicesStore();
  panel = new InMemoryPanel();
  panel.accounts.set(USERNAME, {
    domain: 'ashaverma.in',
    package: 'storefront_basic',
    email: BUYER.email,
    suspended: false,
  });
  handler = makeHandler({
    services,
    panel,
    limits: new InMemoryRateLimiter(),
    log: new RecordingLog(),
    now: () => NOW,
  });
});

function givenService(
  state: ProvisioningState | undefined,
  {
    userId = BUYER.userId,
    category = 'hosting' as Category,
    facts = {} as Partial<ServiceRecord>,
  } = {},
): void {
  services.items.set(`${userId}#${SERVICE_ID}`, {
    userId,
    serviceId: SERVICE_ID,
    planId: category === 'hosting' ? 'basichosting' : 'basicvps',
    planName: category === 'hosting' ? 'Basic Hosting' : 'Basic VPS',
    category,
    renewalDate: '2027-11-22T02:02:03.000Z',
    version: 1,
    periods: { [PAID.purchaseId]: { ...PAID } },
    createdAt: '2026-11-22T02:02:03.000Z',
    updatedAt: '2026-11-22T02:02:03.000Z',
    ...facts,
    ...(state
      ? {
          provisioning: {
            state,
            updatedAt: '2026-11-22T02:02:09.000Z',
            ...(category === 'hosting' ? { username: USERNAME } : {}),
          },
        }
      : {}),
  });
}

const login = (changes: { body?: string; serviceId?: string } = {}): APIGatewayProxyEventV2 => {
  const event = httpEvent('post-panel-login.json', changes.body ? { body: changes.body } : {});
  if (changes.serviceId !== undefined) event.pathParameters = { serviceId: changes.serviceId };
  return event;
};

describe('panel-login handler', () => {
  it('answers a single-use URL to the caller’s ready hosting account', async () => {
    givenService('ready');

    const { statusCode, json } = parse(await handler(login()));

    expect(statusCode).toBe(200);
    expect(json.url).toMatch(new RegExp(`^https://${FAKE_PANEL_SERVER}:2083/cpsess\\d+/login/`));
    expect(String(json.url)).toContain(`session=${USERNAME}:`);
    expect(panel.sessions.size).toBe(1);
  });

  it('takes an empty JSON object as the body too', async () => {
    givenService('ready');

    expect(parse(await handler(login({ body: '{}' }))).statusCode).toBe(200);
  });

  it('another buyer’s service is not found, and the panel is never asked', async () => {
    givenService('ready', { userId: OTHER_BUYER });

    const { statusCode, json } = parse(await handler(login()));

    expect(statusCode).toBe(404);
    expect(json).toEqual({
      error: {
        code: 'service_not_found',
        message: 'We could not find that service on your account.',
      },
    });
    expect(panel.calls).toBe(0);
  });

  it.each([
    ['pending', undefined, 'service_not_ready'],
    ['failed', undefined, 'service_not_ready'],
    ['suspended', undefined, 'service_suspended'],
    ['ready', 'vps', 'service_not_ready'],
    [undefined, undefined, 'service_not_ready'],
  ] as const)('%s (%s) → 409 %s', async (state, category, code) => {
    givenService(state, category ? { category } : {});

    const { statusCode, json } = parse(await handler(login()));

    expect(statusCode).toBe(409);
    expect((json.error as { code: string }).code).toBe(code);
    expect(panel.calls).toBe(0);
  });

  it('cancelled (refunded) while the account is still ready: 409 service_ended at once, before converge suspends it', async () => {
    givenService('ready', {
      facts: {
        cancelledAt: '2026-11-25T06:00:00.000Z',
        renewalDate: '2026-11-25T06:00:00.000Z',
        periods: { [PAID.purchaseId]: { ...PAID, refundedAt: '2026-11-25T06:00:00.000Z' } },
      },
    });

    const { statusCode, json } = parse(await handler(login()));

    expect(statusCode).toBe(409);
    expect(json.error).toEqual({
      code: 'service_ended',
      message:
        'This service has ended (it was cancelled or refunded), so its control panel is closed.',
    });
    expect(panel.calls).toBe(0);
  });

  it('expired over 7 days ago while the account is still ready: 409 service_suspended', async () => {
    givenService('ready', {
      // One month paid on 22 October: expired on 22 November, over 7 days before NOW.
      facts: {
        periods: {
          [PAID.purchaseId]: { ...PAID, months: 1, purchaseDate: '2026-10-22T02:02:03.000Z' },
        },
      },
    });

    const { statusCode, json } = parse(await handler(login()));

    expect(statusCode).toBe(409);
    expect((json.error as { code: string }).code).toBe('service_suspended');
  });

  it('the panel down: 503 with a sentence a buyer can read', async () => {
    givenService('ready');
    panel.down = true;

    const { statusCode, json } = parse(await handler(login()));

    expect(statusCode).toBe(503);
    expect(json).toEqual({
      error: {
        code: 'panel_unavailable',
        message: 'The control panel did not answer. Please try again in a few minutes.',
      },
    });
  });

  it('an account gone from the panel is "not ready" for the buyer, not a 500', async () => {
    givenService('ready');
    panel.accounts.clear();

    expect(parse(await handler(login())).statusCode).toBe(409);
  });

  it.each([
    ['a body that is not JSON', { body: 'open' }, 400],
    ['a field it does not take', { body: '{"user":"root"}' }, 400],
    ['a service id that cannot be one', { serviceId: '../../etc' }, 404],
  ])('%s → %i', async (_, changes, status) => {
    givenService('ready');

    expect(parse(await handler(login(changes))).statusCode).toBe(status);
    expect(panel.calls).toBe(0);
  });

  it('without a verified token: 401', async () => {
    givenService('ready');

    expect(parse(await handler(withoutAuthorizer(login()))).statusCode).toBe(401);
  });
});
