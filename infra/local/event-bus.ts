/**
 * A local EventBridge: serves PutEvents, matches the stack's rules (EVENT_RULES, the same list the
 * CDK stack wires) and delivers each matching event to its target Lambda asynchronously through
 * the local stack's durable retry queue: one file per delivery under DATA_DIR/eventbus/pending,
 * written before PutEvents answers, so a crash loses nothing (the next start delivers it), and
 * DATA_DIR/eventbus/dlq for what failed every attempt.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { EVENT_RULES, type FunctionId } from '../lib/definitions/functions';
import type { LambdaRuntime } from './lambda-runtime';
import { DurableQueue, directoryStore, type QueuedJob } from './durable-queue';
import {
  EVENT_BUS_NAME,
  HOME_REGION as REGION,
  LOCAL_ACCOUNT_ID as ACCOUNT,
} from '../../lambdas/system/facts';

/**
 * 8 attempts, the delay doubling from LOCAL_RETRY_BASE_MS: about 2 minutes at the default 1 s,
 * well past the local welcome-mail lease (WELCOME_MAIL_LEASE_SECONDS.local, lambdas/system/facts),
 * so a crashed attempt's mail is retried after its claim lapses.
 */
export const MAX_ATTEMPTS = 8;

export interface EventBridgeEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

/** One event on its way to one rule's target; the id is `{event id}.{rule id}`. */
interface Delivery extends QueuedJob {
  ruleId: string;
  target: FunctionId;
  event: EventBridgeEvent;
}

interface PutEventsEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Resources?: unknown;
  Time?: unknown;
}

type ResultEntry = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

export class PutEventsError extends Error {
  override name = 'ValidationException';
}

/** Does `event` match an EventBridge pattern (exact-value arrays and nested objects)? */
export function matchesPattern(
  pattern: Record<string, unknown>,
  event: Record<string, unknown>,
): boolean {
  return Object.entries(pattern).every(([key, expected]) => {
    const actual = event[key];
    if (Array.isArray(expected)) {
      const values = Array.isArray(actual) ? actual : [actual];
      return values.some((value) => expected.includes(value));
    }
    if (expected && typeof expected === 'object') {
      return (
        actual !== null &&
        typeof actual === 'object' &&
        matchesPattern(expected as Record<string, unknown>, actual as Record<string, unknown>)
      );
    }
    return false;
  });
}

export class LocalEventBus {
  private readonly queue: DurableQueue<Delivery>;

  constructor(
    dataDir: string,
    private readonly runtime: LambdaRuntime,
    retryBaseMs: number,
  ) {
    this.queue = new DurableQueue<Delivery>({
      name: 'eventbus',
      store: directoryStore<Delivery>(join(dataDir, 'eventbus')),
      maxAttempts: MAX_ATTEMPTS,
      retryBaseMs,
      run: async (delivery) => {
        const outcome = await this.runtime.invoke(delivery.target, delivery.event);
        const at = new Date().toISOString();
        return outcome.ok
          ? { ok: true, attempt: { at } }
          : {
              ok: false,
              attempt: { at, error: `${outcome.error.errorType}: ${outcome.error.errorMessage}` },
            };
      },
      describe: (d) => `${d.event['detail-type']} ${d.event.id} to ${d.target}`,
    });
  }

  /** Delivers what a previous run accepted but had not delivered yet. */
  replayPending(): number {
    return this.queue.resume();
  }

  /** The PutEvents call: validates, persists every matching delivery, then answers. */
  putEvents(body: unknown): { FailedEntryCount: number; Entries: ResultEntry[] } {
    const entries = (body as { Entries?: unknown })?.Entries;
    if (!Array.isArray(entries) || entries.length < 1 || entries.length > 10) {
      throw new PutEventsError('Entries must hold between 1 and 10 events.');
    }
    const results: ResultEntry[] = [];
    const accepted: Delivery[] = [];
    for (const raw of entries as PutEventsEntry[]) {
      const problem = validateEntry(raw);
      if (problem) {
        results.push({ ErrorCode: 'MalformedDetail', ErrorMessage: problem });
        continue;
      }
      const event: EventBridgeEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': raw.DetailType as string,
        source: raw.Source as string,
        account: ACCOUNT,
        time: eventTime(raw.Time),
        region: REGION,
        resources: Array.isArray(raw.Resources) ? (raw.Resources as string[]) : [],
        detail: JSON.parse(raw.Detail as string),
      };
      results.push({ EventId: event.id });
      if (busName(raw.EventBusName) !== EVENT_BUS_NAME) continue; // no rules on other buses
      for (const rule of EVENT_RULES) {
        if (!matchesPattern(rule.eventPattern, event as unknown as Record<string, unknown>))
          continue;
        accepted.push({
          id: `${event.id}.${rule.id}`,
          status: 'pending',
          attempts: [],
          nextAttemptAt: Date.now(),
          ruleId: rule.id,
          target: rule.target,
          event,
        });
      }
    }
    this.queue.enqueue(...accepted);
    return { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results };
  }

  /** Stops delivering; deliveries still pending stay on disk for the next start. */
  stop(): Promise<void> {
    return this.queue.stop();
  }
}

function validateEntry(entry: PutEventsEntry): string | undefined {
  if (typeof entry.Source !== 'string' || !entry.Source) return 'Source is required.';
  if (typeof entry.DetailType !== 'string' || !entry.DetailType) return 'DetailType is required.';
  if (typeof entry.Detail !== 'string') return 'Detail is required.';
  try {
    const detail: unknown = JSON.parse(entry.Detail);
    if (!detail || typeof detail !== 'object' || Array.isArray(detail))
      return 'Detail must be a JSON object.';
  } catch {
    return 'Detail is not valid JSON.';
  }
  return undefined;
}

function busName(value: unknown): string {
  if (typeof value !== 'string' || !value) return 'default';
  const arn = /^arn:aws:events:[^:]*:[^:]*:event-bus\/(.+)$/.exec(value);
  return arn?.[1] ?? value;
}

function eventTime(value: unknown): string {
  const at =
    typeof value === 'number'
      ? new Date(value * 1000)
      : typeof value === 'string'
        ? new Date(value)
        : new Date();
  const valid = Number.isNaN(at.getTime()) ? new Date() : at;
  return valid.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
