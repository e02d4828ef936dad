/**
 * The SES stand-in is down when a purchase completes: the purchase is not held up (the webhook is
 * answered, the dashboard shows the service), the welcome mail fails and the local event bus
 * retries it; once an SES stand-in answers on the same port again, the mail arrives, exactly once.
 * A contact message sent while SES is down is accepted (202) and stored; its mail to the support
 * inbox waits on its own queue and arrives, once, when SES is back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../helpers/local-stack';
import {
  api,
  deliveries,
  eventually,
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
  startSesStandIn,
  type SesStandIn,
} from '../../helpers/faults/fault-stack';
import { localTableName } from '../../../lambdas/system/facts';

interface DashboardBody {
  user: { currentPlan: string | null };
  services: { planId: string; status: string }[];
  payments: { paymentId: string }[];
}

let stack: LocalStack | undefined;
let ses: SesStandIn | undefined;

afterAll(async () => {
  await ses?.stop();
  await stack?.dispose();
});

async function sesAnswers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health-check`)).ok;
  } catch {
    return false;
  }
}

describe('the SES stand-in down', () => {
  it('does not block the purchase, and the welcome mail is retried and sent once when SES is back', async () => {
    // Arrange: a stack whose SES stand-in may stop without taking the stack down; retries 2, 4, 8 and 16 s apart
    stack = await startFaultStack({
      faults: ['detach-ses'],
      env: { LOCAL_RETRY_BASE_MS: '2000' },
    });
    const running = stack;
    await outputShows(running, '[fault] ses pid ');
    const sesPid = Number(/\[fault\] ses pid (\d+)/.exec(running.output())?.[1]);
    expect(sesPid).toBeGreaterThan(0);
    const user = newUser('sesdown');
    await signUp(running, user);
    const token = await signIn(running, user);
    const order = await placeOrder(running, token, { planId: 'premiumvps', months: 1 });
    const { orderId } = order.body;

    // Act 1: SES goes down, then the buyer pays
    process.kill(sesPid, 'SIGKILL');
    await eventually(
      async () => ((await sesAnswers(running.ports.ses)) ? undefined : true),
      'the SES stand-in to stop answering',
    );
    const paid = await payOrder(running, orderId, 'success');
    expect(paid.status).toBe(200);

    // Assert 1: the purchase went through while SES was down
    const sent = await eventually(async () => {
      const list = await deliveries(running, orderId);
      return list.length === 3 && list.every((d) => d.status === 'delivered') ? list : undefined;
    }, 'the three webhooks accepted while SES is down');
    for (const delivery of sent) expect(delivery.attempts.at(-1)?.statusCode).toBe(200);
    const board = await api<DashboardBody>(running, 'GET', '/api/me/dashboard', { token });
    expect(board.status).toBe(200);
    expect(board.body.services).toEqual([
      expect.objectContaining({ planId: 'premiumvps', status: 'active' }),
    ]);
    expect(board.body.payments.map((p) => p.paymentId)).toEqual([paid.body.razorpay_payment_id]);
    expect(board.body.user.currentPlan).toBe('premiumvps');

    // ... and a contact message sent meanwhile is accepted and kept: its mail waits for SES
    const contactText = `SES is down ${orderId}`;
    const contact = await api(running, 'POST', '/api/contact', {
      body: { name: user.name, email: user.email, message: contactText },
    });
    expect(contact.status).toBe(202);
    const db = dynamo(running);
    const stored = (await scanAll(db, localTableName('messages'))).filter(
      (m) => m.message === contactText,
    );
    db.destroy();
    expect(stored).toHaveLength(1);

    // ... and the welcome mail failed on the SES connection, and waits on the bus for a retry
    // (each webhook may have published the event: the mail's claim makes it one mail)
    const failing = await eventually(async () => {
      const pending = pendingBusDeliveries(running).filter(
        (d) => d.target === 'sendWelcomeEmail' && d.event.detail.orderId === orderId,
      );
      return pending.some((d) => d.attempts.some((a) => /ECONNREFUSED/.test(a.error ?? '')))
        ? pending
        : undefined;
    }, 'a welcome mail attempt that failed on the SES connection');
    expect(failing.every((d) => d.event['detail-type'] === 'PurchaseCompleted')).toBe(true);
    expect(deadLetters(running)).toEqual([]);

    // Act 2: an SES stand-in answers on the same port again
    ses = await startSesStandIn(running.ports.ses);

    // Assert 2: the retry sends the mail, once; nothing is left on the bus or dead-lettered
    await eventually(
      async () => ((await mailbox(running, user.email)).length > 0 ? true : undefined),
      'the welcome mail after SES is back',
      45_000,
    );
    await busDrained(running, 45_000);
    expect(deadLetters(running)).toEqual([]);
    // The buyer's mail: the welcome mail once, and (D27) the contact message's acknowledgement,
    // which the ticket it opened sends to the same address.
    const mails = await mailbox(running, user.email);
    const welcome = mails.filter(
      (m) => m.subject === 'Your Premium VPS is paid — we are setting it up',
    );
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.body.text).toContain(paid.body.razorpay_payment_id);
    expect(mails.filter((m) => m !== welcome[0]).map((m) => m.subject)).toEqual([
      expect.stringMatching(/\[TKT-\d{6}\]/),
    ]);
    const supportMails = (await mailbox(running)).filter(
      (m) => m.body.text?.includes(contactText) && !m.destination.to.includes(user.email),
    );
    expect(supportMails).toHaveLength(1);
  });
});
