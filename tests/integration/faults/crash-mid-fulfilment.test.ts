/**
 * A crash while a webhook is being fulfilled: the stack is SIGKILLed when the fulfilment has written
 * the purchase, the order and the user but not yet published PurchaseCompleted (the fault holds that
 * PutEvents, so the crash lands there every time). After a plain restart on the same data and
 * ports, the simulator's retry completes the fulfilment: one purchase, the user's plan and expiry
 * set, one welcome mail.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../helpers/local-stack';
import {
  api,
  deliveries,
  eventually,
  isCodeMail,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../../helpers/storefront-client';
import {
  busDrained,
  deadLetters,
  dynamo,
  outputShows,
  scanAll,
  startFaultStack,
} from '../../helpers/faults/fault-stack';
import { localTableName } from '../../../lambdas/system/facts';

interface DashboardBody {
  user: { email: string; currentPlan: string | null; expiry: string | null };
  services: { id: string; planId: string; months: number; renewalDate: string; status: string }[];
  payments: { paymentId: string; orderId: string; amountPaise: number }[];
}

const running: LocalStack[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const stack of running) await stack.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash in the middle of a fulfilment', () => {
  it('is completed by the webhook retry after a restart: one purchase, plan and expiry set, one mail', async () => {
    // Arrange: a stack whose PurchaseCompleted PutEvents never answers, and a buyer with an order
    const first = await startFaultStack({ faults: ['hold-purchase-events'] });
    running.push(first);
    dataDir = first.dataDir;
    const user = newUser('crash');
    const { userSub } = await signUp(first, user);
    const token = await signIn(first, user);
    const order = await placeOrder(first, token, { planId: 'basichosting', months: 12 });
    const { orderId, amountPaise } = order.body;

    // Act 1: pay; the webhooks arrive and their fulfilment stops at the held PutEvents
    const paid = await payOrder(first, orderId, 'success');
    expect(paid.status).toBe(200);
    const paymentId = paid.body.razorpay_payment_id;
    await outputShows(first, '[fault] PutEvents PurchaseCompleted held');

    // The crash lands mid-fulfilment: purchase written, event not out, no mail, no webhook acknowledged
    const db = dynamo(first);
    const purchasesAtCrash = (await scanAll(db, localTableName('purchases'))).filter(
      (p) => p.userId === userSub,
    );
    db.destroy();
    expect(purchasesAtCrash).toHaveLength(1);
    expect(purchasesAtCrash[0]).toMatchObject({ paymentId, orderId, planId: 'basichosting' });
    expect(purchasesAtCrash[0]?.eventPublishedAt).toBeUndefined();
    const mailsBeforeCrash = (await mailbox(first, user.email)).filter((m) => !isCodeMail(m));
    expect(mailsBeforeCrash).toEqual([]);
    const atCrash = await deliveries(first, orderId);
    expect(atCrash.map((d) => d.event).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
    ]);
    expect(atCrash.every((d) => d.status === 'pending')).toBe(true);

    await first.kill();

    // Act 2: a plain restart on the same data and ports
    const second = await startLocalStack({ dataDir: first.dataDir, ports: first.ports });
    running.push(second);

    // Assert: the simulator's retries were accepted, and everything after them is settled
    const settled = await eventually(async () => {
      const list = await deliveries(second, orderId);
      return list.length === 3 && list.every((d) => d.status === 'delivered') ? list : undefined;
    }, 'the three webhooks delivered after the restart');
    for (const delivery of settled) expect(delivery.attempts.at(-1)?.statusCode).toBe(200);
    await busDrained(second);
    expect(deadLetters(second)).toEqual([]);

    const tokenAfter = await signIn(second, user);
    const board = await api<DashboardBody>(second, 'GET', '/api/me/dashboard', {
      token: tokenAfter,
    });
    expect(board.status).toBe(200);
    expect(board.body.services).toHaveLength(1);
    const service = board.body.services[0]!;
    expect(service).toMatchObject({ planId: 'basichosting', months: 12, status: 'active' });
    expect(board.body.payments).toEqual([
      expect.objectContaining({ paymentId, orderId, amountPaise }),
    ]);
    expect(board.body.user).toMatchObject({
      email: user.email,
      currentPlan: 'basichosting',
      expiry: service.renewalDate,
    });

    const dbAfter = dynamo(second);
    const purchasesAfter = (await scanAll(dbAfter, localTableName('purchases'))).filter(
      (p) => p.userId === userSub,
    );
    dbAfter.destroy();
    expect(purchasesAfter).toHaveLength(1);
    expect(typeof purchasesAfter[0]?.eventPublishedAt).toBe('string');

    // The mailbox is in memory: mail sent before the crash (none) plus mail sent after it
    // (The hosting account's ready mail, sent by provisioning, is not the welcome mail.)
    const mailsAfter = (await mailbox(second, user.email)).filter((m) =>
      m.subject.endsWith(' is paid — we are setting it up'),
    );
    expect(mailsBeforeCrash.length + mailsAfter.length).toBe(1);
    expect(mailsAfter[0]?.subject).toBe('Your Basic Hosting is paid — we are setting it up');
  });
});
