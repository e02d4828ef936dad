/**
 * Tax invoice numbers under the fault tests' tools (D15): the stack is SIGKILLed in the one window
 * where a number is taken and not yet on its purchase (the fault holds every write of a number
 * onto a purchase, so the crash lands there every time). After a plain restart on the same data,
 * the webhook's retry gives the crashed purchase that very number, the next buyers get the numbers
 * after it, and eight buyers paying at once get eight consecutive numbers: none skipped, none
 * twice, each purchase one number, each PurchaseCompleted's welcome mail naming it.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { documentSeries } from '../../../lambdas/domain/invoice';
import { localTableName } from '../../../lambdas/system/facts';
import { startLocalStack, type LocalStack } from '../../helpers/local-stack';
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
  type TestUser,
} from '../../helpers/storefront-client';
import {
  busDrained,
  deadLetters,
  dynamo,
  mapWithConcurrency,
  outputShows,
  scanAll,
  startFaultStack,
  type Item,
} from '../../helpers/faults/fault-stack';

const running: LocalStack[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const stack of running) await stack.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A purchase's series is its financial year's, by the date the stack gave it (the invoice is
 * issued at the purchase's createdAt): read from the stack's own records, never from this test's
 * clock, so a run across 1 April 00:00 IST reads two series where there are two.
 */
const seriesOf = (purchase: Item | undefined) =>
  documentSeries('invoice', String(purchase?.createdAt));
const numbered = (series: string, n: number) => `${series}/${String(n).padStart(6, '0')}`;

async function buyer(
  stack: LocalStack,
  prefix: string,
): Promise<{ user: TestUser; sub: string; token: string }> {
  const user = newUser(prefix);
  const { userSub } = await signUp(stack, user);
  return { user, sub: userSub, token: await signIn(stack, user) };
}

/** A 12-month Basic Hosting order (under ₹50,000: no billing address needed), paid. */
async function buy(stack: LocalStack, token: string): Promise<string> {
  const order = await placeOrder(stack, token, { planId: 'basichosting', months: 12 });
  expect((await payOrder(stack, order.body.orderId, 'success')).status).toBe(200);
  return order.body.orderId;
}

async function table(stack: LocalStack, id: 'purchases' | 'counters'): Promise<Item[]> {
  const db = dynamo(stack);
  try {
    return await scanAll(db, localTableName(id));
  } finally {
    db.destroy();
  }
}

describe('invoice numbers across a crash and under concurrency', () => {
  it('a crash between taking a number and writing it loses no number and gives none twice', async () => {
    // Arrange: a stack whose writes of an invoice number onto a purchase never answer
    const first = await startFaultStack({ faults: ['hold-invoice-number'] });
    running.push(first);
    dataDir = first.dataDir;
    const crashed = await buyer(first, 'inv-crash');

    // Act 1: pay; the fulfilment records the purchase, reserves number 1, and hangs writing it
    const crashedOrder = await buy(first, crashed.token);
    await outputShows(first, '[fault] invoice number write held');

    const purchasesAtCrash = (await table(first, 'purchases')).filter(
      (p) => p.userId === crashed.sub,
    );
    expect(purchasesAtCrash).toHaveLength(1);
    expect(purchasesAtCrash[0]?.invoiceNumber).toBeUndefined();
    expect(await table(first, 'counters')).toEqual([
      expect.objectContaining({
        series: seriesOf(purchasesAtCrash[0]),
        last: 1,
        pendingSequence: 1,
        pendingUserId: crashed.sub,
        pendingPurchaseId: purchasesAtCrash[0]?.purchaseId,
      }),
    ]);

    await first.kill();

    // Act 2: a plain restart on the same data and ports; the webhooks are redelivered
    const second = await startLocalStack({ dataDir: first.dataDir, ports: first.ports });
    running.push(second);
    await eventually(async () => {
      const list = await deliveries(second, crashedOrder);
      return list.length > 0 && list.every((d) => d.status === 'delivered') ? list : undefined;
    }, 'the crashed order’s webhooks delivered after the restart');

    // The next buyer, then eight buyers paying at once
    const next = await buyer(second, 'inv-next');
    await buy(second, next.token);
    const crowd = await mapWithConcurrency(
      Array.from({ length: 8 }, (_, i) => i),
      8,
      (i) => buyer(second, `inv-crowd${i}`),
    );
    await Promise.all(crowd.map((b) => buy(second, b.token)));

    // Assert: ten purchases, numbers 1..10, each once; the crashed purchase kept number 1
    const everyone = [crashed, next, ...crowd];
    const purchases = await eventually(
      async () => {
        const list = (await table(second, 'purchases')).filter((p) =>
          everyone.some((b) => b.sub === p.userId),
        );
        return list.length === everyone.length && list.every((p) => p.invoiceNumber)
          ? list
          : undefined;
      },
      'every purchase numbered',
      60_000,
    );
    // In each series (one, unless the run crossed 1 April), numbers 1..n, each once.
    const bySeries = new Map<string, string[]>();
    for (const p of purchases)
      bySeries.set(seriesOf(p), [...(bySeries.get(seriesOf(p)) ?? []), String(p.invoiceNumber)]);
    for (const [series, numbers] of bySeries) {
      expect(numbers.sort()).toEqual(
        Array.from({ length: numbers.length }, (_, i) => numbered(series, i + 1)),
      );
    }
    const purchaseOf = (sub: string) => purchases.find((p) => p.userId === sub);
    const numberOf = (sub: string) => purchaseOf(sub)?.invoiceNumber;
    const crashedSeries = seriesOf(purchaseOf(crashed.sub));
    const nextSeries = seriesOf(purchaseOf(next.sub));
    expect(numberOf(crashed.sub)).toBe(numbered(crashedSeries, 1));
    expect(numberOf(next.sub)).toBe(numbered(nextSeries, nextSeries === crashedSeries ? 2 : 1));
    // Late duplicate deliveries of a numbered purchase may still reserve and withdraw: once they
    // are done each counter rests at its series' count with nothing pending.
    const counters = await eventually(async () => {
      const items = await table(second, 'counters');
      return items.length && items.every((c) => c.pendingSequence === undefined)
        ? items
        : undefined;
    }, 'the counters at rest');
    expect(counters.map((c) => [c.series, c.last]).sort()).toEqual(
      [...bySeries].map(([series, numbers]) => [series, numbers.length]).sort(),
    );

    // Each buyer's dashboard and welcome mail name their own number
    await busDrained(second);
    expect(deadLetters(second)).toEqual([]);
    const crashedToken = await signIn(second, crashed.user);
    const board = await api<{ payments: { invoiceNumber?: string }[] }>(
      second,
      'GET',
      '/api/me/dashboard',
      { token: crashedToken },
    );
    expect(board.body.payments.map((p) => p.invoiceNumber)).toEqual([numberOf(crashed.sub)]);
    for (const b of everyone) {
      const welcome = (await mailbox(second, b.user.email)).filter((mail) =>
        /is paid — we are setting it up$/.test(mail.subject),
      );
      expect(welcome, b.user.email).toHaveLength(1);
      expect(JSON.stringify(welcome[0])).toContain(numberOf(b.sub));
    }
  });
});
