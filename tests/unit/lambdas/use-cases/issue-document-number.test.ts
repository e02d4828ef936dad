/**
 * Tax invoice numbers (D15) on the in-memory fakes: consecutive per financial year, each on exactly
 * one purchase, whatever retries, crashes and concurrent callers do. The crash points are those of
 * a Lambda dying between two DynamoDB calls; the last spec throws random crashes at random
 * interleavings and checks that the numbers still come out as 1..n, once each.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { quote } from '../../../../lambdas/domain/pricing';
import type { DocumentCounters } from '../../../../lambdas/ports/document-counters';
import type { PurchaseRecord, PurchasesStore } from '../../../../lambdas/ports/purchases';
import {
  DocumentCounterBusyError,
  DocumentOwnerMissingError,
  issueDocumentNumber,
  MAX_ATTEMPTS,
  SeriesExhaustedError,
  withInvoiceNumber,
  type IssueDocumentNumberDeps,
} from '../../../../lambdas/use-cases/issue-document-number';
import { InMemoryDocumentCounters } from '../../../helpers/fakes/document-counters';
import {
  crashOnce,
  InMemoryPurchasesStore,
  RecordingLog,
  SimulatedCrash,
} from '../../../helpers/fakes/stores';

const PAID_AT = '2026-11-22T02:00:00.000Z';
const SERIES = 'INV/26-27';

function purchaseOf(n: number, createdAt = PAID_AT): PurchaseRecord {
  const plan = CATALOG.find((p) => p.id === 'basichosting');
  if (!plan) throw new Error('catalog has no basichosting');
  const q = quote(plan, 12);
  return {
    userId: `user-${n % 3}`,
    purchaseId: `pur_pay_Buyer${String(n).padStart(4, '0')}`,
    paymentId: `pay_Buyer${String(n).padStart(4, '0')}`,
    orderId: `order_Buyer${n}`,
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: 12,
    purchaseDate: createdAt,
    startDate: createdAt,
    renewalDate: '2027-11-22T02:00:00.000Z',
    amountPaise: q.totalPaise,
    currency: 'INR',
    quote: q,
    email: `buyer${n}@example.in`,
    name: `Buyer ${n}`,
    createdAt,
  };
}

let counters: InMemoryDocumentCounters;
let purchases: InMemoryPurchasesStore;
let deps: IssueDocumentNumberDeps;

beforeEach(() => {
  counters = new InMemoryDocumentCounters();
  purchases = new InMemoryPurchasesStore();
  deps = { counters, purchases, log: new RecordingLog(), pauseAfterLostRace: async () => {} };
});

async function recorded(n: number, createdAt?: string): Promise<PurchaseRecord> {
  const purchase = purchaseOf(n, createdAt);
  await purchases.createPurchase(purchase);
  return purchase;
}

const numbersHeld = () =>
  purchases
    .all()
    .map((p) => p.invoiceNumber)
    .filter((n): n is string => n !== undefined)
    .sort();

const firstN = (n: number) =>
  Array.from({ length: n }, (_, i) => `${SERIES}/${String(i + 1).padStart(6, '0')}`);

describe('issueDocumentNumber', () => {
  it('numbers purchases one after another from 1, and stores the number and instant on each', async () => {
    const bought = [await recorded(1), await recorded(2), await recorded(3)];

    const numbered = [];
    for (const purchase of bought) numbered.push(await withInvoiceNumber(deps, purchase));

    expect(numbered.map((p) => p.invoiceNumber)).toEqual(firstN(3));
    const stored = await purchases.getPurchase(bought[1]!.userId, bought[1]!.purchaseId);
    expect(stored).toMatchObject({ invoiceNumber: 'INV/26-27/000002', invoiceIssuedAt: PAID_AT });
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 3 });
  });

  it('gives a purchase that was numbered its own number again, without taking another', async () => {
    const purchase = await recorded(1);
    const first = await withInvoiceNumber(deps, purchase);

    const stored = await purchases.getPurchase(purchase.userId, purchase.purchaseId);
    const again = await issueDocumentNumber(deps, {
      kind: 'invoice',
      owner: purchase,
      issuedAt: purchase.createdAt,
    });

    expect(stored?.invoiceNumber).toBe(first.invoiceNumber);
    expect(again).toBe(first.invoiceNumber);
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 1 });
    await withInvoiceNumber(deps, await recorded(2));
    expect(numbersHeld()).toEqual(firstN(2));
  });

  it('gives 40 purchases fulfilled at once the numbers 1 to 40, each once', async () => {
    const bought = await Promise.all(Array.from({ length: 40 }, (_, i) => recorded(i + 1)));

    const numbered = await Promise.all(bought.map((p) => withInvoiceNumber(deps, p)));

    expect(numbered.map((p) => p.invoiceNumber).sort()).toEqual(firstN(40));
    expect(numbersHeld()).toEqual(firstN(40));
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 40 });
  });

  it('gives one number to a purchase whose fulfilment runs 10 times at once, among others', async () => {
    const busy = await recorded(1);
    const others = await Promise.all([2, 3, 4, 5].map((n) => recorded(n)));

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => withInvoiceNumber(deps, busy)),
      ...others.map((p) => withInvoiceNumber(deps, p)),
    ]);

    expect(new Set(answers.slice(0, 10).map((p) => p.invoiceNumber)).size).toBe(1);
    expect(numbersHeld()).toEqual(firstN(5));
    expect((await counters.read(SERIES)).pending).toBeUndefined();
  });

  it('after a crash between reserving and writing, the next buyer writes the number on its owner first', async () => {
    const crashed = await recorded(1);
    const next = await recorded(2);
    crashOnce(purchases, 'setDocumentNumber', 'before');

    await expect(withInvoiceNumber(deps, crashed)).rejects.toThrow(SimulatedCrash);
    expect(await counters.read(SERIES)).toMatchObject({
      last: 1,
      pending: { sequence: 1, owner: { purchaseId: crashed.purchaseId } },
    });
    const nextNumbered = await withInvoiceNumber(deps, next);
    const retried = await withInvoiceNumber(deps, crashed);

    expect(nextNumbered.invoiceNumber).toBe('INV/26-27/000002');
    expect(retried.invoiceNumber).toBe('INV/26-27/000001');
    expect(numbersHeld()).toEqual(firstN(2));
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 2 });
  });

  it('after a crash between writing and confirming, the retry keeps the written number', async () => {
    const purchase = await recorded(1);
    crashOnce(counters, 'confirm', 'before');

    await expect(withInvoiceNumber(deps, purchase)).rejects.toThrow(SimulatedCrash);
    const retried = await withInvoiceNumber(deps, purchase);
    await withInvoiceNumber(deps, await recorded(2));

    expect(retried.invoiceNumber).toBe('INV/26-27/000001');
    expect(numbersHeld()).toEqual(firstN(2));
  });

  it('gives a number back when its owner turns out to hold one already, so the next buyer takes it', async () => {
    const holder = await recorded(1);
    await withInvoiceNumber(deps, holder);
    // A late attempt that read the purchase before it was numbered reserves again.

    const late = await issueDocumentNumber(deps, {
      kind: 'invoice',
      owner: holder,
      issuedAt: holder.createdAt,
    });
    const next = await withInvoiceNumber(deps, await recorded(2));

    expect(late).toBe('INV/26-27/000001');
    expect(next.invoiceNumber).toBe('INV/26-27/000002');
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 2 });
  });

  it('refuses a purchase that is not recorded, and gives its number back', async () => {
    const ghost = purchaseOf(9);

    await expect(withInvoiceNumber(deps, ghost)).rejects.toThrow(DocumentOwnerMissingError);
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 0 });
    expect((await withInvoiceNumber(deps, await recorded(1))).invoiceNumber).toBe(
      'INV/26-27/000001',
    );
  });

  it("draws from the purchase's own financial year, by India's calendar", async () => {
    const march = await recorded(1, '2027-03-31T18:29:59.000Z'); // 23:59:59 IST, 31 March
    const april = await recorded(2, '2027-03-31T18:30:00.000Z'); // 00:00 IST, 1 April

    const numbered = [await withInvoiceNumber(deps, march), await withInvoiceNumber(deps, april)];

    expect(numbered.map((p) => p.invoiceNumber)).toEqual(['INV/26-27/000001', 'INV/27-28/000001']);
  });

  it('numbers credit notes in a series of their own', async () => {
    const purchase = await recorded(1);
    await withInvoiceNumber(deps, purchase);

    const note = await issueDocumentNumber(deps, {
      kind: 'credit_note',
      owner: purchase,
      issuedAt: '2026-12-01T05:00:00.000Z',
    });

    expect(note).toBe('CN/26-27/000001');
    expect(await purchases.getPurchase(purchase.userId, purchase.purchaseId)).toMatchObject({
      invoiceNumber: 'INV/26-27/000001',
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteIssuedAt: '2026-12-01T05:00:00.000Z',
    });
  });
});

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The ports with a process that may die at any call: before the call (nothing done) or after it
 * (done, but the answer lost).
 */
