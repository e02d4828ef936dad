/**
 * A plan change now on the local stack, driven from outside (D26): buy Basic Hosting, quote and
 * pay the upgrade to Premium Hosting, and the WHM stand-in's account moves to Premium's package
 * (its own hook lists it) while the renewal date stays and the tax invoice is for the difference;
 * then a full refund of the upgrade payment (made at Razorpay, as from its dashboard) puts the
 * service back on Basic Hosting and the account back on Basic's package.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../lambdas/domain/api';
import type { Quote } from '../../lambdas/domain/pricing';
import { LOCAL_SECRETS, type LocalStack } from '../helpers/local-stack';
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
} from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
}, 60_000);
const basicAuth = `Basic ${Buffer.from(`${LOCAL_SECRETS.keyId}:${LOCAL_SECRETS.keySecret}`).toString('base64')}`;

const dashboard = async (token: string) =>
  (await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token })).body;

async function whmPlanOf(username: string): Promise<string | undefined> {
  const res = await fetch(`${stack.whmUrl}/_whm/accounts`);
  const body = (await res.json()) as { accounts: { user: string; plan: string }[] };
  return body.accounts.find((a) => a.user === username)?.plan;
}

describe('upgrade now, on the local stack', () => {
  it('Basic → Premium Hosting: quote, pay, the WHM package changes, the renewal date stays; refunded, it goes back', async () => {
    const user = newUser('upgrade');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const bought = await placeOrder(stack, token, {
      planId: 'basichosting',
      months: 12,
      domain: 'upgrade-test.in',
    });
    expect((await payOrder(stack, bought.body.orderId)).status).toBe(200);
    const basic = await eventually(
      async () => {
        const service = (await dashboard(token)).services[0];
        return service?.provisioning.state === 'ready' ? service : undefined;
      },
      'Basic Hosting ready on the panel',
      30_000,
    );
    const username = basic.provisioning.username as string;
    expect(await whmPlanOf(username)).toBe('storefront_basic');

    // Refused without an order: a lower plan now, another category.
    for (const planId of ['basichosting', 'basicvps']) {
      const refused = await api(stack, 'POST', '/api/checkout/orders', {
        token,
        body: { planId, changeFrom: basic.id },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'invalid_plan_change' } });
    }

    const quoted = await api<Quote>(stack, 'POST', '/api/checkout/change-quote', {
      token,
      body: { planId: 'premiumhosting', changeFrom: basic.id },
    });
    expect(quoted.status).toBe(200);
    const change = quoted.body.change;
    // Changed on the day it was bought: the whole period is left, so the credit is all that was
    // paid for Basic and the charge all of Premium's year.
    expect(change).toMatchObject({
      fromPlanId: 'basichosting',
      creditPaise: 2_998_800,
      chargePaise: 4_798_800,
      renewalDate: basic.renewalDate,
    });
    expect(change?.remainingDays).toBe(change?.periodDays);
    expect(quoted.body.totalPaise).toBe(2_124_000);

    const order = await placeOrder(stack, token, {
      planId: 'premiumhosting',
      changeFrom: basic.id,
      remainingDays: change?.remainingDays,
    });
    expect(order.body.amountPaise).toBe(2_124_000);
    const paid = await payOrder(stack, order.body.orderId);
    expect(paid.status).toBe(200);
    const paymentId = paid.body.razorpay_payment_id;

    await eventually(
      async () => ((await whmPlanOf(username)) === 'storefront_premium' ? true : undefined),
      'the account on Premium’s package',
      30_000,
    );
    const board = await eventually(async () => {
      const body = await dashboard(token);
      const payment = body.payments.find((p) => p.paymentId === paymentId);
      const service = body.services.find((s) => s.id === basic.id);
      return payment?.invoiceNumber && service?.planUpdating !== true
        ? { payment, service, services: body.services }
        : undefined;
    }, 'the upgrade on the dashboard');
    expect(board.services).toHaveLength(1);
    expect(board.service).toMatchObject({
      id: basic.id,
      planId: 'premiumhosting',
      name: 'Premium Hosting',
      renewalDate: basic.renewalDate,
    });

    // The invoice is for the difference, and says what it was for.
    const pdf = await fetch(
      `${stack.baseUrl}/api/me/invoices/${(board.payment.invoiceNumber ?? '').replaceAll('/', '-')}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(await pdf.arrayBuffer()),
    }).toString();
    expect(text).toMatch(/Upgrade Basic Hosting → Premium Hosting/);
    expect(text).toMatch(/18,000\.00/);
    expect(text).toMatch(/21,240\.00/);

    // A smaller plan for the renewal, chosen and taken back (D26); a larger one is refused there.
    const planChange = `/api/me/services/${basic.id}/plan-change`;
    const chosen = await api<{ service: { pendingPlan?: unknown } }>(stack, 'PUT', planChange, {
      token,
      body: { planId: 'basichosting' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.service.pendingPlan).toEqual({
      planId: 'basichosting',
      planName: 'Basic Hosting',
      from: basic.renewalDate,
    });
    const larger = await api(stack, 'PUT', planChange, {
      token,
      body: { planId: 'enterprisehosting' },
    });
    expect(larger.status).toBe(400);
    const kept = await api<{ service: { pendingPlan?: unknown } }>(stack, 'DELETE', planChange, {
      token,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.service.pendingPlan).toBeUndefined();

    // A full refund of the upgrade payment, made at Razorpay: the plan and the package go back.
    const refund = await fetch(`${stack.simulatorUrl}/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth },
      body: JSON.stringify({ amount: 2_124_000 }),
    });
    expect(refund.status).toBe(200);
    await eventually(
      async () => ((await whmPlanOf(username)) === 'storefront_basic' ? true : undefined),
      'the account back on Basic’s package',
      30_000,
    );
    const after = (await dashboard(token)).services.find((s) => s.id === basic.id);
    expect(after).toMatchObject({
      planId: 'basichosting',
      renewalDate: basic.renewalDate,
      state: 'active',
    });
  }, 120_000);

  it('a change paid twice (two tabs): the second payment is refunded in full at once and the buyer told', async () => {
    const user = newUser('paidtwice');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const bought = await placeOrder(stack, token, { planId: 'basichosting', months: 12 });
    expect((await payOrder(stack, bought.body.orderId)).status).toBe(200);
    const basic = await eventually(
      async () => {
        const service = (await dashboard(token)).services[0];
        return service?.provisioning.state === 'ready' ? service : undefined;
      },
      'Basic Hosting ready',
      30_000,
    );
    const quoted = await api<Quote>(stack, 'POST', '/api/checkout/change-quote', {
      token,
      body: { planId: 'premiumhosting', changeFrom: basic.id },
    });
    const body = {
      planId: 'premiumhosting',
      changeFrom: basic.id,
      remainingDays: quoted.body.change?.remainingDays,
    };
    // Two tabs each place the order, then each pays.
    const first = await placeOrder(stack, token, body);
    const second = await placeOrder(stack, token, body);
    expect((await payOrder(stack, first.body.orderId)).status).toBe(200);
    await eventually(async () => {
      const service = (await dashboard(token)).services.find((s) => s.id === basic.id);
      return service?.planId === 'premiumhosting' ? true : undefined;
    }, 'the first payment’s change');

    const again = await payOrder(stack, second.body.orderId);
    expect(again.status).toBe(200);
    const verified = await api(stack, 'POST', '/api/checkout/verify', {
      token,
      body: again.body,
    });

    expect(verified.status).toBe(409);
    expect(verified.body).toMatchObject({ error: { code: 'change_paid_twice' } });
    const payment = await eventually(async () => {
      const res = await fetch(
        `${stack.simulatorUrl}/v1/payments/${again.body.razorpay_payment_id}`,
        { headers: { authorization: basicAuth } },
      );
      const found = (await res.json()) as { amount: number; amount_refunded: number };
      return found.amount_refunded > 0 ? found : undefined;
    }, 'the second payment refunded');
    expect(payment.amount_refunded).toBe(payment.amount);
    const subject = `You paid twice for your change to Premium Hosting: ₹21,240.00 is being refunded`;
    await eventually(
      async () =>
        (await mailbox(stack, user.email)).some((m) => m.subject === subject) || undefined,
      'the refund mail',
    );
    // Verify again and the webhooks' redeliveries change nothing more: one refund, one mail.
    await api(stack, 'POST', '/api/checkout/verify', { token, body: again.body });
    const mails = await mailbox(stack, user.email);
    expect(mails.filter((m) => m.subject === subject)).toHaveLength(1);
    const service = (await dashboard(token)).services.find((s) => s.id === basic.id);
    expect(service).toMatchObject({ planId: 'premiumhosting', renewalDate: basic.renewalDate });
  }, 120_000);
});
