/**
 * One refund per payment, on the running stack, whatever crashes (D16). The buyer cancels in two
 * tabs at once; the stack is SIGKILLed with the refunds worker's call to Razorpay held:
 * - `hold-refund-answer`: Razorpay made the refund and the answer never came back, so the store
 *   has only its intent. Razorpay's refund webhooks are held back by a relay too, so only the
 *   worker's retry after a plain restart can learn of the refund: it finds it at Razorpay by the
 *   intent's receipt (GET /v1/payments/{id}/refunds) and makes no second one.
 * - `hold-refund-request`: the call never left, so Razorpay has nothing; the retry makes one.
 * Either way: one refund at Razorpay, Refunded with one credit note on the dashboard, one mail
 * when asked and one when processed, and a later click answers the same refund.
 */
import { createServer, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelServiceResponse, DashboardResponse } from '../../../lambdas/domain/api';
import { localTableName } from '../../../lambdas/system/facts';
import {
  dynamo,
  outputShows,
  scanAll,
  startFaultStack,
  type Fault,
} from '../../helpers/faults/fault-stack';
import { startLocalStack, type LocalStack } from '../../helpers/local-stack';
import { freePort } from '../../helpers/razorpay-simulator';
import {
  api,
  deliveries,
  eventually,
  mailbox,
  newUser,
  payOrder,
  razorpayGet,
  redeliver,
  signIn,
  signUp,
} from '../../helpers/storefront-client';

/** The stack the relay forwards to now, and whether refund webhooks are held back. */
let current: LocalStack | undefined;
let holdRefundWebhooks = false;
let relay: Server;
let relayUrl: string;
const started: LocalStack[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { event } = JSON.parse(body.toString('utf8')) as { event: string };
      if (!current || (holdRefundWebhooks && event.startsWith('refund.'))) {
        res.writeHead(503).end();
        return;
      }
      fetch(`${current.baseUrl}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': String(req.headers['x-razorpay-signature']),
          'x-razorpay-event-id': String(req.headers['x-razorpay-event-id']),
        },
        body,
      })
        .then(async (answer) => res.writeHead(answer.status).end(await answer.text()))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((done) => relay.listen(port, '127.0.0.1', done));
  relayUrl = `http://127.0.0.1:${port}/api/webhooks/razorpay`;
});

afterAll(async () => {
  for (const stack of started) await stack.stop().catch(() => undefined);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((done) => relay.close(() => done()));
});

/** Both stacks: webhooks through the relay; a crashed claim lapses after 2 s. */
const env = () => ({ RAZORPAY_WEBHOOK_URL: relayUrl, REFUND_LEASE_SECONDS: '2' });

const refundsAtRazorpay = async (stack: LocalStack, paymentId: string) =>
  (await razorpayGet(stack, `/v1/payments/${paymentId}/refunds`)).body.items as {
    id: string;
    receipt: string | null;
    status: string;
  }[];

async function storeRefund(stack: LocalStack, paymentId: string) {
  const db = dynamo(stack);
  try {
    return (await scanAll(db, localTableName('refunds'))).find((r) => r.refundKey === paymentId);
  } finally {
    db.destroy();
  }
}

async function crashWhileRefunding(fault: Fault) {
  holdRefundWebhooks = true;
  const first = await startFaultStack({ faults: [fault], env: env() });
  started.push(first);
  dataDirs.push(first.dataDir);
  current = first;
  const user = newUser('refund-crash');
  await signUp(first, user);
  const token = await signIn(first, user);
  const order = await api<{ orderId: string; amountPaise: number }>(
    first,
    'POST',
    '/api/checkout/orders',
    { token, body: { planId: 'basichosting', months: 12 } },
  );
  const paid = await payOrder(first, order.body.orderId, 'success');
  const paymentId = paid.body.razorpay_payment_id;
  const service = await eventually(async () => {
    const board = await api<DashboardResponse>(first, 'GET', '/api/me/dashboard', { token });
    return board.body.services?.[0];
  }, 'the paid service');

  // Two tabs, one click each, at the same moment.
  const path = `/api/me/services/${service.id}/cancel`;
  const answers = await Promise.all([
    api<CancelServiceResponse>(first, 'POST', path, { token }),
    api<CancelServiceResponse>(first, 'POST', path, { token }),
  ]);
  await outputShows(
    first,
    `[fault] createRefund ${fault === 'hold-refund-answer' ? 'answer' : 'request'} held`,
  );
  const atCrash = {
    razorpay: await refundsAtRazorpay(first, paymentId),
    store: await storeRefund(first, paymentId),
  };
  await first.kill();
  current = undefined;

  // INFO: the worker's log says how it learnt of the refund.
  const second = await startLocalStack({
    dataDir: first.dataDir,
    ports: first.ports,
    env: { ...env(), LOG_LEVEL: 'INFO' },
  });
  started.push(second);
  current = second;
  return {
    first,
    second,
    user,
    token: await signIn(second, user),
    paymentId,
    service,
    answers,
    atCrash,
    amountPaise: order.body.amountPaise,
  };
}

