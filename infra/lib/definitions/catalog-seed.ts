/**
 * How the plan catalog (lambdas/domain/catalog.ts) gets into the plans table, defined once and
 * used by both stacks: the CDK stack sends these calls from a custom resource per plan at deploy
 * (infra/lib/constructs/data.ts), the local stack sends them to dynalite at every start
 * (infra/local/dynamodb.ts). Plain data, no CDK import.
 *
 * The rule: the catalog in code is the truth. A plan's row is written when it is missing or when
 * its seed changed (the row's `seedHash` is not the seed's), so an unchanged plan is never written
 * again; a row whose plan left the catalog is deleted. Nothing else writes the plans table.
 */
import { createHash } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { CATALOG } from '../../../lambdas/domain/catalog';
import type { Plan } from '../../../lambdas/domain/plan';

/** DynamoDB's attribute-value JSON for a plain value (what the SDK's marshall does). */
export function toAttributeValue(value: unknown): AttributeValue {
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value === null) return { NULL: true };
  if (Array.isArray(value)) return { L: value.map(toAttributeValue) };
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return { M: Object.fromEntries(entries.map(([k, v]) => [k, toAttributeValue(v)])) };
  }
  throw new Error(`Cannot store ${typeof value} in DynamoDB`);
}

/** A catalog plan as the plans table holds it: the plan, its place in the listing, its seed's hash. */
export function planItem(
  plan: Plan,
  sortOrder: number,
): Record<string, AttributeValue> & { seedHash: AttributeValue.SMember } {
  const { M } = toAttributeValue({ ...plan, sortOrder }) as AttributeValue.MMember;
  const seedHash = createHash('sha256').update(JSON.stringify(M)).digest('hex').slice(0, 16);
  return { ...M, seedHash: { S: seedHash } };
}

/** DynamoDB's PutItem input (low-level attribute values) that writes one plan by the rule. */
export interface SeedPut {
  TableName: string;
  Item: Record<string, AttributeValue>;
  ConditionExpression: string;
  ExpressionAttributeValues: Record<string, AttributeValue>;
}

/**
 * One PutItem per plan of the catalog, in order. A ConditionalCheckFailedException means the
 * row is already this seed: nothing to do.
 */
export function catalogSeedPuts(tableName: string, catalog: readonly Plan[] = CATALOG): SeedPut[] {
  return catalog.map((plan, sortOrder) => {
    const Item = planItem(plan, sortOrder);
    return {
      TableName: tableName,
      Item,
      ConditionExpression:
        'attribute_not_exists(id) OR attribute_not_exists(seedHash) OR seedHash <> :seedHash',
      ExpressionAttributeValues: { ':seedHash': Item.seedHash },
    };
  });
}

/** DynamoDB's DeleteItem input for the row of a plan that left the catalog. */
export function planDelete(tableName: string, planId: string) {
  return { TableName: tableName, Key: { id: { S: planId } satisfies AttributeValue } };
}
