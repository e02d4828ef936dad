/**
 * One-off data change for D22 (a service's life): services written before converge existed carry
 * no `life` record, and some may be out of step with what their ledger now says (a cancelled
 * account a redelivered payment brought back, a suspension lost in a panel outage). Converge is
 * level-triggered and idempotent, so the migration is to hand each of them to it once: one
 * ServiceChanged (fact `reconcile`) per service without a life record. Converge computes the
 * desired state from the facts already on the item (its periods, its cancellation), drives the
 * panel to it and records what it found; a service that is as it should be is only recorded. Safe
 * to run again and beside live traffic: a service converged since has its record and is skipped,
 * and a second event for one is a no-op. Run by the local stack at every start and, after a
 * deploy, by `npm run backfill` (README).
 */
import { paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ServiceChangedDetail } from '../../../lambdas/domain/api';
import { DETAIL_TYPES, SOURCE_OF } from '../../../lambdas/system/facts';

/** One PutEvents entry, as EventBridge takes it. */
export interface BusEntry {
  Source: string;
  DetailType: string;
  Detail: string;
  EventBusName?: string;
}

export interface ServiceLifeBackfill {
  /** Services read without a life record. */
  read: number;
  /** ServiceChanged events accepted by the bus. */
  published: number;
}

/** PutEvents takes at most ten entries a call. */
const BATCH = 10;

export async function backfillServiceLife(
  client: DynamoDBDocumentClient,
  tableName: string,
  publish: (entries: BusEntry[]) => Promise<number>,
  now: Date = new Date(),
): Promise<ServiceLifeBackfill> {
  const result: ServiceLifeBackfill = { read: 0, published: 0 };
  let batch: BusEntry[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    result.published += await publish(batch);
    batch = [];
  };
  const pages = paginateScan(
    { client },
    {
      TableName: tableName,
      FilterExpression: 'attribute_not_exists(life)',
      ProjectionExpression: 'userId, serviceId',
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      result.read += 1;
      const detail: ServiceChangedDetail = {
        userId: String(item.userId),
        serviceId: String(item.serviceId),
        fact: 'reconcile',
        at: now.toISOString(),
      };
      batch.push({
        Source: SOURCE_OF.ServiceChanged,
        DetailType: DETAIL_TYPES.serviceChanged,
        Detail: JSON.stringify(detail),
      });
      if (batch.length === BATCH) await flush();
    }
  }
  await flush();
  return result;
}
