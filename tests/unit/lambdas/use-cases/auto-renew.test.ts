/**
 * Auto-renew (D25) on in-memory fakes: the opt-in and its mandate, the daily job's notice, debit
 * and renewal, the pay link above the limit, failed debits retried until the renewal date, the
 * opt-out and a mandate revoked at the bank, and the job under concurrent runs, crashes and
 * Razorpay down.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { istDate } from '../../../../lambdas/domain/renewals';
import {
  optOutByLink,
  setAutoRenew,
} from '../../../../lambdas/use-cases/auto-renew/manage-auto-renew';
import { readOptOutToken } from '../../../../lambdas/use-cases/auto-renew/opt-out-link';
import { KEY_SECRET } from '../../../helpers/fakes/world';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import {
  autoRenewWorld,
  LEASE_MS,
  nineAmIst,
  paymentWebhook,
  type AutoRenewWorld,
} from '../../../helpers/auto-renew-world';

const DAY_MS = 24 * 60 * 60 * 1000;
// Bought on 22 Nov 2026 at 10:00 IST for a month: renews on 22 Dec 2026 at 10:00 IST.
const BOUGHT = new Date('2026-11-22T04:30:00.000Z');
const RENEWS = '2026-12-22T04:30:00.000Z';

/** Runs the job every day at 09:00 IST from `from` to `to`, the mails' subjects by day. */
async function runDaily(world: AutoRenewWorld, from: string, to: string) {
  const byDay: Record<string, string[]> = {};
  for (let t = nineAmIst(from).getTime(); t <= nineAmIst(to).getTime(); t += DAY_MS) {
    const before = world.mailer.sent.length;
    await world.run(new Date(t));
    await world.deliverCaptures();
    const sent = world.mailer.sent.slice(before).map((m) => m.subject);
    if (sent.length) byDay[istDate(new Date(t))] = sent;
  }
  return byDay;
}

async function optedIn(
  method: 'card' | 'upi' = 'card',
  planId = 'basichosting',
  months: 1 | 12 = 1,
) {
  const world = autoRenewWorld();
  world.setWallClock(BOUGHT);
  const ref = await world.buy(planId, BOUGHT, months);
  const authorise = await world.optIn(ref, method);
  world.mailer.sent.length = 0;
  return { world, ref, authorise };
}

describe('turning auto-renew on', () => {
  it('asks the buyer to authorise a ₹1 mandate order covering the renewal price, then stores the mandate', async () => {
    const world = autoRenewWorld();
    world.setWallClock(BOUGHT);
    const ref = await world.buy('basichosting', BOUGHT);

    const { service, authorise } = await setAutoRenew(world.manage, ref, { enabled: true });

    // Not on until the buyer has authorised it.
    expect(service.autoRenew?.enabled).toBe(false);
    expect(authorise).toMatchObject({ amountPaise: 100, keyId: 'rzp_test_local' });
    const order = world.gateway.mandateOrders[0]!;
    expect(order.customerId).toBe(authorise!.customerId);
    expect(order.token.frequency).toBe('as_presented');
    // 1 month of Basic Hosting at the renewal price, GST included, rounded up to ₹100.
    expect(order.token.maxAmountPaise).toBe(3_600_00);

    const { payment } = world.gateway.givenMandateAuthorised(authorise!.orderId, 'upi');
    const { recordMandatePayment } =
      await import('../../../../lambdas/use-cases/auto-renew/manage-auto-renew');
    expect(await recordMandatePayment(world.manage, payment)).toBe('mandate_recorded');

    const stored = world.service(ref)!;
    expect(stored.autoRenew).toMatchObject({
      enabled: true,
      mandate: {
        method: 'upi',
        status: 'confirmed',
        label: 'UPI su•••••@razorpay',
        maxAmountPaise: 3_600_00,
      },
    });
    // In the job's index from the notice day of its renewal date (19 Dec, 00:00 IST).
    expect(stored.autoRenewDueAt).toBe('2026-12-18T18:30:00.000Z');
    // The ₹1 is given back.
    expect([...world.gateway.refunds.values()].map((r) => [r.paymentId, r.amountPaise])).toEqual([
      [payment.id, 100],
    ]);
  });

  it('refunds the ₹1 once when Razorpay reports the authorisation before the capture', async () => {
    const world = autoRenewWorld();
    world.setWallClock(BOUGHT);
    const ref = await world.buy('basichosting', BOUGHT);
    const { authorise } = await setAutoRenew(world.manage, ref, { enabled: true });
    const { payment } = world.gateway.givenMandateAuthorised(authorise!.orderId, 'card');
    const { recordMandatePayment } =
      await import('../../../../lambdas/use-cases/auto-renew/manage-auto-renew');

    const authorized = await recordMandatePayment(world.manage, {
      ...payment,
      status: 'authorized',
    });
    const captured = await recordMandatePayment(world.manage, payment);
    const again = await recordMandatePayment(world.manage, payment);

    expect([authorized, captured, again]).toEqual([
      'mandate_recorded',
      'mandate_recorded',
      'mandate_recorded',
    ]);
    expect(world.service(ref)!.autoRenew).toMatchObject({
      enabled: true,
      mandate: { status: 'confirmed' },
    });
    expect([...world.gateway.refunds.values()].map((r) => r.amountPaise)).toEqual([100]);
  });

  it('answers the service as it is when it is on already, with no new order', async () => {
    const { world, ref } = await optedIn();

    const again = await setAutoRenew(world.manage, ref, { enabled: true });

    expect(again.authorise).toBeUndefined();
    expect(world.gateway.mandateOrders).toHaveLength(1);
  });
});

