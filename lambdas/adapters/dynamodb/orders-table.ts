import {
  GetCommand,
  PutCommand,
  paginateQuery,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type NativeAttributeValue,
} from '@aws-sdk/lib-dynamodb';
import {
  ORDER_TRANSITIONS,
  orderMarkChanges,
  type OrderMark,
  type OrderMarkStatus,
  type OrderStatus,
} from '../../domain/order';
import {
  UNSETTLED_ORDER_FIELDS,
  type OrderRecord,
  type OrdersStore,
  type UnsettledOrder,
} from '../../ports/orders';
import { UNSETTLED_ORDER_STATUSES } from '../../system/facts';
import { sendIfConditionHolds } from './clients';
import { queryAll } from './query-all';
import { projection } from './projection';

/** The orders table's index by buyer (tables.ts). */
export const ORDERS_BY_USER_INDEX = 'byUser';
/** The orders table's index by status, last moved first (the operator's console). */
export const ORDERS_BY_STATUS_INDEX = 'byStatus';
/**
 * The orders table's sparse index of a buyer's orders now failed or in review: only those carry
 * UNSETTLED_AT, which marking one failed or review sets and marking it paid or refunded removes.
 */
export const ORDERS_UNSETTLED_INDEX = 'unsettledByUser';
const UNSETTLED_AT = 'unsettledAt';
const UNSETTLED_STATUSES: readonly OrderMarkStatus[] = UNSETTLED_ORDER_STATUSES;
const UNSETTLED_PROJECTION = projection(UNSETTLED_ORDER_FIELDS);
/** An order that may still be paid (ORDER_TRANSITIONS: created | failed → paid, review aside). */
const UNPAID_STATUSES = ['created', 'failed'] as const;

/** The stored order without the index's attribute, which is the table's, not the order's. */
function toOrder(item: Record<string, NativeAttributeValue>): OrderRecord {
  const { [UNSETTLED_AT]: _index, ...order } = item;
  return order as OrderRecord;
}

