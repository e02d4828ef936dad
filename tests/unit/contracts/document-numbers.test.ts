/**
 * One contract for what numbers tax invoices, run against the in-memory fakes and the DynamoDB
 * adapters on dynalite: the series counter moves only from the state its caller read (reserve,
 * confirm, withdraw), and a purchase takes a document number once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDocumentCounters } from '../../../lambdas/adapters/dynamodb/counters-table';
import { DynamoPurchasesStore } from '../../../lambdas/adapters/dynamodb/purchases-table';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { quote } from '../../../lambdas/domain/pricing';
import type { DocumentCounters } from '../../../lambdas/ports/document-counters';
import type { PurchaseRecord, PurchasesStore } from '../../../lambdas/ports/purchases';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryDocumentCounters } from '../../helpers/fakes/document-counters';
import { InMemoryPurchasesStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

const ISSUED_AT = '2026-11-22T02:00:00.000Z';
let seq = 0;
/** A fresh series per test, so the specs share one dynalite without meeting. */
const newSeries = () => `INV/${String(40 + (seq += 1)).slice(-2)}-${String(41 + seq).slice(-2)}`;
const owner = (n: number) => ({
  userId: `user-${seq}-${n}`,
  purchaseId: `pur_pay_Owner${seq}${n}`,
});

function countersContract(make: () => DocumentCounters) {
  it('reads a series never used as 0 with nothing pending', async () => {
    const counters = make();
    const series = newSeries();

    expect(await counters.read(series)).toEqual({ series, last: 0 });
  });

  it('reserves the next number for one of many simultaneous callers that read the same state', async () => {
    const counters = make();
    const series = newSeries();

    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => counters.reserve(series, 0, owner(n), ISSUED_AT)),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true) + 1;
    expect(await counters.read(series)).toEqual({
      series,
      last: 1,
      pending: { sequence: 1, owner: owner(winner), issuedAt: ISSUED_AT },
    });
  });

  it('refuses a reservation while one is pending, and from a stale count', async () => {
    const counters = make();
    const series = newSeries();
    await counters.reserve(series, 0, owner(1), ISSUED_AT);

    expect(await counters.reserve(series, 1, owner(2), ISSUED_AT)).toBe(false);
    await counters.confirm(series, 1, owner(1));
    expect(await counters.reserve(series, 0, owner(2), ISSUED_AT)).toBe(false);
    expect(await counters.reserve(series, 1, owner(2), ISSUED_AT)).toBe(true);
    expect((await counters.read(series)).last).toBe(2);
  });

  it('confirms only the pending reservation, keeping its number', async () => {
    const counters = make();
    const series = newSeries();
    await counters.reserve(series, 0, owner(1), ISSUED_AT);

    expect(await counters.confirm(series, 1, owner(2))).toBe(false);
    expect(await counters.confirm(series, 2, owner(1))).toBe(false);
    expect(await counters.confirm(series, 1, owner(1))).toBe(true);
    expect(await counters.confirm(series, 1, owner(1))).toBe(false);
    expect(await counters.read(series)).toEqual({ series, last: 1 });
  });

  it('withdraws only the pending reservation, giving its number back', async () => {
    const counters = make();
    const series = newSeries();
    await counters.reserve(series, 0, owner(1), ISSUED_AT);
    await counters.confirm(series, 1, owner(1));
    await counters.reserve(series, 1, owner(2), ISSUED_AT);

    expect(await counters.withdraw(series, 2, owner(1))).toBe(false);
    expect(await counters.withdraw(series, 2, owner(2))).toBe(true);
    expect(await counters.withdraw(series, 2, owner(2))).toBe(false);
    expect(await counters.read(series)).toEqual({ series, last: 1 });
    expect(await counters.reserve(series, 1, owner(3), ISSUED_AT)).toBe(true);
    expect((await counters.read(series)).pending?.sequence).toBe(2);
  });

  it('keeps each series apart', async () => {
    const counters = make();
    const invoices = newSeries();
    const creditNotes = invoices.replace('INV', 'CN');
    await counters.reserve(invoices, 0, owner(1), ISSUED_AT);

    expect(await counters.read(creditNotes)).toEqual({ series: creditNotes, last: 0 });
  });
}

