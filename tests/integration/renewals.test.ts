/**
 * The renewal life of a service on the local stack, driven from outside with the job's local
 * trigger (`POST /_local/jobs/renewal-reminders {"time"}`, CONTRACT: the job takes "now" from the
 * time given): a hosting service bought through checkout is reminded 7 days and 1 day before its
 * renewal date (once each, however often and however concurrently the job runs), expires, is
 * suspended on the WHM stand-in 7 days later, is renewed through checkout at the renewal price
 * (which lifts the suspension on the panel), and is reminded again for its new renewal date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueAt, istDate, type RenewalStep } from '../../lambdas/domain/renewals';
import { addMonths } from '../../lambdas/domain/services';
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

interface Summary {
  read: number;
  acted: number;
  sent: number;
  expired: number;
  suspended: number;
  skipped: number;
  failed: number;
}

interface ServiceBody {
  id: string;
  planId: string;
  renewalDate: string;
  status: string;
  renewable: boolean;
  daysLeft: number;
  provisioning: { state: string; username?: string };
}

interface OrderAnswer {
  orderId: string;
  amountPaise: number;
  quote: { renewal: boolean; totalPaise: number };
}

let stack: LocalStack;
let user: TestUser;
let token: string;

beforeAll(async () => {
  stack = await startLocalStack();
  user = newUser('renewals');
  await signUp(stack, user);
  token = await signIn(stack, user);
}, 120_000);

afterAll(async () => {
  await stack?.dispose();
});

async function runJob(time: Date | string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.baseUrl}/_local/jobs/renewal-reminders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ time: typeof time === 'string' ? time : time.toISOString() }),
  });
  return { status: res.status, body: await res.json() };
}

async function runAt(time: Date): Promise<Summary> {
  const { status, body } = await runJob(time);
  expect(status).toBe(200);
  return body as Summary;
}

/** 09:00 IST on the India day on which `step` falls due: when the daily job would run. */
function jobRunFor(step: RenewalStep, renewalDate: string): Date {
  const due = dueAt(step, new Date(renewalDate));
  const nineAm = new Date(`${istDate(due)}T03:30:00.000Z`);
  // The expiry and suspension fall due at the renewal's hour: the first 09:00 run after them.
  return nineAm.getTime() >= due.getTime() ? nineAm : new Date(nineAm.getTime() + 86_400_000);
}

async function service(): Promise<ServiceBody> {
  const res = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', { token });
  const found = res.body.services.find((s) => s.planId === 'basichosting');
  if (!found) throw new Error('no Basic Hosting on the dashboard');
  return found;
}

async function buy(expectRenewal: boolean): Promise<OrderAnswer> {
  const order = await api<OrderAnswer>(stack, 'POST', '/api/checkout/orders', {
    token,
    body: { planId: 'basichosting', months: 12 },
  });
  expect(order.status).toBe(201);
  expect(order.body.quote.renewal).toBe(expectRenewal);
  const paid = await payOrder(stack, order.body.orderId, 'success');
  expect(paid.status).toBe(200);
  return order.body;
}

async function renewalMails(): Promise<string[]> {
  const mails = await mailbox(stack, user.email);
  return mails.map((m) => m.subject).filter((s) => /expires|expired|suspended/.test(s));
}

async function panelAccount(username: string): Promise<{ state: string } | undefined> {
  const res = await fetch(`${stack.whmUrl}/_whm/accounts`);
  const { accounts } = (await res.json()) as { accounts: { user: string; state: string }[] };
  return accounts.find((a) => a.user === username);
}

describe('POST /_local/jobs/renewal-reminders', () => {
  it('answers 400 to a time that is not a date, running nothing', async () => {
    const { status, body } = await runJob('next tuesday');

    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 'invalid_time' } });
  });
});

describe('a hosting service through a year of renewal runs', () => {
  let first: ServiceBody;
  let username: string;

  it('is bought and set up on the panel', async () => {
    await buy(false);
    first = await eventually(async () => {
      const s = await service().catch(() => undefined);
      return s?.provisioning.state === 'ready' ? s : undefined;
    }, 'the hosting account ready on the panel');
    username = first.provisioning.username ?? '';
    expect(await panelAccount(username)).toMatchObject({ state: 'active' });
    expect(first).toMatchObject({ status: 'active', renewable: true });
  });

  it('is reminded 7 days before, once, however often the job runs that day', async () => {
    const day = jobRunFor('reminder_7d', first.renewalDate);

    const summary = await runAt(day);
    const again = await runAt(new Date(day.getTime() + 3_600_000));

    // The 30-day reminder was overtaken before any run: recorded, never sent late.
    expect(summary).toMatchObject({ read: 1, acted: 1, sent: 1, skipped: 1, failed: 0 });
    expect(again).toMatchObject({ read: 0, sent: 0 });
    const mails = await mailbox(stack, user.email);
    const reminder = mails.find((m) => m.subject === 'Your Basic Hosting expires in 7 days');
    expect(reminder?.body.text).toContain('₹42,465.84 for 12 months, GST included');
    expect(reminder?.body.html).toContain('/checkout?plan=basichosting&amp;renew=1');
  });

  it('two runs at once the day before send one "expires tomorrow"', async () => {
    const day = jobRunFor('reminder_1d', first.renewalDate);

    const [a, b] = await Promise.all([runAt(day), runAt(day)]);

    expect(a.sent + b.sent).toBe(1);
    expect(await renewalMails()).toEqual([
      'Your Basic Hosting expires in 7 days',
      'Your Basic Hosting expires tomorrow',
    ]);
  });

  it('expires at its renewal date, and is suspended on the panel 7 days later', async () => {
    const expired = await runAt(jobRunFor('expired', first.renewalDate));
    const suspended = await runAt(jobRunFor('suspended', first.renewalDate));

    expect(expired).toMatchObject({ expired: 1, sent: 1 });
    expect(suspended).toMatchObject({ suspended: 1, sent: 1, failed: 0 });
    expect(await panelAccount(username)).toMatchObject({ state: 'suspended' });
    expect((await service()).provisioning.state).toBe('suspended');
    expect((await renewalMails()).slice(-2)).toEqual([
      'Your Basic Hosting has expired',
      'Your Basic Hosting is suspended',
    ]);
  });

  it('is renewed through checkout at the renewal price, which lifts the suspension', async () => {
    const order = await buy(true);

    // ₹2,999 × 12 = ₹35,988 + 18% GST = ₹42,465.84, whatever the request said.
    expect(order.amountPaise).toBe(4_246_584);
    const renewed = await eventually(async () => {
      const s = await service();
      return s.provisioning.state === 'ready' && s.renewalDate !== first.renewalDate
        ? s
        : undefined;
    }, 'the renewal delivered');
    // Still active by the server's clock, so extended from its renewal date (D5).
    expect(renewed.renewalDate.slice(0, 10)).toBe(
      addMonths(new Date(first.renewalDate), 12).toISOString().slice(0, 10),
    );
    expect(await panelAccount(username)).toMatchObject({ state: 'active' });
  });

  it('is reminded again for its new renewal date, and not for the old one', async () => {
    const renewed = await service();
    const before = (await renewalMails()).length;

    const old = await runAt(jobRunFor('suspended', first.renewalDate));
    const next = await runAt(jobRunFor('reminder_30d', renewed.renewalDate));

    expect(old.sent).toBe(0);
    expect(next).toMatchObject({ read: 1, sent: 1 });
    expect((await renewalMails()).slice(before)).toEqual(['Your Basic Hosting expires in 30 days']);
  });
});
