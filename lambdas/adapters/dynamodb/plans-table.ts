import { paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CATALOG } from '../../domain/catalog';
import { planFromRecord, type Plan } from '../../domain/plan';
import type { PlansStore } from '../../ports/plans';

const catalogIndex = new Map(CATALOG.map((plan, index) => [plan.id, index]));

function orderOf(record: Record<string, unknown>, id: string): number {
  if (typeof record.sortOrder === 'number') return record.sortOrder;
  return catalogIndex.get(id) ?? Number.MAX_SAFE_INTEGER;
}

export class DynamoPlansStore implements PlansStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async listPlans(): Promise<Plan[]> {
    const rows: { plan: Plan; order: number }[] = [];
    for await (const page of paginateScan({ client: this.client }, { TableName: this.table() })) {
      for (const item of page.Items ?? []) {
        const plan = planFromRecord(item);
        if (plan) rows.push({ plan, order: orderOf(item, plan.id) });
      }
    }
    return rows
      .sort((a, b) => a.order - b.order || a.plan.id.localeCompare(b.plan.id))
      .map((row) => row.plan);
  }
}
