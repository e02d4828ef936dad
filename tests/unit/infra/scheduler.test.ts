/**
 * The local EventBridge Scheduler (infra/local/scheduler.ts) with a tiny test-only job: run on
 * demand with a chosen time (`POST /_local/jobs/{name}`), run on its cron in its time zone, and a
 * failing scheduled run retried and then dead-lettered. The job gets EventBridge Scheduler's event.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FunctionId, ScheduleDefinition } from '../../../infra/lib/definitions/functions';
import type { InvokeOutcome } from '../../../infra/local/lambda-runtime';
import { LocalScheduler } from '../../../infra/local/scheduler';

const TINY_JOB: ScheduleDefinition = {
  name: 'tiny-job',
  function: 'plans',
  expression: 'cron(0 9 * * ? *)',
  timeZone: 'Asia/Kolkata',
  description: 'a test-only job',
};

let dataDir: string;
let server: Server | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-scheduler-'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (server) await new Promise((r) => server!.close(r));
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

function invoker(answer: (event: Record<string, unknown>) => InvokeOutcome) {
  const calls: { id: FunctionId; event: Record<string, unknown> }[] = [];
  return {
    calls,
    invoke: async (id: FunctionId, event: unknown) => {
      calls.push({ id, event: event as Record<string, unknown> });
      return answer(event as Record<string, unknown>);
    },
  };
}

const ok = (result: unknown): InvokeOutcome => ({ ok: true, result, requestId: 'r' });
const failed: InvokeOutcome = {
  ok: false,
  error: { errorType: 'Error', errorMessage: 'the job broke' },
  requestId: 'r',
};

async function serve(scheduler: LocalScheduler): Promise<string> {
  server = createServer((req, res) => {
    void scheduler.handle(req, res, decodeURIComponent(req.url!.split('/').pop()!));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('running a job on demand', () => {
  it('invokes the job’s Lambda with a Scheduler event at the given time and answers its result', async () => {
    const runtime = invoker((event) => ok({ remindersSent: 2, now: event.time }));
    const base = await serve(new LocalScheduler([TINY_JOB], runtime, dataDir, 10));

    const res = await post(`${base}/_local/jobs/tiny-job`, '{"time":"2026-11-23T09:00:00+05:30"}');

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ remindersSent: 2, now: '2026-11-23T03:30:00Z' });
    expect(runtime.calls).toEqual([
      {
        id: 'plans',
        event: {
          version: '0',
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          'detail-type': 'Scheduled Event',
          source: 'aws.scheduler',
          account: expect.stringMatching(/^\d{12}$/),
          time: '2026-11-23T03:30:00Z',
          region: 'ap-south-1',
          resources: [expect.stringMatching(/:schedule\/default\/tiny-job$/)],
          detail: { job: 'tiny-job' },
        },
      },
    ]);
  });

  it('answers 404 for an unknown job, 400 for a missing or malformed time, 500 when the job fails', async () => {
    const runtime = invoker(() => failed);
    const base = await serve(new LocalScheduler([TINY_JOB], runtime, dataDir, 10));

    const unknown = await post(
      `${base}/_local/jobs/no-such-job`,
      '{"time":"2026-11-23T03:30:00Z"}',
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'job_not_found', message: expect.stringContaining('tiny-job') },
    });
    for (const body of [
      '{}',
      '{"time":"tomorrow"}',
      '{"time":"2026-11-23"}',
      'not json',
      '{"time":"2026-13-45T99:00:00Z"}',
    ]) {
      const bad = await post(`${base}/_local/jobs/tiny-job`, body);
      expect(bad.status, body).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_time');
    }
    expect(runtime.calls).toHaveLength(0);

    const broken = await post(`${base}/_local/jobs/tiny-job`, '{"time":"2026-11-23T03:30:00Z"}');
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({
      error: { code: 'job_failed', message: 'tiny-job failed: Error: the job broke' },
    });
  });
});

describe('running a job on its schedule', () => {
  it('runs at 09:00 India time each day, with the due time as the event’s time', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T03:29:00Z'), toFake: ['setTimeout', 'Date'] });
    const runtime = invoker(() => ok(null));
    const scheduler = new LocalScheduler([TINY_JOB], runtime, dataDir, 10);
    scheduler.start();

    await vi.advanceTimersByTimeAsync(59_000);
    expect(runtime.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000 + 10); // the run itself starts a moment later
    expect(runtime.calls.map((c) => c.event.time)).toEqual(['2026-11-23T03:30:00Z']);
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(runtime.calls.map((c) => c.event.time)).toEqual([
      '2026-11-23T03:30:00Z',
      '2026-11-24T03:30:00Z',
    ]);
    await scheduler.stop();
  });

  it('retries a failing run and then keeps it in the scheduler’s dead-letter folder', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T03:29:59Z'), toFake: ['setTimeout', 'Date'] });
    const runtime = invoker(() => failed);
    const scheduler = new LocalScheduler([TINY_JOB], runtime, dataDir, 10);
    scheduler.start();

    await vi.advanceTimersByTimeAsync(2_000);

    expect(runtime.calls).toHaveLength(3);
    expect(new Set(runtime.calls.map((c) => c.event.time))).toEqual(
      new Set(['2026-11-23T03:30:00Z']),
    );
    expect(readdirSync(join(dataDir, 'scheduler', 'dlq'))).toHaveLength(1);
    await scheduler.stop();
  });

  it('refuses to start with a schedule it cannot read', () => {
    const broken = { ...TINY_JOB, expression: 'cron(0 9 * * * *)' };
    expect(
      () =>
        new LocalScheduler(
          [broken],
          invoker(() => ok(null)),
          dataDir,
          10,
        ),
    ).toThrow(/day-of-month and day-of-week/);
  });
});
