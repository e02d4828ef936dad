import { PutCommand, paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditTargetKind } from '../../domain/admin';
import {
  auditTargetKey,
  type AuditEntry,
  type AuditLog,
  type AuditTarget,
} from '../../ports/audit';
import { sendIfConditionHolds } from './clients';

/** The audit table's index by the customer an action touched (lambdas/system/facts.ts). */
export const AUDIT_BY_CUSTOMER_INDEX = 'byCustomer';

/** The stored item: the entry, flattened, under its target's key. */
interface AuditItem {
  targetKey: string;
  entryId: string;
  at: string;
  operatorId: string;
  operatorEmail: string;
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  customerId?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  note: string;
}

function toItem(entry: AuditEntry): AuditItem {
  return {
    targetKey: auditTargetKey(entry.target),
    entryId: entry.entryId,
    at: entry.at,
    operatorId: entry.operator.userId,
    operatorEmail: entry.operator.email,
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: entry.target.id,
    customerId: entry.customerId,
    before: entry.before,
    after: entry.after,
    note: entry.note,
  };
}

function toEntry(item: AuditItem): AuditEntry {
  const entry: AuditEntry = {
    entryId: item.entryId,
    at: item.at,
    operator: { userId: item.operatorId, email: item.operatorEmail },
    action: item.action,
    target: { kind: item.targetKind, id: item.targetId },
    note: item.note,
  };
  if (item.customerId) entry.customerId = item.customerId;
  if (item.before) entry.before = item.before;
  if (item.after) entry.after = item.after;
  return entry;
}

/**
 * The audit trail on DynamoDB: one item per entry, keyed by its target and entry id. This adapter
 * only ever puts a new item (conditionally) and reads; it has no update or delete, and the admin
 * Lambda's role is granted no more than it uses.
 */
export class DynamoAuditLog implements AuditLog {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async append(entry: AuditEntry): Promise<boolean> {
    return sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: toItem(entry),
        ConditionExpression: 'attribute_not_exists(entryId)',
      }),
    );
  }

  async listForTarget(target: AuditTarget): Promise<AuditEntry[]> {
    const entries = await this.query({
      TableName: this.table(),
      KeyConditionExpression: 'targetKey = :key',
      ExpressionAttributeValues: { ':key': auditTargetKey(target) },
      ConsistentRead: true,
    });
    return entries.sort((a, b) => a.at.localeCompare(b.at) || a.entryId.localeCompare(b.entryId));
  }

  async listForCustomer(customerId: string): Promise<AuditEntry[]> {
    return this.query({
      TableName: this.table(),
      IndexName: AUDIT_BY_CUSTOMER_INDEX,
      KeyConditionExpression: 'customerId = :customer',
      ExpressionAttributeValues: { ':customer': customerId },
    });
  }

  private async query(input: Parameters<typeof paginateQuery>[1]): Promise<AuditEntry[]> {
    const entries: AuditEntry[] = [];
    for await (const page of paginateQuery({ client: this.client }, input)) {
      for (const item of page.Items ?? []) entries.push(toEntry(item as AuditItem));
    }
    return entries;
  }
}
