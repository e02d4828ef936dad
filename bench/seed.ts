/**
 * Seeding a big table quickly for the bench: BatchWrite in 25s, 8 batches in flight, each batch's
 * unprocessed items sent again until none is left; and the services and buyers the renewal and
 * auto-renew jobs' benches seed (bench/renewal-job.ts, bench/auto-renew-job.ts).
 */
import { performance } from 'node:perf_hooks';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CATALOG } from '../lambdas/domain/catalog';
import type { Months } from '../lambdas/domain/pricing';
import type { ServiceRecord } from '../lambdas/ports/services';
import { serviceIdFor } from '../lambdas/use-cases/extend-service';
import type { Dynalite } from '../tests/helpers/dynalite';

export async function batchWrite(
  client: DynamoDBDocumentClient,
  table: string,
  items: readonly object[],
): Promise<void> {
  const batches: object[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      let unprocessed = batch.map((item) => ({ PutRequest: { Item: { ...item } } }));
      while (unprocessed.length) {
        const out = await client.send(
          new BatchWriteCommand({ RequestItems: { [table]: unprocessed } }),
        );
        unprocessed = (out.UnprocessedItems?.[table] ?? []) as typeof unprocessed;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** When every bench service was bought. */
const BOUGHT_AT = '2026-06-01T05:00:00.000Z';
const HOSTING = CATALOG.find((p) => p.id === 'basichosting')!;

/** Bench buyer `i`'s Basic Hosting, one period bought on 1 June 2026, renewing at `renewalDate`. */
export function benchHosting(
  i: number,
  renewalDate: string,
  paid: { months: Months; amountPaise: number },
): ServiceRecord {
  const userId = `bench-user-${i}`;
  const period = {
    purchaseId: `pur_bench_${i}`,
    paymentId: `pay_bench_${i}`,
    purchaseDate: BOUGHT_AT,
    startDate: BOUGHT_AT,
    renewalDate,
    ...paid,
  };
  return {
    userId,
    serviceId: serviceIdFor(userId, { planId: HOSTING.id }),
    planId: HOSTING.id,
    planName: HOSTING.name,
    category: HOSTING.category,
    renewalDate,
    version: 1,
    periods: { [period.purchaseId]: period },
    createdAt: BOUGHT_AT,
    updatedAt: BOUGHT_AT,
  };
}

/** Bench buyer `i`, as the users table holds a buyer. */
export function benchBuyer(i: number): Record<string, unknown> {
  return {
    userId: `bench-user-${i}`,
    email: `buyer${i}@example.in`,
    name: `Buyer ${i}`,
    phone: '',
    createdAt: BOUGHT_AT,
  };
}

/** Writes the services and the buyers into dynalite's tables; returns how long it took (ms). */
export async function seedServicesAndBuyers(
  db: Dynalite,
  services: readonly object[],
  buyers: readonly object[],
): Promise<number> {
  const start = performance.now();
  await batchWrite(db.client, db.table('services')(), services);
  await batchWrite(db.client, db.table('users')(), buyers);
  return Math.round(performance.now() - start);
}