describe('the daily job', () => {
  it('mails the notice 3 days ahead, debits a day later, and the capture renews the service', async () => {
    const { world, ref } = await optedIn();

    const mails = await runDaily(world, '2026-12-15', '2026-12-26');

    expect(mails).toEqual({
      '2026-12-19': [
        expect.stringMatching(
          /^₹3,5\d\d\.\d\d will be debited on 20 December 2026 to renew your Basic Hosting$/,
        ),
      ],
    });
    expect(world.gateway.recurringCalls).toHaveLength(1);
    const service = world.service(ref)!;
    // The normal renewal: one more month, from the old renewal date.
    expect(service.renewalDate).toBe('2027-01-22T04:30:00.000Z');
    const order = await world.orders.getOrder(world.gateway.recurringCalls[0]!.orderId);
    expect(order).toMatchObject({ status: 'paid', months: 1, planId: 'basichosting' });
    expect(order?.quote.renewal).toBe(true);
    // The next renewal's notice is scheduled.
    expect(service.autoRenewDueAt).toBe('2027-01-18T18:30:00.000Z');
    const notice = world.mailer.sent;
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain('Visa •••• 4242');
    expect(notice[0]!.text).not.toMatch(/token_/);
    const link = /auto-renew\/off\?t=([^\s]+)/.exec(notice[0]!.text)?.[1];
    expect(readOptOutToken(decodeURIComponent(link!), new Date(RENEWS), KEY_SECRET)).toEqual({
      ok: true,
      ref,
    });
  });

  it('mails a pay link above ₹15,000, once, and never debits', async () => {
    // 12 months of Basic Hosting at the renewal price is about ₹42,466.
    const { world } = await optedIn('card', 'basichosting', 12);

    const mails = await runDaily(world, '2027-11-15', '2027-11-25');

    expect(mails).toEqual({
      '2027-11-19': ['Renew your Basic Hosting: this renewal needs your approval'],
    });
    expect(world.gateway.recurringCalls).toHaveLength(0);
    expect(world.mailer.sent[0]!.text).toContain('/checkout?plan=basichosting&renew=1');
  });

  it('retries a failed debit once a day until the renewal date, then leaves it to expire', async () => {
    const { world, ref } = await optedIn();
    world.gateway.nextDebitOutcomes = ['failed', 'failed', 'failed', 'failed'];

    const mails = await runDaily(world, '2026-12-18', '2026-12-26');

    const failed = 'We could not renew your Basic Hosting: the debit failed';
    expect(mails).toEqual({
      '2026-12-19': [expect.stringContaining('will be debited on 20 December 2026')],
      '2026-12-20': [failed],
      '2026-12-21': [failed],
      // 09:00 IST on the renewal day is before its 10:00: a last attempt.
      '2026-12-22': [failed],
    });
    expect(world.gateway.recurringCalls.map((c) => c.orderId)).toEqual(
      Array(3).fill(world.gateway.recurringCalls[0]!.orderId),
    );
    expect(world.mailer.sent.at(-1)!.text).toContain('There is no time left to try again');
    expect(world.mailer.sent.at(-2)!.text).toContain('We will try again once a day');
    expect(world.service(ref)!.renewalDate).toBe(RENEWS);
  });

  it('waits for a debit in flight (UPI) and never makes a second one', async () => {
    const { world, ref } = await optedIn('upi');
    world.gateway.nextDebitOutcomes = ['created'];

    await runDaily(world, '2026-12-19', '2026-12-21');

    expect(world.gateway.recurringCalls).toHaveLength(1);
    expect(world.service(ref)!.autoRenew?.cycle?.inFlightPaymentId).toBeDefined();
    // The bank completes it; the capture renews the service.
    const [payment] = await world.gateway.listOrderPayments(
      world.gateway.recurringCalls[0]!.orderId,
    );
    world.gateway.payments.get(payment!.id)!.status = 'captured';
    await runDaily(world, '2026-12-22', '2026-12-22');

    expect(world.gateway.recurringCalls).toHaveLength(1);
    expect(world.service(ref)!.renewalDate).toBe('2027-01-22T04:30:00.000Z');
  });

  it('sends a new notice, and no debit, when the amount changed since the notice', async () => {
    const { world } = await optedIn();
    await runDaily(world, '2026-12-19', '2026-12-19');
    const dearer = CATALOG.map((p) =>
      p.id === 'basichosting'
        ? { ...p, renewalPricePaise: (p.renewalPricePaise ?? p.monthlyPricePaise) + 10_00 }
        : p,
    );

    await world.run(nineAmIst('2026-12-20'), { plans: async () => dearer });

    expect(world.gateway.recurringCalls).toHaveLength(0);
    expect(world.subjects()).toHaveLength(2);
    expect(world.subjects()[1]).toMatch(/will be debited on 21 December 2026/);
  });

  it('does not debit a buyer who renewed by hand after the notice', async () => {
    const { world, ref } = await optedIn();
    await runDaily(world, '2026-12-19', '2026-12-19');
    await world.buy('basichosting', new Date('2026-12-19T10:00:00.000Z'));

    await runDaily(world, '2026-12-20', '2026-12-23');

    expect(world.gateway.recurringCalls).toHaveLength(0);
    expect(world.service(ref)!.renewalDate).toBe('2027-01-22T04:30:00.000Z');
  });

  it('with Razorpay down at debit time, debits on the next run, once', async () => {
    const { world } = await optedIn();
    world.gateway.nextDebitOutcomes = ['down'];

    await runDaily(world, '2026-12-19', '2026-12-21');

    expect(world.gateway.recurringCalls).toHaveLength(1);
    expect(world.log.lines.some((e) => e.message.startsWith('Auto-renew step failed'))).toBe(true);
  });

  it('after a crash between the debit and its record, finds the debit on the order and makes no other', async () => {
    const { world } = await optedIn();
    await runDaily(world, '2026-12-19', '2026-12-19');
    let crashes = 1;
    const crashing = Object.create(world.store) as typeof world.store;
    crashing.complete = async (...args) => {
      if (crashes-- > 0) throw new Error('Lambda timed out (simulated)');
      return world.store.complete(...args);
    };

    await world.run(nineAmIst('2026-12-20'), { store: crashing });
    world.setWallClock(new Date(nineAmIst('2026-12-20').getTime() + 60 * 60 * 1000));
    await world.run(new Date(nineAmIst('2026-12-20').getTime() + 60 * 60 * 1000));
    await world.run(nineAmIst('2026-12-21'));

    expect(world.gateway.recurringCalls).toHaveLength(1);
  });

  it('under 10 runs at once: one notice, then one debit', async () => {
    const { world } = await optedIn();

    await Promise.all(Array.from({ length: 10 }, () => world.run(nineAmIst('2026-12-19'))));
    await Promise.all(Array.from({ length: 10 }, () => world.run(nineAmIst('2026-12-20'))));

    expect(world.subjects()).toHaveLength(1);
    expect(world.gateway.recurringCalls).toHaveLength(1);
  });

  it('reads only the services with auto-renew due', async () => {
    const world = autoRenewWorld();
    world.setWallClock(BOUGHT);
    for (const planId of ['basicvps', 'premiumvps', 'enterprisevps', 'basicstorage']) {
      await world.buy(planId, BOUGHT);
    }
    const due = await world.buy('basichosting', BOUGHT);
    await world.optIn(due);

    const summary = await world.run(nineAmIst('2026-12-19'));

    expect(summary).toMatchObject({ read: 1, notices: 1 });
    expect(world.store.itemsListed).toBe(1);
    expect(await world.run(nineAmIst('2026-12-19'))).toMatchObject({ read: 0 });
  });
});