export class DynamoOrdersStore implements OrdersStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async putOrder(order: OrderRecord): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.table(),
        Item: order,
        ConditionExpression: 'attribute_not_exists(orderId)',
      }),
    );
  }

  async getOrder(orderId: string): Promise<OrderRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table(), Key: { orderId }, ConsistentRead: true }),
    );
    return Item ? toOrder(Item) : undefined;
  }

  async listOrdersForUser(userId: string): Promise<OrderRecord[]> {
    const orders: OrderRecord[] = [];
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.table(),
        IndexName: ORDERS_BY_USER_INDEX,
        KeyConditionExpression: 'userId = :user',
        ExpressionAttributeValues: { ':user': userId },
        ScanIndexForward: false,
      },
    );
    for await (const page of pages) orders.push(...(page.Items ?? []).map(toOrder));
    return orders;
  }

  async listUnsettledOrders(userId: string): Promise<UnsettledOrder[]> {
    return queryAll<UnsettledOrder>(this.client, {
      TableName: this.table(),
      IndexName: ORDERS_UNSETTLED_INDEX,
      KeyConditionExpression: 'userId = :user',
      ...UNSETTLED_PROJECTION,
      ExpressionAttributeValues: { ':user': userId },
      ScanIndexForward: false,
    });
  }

  markPaid(mark: OrderMark): Promise<boolean> {
    return this.mark('paid', mark);
  }

  markFailed(mark: OrderMark): Promise<boolean> {
    return this.mark('failed', mark);
  }

  markReview(mark: OrderMark): Promise<boolean> {
    return this.mark('review', mark);
  }

  markRefunded(mark: OrderMark): Promise<boolean> {
    return this.mark('refunded', mark);
  }

  async listOrdersByStatus(
    status: OrderStatus,
    options: { limit: number; movedSince?: string },
  ): Promise<OrderRecord[]> {
    const orders: OrderRecord[] = [];
    const pages = paginateQuery(
      { client: this.client, pageSize: options.limit },
      {
        TableName: this.table(),
        IndexName: ORDERS_BY_STATUS_INDEX,
        KeyConditionExpression: options.movedSince
          ? '#status = :status AND updatedAt >= :since'
          : '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ...(options.movedSince ? { ':since': options.movedSince } : {}),
        },
        ScanIndexForward: false,
      },
    );
    for await (const page of pages) {
      orders.push(...(page.Items ?? []).map(toOrder));
      if (orders.length >= options.limit) break;
    }
    return orders.slice(0, options.limit);
  }

  async listUnpaidTransferCodes(options: {
    movedSince: string;
    movedBefore: string;
    limit: number;
  }): Promise<string[]> {
    const ids: string[] = [];
    for (const status of UNPAID_STATUSES) {
      const pages = paginateQuery(
        { client: this.client, pageSize: options.limit },
        {
          TableName: this.table(),
          IndexName: ORDERS_BY_STATUS_INDEX,
          // Moved in the window only: newer orders may still be paid, and take no place here.
          KeyConditionExpression: '#status = :status AND updatedAt BETWEEN :since AND :before',
          FilterExpression: 'attribute_exists(#code)',
          // The id only: the code is never read into the function.
          ProjectionExpression: 'orderId',
          ExpressionAttributeNames: { '#status': 'status', '#code': 'transferAuthCode' },
          ExpressionAttributeValues: {
            ':status': status,
            ':since': options.movedSince,
            ':before': options.movedBefore,
          },
        },
      );
      for await (const page of pages) {
        ids.push(...(page.Items ?? []).map((item) => item.orderId as string));
        if (ids.length >= options.limit) return ids.slice(0, options.limit);
      }
    }
    return ids;
  }

  async forgetTransferCode(orderId: string, movedBefore: string): Promise<boolean> {
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { orderId },
        UpdateExpression: 'REMOVE #code',
        ConditionExpression:
          'attribute_exists(#code) AND #status IN (:created, :failed) AND updatedAt < :before',
        ExpressionAttributeNames: { '#code': 'transferAuthCode', '#status': 'status' },
        ExpressionAttributeValues: {
          ':created': 'created',
          ':failed': 'failed',
          ':before': movedBefore,
        },
      }),
    );
  }

  /**
   * One conditional update, built from the domain's rule: it sets what orderMarkChanges() gives
   * and holds only while the stored status is one ORDER_TRANSITIONS allows for `to`.
   */
  private async mark(to: OrderMarkStatus, mark: OrderMark): Promise<boolean> {
    const changes = Object.entries(orderMarkChanges(to, mark));
    const from = ORDER_TRANSITIONS[to];
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, string> = {};
    for (const [field, value] of changes) {
      names[`#${field}`] = field;
      values[`:${field}`] = value;
    }
    from.forEach((status, i) => {
      values[`:from${i}`] = status;
    });
    // In the unsettled index while failed or in review, out of it once paid or refunded.
    const unsettled = UNSETTLED_STATUSES.includes(to);
    names['#unsettledAt'] = UNSETTLED_AT;
    // A paid order's transfer auth code is its service's now (D23): gone from the order.
    const removed = to === 'paid' ? ['#unsettledAt', '#transferAuthCode'] : ['#unsettledAt'];
    if (to === 'paid') names['#transferAuthCode'] = 'transferAuthCode';
    if (unsettled) values[':unsettledAt'] = mark.at;
    const set = changes.map(([field]) => `#${field} = :${field}`);
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { orderId: mark.orderId },
        UpdateExpression: unsettled
          ? `SET ${[...set, '#unsettledAt = :unsettledAt'].join(', ')}`
          : `SET ${set.join(', ')} REMOVE ${removed.join(', ')}`,
        ConditionExpression: `attribute_exists(orderId) AND #status IN (${from
          .map((_, i) => `:from${i}`)
          .join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
}
