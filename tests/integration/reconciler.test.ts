/**
 * The payments reconciler on the local stack, run on demand with a chosen time: a buyer paid at
 * Razorpay, but neither the checkout callback nor any webhook reached the store (here: webhooks go
 * to an address where nothing listens). Half an hour on, the reconciler asks Razorpay about the
 * order, fulfils it once, and the buyer gets the service and one welcome mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ env: { RAZORPAY_WEBHOOK_URL: 'http://127.0.0.1:9/webhook' } });
});
afterAll(async () => {
  await stack?.stop();
});

const runJob = (time: Date) =>
  api<Record<string, number>>(stack, 'POST', '/_local/jobs/payments-reconciler', {
    body: { time: time.toISOString() },
  });

describe('payments reconciler', () => {
  it('fulfils a paid order whose callback and webhooks never arrived, once', async () => {
    const user = newUser('reconcile');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const order = await placeOrder(stack, token, { planId: 'basicvps', months: 12 });
    expect((await payOrder(stack, order.body.orderId, 'success')).status).toBe(200);
    const dashboard = () =>
      api<{ services: { planId: string }[] }>(stack, 'GET', '/api/me/dashboard', { token });
    expect((await dashboard()).body.services).toEqual([]);

    const tooEarly = await runJob(new Date(Date.now() + 5 * 60 * 1000));
    const first = await runJob(new Date(Date.now() + 60 * 60 * 1000));
    const second = await runJob(new Date(Date.now() + 2 * 60 * 60 * 1000));

    expect(tooEarly.status).toBe(200);
    expect(first.body).toMatchObject({ ordersFulfilled: 1 });
    expect(second.body).toMatchObject({ ordersFulfilled: 0, purchasesRepublished: 0 });
    expect((await dashboard()).body.services).toEqual([
      expect.objectContaining({ planId: 'basicvps' }),
    ]);
    const mails = await eventually(async () => {
      const found = (await mailbox(stack, user.email)).filter((m) => /Basic VPS/.test(m.subject));
      return found.length ? found : undefined;
    }, 'the welcome mail after the reconciler fulfilled the order');
    expect(mails).toHaveLength(1);
  });
});
