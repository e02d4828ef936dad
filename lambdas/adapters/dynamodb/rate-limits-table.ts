import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RateLimit } from '../../domain/contact';
import type { RateLimiter } from '../../ports/rate-limits';
import { sendIfConditionHolds } from './clients';

/**
 * Fixed-window counters, one item per key and window, removed by TTL after the window. Keys are
 * hashed: the table never holds a client's IP address or email in the clear.
 */
export class DynamoRateLimiter implements RateLimiter {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async consume(key: string, rule: RateLimit, now: Date): Promise<boolean> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
    const digest = createHash('sha256').update(key).digest('base64url');
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { id: `rate#${digest}#${windowStart}` },
        UpdateExpression: 'ADD hits :one SET expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': rule.limit,
          ':expiresAt': windowStart + rule.windowSeconds,
        },
      }),
    );
  }
}