function crashing<T extends object>(target: T, methods: (keyof T)[], chance: () => boolean): T {
  const wrapped = Object.create(target) as T;
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== 'function') throw new Error(`${String(method)} is not a method`);
    Object.defineProperty(wrapped, method, {
      value: async (...args: unknown[]) => {
        if (chance()) throw new SimulatedCrash(`before ${String(method)}`);
        const answer: unknown = await original.apply(target, args);
        if (chance()) throw new SimulatedCrash(`after ${String(method)}`);
        return answer;
      },
    });
  }
  return wrapped;
}

describe('issueDocumentNumber under random crashes and concurrency', () => {
  it('always ends with numbers 1..n, each on exactly one purchase', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        async (buyers, attemptsAtOnce, seed) => {
          const next = random(seed);
          const store = new InMemoryPurchasesStore();
          const counter = new InMemoryDocumentCounters();
          const chance = () => next() < 0.15;
          const flaky: IssueDocumentNumberDeps = {
            counters: crashing<DocumentCounters>(
              counter,
              ['read', 'reserve', 'confirm', 'withdraw'],
              chance,
            ),
            purchases: crashing<PurchasesStore>(store, ['setDocumentNumber'], chance),
            log: new RecordingLog(),
            pauseAfterLostRace: async () => {},
          };
          const bought = Array.from({ length: buyers }, (_, i) => purchaseOf(i + 1));
          for (const p of bought) await store.createPurchase(p);

          // Rounds of deliveries, each purchase's several at once, until every one succeeded.
          for (let round = 0; round < 50; round += 1) {
            const waiting = bought.filter(
              (p) => !store.all().some((s) => s.purchaseId === p.purchaseId && s.invoiceNumber),
            );
            if (waiting.length === 0) break;
            await Promise.allSettled(
              waiting.flatMap((p) =>
                Array.from({ length: attemptsAtOnce }, () => withInvoiceNumber(flaky, p)),
              ),
            );
          }
          // One more clean call lets a reservation left pending by the last crash settle.
          await withInvoiceNumber(
            { ...flaky, counters: counter, purchases: store },
            bought[0] as PurchaseRecord,
          );

          const held = store
            .all()
            .map((p) => p.invoiceNumber)
            .sort();
          expect(held).toEqual(firstN(buyers));
          expect(await counter.read(SERIES)).toEqual({ series: SERIES, last: buyers });
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** Counters that count their calls, and can lose every race for the counter. */
class CountingCounters extends InMemoryDocumentCounters {
  reads = 0;
  reserves = 0;
  constructor(private readonly alwaysLose = false) {
    super();
  }
  override read(series: string) {
    this.reads += 1;
    return super.read(series);
  }
  override async reserve(...args: Parameters<InMemoryDocumentCounters['reserve']>) {
    this.reserves += 1;
    if (this.alwaysLose) return false;
    return super.reserve(...args);
  }
}

describe('the edges of numbering', () => {
  it('takes the last number of a series, and refuses the one after it by name', async () => {
    counters.items.set(SERIES, { series: SERIES, last: 999_998 });
    const last = await withInvoiceNumber(deps, await recorded(1));

    const refusal = await withInvoiceNumber(deps, await recorded(2)).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(last.invoiceNumber).toBe('INV/26-27/999999');
    expect(refusal).toBeInstanceOf(SeriesExhaustedError);
    expect(refusal).toMatchObject({
      name: 'SeriesExhaustedError',
      series: SERIES,
      message: 'The document series INV/26-27 has used all 999999 numbers.',
    });
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 999_999 });
  });

  it(`gives up after ${MAX_ATTEMPTS} lost races for the counter, by name, so the delivery is retried`, async () => {
    const losing = new CountingCounters(true);
    const purchase = await recorded(1);

    const refusal = await withInvoiceNumber({ ...deps, counters: losing }, purchase).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(refusal).toBeInstanceOf(DocumentCounterBusyError);
    expect(refusal).toMatchObject({
      name: 'DocumentCounterBusyError',
      series: SERIES,
      message: `No number of INV/26-27 could be taken in ${MAX_ATTEMPTS} attempts; retry.`,
    });
    expect(losing.reserves).toBe(MAX_ATTEMPTS);
    expect(numbersHeld()).toEqual([]);
  });

  it('names the purchase it could not number, also when its own earlier attempt reserved the number', async () => {
    const ghost = purchaseOf(9);
    crashOnce(purchases, 'setDocumentNumber', 'before');
    await expect(withInvoiceNumber(deps, ghost)).rejects.toThrow(SimulatedCrash);

    const refusal = await withInvoiceNumber(deps, ghost).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(refusal).toBeInstanceOf(DocumentOwnerMissingError);
    expect(refusal).toMatchObject({
      name: 'DocumentOwnerMissingError',
      owner: { userId: ghost.userId, purchaseId: ghost.purchaseId },
      message: `No purchase ${ghost.purchaseId} of user ${ghost.userId} to number.`,
    });
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 0 });
  });

  it('takes a free number at once, without waiting', async () => {
    const pauses: number[] = [];
    const waiting = {
      ...deps,
      pauseAfterLostRace: async (attempt: number) => void pauses.push(attempt),
    };

    const numbered = await withInvoiceNumber(waiting, await recorded(1));

    expect(numbered.invoiceNumber).toBe('INV/26-27/000001');
    expect(pauses).toEqual([]);
  });

  it('settles its own reservation left by a crash at once, without waiting', async () => {
    const purchase = await recorded(1);
    const pauses: number[] = [];
    const waiting = {
      ...deps,
      pauseAfterLostRace: async (attempt: number) => void pauses.push(attempt),
    };
    crashOnce(purchases, 'setDocumentNumber', 'before');
    await expect(withInvoiceNumber(waiting, purchase)).rejects.toThrow(SimulatedCrash);

    const retried = await withInvoiceNumber(waiting, purchase);

    expect(retried.invoiceNumber).toBe('INV/26-27/000001');
    expect(pauses).toEqual([]);
    expect(await counters.read(SERIES)).toEqual({ series: SERIES, last: 1 });
  });

  it("waits once on another buyer's pending reservation before settling it, then takes the next", async () => {
    const crashed = await recorded(1);
    const next = await recorded(2);
    crashOnce(purchases, 'setDocumentNumber', 'before');
    await expect(withInvoiceNumber(deps, crashed)).rejects.toThrow(SimulatedCrash);
    const pauses: number[] = [];
    const log = new RecordingLog();
    const waiting = {
      ...deps,
      log,
      pauseAfterLostRace: async (attempt: number) => void pauses.push(attempt),
    };

    const numbered = await withInvoiceNumber(waiting, next);

    expect(pauses).toEqual([1]);
    expect(numbered.invoiceNumber).toBe('INV/26-27/000002');
    expect(numbersHeld()).toEqual(firstN(2));
    expect(log.lines).toEqual([
      {
        level: 'info',
        message: 'Settling a pending document number',
        extra: [{ series: SERIES, sequence: 1, purchaseId: crashed.purchaseId }],
      },
    ]);
  });

  it('waits again on each new reservation another buyer holds, settling only one still there after the wait', async () => {
    const first = await recorded(1);
    const second = await recorded(2);
    const late = await recorded(3);
    crashOnce(purchases, 'setDocumentNumber', 'before');
    await expect(withInvoiceNumber(deps, first)).rejects.toThrow(SimulatedCrash);
    const pauses: number[] = [];
    // During the wait on the first's reservation, its owner settles it and the second reserves,
    // then crashes before writing: a new reservation, waited on afresh.
    const waiting = {
      ...deps,
      pauseAfterLostRace: async (attempt: number) => {
        pauses.push(attempt);
        if (pauses.length === 1) {
          await withInvoiceNumber(deps, first);
          crashOnce(purchases, 'setDocumentNumber', 'before');
          await withInvoiceNumber(deps, second).catch(() => undefined);
        }
      },
    };

    const numbered = await withInvoiceNumber(waiting, late);

    expect(pauses).toEqual([1, 2]);
    expect(numbered.invoiceNumber).toBe('INV/26-27/000003');
    expect(numbersHeld()).toEqual(firstN(3));
  });

  describe('without a pause of its own', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    /** Lets the fakes' turns (setImmediate, real) run until `done`, a bounded number of them. */
    async function settled(done: () => boolean): Promise<void> {
      for (let turn = 0; turn < 1_000 && !done(); turn += 1) {
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }

    it('waits 10 ms and a random share of 20 ms per lost race before trying again', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      vi.spyOn(Math, 'random').mockReturnValue(1);
      const losing = new CountingCounters(true);
      const { pauseAfterLostRace: _own, ...defaults } = deps;
      const purchase = await recorded(1);

      const running = withInvoiceNumber({ ...defaults, counters: losing }, purchase).catch(
        () => undefined,
      );

      // After the first lost race: 10 + 1 × 20 ms.
      await settled(() => losing.reserves === 1);
      await vi.advanceTimersByTimeAsync(29);
      await settled(() => false);
      expect(losing.reserves).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await settled(() => losing.reserves === 2);
      expect(losing.reserves).toBe(2);
      // After the second: 10 + 1 × 40 ms.
      await vi.advanceTimersByTimeAsync(49);
      await settled(() => false);
      expect(losing.reserves).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      await settled(() => losing.reserves === 3);
      expect(losing.reserves).toBe(3);
      // The rest of its 200 tries would wait on timers no one moves: left behind with the fake.
      void running;
    });
  });

  it('does not touch the counter for a purchase that holds its number', async () => {
    const purchase = await withInvoiceNumber(deps, await recorded(1));
    const watched = new CountingCounters();

    const again = await withInvoiceNumber({ ...deps, counters: watched }, purchase);

    expect(again).toBe(purchase);
    expect(watched.reads + watched.reserves).toBe(0);
  });
});