/** Lets the held refund webhooks through and sends each again now (Razorpay's "resend"). */
async function releaseRefundWebhooks(stack: LocalStack, orderId?: string) {
  holdRefundWebhooks = false;
  for (const delivery of await deliveries(stack, orderId)) {
    if (delivery.event.startsWith('refund.') && delivery.status !== 'delivered') {
      await redeliver(stack, delivery.id);
    }
  }
}

async function expectRefundedOnce(
  stack: LocalStack,
  run: Awaited<ReturnType<typeof crashWhileRefunding>>,
) {
  const payment = await eventually(
    async () => {
      const board = await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', {
        token: run.token,
      });
      const found = board.body.payments.find((p) => p.paymentId === run.paymentId);
      return found?.refund?.status === 'processed' && found.creditNoteNumber ? found : undefined;
    },
    'Refunded with a credit note',
    60_000,
  );
  const refunds = await refundsAtRazorpay(stack, run.paymentId);
  expect(refunds).toEqual([
    expect.objectContaining({ receipt: `refund:${run.paymentId}`, status: 'processed' }),
  ]);
  expect(payment.refund).toMatchObject({
    amountPaise: run.amountPaise,
    razorpayRefundId: refunds[0]?.id,
  });
  expect(payment.creditNoteNumber).toMatch(/^CN\/\d{2}-\d{2}\/000001$/);

  // A later click answers the same refund and makes none.
  const later = await api<CancelServiceResponse>(
    stack,
    'POST',
    `/api/me/services/${run.service.id}/cancel`,
    { token: run.token },
  );
  expect(later.status).toBe(202);
  expect(later.body.refund.id).toBe(run.answers[0].body.refund.id);
  expect(await refundsAtRazorpay(stack, run.paymentId)).toHaveLength(1);

  // The mailbox restarts empty: what the second stack sent is everything after the crash.
  const mails = await eventually(async () => {
    const list = await mailbox(stack, run.user.email);
    return list.some((m) => /is processed/.test(m.subject)) ? list : undefined;
  }, 'the completion mail');
  expect(mails.filter((m) => /has started/.test(m.subject))).toHaveLength(1);
  expect(mails.filter((m) => /is processed/.test(m.subject))).toHaveLength(1);
}

describe('a refund, exactly once, through crashes', () => {
  it('Razorpay made it, the answer was lost, the stack died: the restart finds it by its receipt', async () => {
    const run = await crashWhileRefunding('hold-refund-answer');

    // Two tabs, one answer, one intent.
    for (const answer of run.answers) expect(answer.status).toBe(202);
    expect(run.answers[1].body.refund).toEqual(run.answers[0].body.refund);
    // At the crash: Razorpay has the refund; the store has only its intent.
    expect(run.atCrash.razorpay).toEqual([
      expect.objectContaining({ receipt: `refund:${run.paymentId}`, status: expect.any(String) }),
    ]);
    expect(run.atCrash.store).toMatchObject({ status: 'requested' });
    expect(run.atCrash.store?.gatewayRefundId).toBeUndefined();

    // The bus's retry after the restart reconciles by the receipt, with the webhooks still held.
    const recorded = await eventually(
      async () => {
        const record = await storeRefund(run.second, run.paymentId);
        return record?.gatewayRefundId ? record : undefined;
      },
      'the refund recorded after the restart',
      60_000,
    );
    expect(recorded.gatewayRefundId).toBe(run.atCrash.razorpay[0]?.id);
    expect(run.second.output()).toContain(
      'Refund found at Razorpay by its receipt; not made again',
    );

    await releaseRefundWebhooks(run.second);
    await expectRefundedOnce(run.second, run);
  }, 180_000);

  it('the stack died before the call left: the restart makes the one refund', async () => {
    const run = await crashWhileRefunding('hold-refund-request');

    expect(run.atCrash.razorpay).toEqual([]);
    expect(run.atCrash.store).toMatchObject({ status: 'requested' });

    await eventually(
      async () => {
        const list = await refundsAtRazorpay(run.second, run.paymentId);
        return list.length > 0 ? list : undefined;
      },
      'the refund made after the restart',
      60_000,
    );
    await releaseRefundWebhooks(run.second);
    await expectRefundedOnce(run.second, run);
  }, 180_000);
});

