/**
 * Delivery end to end on the local stack (D18), from outside: a buyer pays for hosting, the
 * provisioning consumer creates its account on the WHM stand-in (the derived username, the plan's
 * package, the buyer's domain or a placeholder), the dashboard shows it ready with its access
 * details, the buyer is mailed them (no password), and Open control panel gives a single-use login
 * URL that signs the buyer in once and is refused the second time. With WHM down, the service
 * shows "Setting up" and the panel login is refused politely; once WHM is back, the bus's retry
 * creates exactly one account.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whmUsernameFor } from '../../lambdas/domain/provisioning';
import { pendingBusDeliveries } from '../helpers/faults/fault-stack';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

interface ProvisioningBody {
  state: string;
  username?: string;
  server?: string;
  panelUrl?: string;
  nameservers?: string[];
}

interface ServiceBody {
  id: string;
  planId: string;
  domain?: string;
  provisioning: ProvisioningBody;
}

interface WhmAccount {
  user: string;
  domain: string;
  plan: string;
  email: string;
  state: string;
}

// Its own stack: WHM's outage switch is the stand-in's, for every account on it, so another file
// running beside this one on the shared stack would see WHM down too.
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});

afterAll(async () => {
  await stack?.dispose();
});

async function signedInBuyer(prefix: string): Promise<{ user: TestUser; token: string }> {
  const user = newUser(prefix);
  await signUp(stack, user);
  return { user, token: await signIn(stack, user) };
}

/** Orders and pays for a plan as the browser does; the simulator's webhooks fulfil it. */
async function buy(token: string, planId: string, domain?: string): Promise<void> {
  const order = await placeOrder(stack, token, {
    planId,
    months: 12,
    ...(domain ? { domain } : {}),
  });
  expect((await payOrder(stack, order.body.orderId)).status).toBe(200);
}

async function services(token: string): Promise<ServiceBody[]> {
  const res = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body.services;
}

async function serviceOf(token: string, planId: string): Promise<ServiceBody> {
  return eventually(
    async () => (await services(token)).find((s) => s.planId === planId),
    `the ${planId} service on the dashboard`,
    30_000,
  );
}

async function whmAccounts(): Promise<WhmAccount[]> {
  const res = await fetch(`${stack.whmUrl}/_whm/accounts`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { accounts: WhmAccount[] }).accounts;
}

