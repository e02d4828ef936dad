/**
 * Domain tiers on the local stack, from outside (#23, #29): an Enterprise domain publishes and
 * withdraws a DS record at the registrar stand-in (LogicBoxes add-dnssec / del-dnssec), a Premium
 * one is refused; a Premium domain chooses Basic for its renewal, its renewal order is priced at
 * Basic for the same service, and paying it renews the name at the registry while privacy stays on
 * until the renewal date (the local stack's clock cannot reach that day: converge's part on the
 * day is proven on the fakes, tests/unit/lambdas/use-cases/domain-tier-change.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
  givenProfile,
} from '../helpers/storefront-client';

interface StandInDomain {
  name: string;
  privacy: boolean;
  expiresAt: string;
  dsRecords: { keytag: string; algorithm: string; digesttype: string; digest: string }[];
}

interface ServiceBody {
  id: string;
  planId: string;
  domain?: string;
  renewalDate: string;
  pendingPlan?: { planId: string; from: string };
  provisioning: { state: string };
}

const DIGEST = 'E2D3C916F6DEEAC73294E8268FB5885044A833FC5459588F4A9184CFC41A5766';

let stack: LocalStack;

beforeAll(async () => {
  stack = sharedStack();
});

async function atRegistrar(name: string): Promise<StandInDomain | undefined> {
  const res = await fetch(`${stack.registrarUrl}/_registrar/domains`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { domains: StandInDomain[] }).domains.find((d) => d.name === name);
}

async function buyer(prefix: string) {
  const user = newUser(prefix);
  await signUp(stack, user);
  const token = await signIn(stack, user);
  await givenProfile(stack, token);
  return token;
}

async function buy(token: string, planId: string, domain: string) {
  const order = await placeOrder(stack, token, { planId, years: 1, domain });
  expect((await payOrder(stack, order.body.orderId)).status).toBe(200);
  return order;
}

async function ready(token: string, domain: string): Promise<ServiceBody> {
  return eventually(
    async () => {
      const res = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', {
        token,
      });
      return res.body.services.find(
        (s) => s.domain === domain && s.provisioning?.state === 'ready',
      );
    },
    `${domain} ready on the dashboard`,
    30_000,
  );
}

describe('domain tiers on the local stack (#23, #29)', () => {
  it('Enterprise publishes and withdraws a DS record at the registrar; Premium is refused', async () => {
    const token = await buyer('dnssec');
    const suffix = Date.now().toString(36);
    const enterprise = `dnssec${suffix}.in`;
    const premium = `nodnssec${suffix}.in`;
    await buy(token, 'enterprisedomain', enterprise);
    await buy(token, 'premiumdomain', premium);
    await ready(token, enterprise);
    await ready(token, premium);

    const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: DIGEST.toLowerCase() };
    const added = await api<{ records: { id: string }[] }>(
      stack,
      'POST',
      `/api/me/domains/${enterprise}/ds-records`,
      { token, body: ds },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await atRegistrar(enterprise))?.dsRecords).toEqual([
      { keytag: '2371', algorithm: '13', digesttype: '2', digest: DIGEST },
    ]);
    const bad = await api(stack, 'POST', `/api/me/domains/${enterprise}/ds-records`, {
      token,
      body: { ...ds, digestType: 1 },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });

    const id = added.body.records[0]!.id;
    const deleted = await api(
      stack,
      'DELETE',
      `/api/me/domains/${enterprise}/ds-records/${encodeURIComponent(id)}`,
      { token },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await atRegistrar(enterprise))?.dsRecords).toEqual([]);

    const refused = await api(stack, 'POST', `/api/me/domains/${premium}/ds-records`, {
      token,
      body: ds,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { code: 'feature_not_in_plan' } },
    });
    expect((await atRegistrar(premium))?.dsRecords).toEqual([]);
  });

  it('Premium → Basic at renewal: never now, the renewal order priced at Basic for the same service, privacy kept until the day', async () => {
    const token = await buyer('tier');
    const name = `tier${Date.now().toString(36)}.com`;
    await buy(token, 'premiumdomain', name);
    const service = await ready(token, name);
    const privacy = await api(stack, 'PUT', `/api/me/domains/${name}/settings`, {
      token,
      body: { privacy: true },
    });
    expect(privacy.status, JSON.stringify(privacy.body)).toBe(200);
    const expiry = (await atRegistrar(name))?.expiresAt as string;

    const now = await api(stack, 'POST', '/api/checkout/change-quote', {
      token,
      body: { planId: 'basicdomain', changeFrom: service.id },
    });
    expect(now).toMatchObject({ status: 400, body: { error: { code: 'invalid_plan_change' } } });

    const chosen = await api<{ service: ServiceBody }>(
      stack,
      'PUT',
      `/api/me/services/${service.id}/plan-change`,
      { token, body: { planId: 'basicdomain' } },
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.service).toMatchObject({
      planId: 'premiumdomain',
      pendingPlan: { planId: 'basicdomain', from: service.renewalDate },
    });

    const renewal = await buy(token, 'basicdomain', name);
    // Basic Domain's .com year with GST (₹999 + 18%), not Premium's ₹2,948.82.
    expect(renewal.body).toMatchObject({ amountPaise: 117_882 });
    const renewed = await eventually(
      async () => {
        const found = await atRegistrar(name);
        return found && found.expiresAt !== expiry ? found : undefined;
      },
      `${name} renewed at the registry`,
      30_000,
    );
    expect(Date.parse(renewed.expiresAt) - Date.parse(expiry)).toBe(365 * 24 * 3600 * 1000);
    // Premium is paid until the renewal date: privacy stays on until then.
    expect(renewed.privacy).toBe(true);
    const services = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', {
      token,
    });
    const mine = services.body.services.filter((s) => s.domain === name);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: service.id, pendingPlan: { planId: 'basicdomain' } });
  });
});
