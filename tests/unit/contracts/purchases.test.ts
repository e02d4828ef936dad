/**
 * One contract for the purchases port, run against the in-memory fake and the DynamoDB adapter on
 * dynalite: a purchase is written once per payment, its event claimed by one caller at a time
 * (E28) and marked once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPurchasesStore } from '../../../lambdas/adapters/dynamodb/purchases-table';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { quote } from '../../../lambdas/domain/pricing';
import type { PurchaseRecord, PurchasesStore } from '../../../lambdas/ports/purchases';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryPurchasesStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
function newPurchase(overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  seq += 1;
  const plan = CATALOG.find((p) => p.id === 'basicdomain');
  if (!plan) throw new Error('catalog has no basicdomain');
  const q = quote(plan, 12);
  return {
    userId: `user-${seq}`,
    purchaseId: `pur_pay_Contract${seq}`,
    paymentId: `pay_Contract${seq}`,
    orderId: `order_Contract${seq}`,
    serviceId: `svc_contract${seq}`,
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: 12,
    domain: 'asha-verma.in',
    purchaseDate: '2026-11-22T02:00:00.000Z',
    startDate: '2026-11-22T02:00:00.000Z',
    renewalDate: '2027-11-22T02:00:00.000Z',
    amountPaise: q.totalPaise,
    currency: 'INR',
    quote: q,
    email: 'asha.verma@example.in',
    name: 'Asha Verma',
    createdAt: '2026-11-22T02:00:00.000Z',
    ...overrides,
  };
}

function purchasesContract(make: () => PurchasesStore) {
  it('writes a purchase once, whichever of many simultaneous writers comes first', async () => {
    const store = make();
    const purchase = newPurchase();

    const results = await Promise.all(
      ['2027-11-22T02:00:00.000Z', '2027-12-22T02:00:00.000Z', '2028-01-22T02:00:00.000Z'].map(
        (renewalDate) => store.createPurchase({ ...purchase, renewalDate }),
      ),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = await store.getPurchase(purchase.userId, purchase.purchaseId);
    const winner = results.indexOf(true);
    expect(stored?.renewalDate).toBe(
      ['2027-11-22T02:00:00.000Z', '2027-12-22T02:00:00.000Z', '2028-01-22T02:00:00.000Z'][winner],
    );
    expect(await store.createPurchase(purchase)).toBe(false);
  });

  it('reads a purchase back as it was written, and nothing for another buyer', async () => {
    const store = make();
    const purchase = newPurchase();
    await store.createPurchase(purchase);

    expect(await store.getPurchase(purchase.userId, purchase.purchaseId)).toEqual(purchase);
    expect(await store.getPurchase('someone-else', purchase.purchaseId)).toBeUndefined();
  });

  it("lists every purchase of the buyer and none of another's", async () => {
    const store = make();
    const first = newPurchase({ userId: 'lister' });
    const second = newPurchase({ userId: 'lister' });
    await store.createPurchase(first);
    await store.createPurchase(second);
    await store.createPurchase(newPurchase({ userId: 'someone-else' }));

    const listed = await store.listPurchases('lister');

    expect(listed.map((p) => p.purchaseId).sort()).toEqual(
      [first.purchaseId, second.purchaseId].sort(),
    );
  });

  it('lists what the dashboard shows of a purchase, without its frozen quote, seller or billing', async () => {
    const store = make();
    const purchase = newPurchase({
      userId: 'summaries',
      billing: {
        name: 'Asha Verma',
        line1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
      eventPublishedAt: '2026-11-22T02:00:01.000Z',
    });
    const older = newPurchase({ userId: 'summaries', domain: undefined, serviceId: undefined });
    await store.createPurchase(purchase);
    await store.createPurchase(older);
    await store.setDocumentNumber(
      'summaries',
      purchase.purchaseId,
      'invoice',
      'INV/26-27/000007',
      '2026-11-22T02:00:02.000Z',
    );
    await store.setDocumentNumber(
      'summaries',
      purchase.purchaseId,
      'credit_note',
      'CN/26-27/000001',
      '2026-11-23T02:00:00.000Z',
    );

    const listed = await store.listPurchaseSummaries('summaries');

    const summary = (p: PurchaseRecord) => ({
      userId: p.userId,
      purchaseId: p.purchaseId,
      paymentId: p.paymentId,
      orderId: p.orderId,
      ...(p.serviceId ? { serviceId: p.serviceId } : {}),
      planId: p.planId,
      planName: p.planName,
      category: p.category,
      months: p.months,
      ...(p.domain ? { domain: p.domain } : {}),
      purchaseDate: p.purchaseDate,
      renewalDate: p.renewalDate,
      amountPaise: p.amountPaise,
    });
    expect([...listed].sort((a, b) => a.purchaseId.localeCompare(b.purchaseId))).toEqual(
      [
        {
          ...summary(purchase),
          invoiceNumber: 'INV/26-27/000007',
          creditNoteNumber: 'CN/26-27/000001',
        },
        summary(older),
      ].sort((a, b) => a.purchaseId.localeCompare(b.purchaseId)),
    );
    expect(await store.listPurchaseSummaries('summaries-nobody')).toEqual([]);
  });

  it("lists the documents issued in a range by India's calendar month, oldest first, from the month indexes", async () => {
    const store = make();
    // 1 March 2031 00:30 in India is still 28 February in UTC; 23:30 on 28 February is not March.
    const issued = [
      ['invoice', '2031-02-28T19:00:00.000Z', 'INV/30-31/000002'],
      ['invoice', '2031-02-28T18:00:00.000Z', 'INV/30-31/000001'],
      ['invoice', '2031-03-15T06:00:00.000Z', 'INV/30-31/000003'],
      ['credit_note', '2031-03-20T06:00:00.000Z', 'CN/30-31/000001'],
    ] as const;
    const purchases = issued.map(() => newPurchase());
    for (const purchase of purchases) await store.createPurchase(purchase);
    for (const [n, [kind, at, number]] of issued.entries()) {
      const purchase = kind === 'credit_note' ? purchases[0]! : purchases[n]!;
      await store.setDocumentNumber(purchase.userId, purchase.purchaseId, kind, number, at);
    }

    const march = await store.listDocumentsIssued(
      'invoice',
      '2031-02-28T18:30:00.000Z',
      '2031-03-31T18:30:00.000Z',
    );
    const twoMonths = await store.listDocumentsIssued(
      'invoice',
      '2031-01-31T18:30:00.000Z',
      '2031-03-31T18:30:00.000Z',
    );
    const notes = await store.listDocumentsIssued(
      'credit_note',
      '2031-02-28T18:30:00.000Z',
      '2031-03-31T18:30:00.000Z',
    );

    expect(march.map((p) => p.invoiceNumber)).toEqual(['INV/30-31/000002', 'INV/30-31/000003']);
    expect(march[0]?.invoiceMonth).toBe('2031-03');
    expect(twoMonths.map((p) => p.invoiceNumber)).toEqual([
      'INV/30-31/000001',
      'INV/30-31/000002',
      'INV/30-31/000003',
    ]);
    expect(notes.map((p) => [p.purchaseId, p.creditNoteNumber])).toEqual([
      [purchases[0]!.purchaseId, 'CN/30-31/000001'],
    ]);
    // The console's search: a number found by key in its financial year's months.
    expect((await store.findByDocumentNumber('INV/30-31/000003'))?.purchaseId).toBe(
      purchases[2]!.purchaseId,
    );
    expect((await store.findByDocumentNumber('CN/30-31/000001'))?.purchaseId).toBe(
      purchases[0]!.purchaseId,
    );
    expect(await store.findByDocumentNumber('INV/30-31/000009')).toBeUndefined();
  });

  it('keeps the first time its event was published', async () => {
    const store = make();
    const purchase = newPurchase();
    await store.createPurchase(purchase);

    await store.markEventPublished(
      purchase.userId,
      purchase.purchaseId,
      '2026-11-22T02:00:01.000Z',
    );
    await store.markEventPublished(
      purchase.userId,
      purchase.purchaseId,
      '2026-11-22T02:05:00.000Z',
    );

    expect((await store.getPurchase(purchase.userId, purchase.purchaseId))?.eventPublishedAt).toBe(
      '2026-11-22T02:00:01.000Z',
    );
  });

  it('lets one of many simultaneous callers claim the publish; the others find it held', async () => {
    const store = make();
    const purchase = newPurchase();
    await store.createPurchase(purchase);
    const now = new Date('2026-11-22T02:00:00.000Z');

    const claims = await Promise.all(
      Array.from({ length: 5 }, () =>
        store.claimEventPublish(purchase.userId, purchase.purchaseId, now, 10_000),
      ),
    );

    expect(claims.filter((c) => c.state === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.state === 'held')).toHaveLength(4);
    const stored = await store.getPurchase(purchase.userId, purchase.purchaseId);
    const claimed = claims.find((c) => c.state === 'claimed');
    expect(stored?.publishClaim).toEqual({
      token: claimed?.state === 'claimed' ? claimed.token : undefined,
      until: now.getTime() + 10_000,
    });
  });

  it('lets a claim to publish be taken over once its lease has lapsed, and not before', async () => {
    const store = make();
    const purchase = newPurchase();
    await store.createPurchase(purchase);
    const at = (ms: number) => new Date(Date.parse('2026-11-22T02:00:00.000Z') + ms);
    await store.claimEventPublish(purchase.userId, purchase.purchaseId, at(0), 10_000);

    const during = await store.claimEventPublish(
      purchase.userId,
      purchase.purchaseId,
      at(10_000),
      10_000,
    );
    const after = await store.claimEventPublish(
      purchase.userId,
      purchase.purchaseId,
      at(10_001),
      10_000,
    );

    expect(during).toEqual({ state: 'held' });
    expect(after.state).toBe('claimed');
  });

  it('gives a claim to publish back only for its own token', async () => {
    const store = make();
    const purchase = newPurchase();
    await store.createPurchase(purchase);
    const now = new Date('2026-11-22T02:00:00.000Z');
    const first = await store.claimEventPublish(purchase.userId, purchase.purchaseId, now, 10_000);
    if (first.state !== 'claimed') throw new Error('the first claim was not taken');

    await store.releaseEventPublish(purchase.userId, purchase.purchaseId, 'someone-else');
    const whileHeld = await store.claimEventPublish(
      purchase.userId,
      purchase.purchaseId,
      now,
      10_000,
    );
    await store.releaseEventPublish(purchase.userId, purchase.purchaseId, first.token);
    const afterRelease = await store.claimEventPublish(
      purchase.userId,
      purchase.purchaseId,
      now,
      10_000,
    );

    expect(whileHeld).toEqual({ state: 'held' });
    expect(afterRelease.state).toBe('claimed');
  });

  it('ends the claim to publish with the mark, and answers published to any claim after it', async () => {
    const store = make();
    const purchase = newPurchase();
    await store.createPurchase(purchase);
    const now = new Date('2026-11-22T02:00:00.000Z');
    await store.claimEventPublish(purchase.userId, purchase.purchaseId, now, 10_000);

    await store.markEventPublished(
      purchase.userId,
      purchase.purchaseId,
      '2026-11-22T02:00:01.000Z',
    );
    const later = await store.claimEventPublish(
      purchase.userId,
      purchase.purchaseId,
      new Date('2026-11-22T03:00:00.000Z'),
      10_000,
    );

    const stored = await store.getPurchase(purchase.userId, purchase.purchaseId);
    expect(stored?.publishClaim).toBeUndefined();
    expect(stored?.eventPublishedAt).toBe('2026-11-22T02:00:01.000Z');
    expect(later).toEqual({ state: 'published', at: '2026-11-22T02:00:01.000Z' });
  });

  it('refuses to mark the event of a purchase that does not exist, and creates none', async () => {
    const store = make();

    await expect(
      store.markEventPublished('nobody', 'pur_pay_Ghost', '2026-11-22T02:00:00.000Z'),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect(await store.getPurchase('nobody', 'pur_pay_Ghost')).toBeUndefined();
  });
}

describe('PurchasesStore (in memory)', () => purchasesContract(() => new InMemoryPurchasesStore()));
describe('PurchasesStore (DynamoDB on dynalite)', () =>
  purchasesContract(() => new DynamoPurchasesStore(db.client, db.table('purchases'))));
