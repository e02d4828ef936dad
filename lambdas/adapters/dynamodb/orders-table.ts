import {
  GetCommand,
  PutCommand,
  paginateQuery,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { OrderMark, OrderRecord, OrdersStore } from '../../ports/orders';
import { isConditionFailure } from './clients';

/** The orders table's index by buyer (tables.ts). */
export const ORDERS_BY_USER_INDEX = 'byUser';

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
    return Item as OrderRecord | undefined;
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
    for await (const page of pages) orders.push(...((page.Items ?? []) as OrderRecord[]));
    return orders;
  }

  async markPaid(mark: OrderMark): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { orderId: mark.orderId },
          UpdateExpression:
            'SET #status = :paid, paymentId = :payment, paidAt = :at, updatedAt = :at',
          ConditionExpression: 'attribute_exists(orderId) AND #status <> :paid',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':paid': 'paid',
            ':payment': mark.paymentId,
            ':at': mark.at,
          },
        }),
      );
    } catch (error) {
      // Already paid: nothing moves back or sideways.
      if (!isConditionFailure(error)) throw error;
    }
  }

  async markFailed(mark: OrderMark): Promise<boolean> {
    return this.conditionalMark(
      mark,
      'SET #status = :failed, failedPaymentId = :payment, failureReason = :reason, updatedAt = :at',
      '#status IN (:created, :failed)',
      { ':failed': 'failed', ':created': 'created' },
    );
  }

  async markReview(mark: OrderMark): Promise<boolean> {
    return this.conditionalMark(
      mark,
      'SET #status = :review, reviewPaymentId = :payment, reviewReason = :reason, updatedAt = :at',
      '#status <> :paid',
      { ':review': 'review', ':paid': 'paid' },
    );
  }

  private async conditionalMark(
    mark: OrderMark,
    update: string,
    condition: string,
    values: Record<string, string>,
  ): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { orderId: mark.orderId },
          UpdateExpression: update,
          ConditionExpression: `attribute_exists(orderId) AND ${condition}`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ...values,
            ':payment': mark.paymentId,
            ':reason': mark.reason ?? '',
            ':at': mark.at,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