describe("a failed debit's webhook (payment.failed)", () => {
  const FAILED = 'We could not renew your Basic Hosting: the debit failed';

  /** A UPI debit made on 20 Dec that the bank fails later that day, and Razorpay's webhook for it. */
  async function failedInFlight() {
    const { world, ref } = await optedIn('upi');
    world.gateway.nextDebitOutcomes = ['created'];
    await runDaily(world, '2026-12-19', '2026-12-20');
    world.mailer.sent.length = 0;
    const [debit] = await world.gateway.listOrderPayments(world.gateway.recurringCalls[0]!.orderId);
    const stored = world.gateway.payments.get(debit!.id)!;
    stored.status = 'failed';
    world.setWallClock(new Date(nineAmIst('2026-12-20').getTime() + 3 * 60 * 60 * 1000));
    const deps = { ...world, autoRenew: world.manage };
    return { world, ref, deps, payment: { ...stored } };
  }

  it('mails the buyer at once, not at the next run, and once per debit', async () => {
    const { world, deps, payment } = await failedInFlight();

    const outcome = await handleRazorpayWebhook(
      deps,
      paymentWebhook('payment.failed', payment, 'evt_f1'),
    );
    // Razorpay delivers it again under another event id: no second mail.
    await handleRazorpayWebhook(deps, paymentWebhook('payment.failed', payment, 'evt_f2'));

    expect(outcome).toBe('failed_recorded');
    expect(world.subjects()).toEqual([FAILED]);
    expect(world.mailer.sent[0]!.text).toContain('We will try again once a day');
    // The next run tells nothing more of it, and tries once more.
    world.gateway.nextDebitOutcomes = ['captured'];
    const mails = await runDaily(world, '2026-12-21', '2026-12-21');
    expect(mails).toEqual({});
    expect(world.gateway.recurringCalls).toHaveLength(2);
  });

  it("mails nothing more for a debit the job already told (a card's failure at once)", async () => {
    const { world, ref } = await optedIn('card');
    world.gateway.nextDebitOutcomes = ['failed'];
    await runDaily(world, '2026-12-19', '2026-12-20');
    expect(world.subjects().filter((s) => s === FAILED)).toHaveLength(1);
    const [debit] = await world.gateway.listOrderPayments(world.gateway.recurringCalls[0]!.orderId);

    await handleRazorpayWebhook(
      { ...world, autoRenew: world.manage },
      paymentWebhook('payment.failed', debit!, 'evt_f1'),
    );

    expect(world.subjects().filter((s) => s === FAILED)).toHaveLength(1);
    expect(world.service(ref)!.autoRenew?.cycle?.failedPaymentIds).toEqual([debit!.id]);
  });

  it('while a run holds the service, fails the delivery so that Razorpay sends it again', async () => {
    const { world, ref, deps, payment } = await failedInFlight();
    const held = await world.store.claim(ref, RENEWS, world.manage.now(), LEASE_MS);
    expect(held.state).toBe('claimed');

    await expect(
      handleRazorpayWebhook(deps, paymentWebhook('payment.failed', payment, 'evt_f1')),
    ).rejects.toThrow(/holds the service/);
    expect(world.mailer.sent).toEqual([]);
    await world.store.release(ref, held.state === 'claimed' ? held.token : '');

    await handleRazorpayWebhook(deps, paymentWebhook('payment.failed', payment, 'evt_f1'));
    expect(world.subjects()).toEqual([FAILED]);
  });
});

