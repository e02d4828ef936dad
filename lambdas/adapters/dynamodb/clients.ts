import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { metered } from '../usage-meter';

/**
 * Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB where set. Metered
 * only where the bench asks (usage-meter.ts).
 */
export const dynamo = DynamoDBDocumentClient.from(
  metered(quietClient(new DynamoDBClient({})), 'dynamodb'),
  { marshallOptions: { removeUndefinedValues: true } },
);

/**
 * Without the SDK's logger middleware: we give the client no logger, yet that middleware copies
 * every answer through its sensitive-data filter for the no-op one, item by item (a tenth of the
 * CPU time of reading 250 items).
 */
function quietClient(client: DynamoDBClient): DynamoDBClient {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * Sends a conditional write: true when it was made, false when its condition did not hold (the
 * item already exists, another attempt moved it first, ...); any other failure is thrown.
 */
export async function sendIfConditionHolds<C>(
  client: { send(command: NoInfer<C>): Promise<unknown> },
  command: C,
): Promise<boolean> {
  try {
    await client.send(command);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
