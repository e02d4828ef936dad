import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { sendIfConditionHolds } from './clients';

/** Where a claim with a lease lives on an item, as DynamoDB expression paths. */
export interface LeaseClaimPlace {
  TableName: string;
  Key: Record<string, unknown>;
  /** An attribute every stored item has: no claim is taken on an item that is not there. */
  existing: string;
  /** The claim's path, e.g. `publishClaim` or `claims.#step`. */
  claim: string;
  /** The mark of the work done, e.g. `eventPublishedAt` or `done.#step`: none is taken after it. */
  done: string;
  /** Names the paths use (`#step`), beside the claim's own `#until`. */
  names?: Record<string, string>;
}

/**
 * Takes a claim with a lease (`{ token, until }`) when the item exists, its work is not marked
 * done and no claim stands or the one standing has lapsed: the refund worker's steps (E21) and a
 * purchase's PurchaseCompleted (E28). Answers the claim's token, or undefined when the condition
 * did not hold: the caller reads the item to tell work done from a live claim.
 */
export async function takeLeaseClaim(
  client: { send(command: UpdateCommand): Promise<unknown> },
  place: LeaseClaimPlace,
  now: Date,
  leaseMs: number,
): Promise<string | undefined> {
  const token = randomUUID();
  const { claim, done, existing } = place;
  const taken = await sendIfConditionHolds(
    client,
    new UpdateCommand({
      TableName: place.TableName,
      Key: place.Key,
      UpdateExpression: `SET ${claim} = :claim`,
      ConditionExpression:
        `attribute_exists(${existing}) AND attribute_not_exists(${done}) AND ` +
        `(attribute_not_exists(${claim}) OR ${claim}.#until < :now)`,
      ExpressionAttributeNames: { ...place.names, '#until': 'until' },
      ExpressionAttributeValues: {
        ':claim': { token, until: now.getTime() + leaseMs },
        ':now': now.getTime(),
      },
    }),
  );
  return taken ? token : undefined;
}
