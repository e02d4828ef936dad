/**
 * The local EventBridge keeps what PutEvents accepted on disk until the target has taken it: a
 * failing target is retried and finally dead-lettered, and a new bus on the same DATA_DIR (a restart
 * after a crash) delivers what the old one had not.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalEventBus, MAX_ATTEMPTS } from '../../infra/local/event-bus';
import type { InvokeOutcome, LambdaRuntime } from '../../infra/local/lambda-runtime';
import { EVENT_RULES } from '../../infra/lib/definitions/functions';
import { eventually } from '../helpers/storefront-client';
import { EVENT_BUS_NAME, EVENT_SOURCES } from '../../lambdas/system/facts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bus-'));
  dirs.push(dir);
  return dir;
}

/** A stand-in for the Lambda runtime that records calls and answers as told. */
function runtime(answer: () => boolean) {
  const calls: { target: string; event: Record<string, unknown> }[] = [];
  const fake = {
    async invoke(target: string, event: unknown): Promise<InvokeOutcome> {
      calls.push({ target, event: event as Record<string, unknown> });
      return answer()
        ? { ok: true, result: null, requestId: 'r' }
        : { ok: false, error: { errorType: 'Error', errorMessage: 'down' }, requestId: 'r' };
    },
  };
  return { calls, runtime: fake as unknown as LambdaRuntime };
}

const purchaseCompleted = {
  Entries: [
    {
      Source: EVENT_SOURCES.payments,
      DetailType: 'PurchaseCompleted',
      EventBusName: EVENT_BUS_NAME,
      Detail: JSON.stringify({ purchaseId: 'p1' }),
    },
  ],
};

/** Every rule's target that takes PurchaseCompleted (the welcome mail, and others as they come). */
const TARGETS = EVENT_RULES.filter((rule) =>
  (rule.eventPattern['detail-type'] as readonly string[]).includes('PurchaseCompleted'),
).map((rule) => rule.target);

describe('the local EventBridge', () => {
  it('delivers a matching event to each rule’s target as an EventBridge event', async () => {
    const { calls, runtime: rt } = runtime(() => true);
    const bus = new LocalEventBus(dataDir(), rt, 10);
    const answer = bus.putEvents(purchaseCompleted);
    expect(answer.FailedEntryCount).toBe(0);
    await eventually(
      async () => (calls.length === TARGETS.length ? true : undefined),
      'the deliveries',
    );
    expect(TARGETS).toContain('sendWelcomeEmail');
    expect(calls.map((c) => c.target).sort()).toEqual([...TARGETS].sort());
    expect(calls.find((c) => c.target === 'sendWelcomeEmail')).toEqual({
      target: 'sendWelcomeEmail',
      event: expect.objectContaining({
        version: '0',
        id: (answer.Entries[0] as { EventId: string }).EventId,
        'detail-type': 'PurchaseCompleted',
        source: EVENT_SOURCES.payments,
        region: 'ap-south-1',
        detail: { purchaseId: 'p1' },
      }),
    });
    bus.putEvents({ Entries: [{ ...purchaseCompleted.Entries[0], DetailType: 'SomethingElse' }] });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(TARGETS.length);
    await bus.stop();
  });

  it('retries a failing target, then dead-letters the event', async () => {
    const dir = dataDir();
    const { calls, runtime: rt } = runtime(() => false);
    const bus = new LocalEventBus(dir, rt, 2);
    bus.putEvents(purchaseCompleted);
    await eventually(
      async () =>
        readdirSync(join(dir, 'eventbus', 'dlq')).length === TARGETS.length ? true : undefined,
      'the dead letters',
    );
    expect(calls).toHaveLength(MAX_ATTEMPTS * TARGETS.length);
    expect(readdirSync(join(dir, 'eventbus', 'pending'))).toEqual([]);
    await bus.stop();
  });

  it('keeps an undelivered event on disk, and a new bus on the same data delivers it', async () => {
    const dir = dataDir();
    let up = false;
    const { calls, runtime: rt } = runtime(() => up);
    const crashed = new LocalEventBus(dir, rt, 60_000);
    crashed.putEvents(purchaseCompleted);
    // On disk before the answer
    expect(readdirSync(join(dir, 'eventbus', 'pending'))).toHaveLength(TARGETS.length);
    await eventually(
      async () => (calls.length === TARGETS.length ? true : undefined),
      'the first attempts',
    );
    await crashed.stop();

    up = true;
    const restarted = new LocalEventBus(dir, rt, 60_000);
    expect(restarted.replayPending()).toBe(TARGETS.length);
    await eventually(
      async () => (readdirSync(join(dir, 'eventbus', 'pending')).length === 0 ? true : undefined),
      'the replayed delivery',
    );
    expect(calls).toHaveLength(2 * TARGETS.length);
    expect(new Set(calls.map((c) => c.event.id)).size).toBe(1); // the same event, replayed
    await restarted.stop();
  });

  it('delivers a delivery that an earlier version of the bus left pending in its own format', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'eventbus', 'pending'), { recursive: true });
    const event = { version: '0', id: 'e1', 'detail-type': 'PurchaseCompleted', detail: {} };
    writeFileSync(
      join(dir, 'eventbus', 'pending', 'e1.purchaseCompletedToWelcomeEmail.json'),
      JSON.stringify({
        deliveryId: 'e1.purchaseCompletedToWelcomeEmail',
        ruleId: 'purchaseCompletedToWelcomeEmail',
        target: 'sendWelcomeEmail',
        event,
        attempts: [{ at: '2026-11-20T10:00:00.000Z', error: 'Error: down' }],
      }),
    );
    const { calls, runtime: rt } = runtime(() => true);
    const bus = new LocalEventBus(dir, rt, 10);

    expect(bus.replayPending()).toBe(1);
    await eventually(
      async () => (readdirSync(join(dir, 'eventbus', 'pending')).length === 0 ? true : undefined),
      'the old delivery',
    );
    expect(calls).toEqual([{ target: 'sendWelcomeEmail', event }]);
    await bus.stop();
  });
});