describe('turning auto-renew off', () => {
  it('from the card: cancels the token at Razorpay, tells the buyer, and nothing is debited', async () => {
    const { world, ref } = await optedIn();
    const tokenId = world.service(ref)!.autoRenew!.mandate!.tokenId;

    const { service } = await setAutoRenew(world.manage, ref, { enabled: false });

    expect(service.autoRenew?.enabled).toBe(false);
    expect(world.gateway.tokens.get(tokenId)?.status).toBe('cancelled');
    expect(world.subjects()).toEqual(['Auto-renew is off for your Basic Hosting']);
    await runDaily(world, '2026-12-18', '2026-12-23');
    expect(world.gateway.recurringCalls).toHaveLength(0);
    expect(world.subjects()).toHaveLength(1);
  });

  it("from the notice's link, after the notice: no debit", async () => {
    const { world, ref } = await optedIn();
    await runDaily(world, '2026-12-19', '2026-12-19');
    const link = /auto-renew\/off\?t=([^\s]+)/.exec(world.mailer.sent[0]!.text)![1]!;
    const check = readOptOutToken(decodeURIComponent(link), nineAmIst('2026-12-19'), KEY_SECRET);
    if (!check.ok) throw new Error(check.reason);

    await optOutByLink(world.manage, check.ref);
    await runDaily(world, '2026-12-20', '2026-12-23');

    expect(world.gateway.recurringCalls).toHaveLength(0);
    expect(world.service(ref)!.autoRenew?.enabled).toBe(false);
  });

  it('leaves it on and says so when Razorpay does not answer', async () => {
    const { world, ref } = await optedIn();
    world.gateway.cancelToken = async () => {
      throw new Error('Razorpay call failed: timeout (simulated)');
    };

    await expect(setAutoRenew(world.manage, ref, { enabled: false })).rejects.toMatchObject({
      code: 'payment_provider_unavailable',
    });
    expect(world.service(ref)!.autoRenew?.enabled).toBe(true);
  });

  it('when the bank revokes the mandate: off, and the buyer is told once', async () => {
    const { world, ref } = await optedIn('upi');
    const tokenId = world.service(ref)!.autoRenew!.mandate!.tokenId;

    expect(await world.tokenEvent(tokenId, 'cancelled')).toBe('mandate_recorded');
    expect(await world.tokenEvent(tokenId, 'cancelled')).toBe('ignored');

    expect(world.service(ref)!.autoRenew).toMatchObject({
      enabled: false,
      mandate: { status: 'cancelled' },
    });
    expect(world.service(ref)!.autoRenewDueAt).toBeUndefined();
    expect(world.subjects()).toEqual([
      'Auto-renew stopped for your Basic Hosting: the mandate was cancelled',
    ]);
  });

  it('ignores (and logs) a token webhook for a mandate it does not know', async () => {
    const { world } = await optedIn();
    const { recordTokenEvent } =
      await import('../../../../lambdas/use-cases/auto-renew/manage-auto-renew');

    const outcome = await recordTokenEvent(world.manage, {
      id: 'token_Unknown0000001',
      method: 'card',
      status: 'cancelled',
      maxAmountPaise: 0,
      expireAt: null,
    });

    expect(outcome).toBe('ignored');
    expect(world.log.lines.some((e) => e.message.includes('do not know'))).toBe(true);
  });
});
