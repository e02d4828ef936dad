/**
 * Auto-renew (D25) on the local stack with the Razorpay simulator, driven from outside: a monthly
 * Basic Hosting bought through checkout; auto-renew turned on from the card and authorised in the
 * simulator's UPI Autopay tab (the webhook stores the mandate); the job (`POST
 * /_local/jobs/auto-renew {"time"}`) mails the pre-debit notice 3 days ahead and debits a day
 * later (10 runs at once: one notice, one debit); the capture renews the service as a normal
 * renewal; the notice's link turns it off and cancels the token at the simulator; set up again,
 * a mandate revoked at the bank turns it off and the buyer is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDate } from '../../lambdas/domain/renewals';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  mailbox,
  newUser,
  payOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

interface ServiceBody {
  id: string;
  planId: string;
  renewalDate: string;
  autoRenew?: boolean;
  autoRenewal?: {
    pending: boolean;
    mandate?: { method: string; label: string; status: string };
    nextDebitOn?: string;
  };
}

interface Authorise {
  orderId: string;
  keyId: string;
  amountPaise: number;
  customerId: string;
}

interface JobSummary {
  read: number;
  notices: number;
  payLinks: number;
  debits: number;
  failed: number;
  skipped: number;
  errors: number;
}

let stack: LocalStack;
let user: TestUser;
let token: string;

beforeAll(async () => {
  stack = await startLocalStack();
  user = newUser('autorenew');
  await signUp(stack, user);
  token = await signIn(stack, user);
}, 120_000);

afterAll(async () => {
  await stack?.dispose();
});

async function runJob(time: Date): Promise<JobSummary> {
  const res = await fetch(`${stack.baseUrl}/_local/jobs/auto-renew`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ time: time.toISOString() }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as JobSummary;
}

async function service(): Promise<ServiceBody> {
  const res = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', { token });
  const found = res.body.services.find((s) => s.planId === 'basichosting');
  if (!found) throw new Error('no Basic Hosting on the dashboard');
  return found;
}

/** 09:00 IST on the India day `days` before the renewal date's. */
function nineAmIstBefore(renewalDate: string, days: number): Date {
  const day = istDate(new Date(Date.parse(renewalDate) - days * 86_400_000));
  return new Date(`${day}T03:30:00.000Z`);
}

