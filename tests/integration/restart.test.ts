/**
 * A second start finds everything but the mailbox: the user pool and its users, the catalog, the
 * purchases, the simulator's orders and deliveries. After a graceful stop and after a crash.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  deliveries,
  eventually,
  givenProfile,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

interface DashboardBody {
  services: {
    planId: string;
    status: string;
    renewalDate: string;
    provisioning?: { state: string };
  }[];
}

let stack: LocalStack | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function servicesOf(running: LocalStack, token: string) {
  const res = await api<DashboardBody>(running, 'GET', '/api/me/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body.services;
}

describe('restarting the local stack', () => {
  it('keeps users, purchases, plans and pending webhooks across a stop and a crash; only the mailbox starts empty', async () => {
    // Arrange: a buyer with a purchase
    const first = await startLocalStack();
    stack = first;
    dataDir = first.dataDir;
    const user = newUser('restart');
    await signUp(first, user);
    const token = await signIn(first, user);
    // Under ₹50,000: no billing address needed.
    const order = await placeOrder(first, token, { planId: 'standardstorage', months: 12 });
    await payOrder(first, order.body.orderId, 'success');
    // Storage is made by converge (D24): wait until it is, so nothing is moving when the stack stops.
    const before = await eventually(async () => {
      const services = await servicesOf(first, token);
      return services.length && services.every((s) => s.provisioning?.state === 'ready')
        ? services
        : undefined;
    }, 'the purchase, made');
    // Its two mails, the purchase's and the one converge sends once the bucket is made (the last
    // thing the purchase does): a stop before the second would leave it queued for the next start.
    await eventually(
      async () =>
        (await mailbox(first, user.email)).some(
          (m) => m.subject === 'Your Standard Storage is ready',
        )
          ? true
          : undefined,
      'the ready mail',
    );

    // Act 1: a graceful stop; the next start cannot reach the storefront's webhook route at first
    await first.stop();
    const second = await startLocalStack({
      dataDir: first.dataDir,
      ports: first.ports,
      env: {
        RAZORPAY_WEBHOOK_URL: `http://127.0.0.1:${first.ports.dynamodb}/nowhere`,
        LOCAL_RETRY_BASE_MS: '60000',
      },
    });
    stack = second;

    // Assert 1: everything but the mailbox is there
    expect(second.config.userPoolId).toBe(first.config.userPoolId);
    expect(second.config.userPoolClientId).toBe(first.config.userPoolClientId);
    const plans = await api<{ plans: unknown[] }>(second, 'GET', '/api/plans');
    expect(plans.body.plans).toHaveLength(15);
    const tokenAgain = await signIn(second, user);
    expect(await servicesOf(second, tokenAgain)).toEqual(before);
    expect(await mailbox(second)).toEqual([]);
    expect((await deliveries(second, order.body.orderId)).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);

    // Act 2: a second purchase is paid, its webhooks fail once and wait to be retried; then a crash
    // A name is registered under the buyer's registrant details (D23): the profile holds them.
    await givenProfile(second, tokenAgain);
    const renewal = await api<{ orderId: string }>(second, 'POST', '/api/checkout/orders', {
      token: tokenAgain,
      // D21: a domain order names its domain.
      body: { planId: 'basicdomain', years: 1, domain: `restart${Date.now()}.com` },
    });
    expect(renewal.status).toBe(201);
    await payOrder(second, renewal.body.orderId, 'success');
    await eventually(async () => {
      const list = await deliveries(second, renewal.body.orderId);
      return list.length === 3 &&
        list.every((d) => d.status === 'pending' && d.attempts.length === 1)
        ? true
        : undefined;
    }, 'the failed first attempts');
    await second.kill();
    const third = await startLocalStack({ dataDir: first.dataDir, ports: first.ports });
    stack = third;

    // Assert 2: the crash lost nothing: the pending webhooks are delivered and the purchase shows
    const tokenAfterCrash = await signIn(third, user);
    const after = await eventually(async () => {
      const services = await servicesOf(third, tokenAfterCrash);
      return services.length === 2 ? services : undefined;
    }, 'the second purchase after the crash');
    expect(after.map((s) => s.planId).sort()).toEqual(['basicdomain', 'standardstorage']);
    await eventually(async () => {
      const list = await deliveries(third, renewal.body.orderId);
      return list.every((d) => d.status === 'delivered') ? true : undefined;
    }, 'the resumed webhooks delivered');
    await eventually(
      async () => ((await mailbox(third, user.email)).length === 1 ? true : undefined),
      'the welcome mail of the second purchase',
    );
    expect((await api<{ plans: unknown[] }>(third, 'GET', '/api/plans')).body.plans).toHaveLength(
      15,
    );
  }, 180_000); // three starts of the whole stack
});
