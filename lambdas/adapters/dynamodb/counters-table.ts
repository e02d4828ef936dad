import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DocumentCounters, DocumentOwner, SeriesCounter } from '../../ports/document-counters';
import { isConditionFailure } from './clients';

/**
 * The counters table: one item per series, `{series, last, pendingSequence?, pendingUserId?,
 * pendingPurchaseId?, pendingIssuedAt?}`. The reservation's fields are flat attributes so that
 * every condition names them directly.
 */
interface CounterItem {
  series: string;
  last?: number;
  pendingSequence?: number;
  pendingUserId?: string;
  pendingPurchaseId?: string;
  pendingIssuedAt?: string;
  updatedAt?: string;
}

/** The reservation of `:seq` for this owner is the one pending. */
const PENDING_IS_THIS =
  '#last = :seq AND pendingSequence = :seq AND pendingUserId = :uid AND pendingPurchaseId = :pid';

export class DynamoDocumentCounters implements DocumentCounters {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async read(series: string): Promise<SeriesCounter> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table(), Key: { series }, ConsistentRead: true }),
    );
    const item = Item as CounterItem | undefined;
    const counter: SeriesCounter = { series, last: item?.last ?? 0 };
    if (
      item?.pendingSequence !== undefined &&
      item.pendingUserId !== undefined &&
      item.pendingPurchaseId !== undefined &&
      item.pendingIssuedAt !== undefined
    ) {
      counter.pending = {
        sequence: item.pendingSequence,
        owner: { userId: item.pendingUserId, purchaseId: item.pendingPurchaseId },
        issuedAt: item.pendingIssuedAt,
      };
    }
    return counter;
  }

  async reserve(
    series: string,
    seenLast: number,
    owner: DocumentOwner,
    issuedAt: string,
  ): Promise<boolean> {
    return this.conditional(
      new UpdateCommand({
        TableName: this.table(),
        Key: { series },
        UpdateExpression:
          'SET #last = :next, pendingSequence = :next, pendingUserId = :uid, pendingPurchaseId = :pid, pendingIssuedAt = :issued, updatedAt = :now',
        // A series never used has no item: its `last` is 0.
        ConditionExpression: `${
          seenLast === 0 ? '(attribute_not_exists(#last) OR #last = :seen)' : '#last = :seen'
        } AND attribute_not_exists(pendingSequence)`,
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: {
          ':seen': seenLast,
          ':next': seenLast + 1,
          ':uid': owner.userId,
          ':pid': owner.purchaseId,
          ':issued': issuedAt,
          ':now': this.now().toISOString(),
        },
      }),
    );
  }

  async confirm(series: string, sequence: number, owner: DocumentOwner): Promise<boolean> {
    return this.conditional(
      new UpdateCommand({
        TableName: this.table(),
        Key: { series },
        UpdateExpression:
          'SET updatedAt = :now REMOVE pendingSequence, pendingUserId, pendingPurchaseId, pendingIssuedAt',
        ConditionExpression: PENDING_IS_THIS,
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: this.pendingValues(sequence, owner),
      }),
    );
  }

  async withdraw(series: string, sequence: number, owner: DocumentOwner): Promise<boolean> {
    return this.conditional(
      new UpdateCommand({
        TableName: this.table(),
        Key: { series },
        UpdateExpression:
          'SET #last = :previous, updatedAt = :now REMOVE pendingSequence, pendingUserId, pendingPurchaseId, pendingIssuedAt',
        ConditionExpression: PENDING_IS_THIS,
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: {
          ...this.pendingValues(sequence, owner),
          ':previous': sequence - 1,
        },
      }),
    );
  }

  private pendingValues(sequence: number, owner: DocumentOwner): Record<string, unknown> {
    return {
      ':seq': sequence,
      ':uid': owner.userId,
      ':pid': owner.purchaseId,
      ':now': this.now().toISOString(),
    };
  }

  private async conditional(command: UpdateCommand): Promise<boolean> {
    try {
      await this.client.send(command);
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
