/**
 * A domain transferred in with its auth code (D23) on the local stack, from outside: a name held
 * elsewhere is offered for transfer by the search, ordered with its code, paid in the Razorpay
 * simulator; the registrar stand-in shows the transfer pending (LogicBoxes' details-by-name,
 * `AddTransferDomain` / `InProcess`), then completed, and the dashboard shows the service Active
 * with the registry's expiry, within seconds, with no reconciler run (converge looks again on its
 * own, converge-transfer.ts). A wrong code fails the transfer, refunds the payment in full, mails
 * the buyer, and the card says why. The code is in no mail, no Razorpay order, no answer and no
 * line of the stack's log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  eventually,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  razorpayGet,
  signIn,
  signUp,
  givenProfile,
} from '../helpers/storefront-client';

interface CardService {
  id: string;
  domain?: string;
  state: string;
  renewalDate: string;
  transfer?: { state: string; detail?: string };
  provisioning: { state: string; reason?: string };
}

let stack: LocalStack;

beforeAll(() => {
  stack = sharedStack();
});

/** The stand-in's LogicBoxes API as the adapter calls it (infra/local/config.ts's local key). */
async function detailsByName(name: string): Promise<Record<string, unknown> | undefined> {
  const query = new URLSearchParams({
    'auth-userid': '123456',
    'api-key': 'local_registrar_key',
    'domain-name': name,
    options: 'All',
  });
  const res = await fetch(`${stack.registrarUrl}/api/domains/details-by-name.json?${query}`);
  if (res.status !== 200) return undefined;
  return (await res.json()) as Record<string, unknown>;
}

