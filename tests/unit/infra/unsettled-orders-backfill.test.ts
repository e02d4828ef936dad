/**
 * Orders marked failed or in review before the dashboard's unsettledByUser index existed lack its
 * key; the backfill (run by `npm run backfill` after a deploy and by the local stack at start)
 * gives it to them, so the buyer's dashboard keeps listing them, and leaves every other order be.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DynamoOrdersStore } from '../../../lambdas/adapters/dynamodb/orders-table';
import { backfillUnsettledOrders } from '../../../infra/lib/backfills/unsettled-orders';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';

let db: Dynalite;
beforeEach(async () => {
  db = await startDynalite();
});
afterEach(async () => {
  await db.stop();
});

/** An order as the previous version wrote it: no unsettledAt, whatever its status. */
async function givenOldOrder(orderId: string, status: string, updatedAt: string): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.table('orders')(),
      Item: {
        orderId,
        userId: 'user-1',
        planId: 'basichosting',
        planName: 'Basic Hosting',
        months: 12,
        amountPaise: 4246584,
        currency: 'INR',
        status,
        createdAt: '2026-10-01T10:00:00.000Z',
        updatedAt,
      },
    }),
  );
}

describe('the unsettled-orders backfill', () => {
  it("puts a buyer's old failed and in-review orders back on the dashboard, and no other", async () => {
    await givenOldOrder('order_failed', 'failed', '2026-10-01T10:05:00.000Z');
    await givenOldOrder('order_review', 'review', '2026-10-02T11:00:00.000Z');
    await givenOldOrder('order_paid', 'paid', '2026-10-03T09:00:00.000Z');
    await givenOldOrder('order_created', 'created', '2026-10-04T09:00:00.000Z');
    const orders = new DynamoOrdersStore(db.client, db.table('orders'));
    expect(await orders.listUnsettledOrders('user-1')).toEqual([]);

    const result = await backfillUnsettledOrders(db.client, db.table('orders')());

    expect(result).toEqual({ read: 2, updated: 2 });
    const listed = await orders.listUnsettledOrders('user-1');
    expect(listed.map((order) => [order.orderId, order.status]).sort()).toEqual([
      ['order_failed', 'failed'],
      ['order_review', 'review'],
    ]);
  });

  it('changes nothing the second time, nor an order marked since the index existed', async () => {
    await givenOldOrder('order_failed', 'failed', '2026-10-01T10:05:00.000Z');
    await backfillUnsettledOrders(db.client, db.table('orders')());

    const again = await backfillUnsettledOrders(db.client, db.table('orders')());

    expect(again).toEqual({ read: 1, updated: 0 });
  });
});