function purchase(overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  seq += 1;
  const plan = CATALOG.find((p) => p.id === 'basichosting');
  if (!plan) throw new Error('catalog has no basichosting');
  const q = quote(plan, 12);
  return {
    userId: `buyer-${seq}`,
    purchaseId: `pur_pay_Numbered${seq}`,
    paymentId: `pay_Numbered${seq}`,
    orderId: `order_Numbered${seq}`,
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: 12,
    purchaseDate: ISSUED_AT,
    startDate: ISSUED_AT,
    renewalDate: '2027-11-22T02:00:00.000Z',
    amountPaise: q.totalPaise,
    currency: 'INR',
    quote: q,
    email: 'asha.verma@example.in',
    name: 'Asha Verma',
    createdAt: ISSUED_AT,
    ...overrides,
  };
}

function documentNumberContract(make: () => PurchasesStore) {
  it('writes the first number on a purchase and answers it ever after', async () => {
    const store = make();
    const p = purchase();
    await store.createPurchase(p);

    const results = await Promise.all(
      ['INV/26-27/000007', 'INV/26-27/000008', 'INV/26-27/000009'].map((number) =>
        store.setDocumentNumber(p.userId, p.purchaseId, 'invoice', number, ISSUED_AT),
      ),
    );

    expect(new Set(results).size).toBe(1);
    const stored = await store.getPurchase(p.userId, p.purchaseId);
    expect(stored?.invoiceNumber).toBe(results[0]);
    expect(stored?.invoiceIssuedAt).toBe(ISSUED_AT);
    expect(
      await store.setDocumentNumber(
        p.userId,
        p.purchaseId,
        'invoice',
        'INV/26-27/000010',
        ISSUED_AT,
      ),
    ).toBe(results[0]);
  });

  it('keeps the credit note number apart from the invoice number', async () => {
    const store = make();
    const p = purchase({ invoiceNumber: 'INV/26-27/000001', invoiceIssuedAt: ISSUED_AT });
    await store.createPurchase(p);

    const held = await store.setDocumentNumber(
      p.userId,
      p.purchaseId,
      'credit_note',
      'CN/26-27/000001',
      '2026-12-01T05:00:00.000Z',
    );

    expect(held).toBe('CN/26-27/000001');
    expect(await store.getPurchase(p.userId, p.purchaseId)).toMatchObject({
      invoiceNumber: 'INV/26-27/000001',
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteIssuedAt: '2026-12-01T05:00:00.000Z',
    });
  });

  it('creates no purchase for a number: undefined when there is none', async () => {
    const store = make();
    const p = purchase();

    expect(
      await store.setDocumentNumber(
        p.userId,
        p.purchaseId,
        'invoice',
        'INV/26-27/000001',
        ISSUED_AT,
      ),
    ).toBeUndefined();
    expect(await store.getPurchase(p.userId, p.purchaseId)).toBeUndefined();
  });
}

describe('DocumentCounters contract: in-memory fake', () => {
  countersContract(() => new InMemoryDocumentCounters());
});

describe('DocumentCounters contract: DynamoDB adapter on dynalite', () => {
  countersContract(() => new DynamoDocumentCounters(db.client, db.table('counters')));
});

describe('PurchasesStore.setDocumentNumber contract: in-memory fake', () => {
  documentNumberContract(() => new InMemoryPurchasesStore());
});

describe('PurchasesStore.setDocumentNumber contract: DynamoDB adapter on dynalite', () => {
  documentNumberContract(() => new DynamoPurchasesStore(db.client, db.table('purchases')));
});
