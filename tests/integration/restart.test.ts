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
  mailbox,
  newUser,
  payOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

interface DashboardBody {
  services: { planId: string; status: string; renewalDate: string }[];
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
  it('keeps users, purchases and plans across a stop and a crash; only the mailbox starts empty', async () => {
    // Arrange: a buyer with a purchase
    const first = await startLocalStack();
    stack = first;
    dataDir = first.dataDir;
    const user = newUser('restart');
    await signUp(first, user);
    const token = await signIn(first, user);
    const order = await api<{ orderId: string }>(first, 'POST', '/api/checkout/orders', {
      token,
      body: { planId: 'standardstorage', months: 24 },
    });
    expect(order.status).toBe(201);
    await payOrder(first, order.body.orderId, 'success');
    const before = await eventually(async () => {
      const services = await servicesOf(first, token);
      return services.length ? services : undefined;
    }, 'the purchase');
    await eventually(
      async () => ((await mailbox(first, user.email)).length ? true : undefined),
      'the welcome mail',
    );

    // Act 1: a graceful stop and a new start on the same data and ports
    await first.stop();
    const second = await startLocalStack({ dataDir: first.dataDir, ports: first.ports });
    stack = second;

    // Assert 1
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
    ]);

    // Act 2: a crash (SIGKILL to every process of the stack), then a start again
    await second.kill();
    const third = await startLocalStack({ dataDir: first.dataDir, ports: first.ports });
    stack = third;

    // Assert 2
    const tokenAfterCrash = await signIn(third, user);
    expect(await servicesOf(third, tokenAfterCrash)).toEqual(before);
    expect((await api<{ plans: unknown[] }>(third, 'GET', '/api/plans')).body.plans).toHaveLength(
      15,
    );
  });
});