async function turnOn(serviceId: string): Promise<void> {
  const on = await api<{ service: ServiceBody; authorise: Authorise }>(
    stack,
    'PUT',
    `/api/me/services/${serviceId}/auto-renew`,
    { token, body: { enabled: true, method: 'upi' } },
  );
  expect(on.status).toBe(200);
  expect(on.body.service.autoRenew).toBe(false);
  expect(on.body.authorise).toMatchObject({ amountPaise: 100, keyId: stack.config.razorpay.keyId });
  // The buyer authorises it in Checkout's UPI Autopay tab.
  const res = await fetch(`${stack.simulatorUrl}/_simulator/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      order_id: on.body.authorise.orderId,
      outcome: 'success',
      method: 'upi',
    }),
  });
  expect(res.status).toBe(200);
  await eventually(async () => ((await service()).autoRenew ? true : undefined), 'auto-renew on');
}

async function subjects(): Promise<string[]> {
  return (await mailbox(stack, user.email)).map((m) => m.subject);
}

describe('auto-renew of a monthly Basic Hosting', () => {
  let first: ServiceBody;

  it('is turned on from the card and authorised with UPI Autopay: the card shows the mandate', async () => {
    const order = await api<{ orderId: string }>(stack, 'POST', '/api/checkout/orders', {
      token,
      body: { planId: 'basichosting', months: 1 },
    });
    expect(order.status).toBe(201);
    expect((await payOrder(stack, order.body.orderId, 'success')).status).toBe(200);
    first = await eventually(() => service().catch(() => undefined), 'the service');

    await turnOn(first.id);

    const on = await service();
    expect(on.autoRenewal?.mandate).toMatchObject({ method: 'upi', status: 'confirmed' });
    // The registration's ₹1 is given back (once, though Razorpay reports it twice).
    const refunds = await eventually(async () => {
      const res = await fetch(`${stack.simulatorUrl}/_simulator/deliveries`);
      const { deliveries } = (await res.json()) as { deliveries: { event: string }[] };
      const created = deliveries.filter((d) => d.event === 'refund.created');
      return created.length ? created : undefined;
    }, 'the ₹1 refunded');
    expect(refunds).toHaveLength(1);
    expect(on.autoRenewal?.mandate?.label).not.toContain('success@razorpay');
    expect(istDate(new Date(on.autoRenewal!.nextDebitOn!))).toBe(
      istDate(nineAmIstBefore(first.renewalDate, 2)),
    );
  });

  it('refuses a body it does not understand with a sentence, changing nothing', async () => {
    const bad = await api<{ error: { code: string; message: string } }>(
      stack,
      'PUT',
      `/api/me/services/${first.id}/auto-renew`,
      { token, body: { enabled: 'yes' } },
    );

    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/enabled/);
    expect((await service()).autoRenew).toBe(true);
  });

  it('10 runs at once on the notice day send one notice; 10 the next day make one debit; the capture renews it', async () => {
    const noticeDay = nineAmIstBefore(first.renewalDate, 3);
    const notices = await Promise.all(Array.from({ length: 10 }, () => runJob(noticeDay)));
    expect(notices.reduce((n, s) => n + s.notices, 0)).toBe(1);
    const notice = (await mailbox(stack, user.email)).find((m) =>
      /will be debited on/.test(m.subject),
    );
    expect(notice?.body.text).toMatch(/₹3,538\.82, GST included/);
    expect(notice?.body.text).not.toMatch(/token_/);

    const debitDay = nineAmIstBefore(first.renewalDate, 2);
    const debits = await Promise.all(Array.from({ length: 10 }, () => runJob(debitDay)));
    expect(debits.reduce((n, s) => n + s.debits, 0)).toBe(1);

    const renewed = await eventually(async () => {
      const s = await service();
      return s.renewalDate !== first.renewalDate ? s : undefined;
    }, 'the renewal date moved by the captured debit');
    expect(Date.parse(renewed.renewalDate)).toBeGreaterThan(Date.parse(first.renewalDate));
    // The debit is a payment like any other: on the dashboard, at the renewal price.
    const payments = await api<{ payments: { amountPaise: number }[] }>(
      stack,
      'GET',
      '/api/me/dashboard',
      { token },
    );
    expect(payments.body.payments).toHaveLength(2);
    expect(payments.body.payments.filter((p) => p.amountPaise === 3_538_82)).toHaveLength(1);
  });

  it("the notice's link turns it off without a sign-in and cancels the mandate at Razorpay", async () => {
    const notice = (await mailbox(stack, user.email)).find((m) =>
      /will be debited on/.test(m.subject),
    );
    const link = /auto-renew\/off\?t=([^\s"<]+)/.exec(notice?.body.text ?? '')?.[1] ?? '';

    const off = await api<{ service: ServiceBody }>(stack, 'POST', '/api/auto-renew/off', {
      body: { token: decodeURIComponent(link) },
    });
    const forged = await api(stack, 'POST', '/api/auto-renew/off', {
      body: { token: `${decodeURIComponent(link).slice(0, -4)}AAAA` },
    });

    expect(off.status).toBe(200);
    expect(off.body.service.autoRenew).toBe(false);
    expect(forged.status).toBe(400);
    const tokens = await fetch(`${stack.simulatorUrl}/_simulator/tokens`);
    const { tokens: list } = (await tokens.json()) as {
      tokens: { recurring_details: { status: string } }[];
    };
    expect(list.map((t) => t.recurring_details.status)).toEqual(['cancelled']);
    expect(await subjects()).toContain('Auto-renew is off for your Basic Hosting');
  });

  it('set up again, a mandate revoked at the bank turns it off and tells the buyer', async () => {
    await turnOn(first.id);
    const tokens = await fetch(`${stack.simulatorUrl}/_simulator/tokens`);
    const { tokens: list } = (await tokens.json()) as {
      tokens: { id: string; recurring_details: { status: string } }[];
    };
    const live = list.find((t) => t.recurring_details.status === 'confirmed')!;

    const revoked = await fetch(`${stack.simulatorUrl}/_simulator/tokens/${live.id}/bank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'cancelled' }),
    });

    expect(revoked.status).toBe(200);
    await eventually(async () => ((await service()).autoRenew === false ? true : undefined), 'off');
    await eventually(
      async () =>
        (await subjects()).includes(
          'Auto-renew stopped for your Basic Hosting: the mandate was cancelled',
        ) || undefined,
      'the mandate-revoked mail',
    );
  });
});

