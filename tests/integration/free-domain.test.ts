/**
 * Premium Hosting's "Free domain for the first year" (D23), on the local stack from outside: a
 * taken name is refused before any order; a paid Premium Hosting order with a free name leaves the
 * name registered at the registrar stand-in, and the dashboard lists it as a Basic Domain service
 * of its own, ready, paid ₹0, renewing one year on; its renewal is priced at Basic Domain's .com
 * year (₹999 + 18% GST). (Redelivery is the unit test's: free-domain-orders.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  givenProfile,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

interface CardService {
  id: string;
  planId: string;
  name: string;
  category: string;
  domain?: string;
  pricePaidPaise: number;
  purchaseDate: string;
  renewalDate: string;
  renewable: boolean;
  provisioning: { state: string };
}

let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});

afterAll(async () => {
  await stack?.dispose();
});

async function registered(): Promise<string[]> {
  const res = await fetch(`${stack.registrarUrl}/_registrar/domains`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { domains: { name: string }[] }).domains.map((d) => d.name);
}

describe('Premium Hosting with a free first-year domain on the local stack (D23)', () => {
  it('registers the name and lists a Basic Domain renewing a year on at ₹999 + GST', async () => {
    const user = newUser('freedomain');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    // The registrant contact is the buyer's billing details.
    await givenProfile(stack, token);
    const name = `asha${Date.now().toString(36)}.com`;

    const taken = await api(stack, 'POST', '/api/checkout/orders', {
      token,
      body: { planId: 'premiumhosting', months: 1, registerDomain: 'taken-asha.com' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ error: { code: 'domain_not_available' } });
    const basic = await api(stack, 'POST', '/api/checkout/orders', {
      token,
      body: { planId: 'basichosting', months: 1, registerDomain: name },
    });
    expect(basic.status).toBe(400);
    expect(basic.body).toMatchObject({ error: { code: 'validation_failed' } });

    const order = await placeOrder(stack, token, {
      planId: 'premiumhosting',
      months: 1,
      registerDomain: name,
    });
    expect((await payOrder(stack, order.body.orderId)).status).toBe(200);

    const domain = await eventually(
      async () => {
        const res = await api<{ services: CardService[] }>(stack, 'GET', '/api/me/dashboard', {
          token,
        });
        return res.body.services.find(
          (s) => s.domain === name && s.category === 'domain' && s.provisioning.state === 'ready',
        );
      },
      'the free domain ready on the dashboard',
      60_000,
    );
    expect(domain).toMatchObject({
      planId: 'basicdomain',
      name: 'Basic Domain',
      pricePaidPaise: 0,
      renewable: true,
    });
    const days = (Date.parse(domain.renewalDate) - Date.parse(domain.purchaseDate)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    expect((await registered()).filter((n) => n === name)).toEqual([name]);

    const dashboard = await api<{ services: CardService[]; payments: unknown[] }>(
      stack,
      'GET',
      '/api/me/dashboard',
      { token },
    );
    expect(dashboard.body.services.filter((s) => s.category === 'domain')).toHaveLength(1);
    // One payment: the hosting's; the free year is no payment and has no invoice.
    expect(dashboard.body.payments).toHaveLength(1);

    // Renew: priced as a renewal of the name, at Basic Domain's .com year + GST.
    const renewal = await placeOrder(stack, token, {
      planId: 'basicdomain',
      months: 12,
      domain: name,
    });
    expect(renewal.body.amountPaise).toBe(117_882);
  });
});
