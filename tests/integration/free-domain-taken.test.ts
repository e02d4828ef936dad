/**
 * Premium Hosting's free first-year domain taken between checkout and registration (D23), on the
 * local stack from outside: the domain's card and a mail say the name is not the buyer's and that
 * nothing is refunded (it was free; the hosting's payment is untouched), the card offers another
 * name; the name
 * chosen there is registered at the registrar stand-in for the same free year.
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
  signIn,
  signUp,
  givenProfile,
} from '../helpers/storefront-client';

interface CardService {
  id: string;
  category: string;
  domain?: string;
  renewalDate: string;
  chooseDomain?: true;
  provisioning: { state: string; reason?: string };
}

let stack: LocalStack;

beforeAll(() => {
  stack = sharedStack();
});

async function registered(): Promise<string[]> {
  const res = await fetch(`${stack.registrarUrl}/_registrar/domains`);
  return ((await res.json()) as { domains: { name: string }[] }).domains.map((d) => d.name);
}

describe("a hosting's free domain taken before it was registered (D23)", () => {
  it('says nothing is refunded, and registers the other name the buyer chooses on its card', async () => {
    const user = newUser('freetaken');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    await givenProfile(stack, token);
    const stamp = Date.now().toString(36);
    const name = `ashafree${stamp}.com`;
    const other = `ashaother${stamp}.in`;

    const order = await placeOrder(stack, token, {
      planId: 'premiumhosting',
      months: 1,
      registerDomain: name,
    });
    // Someone else registers it between checkout and payment.
    const taken = await fetch(`${stack.registrarUrl}/_registrar/taken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: name }),
    });
    expect(taken.status).toBe(200);
    expect((await payOrder(stack, order.body.orderId)).status).toBe(200);

    const dashboard = async () =>
      (
        await api<{ services: CardService[]; payments: { refund?: unknown }[] }>(
          stack,
          'GET',
          '/api/me/dashboard',
          { token },
        )
      ).body;
    const failed = await eventually(
      async () =>
        (await dashboard()).services.find(
          (s) => s.category === 'domain' && s.provisioning.state === 'failed',
        ),
      'the free domain failed on the dashboard',
      60_000,
    );
    expect(failed.domain).toBe(name);
    expect(failed.chooseDomain).toBe(true);
    expect(failed.provisioning.reason).toContain('there is no payment to refund');
    expect(failed.provisioning.reason).not.toContain('will be refunded');
    // Told by mail too: no refund, choose another name.
    const mail = await eventually(
      async () =>
        (await mailbox(stack, user.email)).find((m) =>
          m.subject.startsWith(`${name} was registered by someone else`),
        ),
      'the free-domain-taken mail',
      30_000,
    );
    expect(mail.subject).toBe(
      `${name} was registered by someone else: choose another name for your free domain`,
    );
    expect(mail.body.text).toContain('there is no payment to refund');
    // The hosting's payment stands: nothing was refunded for the free name.
    expect((await dashboard()).payments).toEqual([
      expect.not.objectContaining({ refund: expect.anything() }),
    ]);

    const chosen = await api(stack, 'PUT', `/api/me/services/${failed.id}/domain`, {
      token,
      body: { name: other },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const ready = await eventually(
      async () =>
        (await dashboard()).services.find(
          (s) => s.id === failed.id && s.provisioning.state === 'ready',
        ),
      `${other} registered`,
      60_000,
    );
    expect(ready.domain).toBe(other);
    expect(ready.renewalDate).toBe(failed.renewalDate);
    expect(ready).not.toHaveProperty('chooseDomain');
    const names = await registered();
    expect(names.filter((n) => n === other)).toEqual([other]);
    expect(names).not.toContain(name);

    const again = await api(stack, 'PUT', `/api/me/services/${failed.id}/domain`, {
      token,
      body: { name: `ashathird${stamp}.in` },
    });
    expect(again.status).toBe(404);
  });
});