describe('auto-renew chosen at checkout ("Renew automatically")', () => {
  let buyer: TestUser;
  let buyerToken: string;

  beforeAll(async () => {
    buyer = newUser('autorenewcheckout');
    await signUp(stack, buyer);
    buyerToken = await signIn(stack, buyer);
  }, 60_000);

  async function buyWith(planId: string, method: 'card' | 'upi') {
    const order = await api<{ orderId: string; recurring?: { customerId: string } }>(
      stack,
      'POST',
      '/api/checkout/orders',
      { token: buyerToken, body: { planId, months: 1, autoRenew: true } },
    );
    expect(order.status).toBe(201);
    expect(order.body.recurring?.customerId).toMatch(/^cust_/);
    // The buyer pays once in Checkout (recurring: 1): the payment also registers the mandate.
    const paid = await fetch(`${stack.simulatorUrl}/_simulator/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order.body.orderId, outcome: 'success', method }),
    });
    expect(paid.status).toBe(200);
    const callback = (await paid.json()) as Record<string, string>;
    return api<{
      purchase: { id: string };
      autoRenew?: { status: string; mandateLabel?: string; firstDebitOn?: string };
    }>(stack, 'POST', '/api/checkout/verify', { token: buyerToken, body: callback });
  }

  async function card(planId: string): Promise<ServiceBody> {
    const res = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', {
      token: buyerToken,
    });
    const found = res.body.services.find((s) => s.planId === planId);
    if (!found) throw new Error(`no ${planId} on the dashboard`);
    return found;
  }

  it('one payment buys the service and sets up the mandate: verify says auto-renew is on', async () => {
    const verified = await buyWith('basichosting', 'upi');

    expect(verified.status).toBe(200);
    expect(verified.body.autoRenew).toMatchObject({
      status: 'on',
      mandateLabel: 'UPI su•••••@razorpay',
    });
    const on = await card('basichosting');
    expect(on.autoRenew).toBe(true);
    expect(on.autoRenewal?.mandate).toMatchObject({ method: 'upi', status: 'confirmed' });
    expect(verified.body.autoRenew?.firstDebitOn).toBe(on.autoRenewal?.nextDebitOn);
  });

  it('a failed UPI debit is mailed as its webhook arrives, before any other run', async () => {
    const bought = await card('basichosting');
    await runJob(nineAmIstBefore(bought.renewalDate, 3));
    const failed = await fetch(`${stack.simulatorUrl}/_simulator/debits/next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'insufficient_funds' }),
    });
    expect(failed.status).toBe(200);

    const debit = await runJob(nineAmIstBefore(bought.renewalDate, 2));

    expect(debit.debits).toBe(1);
    // UPI's notification step passes at the simulator, the debit fails, its webhook mails.
    const subject = `We could not renew your Basic Hosting: the debit failed`;
    await eventually(
      async () =>
        (await mailbox(stack, buyer.email)).some((m) => m.subject === subject) || undefined,
      'the failed-debit mail',
    );
    // The next run tells nothing more of that debit.
    await runJob(new Date(nineAmIstBefore(bought.renewalDate, 2).getTime() + 3_600_000));
    const mails = await mailbox(stack, buyer.email);
    expect(mails.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('a mandate the bank declines leaves the purchase paid and auto-renew off, saying so', async () => {
    const declined = await fetch(`${stack.simulatorUrl}/_simulator/registrations/next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'rejected' }),
    });
    expect(declined.status).toBe(200);

    const verified = await buyWith('basicstorage', 'card');

    expect(verified.status).toBe(200);
    expect(verified.body.autoRenew).toEqual({ status: 'declined' });
    const paid = await card('basicstorage');
    expect(paid.autoRenew).toBe(false);
  });
});
