/**
 * A crash while the welcome mail is being sent: the purchase is complete and the mail's claim is
 * taken, but SES has not answered yet (the fault holds SendEmail, so the crash lands there every
 * time). The local event bus keeps the delivery on disk, so after a plain restart it runs the mail
 * Lambda again: the buyer must still get exactly one welcome mail (docs/api.md, PurchaseCompleted:
 * "mails the buyer a welcome at most once per purchase").
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../helpers/local-stack';
import {
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
  pendingBusDeliveries,
  scanAll,
  startFaultStack,
} from '../../helpers/faults/fault-stack';
import { localTableName } from '../../../lambdas/system/facts';

const running: LocalStack[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const stack of running) await stack.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Storage is made automatically (D24), and its own "is ready" mail is not the welcome mail. */
const notStorageReady = (mail: { subject: string }) =>
  mail.subject !== 'Your Basic Storage is ready';

describe('a crash while the welcome mail is being sent', () => {
  it('still gets the buyer exactly one welcome mail after a restart', async () => {
    // Arrange: a stack whose SES SendEmail never answers, and a paid order
    const first = await startFaultStack({ faults: ['hold-welcome-mail'] });
    running.push(first);
    dataDir = first.dataDir;
    const user = newUser('mailcrash');
    const { userSub } = await signUp(first, user);
    const token = await signIn(first, user);
    const order = await placeOrder(first, token, { planId: 'basicstorage', months: 12 });
    const { orderId } = order.body;
    const paid = await payOrder(first, orderId, 'success');
    expect(paid.status).toBe(200);
    const purchaseId = `pur_${paid.body.razorpay_payment_id}`;

    // Act 1: the purchase completes; the mail Lambda takes its claim and waits on SES; crash
    await eventually(async () => {
      const list = await deliveries(first, orderId);
      return list.length === 3 && list.every((d) => d.status === 'delivered') ? true : undefined;
    }, 'the three webhooks delivered');
    await outputShows(first, '[fault] SendEmail held');
    const db = dynamo(first);
    const claims = (await scanAll(db, localTableName('idempotency'))).filter(
      (item) => item.id === `welcome-mail#${purchaseId}`,
    );
    const purchases = (await scanAll(db, localTableName('purchases'))).filter(
      (p) => p.userId === userSub,
    );
    db.destroy();
    expect(claims).toEqual([expect.objectContaining({ status: 'sending' })]);
    expect(purchases).toEqual([expect.objectContaining({ purchaseId })]);
    expect(typeof purchases[0]?.eventPublishedAt).toBe('string');
    // (both webhooks may have published the event; either delivery may hold the claim)
    expect(
      pendingBusDeliveries(first).filter((d) => d.event.detail.purchaseId === purchaseId).length,
    ).toBeGreaterThanOrEqual(1);
    const mailsBeforeCrash = (await mailbox(first, user.email)).filter((m) => !isCodeMail(m));
    expect(mailsBeforeCrash).toEqual([]);

    await first.kill();

    // Act 2: a plain restart on the same data and ports; the bus replays the mail's delivery
    const second = await startLocalStack({ dataDir: first.dataDir, ports: first.ports });
    running.push(second);

    // Assert: the welcome mail arrives, once, and nothing is left on the bus or dead-lettered
    const mails = await eventually(
      async () => {
        const list = (await mailbox(second, user.email)).filter(notStorageReady);
        return list.length > 0 ? list : undefined;
      },
      'the welcome mail after the restart',
      20_000,
    );
    await busDrained(second);
    expect(deadLetters(second)).toEqual([]);
    expect(
      mailsBeforeCrash.filter(notStorageReady).length +
        (await mailbox(second, user.email)).filter(notStorageReady).length,
    ).toBe(1);
    expect(mails[0]?.subject).toBe('Your Basic Storage is paid — we are setting it up');
  });
});
