/**
 * The DynamoDB tables, defined once: the CDK stack (infra/lib) and the local stack (infra/local)
 * both build their tables from this list. Plain data, no CDK import, so both can load it.
 */
export type AttributeType = 'S' | 'N';

export interface KeyAttribute {
  name: string;
  type: AttributeType;
}

export interface IndexDefinition {
  indexName: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Short id; the construct id in CDK and the suffix of the local table name. */
  id: string;
  /** The environment variable that carries the table's name into a Lambda. */
  envVar: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  globalSecondaryIndexes?: IndexDefinition[];
  /** Attribute holding an epoch-seconds expiry, where items may expire. */
  timeToLiveAttribute?: string;
}

export const TABLES = [
  { id: 'plans', envVar: 'PLANS_TABLE', partitionKey: { name: 'id', type: 'S' } },
  { id: 'users', envVar: 'USERS_TABLE', partitionKey: { name: 'userId', type: 'S' } },
  {
    id: 'orders',
    envVar: 'ORDERS_TABLE',
    partitionKey: { name: 'orderId', type: 'S' },
    // The dashboard lists a buyer's failed and under-review attempts, newest first.
    globalSecondaryIndexes: [
      {
        indexName: 'byUser',
        partitionKey: { name: 'userId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
  },
  {
    id: 'purchases',
    envVar: 'PURCHASES_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'purchaseId', type: 'S' },
  },
  {
    id: 'messages',
    envVar: 'MESSAGES_TABLE',
    partitionKey: { name: 'messageId', type: 'S' },
  },
  {
    id: 'idempotency',
    envVar: 'IDEMPOTENCY_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    timeToLiveAttribute: 'expiration',
  },
] as const satisfies readonly TableDefinition[];

export type TableId = (typeof TABLES)[number]['id'];

/** The local stack's table name for a definition; the CDK stack lets CloudFormation name them. */
export function localTableName(id: TableId): string {
  return `storefront-${id}`;
}
