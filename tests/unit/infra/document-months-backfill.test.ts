/**
 * Invoices and credit notes numbered before the purchases table's month indexes existed lack their
 * month; the backfill (run by `npm run backfill` after a deploy and by the local stack at start)
 * gives each the India calendar month it was issued in, so GSTR-1 and the search find them, and
 * leaves every other purchase be. Running it again changes nothing.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DynamoPurchasesStore } from '../../../lambdas/adapters/dynamodb/purchases-table';
import { backfillDocumentMonths } from '../../../infra/lib/backfills/document-months';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';

let db: Dynalite;
beforeEach(async () => {
  db = await startDynalite();
});
afterEach(async () => {
  await db.stop();
});

/** A purchase as the previous version wrote it: numbers, instants, no month. */
async function givenOldPurchase(purchaseId: string, fields: Record<string, string>) {
  await db.client.send(
    new PutCommand({
      TableName: db.table('purchases')(),
      Item: { userId: 'user-1', purchaseId, createdAt: '2026-10-01T10:00:00.000Z', ...fields },
    }),
  );
}

const read = async (purchaseId: string) =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.table('purchases')(), Key: { userId: 'user-1', purchaseId } }),
    )
  ).Item;

describe('the document-months backfill', () => {
  it('gives each invoice and credit note its India month, once; the search then finds them', async () => {
    // 31 October 19:00 UTC is 1 November 00:30 in India.
    await givenOldPurchase('pur_pay_1', {
      invoiceNumber: 'INV/26-27/000041',
      invoiceIssuedAt: '2026-10-31T19:00:00.000Z',
      creditNoteNumber: 'CN/26-27/000003',
      creditNoteIssuedAt: '2026-12-02T06:00:00.000Z',
    });
    await givenOldPurchase('pur_pay_2', {});

    const first = await backfillDocumentMonths(db.client, db.table('purchases')());
    const again = await backfillDocumentMonths(db.client, db.table('purchases')());

    expect(first).toEqual({ read: 2, updated: 2 });
    expect(again).toEqual({ read: 2, updated: 0 });
    expect(await read('pur_pay_1')).toMatchObject({
      invoiceMonth: '2026-11',
      creditNoteMonth: '2026-12',
    });
    expect((await read('pur_pay_2'))?.invoiceMonth).toBeUndefined();
    const store = new DynamoPurchasesStore(db.client, db.table('purchases'));
    expect((await store.findByDocumentNumber('INV/26-27/000041'))?.purchaseId).toBe('pur_pay_1');
  });
});