describe('a cancel that dies before the refunds worker is told', () => {
  it('the intent waits for no second click: after the grace the reconciler hands it on, and one refund is made', async () => {
    holdRefundWebhooks = false;
    const first = await startFaultStack({ faults: ['hold-refund-requested-event'], env: env() });
    started.push(first);
    dataDirs.push(first.dataDir);
    current = first;
    const user = newUser('refund-unpublished');
    await signUp(first, user);
    const firstToken = await signIn(first, user);
    const order = await api<{ orderId: string; amountPaise: number }>(
      first,
      'POST',
      '/api/checkout/orders',
      { token: firstToken, body: { planId: 'basichosting', months: 12 } },
    );
    const paymentId = (await payOrder(first, order.body.orderId, 'success')).body
      .razorpay_payment_id;
    const service = await eventually(async () => {
      const board = await api<DashboardResponse>(first, 'GET', '/api/me/dashboard', {
        token: firstToken,
      });
      return board.body.services?.[0];
    }, 'the paid service');

    // The click is answered never: the stack dies with RefundRequested on its way to the bus.
    const path = `/api/me/services/${service.id}/cancel`;
    const click = api(first, 'POST', path, { token: firstToken }).catch(() => undefined);
    await outputShows(first, '[fault] PutEvents RefundRequested held');
    const atCrash = await storeRefund(first, paymentId);
    await first.kill();
    current = undefined;
    await click;
    const second = await startLocalStack({
      dataDir: first.dataDir,
      ports: first.ports,
      env: { ...env(), LOG_LEVEL: 'INFO' },
    });
    started.push(second);
    current = second;
    const token = await signIn(second, user);
    const runReconciler = (minutesOn: number) =>
      api<Record<string, number>>(second, 'POST', '/_local/jobs/payments-reconciler', {
        body: { time: new Date(Date.now() + minutesOn * 60_000).toISOString() },
      });

    expect(atCrash).toMatchObject({ status: 'requested', awaitingWorker: 'yes', done: {} });
    expect(await refundsAtRazorpay(second, paymentId)).toEqual([]);

    const inGrace = await runReconciler(5);
    const due = await runReconciler(11);

    expect(inGrace.body).toMatchObject({ refundsRepublished: 0 });
    expect(due.body).toMatchObject({ refundsRepublished: 1 });
    const payment = await eventually(
      async () => {
        const board = await api<DashboardResponse>(second, 'GET', '/api/me/dashboard', { token });
        const found = board.body.payments.find((p) => p.paymentId === paymentId);
        return found?.refund?.status === 'processed' && found.creditNoteNumber ? found : undefined;
      },
      'Refunded with a credit note, with no second click',
      60_000,
    );
    const refunds = await refundsAtRazorpay(second, paymentId);
    expect(refunds).toEqual([
      expect.objectContaining({ receipt: `refund:${paymentId}`, status: 'processed' }),
    ]);
    expect(payment.refund).toMatchObject({
      amountPaise: order.body.amountPaise,
      razorpayRefundId: refunds[0]?.id,
    });

    // Later runs and a late click make no second refund.
    const after = await runReconciler(30);
    const later = await api<CancelServiceResponse>(second, 'POST', path, { token });
    expect(after.body).toMatchObject({ refundsRepublished: 0 });
    expect(later.status).toBe(202);
    expect(later.body.service.status).toBe('cancelled');
    expect(await refundsAtRazorpay(second, paymentId)).toHaveLength(1);
    const mails = await eventually(async () => {
      const list = await mailbox(second, user.email);
      return list.some((m) => /is processed/.test(m.subject)) ? list : undefined;
    }, 'the completion mail');
    expect(mails.filter((m) => /has started/.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => /is processed/.test(m.subject))).toHaveLength(1);
  }, 180_000);
});
