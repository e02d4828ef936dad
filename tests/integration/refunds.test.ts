/**
 * The money-back guarantee on the local stack, driven from outside (D16): buy hosting, cancel
 * from the API, the refunds worker asks the Razorpay simulator once, the simulator's refund
 * webhooks settle it, the credit note is issued and downloadable (pdftotext reads its CN number
 * and the invoice it adjusts), the buyer gets one mail at request and one at completion, and the
 * hosting account is suspended on the WHM stand-in, not deleted. A refund Razorpay fails is told
 * to the buyer and tried again. Another buyer's service is 404; a domain is 409 not_refundable.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelServiceResponse, DashboardResponse } from '../../lambdas/domain/api';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  givenProfile,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  razorpayGet,
  signIn,
  signUp,
} from '../helpers/storefront-client';

// Its own stack: the simulator's "next refund fails" switch is for whichever refund comes next,
// which on the shared stack could be another file's, running beside this one.
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack();
}, 60_000);
afterAll(async () => {
  await stack?.dispose();
});
async function buyer(prefix: string) {
  const user = newUser(prefix);
  await signUp(stack, user);
  return { user, token: await signIn(stack, user) };
}

const dashboard = async (token: string) =>
  (await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token })).body;

/** Orders and pays `planId`; answers once the dashboard shows the paid service. */
async function buy(token: string, planId: string, months = 12, domain?: string) {
  const order = await placeOrder(stack, token, { planId, months, ...(domain ? { domain } : {}) });
  const paid = await payOrder(stack, order.body.orderId, 'success');
  expect(paid.status).toBe(200);
  const paymentId = paid.body.razorpay_payment_id;
  const board = await eventually(async () => {
    const body = await dashboard(token);
    const payment = body.payments.find((p) => p.paymentId === paymentId);
    const service = body.services.find((s) => s.planId === planId);
    return payment?.invoiceNumber && service ? { payment, service } : undefined;
  }, `${planId} on the dashboard`);
  return { ...board, paymentId, amountPaise: order.body.amountPaise };
}

async function whmAccounts(): Promise<{ user: string; suspended: boolean }[]> {
  const res = await fetch(`${stack.whmUrl}/_whm/accounts`);
  const body = (await res.json()) as { accounts: Record<string, unknown>[] };
  return body.accounts.map((a) => ({ user: String(a.user), suspended: a.state === 'suspended' }));
}

const refundsAtRazorpay = async (paymentId: string) =>
  (await razorpayGet(stack, `/v1/payments/${paymentId}/refunds`)).body.items as {
    id: string;
    receipt: string | null;
    status: string;
    amount: number;
  }[];

