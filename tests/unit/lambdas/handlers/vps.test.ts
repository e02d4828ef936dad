/**
 * The VPS card's reinstall route (D24): it validates (the typed hostname, the OS), records the
 * buyer's wish and answers 202 with the card saying "Reinstalling…" (converge does the work); a
 * second while one is under way is 409 reinstall_in_progress with a sentence.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { convergeWorld } from '../../../helpers/converge-world';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseIpv4Ranges } from '../../../../lambdas/domain/ipv4-pool';
import type { Months } from '../../../../lambdas/domain/pricing';
import { makeHandler } from '../../../../lambdas/handlers/vps';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { InMemoryAddressPool } from '../../../helpers/fakes/address-pool';
import { InMemoryCompute } from '../../../helpers/fakes/compute';
import { InMemoryRateLimiter } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';
import { httpEvent, parse } from './handler-world';

const START = new Date('2026-11-27T04:00:00.000Z');
const SERVICE_ID = 'svc_basicvps1';
const ROUTE = 'POST /api/me/services/{serviceId}/reinstall';

function world() {
  const compute = new InMemoryCompute();
  const ranges = parseIpv4Ranges('203.0.113.10-203.0.113.12/24@203.0.113.1');
  const pool = new InMemoryAddressPool(() => ranges);
  const base = convergeWorld(
    (world) => ({ compute: { compute, pool, services: world.services } }),
    START,
  );
  const { records, deps: converge } = base;
  const handler = makeHandler({
    services: base.services,
    records,
    compute,
    events: base.events,
    limits: new InMemoryRateLimiter(),
    log: base.log,
    now: base.now,
  });
  return Object.assign(base, { compute, converge, handler });
}

let w: ReturnType<typeof world>;

function request(body: unknown): APIGatewayProxyEventV2 {
  const event = httpEvent('post-email.json');
  event.routeKey = ROUTE;
  event.pathParameters = { serviceId: SERVICE_ID };
  event.body = JSON.stringify(body);
  const context = event.requestContext as unknown as {
    authorizer: { jwt: { claims: Record<string, string> } };
  };
  context.authorizer.jwt.claims = { ...context.authorizer.jwt.claims, sub: BUYER.userId };
  return event;
}

const call = async (body: unknown) => parse(await w.handler(request(body)));

beforeEach(async () => {
  w = world();
  await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
  const at = START.toISOString();
  await w.services.extendService(
    {
      userId: BUYER.userId,
      serviceId: SERVICE_ID,
      planId: 'basicvps',
      planName: 'Basic VPS',
      category: 'vps',
    },
    {
      purchaseId: 'pur_pay_Vps1',
      paymentId: 'pay_Vps1',
      purchaseDate: at,
      startDate: at,
      renewalDate: new Date(START.getTime() + 30 * 86_400_000).toISOString(),
      months: 1 as Months,
      amountPaise: 70_682,
    },
    0,
    at,
  );
  await w.services.updateVps(
    { userId: BUYER.userId, serviceId: SERVICE_ID },
    { os: 'ubuntu-24.04', hostname: 'asha-vps', sshKeys: [sshPublicKey('ed25519')] },
  );
  await convergeService(
    w.converge,
    { userId: BUYER.userId, serviceId: SERVICE_ID },
    { deliveryId: 'evt-made' },
  );
});

describe('POST /api/me/services/{serviceId}/reinstall', () => {
  it('answers 202 with the card reinstalling; the VM is untouched until converge runs', async () => {
    const before = w.compute.all();

    const response = await call({ os: 'debian-12', confirm: 'asha-vps' });

    expect(response.statusCode).toBe(202);
    expect(response.json).toMatchObject({
      service: {
        id: SERVICE_ID,
        vps: { os: 'ubuntu-24.04', reinstalling: { os: 'debian-12' }, ip: '203.0.113.10' },
      },
    });
    expect(w.compute.all()).toEqual(before);
    expect(w.events.events.map((e) => e.detailType)).toContain('ServiceChanged');
  });

  it('a second while the first is under way is 409 reinstall_in_progress with a sentence', async () => {
    expect((await call({ os: 'debian-12', confirm: 'asha-vps' })).statusCode).toBe(202);

    const second = await call({ os: 'rockylinux-9', confirm: 'asha-vps' });

    expect(second.statusCode).toBe(409);
    expect(second.json).toMatchObject({
      error: { code: 'reinstall_in_progress', message: expect.stringMatching(/being reinstalled/) },
    });
  });

  it('a wrong hostname or an unknown OS is 400 validation_failed, and nothing is recorded', async () => {
    const wrong = await call({ os: 'debian-12', confirm: 'asha' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await call({ os: 'windows-11', confirm: 'asha-vps' })).statusCode).toBe(400);
    const stored = await w.services.getService(BUYER.userId, SERVICE_ID);
    expect(stored?.vps?.reinstall).toBeUndefined();
  });
});