async function outage(on: boolean): Promise<void> {
  const res = await fetch(`${stack.whmUrl}/_whm/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ on }),
  });
  expect(res.status).toBe(200);
}

const panelLogin = (token: string, serviceId: string) =>
  api<{ url?: string; error?: { code: string; message: string } }>(
    stack,
    'POST',
    `/api/me/services/${serviceId}/panel-login`,
    { token },
  );

describe('hosting bought with a domain', () => {
  const domain = `asha-${randomUUID().slice(0, 6)}.in`;
  let buyer: { user: TestUser; token: string };
  let service: ServiceBody;
  let username: string;

  beforeAll(async () => {
    buyer = await signedInBuyer('hosting');
    await buy(buyer.token, 'basichosting', domain);
    service = await serviceOf(buyer.token, 'basichosting');
    username = whmUsernameFor(service.id, domain);
  });

  it('gets one account on WHM: the derived username, the buyer’s domain, the plan’s package', async () => {
    const account = await eventually(
      async () => (await whmAccounts()).find((a) => a.domain === domain),
      'the account on the WHM stand-in',
      30_000,
    );

    expect(account).toMatchObject({
      user: username,
      domain,
      plan: 'storefront_basic',
      email: buyer.user.email,
      state: 'active',
    });
    expect((await whmAccounts()).filter((a) => a.domain === domain)).toHaveLength(1);
  });

  it('shows ready on the dashboard with its access details', async () => {
    const ready = await eventually(
      async () => {
        const found = (await services(buyer.token)).find((s) => s.id === service.id);
        return found?.provisioning.state === 'ready' ? found : undefined;
      },
      'the service to be ready on the dashboard',
      30_000,
    );

    expect(ready.provisioning).toEqual({
      state: 'ready',
      username,
      server: '127.0.0.1',
      nameservers: ['ns1.stand-in.test', 'ns2.stand-in.test'],
      panelUrl: stack.whmUrl,
    });
  });

  it('mails the buyer the access details once, with no password', async () => {
    const mails = await eventually(
      async () => {
        const found = (await mailbox(stack, buyer.user.email)).filter((m) =>
          m.subject.includes('is ready'),
        );
        return found.length > 0 ? found : undefined;
      },
      'the service-ready mail',
      30_000,
    );

    expect(mails).toHaveLength(1);
    const text = mails[0]?.body.text ?? '';
    expect(text).toContain(username);
    expect(text).toContain('ns1.stand-in.test');
    expect(text).toContain(`${stack.baseUrl}/dashboard`);
    expect(`${text}\n${mails[0]?.body.html ?? ''}`).not.toMatch(/password\s*[:=]/i);
  });

  it('Open control panel: a single-use URL that signs the buyer in once, then is refused', async () => {
    const login = await panelLogin(buyer.token, service.id);

    expect(login.status).toBe(200);
    const url = login.body.url ?? '';
    expect(url.startsWith(`${stack.whmUrl}/cpsess`)).toBe(true);
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(`signed in as ${username}`);
    const second = await fetch(url);
    expect(second.status).toBe(401);
    expect(await second.text()).not.toContain('signed in as');
  });

  it('another buyer asking for this service’s panel gets 404, and no login is made', async () => {
    const other = await signedInBuyer('other');

    const login = await panelLogin(other.token, service.id);

    expect(login.status).toBe(404);
    expect(login.body.error?.code).toBe('service_not_found');
  });
});

describe('hosting bought with "I’ll add it later"', () => {
  it('gets a placeholder domain under the operator’s name, and its username from it', async () => {
    const buyer = await signedInBuyer('later');

    await buy(buyer.token, 'premiumhosting');
    const service = await serviceOf(buyer.token, 'premiumhosting');
    const account = await eventually(
      async () => (await whmAccounts()).find((a) => a.email === buyer.user.email),
      'the placeholder account on the WHM stand-in',
      30_000,
    );

    expect(account.domain).toMatch(/^site-[a-z0-9]{10}\.sites\.storefront\.test$/);
    expect(account.user).toBe(whmUsernameFor(service.id, account.domain));
    expect(account.plan).toBe('storefront_premium');
  });
});

describe('a VPS', () => {
  it('waits for an operator: manual, no account on WHM, and no panel login', async () => {
    const buyer = await signedInBuyer('vps');

    await buy(buyer.token, 'basicvps');
    const service = await eventually(
      async () => {
        const found = (await services(buyer.token)).find((s) => s.planId === 'basicvps');
        return found?.provisioning.state === 'manual' ? found : undefined;
      },
      'the VPS to wait for an operator',
      30_000,
    );
    const login = await panelLogin(buyer.token, service.id);

    expect(login.status).toBe(409);
    expect(login.body.error?.code).toBe('service_not_ready');
    expect((await whmAccounts()).some((a) => a.email === buyer.user.email)).toBe(false);
  });
});

describe('WHM down', () => {
  it('the service shows "Setting up" meanwhile, and the retry after the outage makes exactly one account', async () => {
    const buyer = await signedInBuyer('outage');
    const domain = `outage-${randomUUID().slice(0, 6)}.in`;
    await outage(true);
    try {
      await buy(buyer.token, 'basichosting', domain);
      // The consumer has tried and failed at least once: the bus holds the delivery for a retry.
      await eventually(
        async () =>
          pendingBusDeliveries(stack).some(
            (d) =>
              d.target === 'provisionService' &&
              d.event.detail.domain === domain &&
              d.attempts.some((a) => a.error?.includes('ProvisionerUnavailableError')),
          ) || undefined,
        'a failed provisioning attempt',
        30_000,
      );
      const meanwhile = await serviceOf(buyer.token, 'basichosting');
      const login = await panelLogin(buyer.token, meanwhile.id);

      expect(meanwhile.provisioning).toEqual({ state: 'pending' });
      expect(login.status).toBe(409);
      expect(login.body.error?.code).toBe('service_not_ready');
    } finally {
      await outage(false);
    }

    const account = await eventually(
      async () => (await whmAccounts()).find((a) => a.domain === domain),
      'the account once WHM is back',
      60_000,
    );
    const ready = await eventually(
      async () => {
        const found = (await services(buyer.token)).find((s) => s.planId === 'basichosting');
        return found?.provisioning.state === 'ready' ? found : undefined;
      },
      'the service to be ready after the outage',
      30_000,
    );

    expect(account.user).toBe(whmUsernameFor(ready.id, domain));
    expect((await whmAccounts()).filter((a) => a.domain === domain)).toHaveLength(1);
  });

  it('Open control panel while the panel is down: 503 with a sentence the buyer can read', async () => {
    const buyer = await signedInBuyer('down');
    await buy(buyer.token, 'basichosting', `down-${randomUUID().slice(0, 6)}.in`);
    const ready = await eventually(
      async () => {
        const found = (await services(buyer.token)).find((s) => s.planId === 'basichosting');
        return found?.provisioning.state === 'ready' ? found : undefined;
      },
      'the service to be ready',
      30_000,
    );
    await outage(true);
    try {
      const login = await panelLogin(buyer.token, ready.id);

      expect(login.status).toBe(503);
      expect(login.body.error).toEqual({
        code: 'panel_unavailable',
        message: 'The control panel did not answer. Please try again in a few minutes.',
      });
    } finally {
      await outage(false);
    }
  });
});