describe('cancel within 30 days, on the local stack', () => {
  it('buy → cancel → one refund processed → the credit note PDF, the mails, hosting suspended', async () => {
    const { user, token } = await buyer('refund');
    const bought = await buy(token, 'basichosting');
    // The money-back window: to the end (23:59:59.999 IST) of the 30th India day after the day
    // of the payment, by the stack's own date for it.
    const IST_MS = 5.5 * 3600 * 1000;
    const DAY_MS = 24 * 3600 * 1000;
    const paidDay = Math.floor((Date.parse(bought.payment.date) + IST_MS) / DAY_MS);
    expect(bought.service.refundableUntil).toBe(
      new Date((paidDay + 31) * DAY_MS - IST_MS - 1).toISOString(),
    );
    expect(bought.service.refundablePaise).toBe(bought.amountPaise);
    // Cancel once the hosting account exists, so its suspension can be seen.
    const username = await eventually(
      async () => {
        const service = (await dashboard(token)).services[0];
        return service?.provisioning?.state === 'ready' ? service.provisioning.username : undefined;
      },
      'the hosting account on the panel',
      30_000,
    );

    const path = `/api/me/services/${bought.service.id}/cancel`;
    const first = await api<CancelServiceResponse>(stack, 'POST', path, {
      token,
      body: { reason: 'Changed my mind' },
    });
    const again = await api<CancelServiceResponse>(stack, 'POST', path, { token, body: {} });

    expect(first.status).toBe(202);
    expect(first.body.service).toMatchObject({ id: bought.service.id, status: 'cancelled' });
    expect(first.body.refund).toMatchObject({
      id: `refund:${bought.paymentId}`,
      amountPaise: bought.amountPaise,
      status: 'pending',
    });
    expect(again.status).toBe(202);
    expect(again.body.refund.id).toBe(first.body.refund.id);

    const payment = await eventually(
      async () => {
        const found = (await dashboard(token)).payments.find(
          (p) => p.paymentId === bought.paymentId,
        );
        return found?.refund?.status === 'processed' && found.creditNoteNumber ? found : undefined;
      },
      'Refunded with its credit note on the dashboard',
      30_000,
    );
    expect(payment.refund).toMatchObject({ amountPaise: bought.amountPaise });

    // One refund at Razorpay, carrying the store's receipt; the payment refunded in full.
    const refunds = await refundsAtRazorpay(bought.paymentId);
    expect(refunds).toEqual([
      expect.objectContaining({
        receipt: `refund:${bought.paymentId}`,
        status: 'processed',
        amount: bought.amountPaise,
      }),
    ]);
    const atRazorpay = await razorpayGet(stack, `/v1/payments/${bought.paymentId}`);
    expect(atRazorpay.body).toMatchObject({
      amount_refunded: bought.amountPaise,
      refund_status: 'full',
    });

    // The credit note, downloadable, names itself and the invoice it adjusts.
    const number = payment.creditNoteNumber ?? '';
    expect(number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    const res = await fetch(`${stack.baseUrl}/api/me/invoices/${number.replaceAll('/', '-')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(await res.arrayBuffer()),
      encoding: 'utf8',
    });
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(number);
    expect(text).toContain(bought.payment.invoiceNumber ?? 'the invoice number');
    expect(text).toContain(refunds[0]?.id ?? 'the refund id');

    // One mail when asked, one when processed (with the credit note).
    const mails = await eventually(async () => {
      const list = await mailbox(stack, user.email);
      return list.some((m) => /is processed/.test(m.subject)) ? list : undefined;
    }, 'the refund mails');
    expect(mails.filter((m) => /has started/.test(m.subject))).toHaveLength(1);
    const done = mails.filter((m) => /is processed/.test(m.subject));
    expect(done).toHaveLength(1);
    expect(done[0]?.body.text).toContain(number);

    // The hosting account is suspended, not deleted; the plan is gone from the buyer's record.
    await eventually(
      async () =>
        (await whmAccounts()).some((a) => a.user === username && a.suspended) ? true : undefined,
      'the account suspended on the panel',
    );
    const board = await dashboard(token);
    expect(board.user).toMatchObject({ currentPlan: null, expiry: null });
    expect(board.services[0]).toMatchObject({ status: 'cancelled' });
  }, 90_000);

  it('a refund Razorpay fails: the buyer is told, it is tried again, and processed', async () => {
    const { user, token } = await buyer('refund-fails');
    const bought = await buy(token, 'basicvps');
    const next = await fetch(`${stack.simulatorUrl}/_simulator/refunds/next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'failed' }),
    });
    expect(next.status).toBe(200);

    const answer = await api<CancelServiceResponse>(
      stack,
      'POST',
      `/api/me/services/${bought.service.id}/cancel`,
      { token },
    );
    expect(answer.status).toBe(202);

    const refunds = await eventually(
      async () => {
        const list = await refundsAtRazorpay(bought.paymentId);
        return list.some((r) => r.status === 'processed') ? list : undefined;
      },
      'the second attempt processed',
      30_000,
    );
    expect(refunds.map((r) => [r.receipt, r.status]).sort()).toEqual([
      [`refund:${bought.paymentId}`, 'failed'],
      [`refund:${bought.paymentId}:2`, 'processed'],
    ]);
    const mails = await eventually(async () => {
      const list = await mailbox(stack, user.email);
      return list.some((m) => /is processed/.test(m.subject)) ? list : undefined;
    }, 'the completion mail');
    expect(mails.filter((m) => /is delayed/.test(m.subject))).toHaveLength(1);
    expect((await dashboard(token)).services[0]?.status).toBe('cancelled');
  }, 90_000);

  it("another buyer's service is 404; a domain is 409 not_refundable", async () => {
    const owner = await buyer('refund-owner');
    const bought = await buy(owner.token, 'basicstorage');
    const stranger = await buyer('refund-stranger');

    const theirs = await api(stack, 'POST', `/api/me/services/${bought.service.id}/cancel`, {
      token: stranger.token,
    });
    // A name is registered under the buyer's registrant details (D23): the profile holds them.
    await givenProfile(stack, owner.token);
    const domain = await buy(owner.token, 'basicdomain', 12, `refundtest${Date.now()}.com`);
    const notRefundable = await api(stack, 'POST', `/api/me/services/${domain.service.id}/cancel`, {
      token: owner.token,
    });
    const badBody = await api(stack, 'POST', `/api/me/services/${bought.service.id}/cancel`, {
      token: owner.token,
      body: { reason: 'x', refundTo: 'my friend' },
    });

    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: { code: 'service_not_found' } });
    expect(notRefundable.status).toBe(409);
    expect(notRefundable.body).toMatchObject({ error: { code: 'not_refundable' } });
    expect(badBody.status).toBe(400);
    expect(
      (await dashboard(owner.token)).services.find((s) => s.planId === 'basicstorage')?.status,
    ).toBe('active');
  }, 90_000);
});
