/**
 * Domains registered for real on the local stack (D23), from outside: /domains' search asks the
 * registrar stand-in; a buyer with a billing address buys a name, converge registers it once at
 * the stand-in, the dashboard shows it ready, and the domain card's routes change its nameservers,
 * add and delete a DNS record, turn the lock off and get the transfer code, which no mail holds.
 * A name taken between search and payment is not registered, and the service says why.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  eventually,
  mailbox,
  givenProfile,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

interface StandInDomain {
  name: string;
  nameservers: string[];
  locked: boolean;
  privacy: boolean;
  expiresAt: string;
  dnsRecords: { type: string; host: string; value: string }[];
}

interface ServiceBody {
  planId: string;
  domain?: string;
  provisioning: { state: string; reason?: string };
}

let stack: LocalStack;

beforeAll(async () => {
  stack = sharedStack();
});

async function registered(): Promise<StandInDomain[]> {
  const res = await fetch(`${stack.registrarUrl}/_registrar/domains`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { domains: StandInDomain[] }).domains;
}

async function buyerWithAddress(prefix: string) {
  const user = newUser(prefix);
  await signUp(stack, user);
  const token = await signIn(stack, user);
  await givenProfile(stack, token);
  return { user, token };
}

async function buy(token: string, domain: string) {
  const order = await placeOrder(stack, token, { planId: 'basicdomain', years: 1, domain });
  expect((await payOrder(stack, order.body.orderId)).status).toBe(200);
}

async function domainService(token: string, domain: string, state: string) {
  return eventually(
    async () => {
      const res = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', {
        token,
      });
      return res.body.services.find((s) => s.domain === domain && s.provisioning?.state === state);
    },
    `${domain} ${state} on the dashboard`,
    30_000,
  );
}

describe('domains on the local stack (D23)', () => {
  it('search → buy → registered once → nameservers, a DNS record, the lock, the transfer code (in no mail)', async () => {
    const label = `asha${Date.now().toString(36)}`;
    const name = `${label}.in`;
    const search = await api<{ results: { domain: string; available: boolean }[] }>(
      stack,
      'GET',
      `/api/domains/availability?name=${label}`,
    );
    expect(search.status).toBe(200);
    expect(search.body.results.find((r) => r.domain === name)?.available).toBe(true);

    const { user, token } = await buyerWithAddress('domain');
    await buy(token, name);
    await domainService(token, name, 'ready');
    const [domain, ...others] = (await registered()).filter((d) => d.name === name);
    expect(others).toEqual([]);
    expect(domain).toMatchObject({ nameservers: ['ns1.stand-in.test', 'ns2.stand-in.test'] });

    const base = `/api/me/domains/${name}`;
    const ns = await api(stack, 'PUT', `${base}/nameservers`, {
      token,
      body: { nameservers: ['ns1.example.net', 'ns2.example.net', 'ns3.example.net'] },
    });
    expect(ns.status, JSON.stringify(ns.body)).toBe(200);
    const added = await api<{ record: { id: string } }>(stack, 'POST', `${base}/dns-records`, {
      token,
      body: { type: 'A', host: 'www', value: '203.0.113.10' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const bad = await api(stack, 'POST', `${base}/dns-records`, {
      token,
      body: { type: 'A', host: 'www', value: 'not-an-ip' },
    });
    expect(bad.status).toBe(400);
    const unlocked = await api(stack, 'PUT', `${base}/settings`, {
      token,
      body: { locked: false },
    });
    expect(unlocked.status).toBe(200);
    const privacy = await api(stack, 'PUT', `${base}/settings`, { token, body: { privacy: true } });
    expect(privacy).toMatchObject({
      status: 409,
      body: { error: { code: 'feature_not_in_plan' } },
    });
    expect((await registered()).find((d) => d.name === name)).toMatchObject({
      nameservers: ['ns1.example.net', 'ns2.example.net', 'ns3.example.net'],
      locked: false,
      dnsRecords: [expect.objectContaining({ type: 'A', host: 'www', value: '203.0.113.10' })],
    });
    const deleted = await api(
      stack,
      'DELETE',
      `${base}/dns-records/${encodeURIComponent(added.body.record.id)}`,
      { token },
    );
    expect(deleted.status).toBe(200);
    expect((await registered()).find((d) => d.name === name)?.dnsRecords).toEqual([]);

    const code = await api<{ authCode: string }>(stack, 'POST', `${base}/auth-code`, { token });
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    expect(code.body.authCode.length).toBeGreaterThan(5);
    const mails = await mailbox(stack, user.email);
    expect(JSON.stringify(mails)).not.toContain(code.body.authCode);

    // Renewed by the buyer (D14): the registry's expiry moves one year, once.
    const expiry = (await registered()).find((d) => d.name === name)!.expiresAt;
    const renewal = await placeOrder(stack, token, {
      planId: 'basicdomain',
      years: 1,
      domain: name,
      renew: true,
    });
    expect((await payOrder(stack, renewal.body.orderId)).status).toBe(200);
    const moved = await eventually(
      async () => {
        const now = (await registered()).find((d) => d.name === name)!.expiresAt;
        return now !== expiry ? now : undefined;
      },
      `${name} renewed at the registry`,
      30_000,
    );
    expect(Date.parse(moved) - Date.parse(expiry)).toBe(365 * 24 * 3600 * 1000);

    const stranger = await buyerWithAddress('stranger');
    expect((await api(stack, 'GET', base, { token: stranger.token })).status).toBe(404);
  });

  it('a name someone else registers between search and payment is not registered for the buyer, and the service says why', async () => {
    const name = `ravi${Date.now().toString(36)}.com`;
    const { token } = await buyerWithAddress('taken');
    const order = await placeOrder(stack, token, { planId: 'basicdomain', years: 1, domain: name });
    const taken = await fetch(`${stack.registrarUrl}/_registrar/taken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: name }),
    });
    expect(taken.status).toBe(200);
    expect((await payOrder(stack, order.body.orderId)).status).toBe(200);
    const service = await domainService(token, name, 'failed');
    expect(service.provisioning.reason).toContain('registered by someone else');
    expect((await registered()).some((d) => d.name === name)).toBe(false);
    // Refunded in full at once (D23), as Cancel refunds: the payment shows its refund.
    const refunded = await eventually(
      async () => {
        const res = await api<{
          payments: { amountPaise: number; refund?: { amountPaise: number } }[];
        }>(stack, 'GET', '/api/me/dashboard', { token });
        return res.body.payments.find((p) => p.refund)?.refund;
      },
      `the refund of ${name}`,
      30_000,
    );
    expect(refunded.amountPaise).toBe(order.body.amountPaise);
  });
});
