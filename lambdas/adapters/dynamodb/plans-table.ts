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

/** How long a Lambda instance serves the catalog from memory before reading the table again. */
export const PLANS_CACHE_MS = 45_000;

/**
 * The catalog, cached in this Lambda instance's memory briefly: plans change rarely and every page
 * asks for them. Concurrent first calls share one read.
 */
export function cachedPlans(
  store: PlansStore,
  now: () => number = Date.now,
): () => Promise<Plan[]> {
  let cached: { plans: Plan[]; until: number } | undefined;
  let inFlight: Promise<Plan[]> | undefined;
  return async () => {
    if (cached && cached.until > now()) return cached.plans;
    inFlight ??= store
      .listPlans()
      .then((plans) => {
        cached = { plans, until: now() + PLANS_CACHE_MS };
        return plans;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