async function heldElsewhere(name: string, authCode: string) {
  const res = await fetch(`${stack.registrarUrl}/_registrar/taken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: name, authCode }),
  });
  expect(res.status).toBe(200);
}

async function buyerWithAddress(prefix: string) {
  const user = newUser(prefix);
  await signUp(stack, user);
  const token = await signIn(stack, user);
  await givenProfile(stack, token);
  return { user, token };
}

async function card(token: string, name: string): Promise<CardService | undefined> {
  const res = await api<{ services: CardService[] }>(stack, 'GET', '/api/me/dashboard', { token });
  return res.body.services.find((s) => s.domain === name);
}

/** Orders the transfer with `authCode` and pays it; answers the order id. */
async function transferIn(token: string, name: string, authCode: string) {
  const order = await placeOrder(stack, token, {
    planId: 'basicdomain',
    years: 1,
    domain: name,
    transfer: { authCode },
  });
  expect(order.body.amountPaise).toBe(117_882); // one year of .com: ₹999 + 18% GST
  expect((await payOrder(stack, order.body.orderId)).status).toBe(200);
  return order.body.orderId;
}

/** Nowhere the buyer, Razorpay or an operator's log could read it. */
async function codeNowhere(code: string, token: string, email: string, orderId: string) {
  expect(JSON.stringify(await mailbox(stack, email))).not.toContain(code);
  const order = await razorpayGet(stack, `/v1/orders/${orderId}`);
  expect(order.status).toBe(200);
  expect(JSON.stringify(order.body)).not.toContain(code);
  const dashboard = await api(stack, 'GET', '/api/me/dashboard', { token });
  expect(JSON.stringify(dashboard.body)).not.toContain(code);
  expect(stack.output()).not.toContain(code);
}

describe('a domain transferred in on the local stack (D23)', () => {
  it('search offers Transfer → order with the code → pay → pending at the registrar → Active with the registry’s expiry within seconds', async () => {
    const label = `ashamoves${Date.now().toString(36)}`;
    const name = `${label}.com`;
    const code = `Tr4nsfer-${Date.now().toString(36)}-ok`;
    await heldElsewhere(name, code);

    const search = await api<{ results: { domain: string; available: boolean }[] }>(
      stack,
      'GET',
      `/api/domains/availability?name=${label}`,
    );
    expect(search.body.results.find((r) => r.domain === name)?.available).toBe(false);

    const { user, token } = await buyerWithAddress('transfer');
    const paidAt = Date.now();
    const orderId = await transferIn(token, name, code);

    // The registrar has the transfer, waiting for the losing registrar (the stand-in: 3 s).
    const pending = await eventually(
      async () => {
        const details = await detailsByName(name);
        return details?.actiontype === 'AddTransferDomain' && details.actionstatus === 'InProcess'
          ? details
          : undefined;
      },
      `${name} pending at the registrar stand-in`,
      30_000,
    );
    expect(pending.actionstatusdesc).toBe('Transfer waiting for Losing Registrar Approval');

    // Active on the dashboard, seconds later: no reconciler run (it comes every 15 minutes).
    const active = await eventually(
      async () => {
        const service = await card(token, name);
        return service?.provisioning.state === 'ready' ? service : undefined;
      },
      `${name} transferred and Active`,
      45_000,
    );
    expect(Date.now() - paidAt).toBeLessThan(5 * 60_000);
    expect(active).toMatchObject({ state: 'active', transfer: { state: 'completed' } });
    const registry = (await fetch(`${stack.registrarUrl}/_registrar/domains`).then((r) =>
      r.json(),
    )) as { domains: { name: string; expiresAt: string; nameservers: string[] }[] };
    const held = registry.domains.filter((d) => d.name === name);
    expect(held).toHaveLength(1);
    expect(held[0]!.nameservers).toEqual(['ns1.stand-in.test', 'ns2.stand-in.test']);
    // The card's expiry is the registry's (the year the transfer added to what was left).
    const domain = await api<{ expiresAt: string }>(stack, 'GET', `/api/me/domains/${name}`, {
      token,
    });
    expect(domain.status, JSON.stringify(domain.body)).toBe(200);
    expect(domain.body.expiresAt).toBe(held[0]!.expiresAt);
    expect(Date.parse(held[0]!.expiresAt) - paidAt).toBeGreaterThan(365 * 86_400_000);

    await codeNowhere(code, token, user.email, orderId);
  });

  it('a wrong code: the transfer fails, the payment is refunded in full, the buyer is mailed and the card says why', async () => {
    const name = `ravimoves${Date.now().toString(36)}.com`;
    const wrong = `not-the-code-${Date.now().toString(36)}`;
    await heldElsewhere(name, `right-${Date.now().toString(36)}`);
    const { user, token } = await buyerWithAddress('transferwrong');
    const orderId = await transferIn(token, name, wrong);

    const failed = await eventually(
      async () => {
        const service = await card(token, name);
        return service?.provisioning.state === 'failed' ? service : undefined;
      },
      `${name}'s transfer failed on the card`,
      45_000,
    );
    expect(failed.transfer?.state).toBe('failed');
    expect(failed.provisioning.reason).toContain(`${name} could not be transferred to us`);
    expect(failed.provisioning.reason).toContain('refunded in full');

    const refund = await eventually(
      async () => {
        const res = await api<{
          payments: { amountPaise: number; refund?: { amountPaise: number } }[];
        }>(stack, 'GET', '/api/me/dashboard', { token });
        return res.body.payments.find((p) => p.refund);
      },
      `the refund of ${name}`,
      45_000,
    );
    expect(refund.refund?.amountPaise).toBe(117_882);
    expect(refund.amountPaise).toBe(117_882);
    const mail = await eventually(
      async () =>
        (await mailbox(stack, user.email)).find((m) =>
          m.subject.includes('Your refund of ₹1,178.82'),
        ),
      'the refund mail',
      30_000,
    );
    expect(mail.subject).toBe('Your refund of ₹1,178.82 has started');
    // Not ours at the registrar.
    const registry = (await fetch(`${stack.registrarUrl}/_registrar/domains`).then((r) =>
      r.json(),
    )) as { domains: { name: string }[] };
    expect(registry.domains.some((d) => d.name === name)).toBe(false);

    await codeNowhere(wrong, token, user.email, orderId);
  });
});
