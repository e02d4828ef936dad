/**
 * One contract for the webhook idempotency store (ProcessedEvents), run against the in-memory
 * fake and the DynamoDB adapter on dynalite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoProcessedEvents } from '../../../lambdas/adapters/dynamodb/idempotency-table';
import type { ProcessedEvents } from '../../../lambdas/ports/idempotency';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryProcessedEvents } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
const eventId = () => {
  seq += 1;
  return `Nx7h${String(seq).padStart(10, '0')}`;
};
const AT = new Date('2026-11-22T02:00:00.000Z');

function processedEventsContract(make: () => ProcessedEvents) {
  it('knows an event id only once it is marked processed', async () => {
    const store = make();
    const id = eventId();

    const before = await store.isProcessed(id);
    await store.markProcessed(id, AT);

    expect(before).toBe(false);
    expect(await store.isProcessed(id)).toBe(true);
    expect(await store.isProcessed(eventId())).toBe(false);
  });

  it('accepts the same event id marked again, by racing deliveries', async () => {
    const store = make();
    const id = eventId();

    await Promise.all([store.markProcessed(id, AT), store.markProcessed(id, AT)]);
    await store.markProcessed(id, new Date(AT.getTime() + 60_000));

    expect(await store.isProcessed(id)).toBe(true);
  });
}

describe('ProcessedEvents (in memory)', () =>
  processedEventsContract(() => new InMemoryProcessedEvents()));
describe('ProcessedEvents (DynamoDB on dynalite)', () =>
  processedEventsContract(() => new DynamoProcessedEvents(db.client, db.table('idempotency'))));
