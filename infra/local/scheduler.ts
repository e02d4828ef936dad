/**
 * A local EventBridge Scheduler for the stack's scheduled jobs (SCHEDULES, the list the CDK stack
 * turns into schedules): each job runs on its schedule, through the durable queue as Lambda's
 * asynchronous invocation does in AWS (retried, then kept in DATA_DIR/scheduler/dlq), and once on
 * demand at `POST /_local/jobs/{name}` `{"time": "<ISO-8601>"}`, which answers when the run has
 * finished with the Lambda's result. Either way the job gets the event EventBridge Scheduler sends
 * (scheduledJobEvent), whose `time` is the job's "now".
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  scheduledJobEvent,
  type FunctionId,
  type ScheduleDefinition,
} from '../lib/definitions/functions';
import { HOME_REGION, LOCAL_ACCOUNT_ID } from '../../lambdas/system/facts';
import { DurableQueue, directoryStore, type QueuedJob } from './durable-queue';
import type { InvokeOutcome } from './lambda-runtime';
import { nextFireTime, parseScheduleExpression, type ParsedSchedule } from './schedule-expression';
import { readText } from './stand-in-http';

/** What the scheduler needs of the Lambda runtime. */
export interface Invoker {
  invoke(id: FunctionId, event: unknown): Promise<InvokeOutcome>;
}

/** Lambda runs an asynchronous invocation that fails twice more (its default), then gives up. */
const ATTEMPTS = 3;
/** setTimeout's longest delay; a later fire time is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface ScheduledRunJob extends QueuedJob {
  job: string;
  target: FunctionId;
  event: ReturnType<typeof scheduledJobEvent>;
}

export class LocalScheduler {
  private readonly jobs = new Map<
    string,
    { definition: ScheduleDefinition; parsed: ParsedSchedule }
  >();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly queue: DurableQueue<ScheduledRunJob>;
  private started: Date | undefined;

  constructor(
    schedules: readonly ScheduleDefinition[],
    private readonly runtime: Invoker,
    dataDir: string,
    retryBaseMs: number,
  ) {
    for (const definition of schedules) {
      // A schedule that cannot be read fails the start, as it would fail the deploy.
      const parsed = parseScheduleExpression(definition.expression, definition.timeZone);
      this.jobs.set(definition.name, { definition, parsed });
    }
    this.queue = new DurableQueue<ScheduledRunJob>({
      name: 'scheduler',
      store: directoryStore<ScheduledRunJob>(join(dataDir, 'scheduler')),
      maxAttempts: ATTEMPTS,
      retryBaseMs,
      run: async (run) => {
        const outcome = await this.runtime.invoke(run.target, run.event);
        const at = new Date().toISOString();
        if (outcome.ok) return { ok: true, attempt: { at } };
        const error = `${outcome.error.errorType}: ${outcome.error.errorMessage}`;
        return { ok: false, attempt: { at, error } };
      },
      describe: (run) => `${run.job} due at ${run.event.time}`,
    });
  }

  /** Runs each job at its fire times from now on, and what a previous run left pending. */
  start(now = new Date()): void {
    this.started = now;
    this.queue.resume();
    for (const name of this.jobs.keys()) this.arm(name, now);
  }

  /** Runs a job once, now, as if it were due at `time`; undefined for an unknown job. */
  async runOnce(name: string, time: Date): Promise<InvokeOutcome | undefined> {
    const job = this.jobs.get(name);
    if (!job) return undefined;
    return this.runtime.invoke(job.definition.function, this.event(job.definition, time));
  }

  /** `POST /_local/jobs/{name}` with `{"time": "<ISO-8601>"}`. */
  async handle(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(value));
    };
    const body = await readText(req, 64 * 1024);
    if (!this.jobs.has(name)) {
      const known = [...this.jobs.keys()].join(', ') || 'none';
      return answer(404, {
        error: { code: 'job_not_found', message: `There is no job ${name} (jobs: ${known}).` },
      });
    }
    const time = timeOf(body);
    if (!time) {
      return answer(400, {
        error: {
          code: 'invalid_time',
          message:
            'Send {"time": "<ISO-8601 date and time with its zone>"}, e.g. {"time": "2026-11-23T03:30:00Z"}.',
        },
      });
    }
    const outcome = await this.runOnce(name, time);
    if (outcome?.ok) return answer(200, outcome.result ?? null);
    return answer(500, {
      error: {
        code: 'job_failed',
        message: `${name} failed: ${outcome?.error.errorType}: ${outcome?.error.errorMessage}`,
      },
    });
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.queue.stop();
  }

  private arm(name: string, after: Date): void {
    const job = this.jobs.get(name);
    const due = job && nextFireTime(job.parsed, after, this.started);
    if (!job || !due) return;
    const wait = Math.min(due.getTime() - Date.now(), MAX_TIMER_MS);
    const timer = setTimeout(
      () => {
        if (Date.now() < due.getTime()) return this.arm(name, after); // a long wait, in steps
        const event = this.event(job.definition, due);
        this.queue.enqueue({
          id: `${name}.${due.getTime()}`,
          status: 'pending',
          attempts: [],
          nextAttemptAt: Date.now(),
          job: name,
          target: job.definition.function,
          event,
        });
        this.arm(name, due);
      },
      Math.max(0, wait),
    );
    timer.unref();
    this.timers.set(name, timer);
  }

  private event(definition: ScheduleDefinition, time: Date) {
    return scheduledJobEvent(definition, {
      time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      id: randomUUID(),
      scheduleArn: `arn:aws:scheduler:${HOME_REGION}:${LOCAL_ACCOUNT_ID}:schedule/default/${definition.name}`,
      account: LOCAL_ACCOUNT_ID,
      region: HOME_REGION,
    });
  }
}

/** A valid ISO-8601 date and time from `{"time": ...}`, else undefined. */
function timeOf(body: string): Date | undefined {
  let value: unknown;
  try {
    value = (JSON.parse(body) as { time?: unknown } | null)?.time;
  } catch {
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  // Date.parse takes much that is not ISO-8601 ("Nov 23"): insist on the shape first.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}
