/**
 * The local stack's one retry queue (infra/local/durable-queue.ts), on its directory store: on
 * disk before it runs, retried with a doubling delay, dead-lettered after its last attempt,
 * resumed by the next queue on the same folder, sent again by hand with a fresh count, and a
 * failure cut short by stopping is not counted.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DurableQueue, directoryStore, type QueuedJob } from '../../../infra/local/durable-queue';

interface Job extends QueuedJob {
  payload: string;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'storefront-queue-'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const job = (id: string): Job => ({
  id,
  status: 'pending',
  attempts: [],
  nextAttemptAt: Date.now(),
  payload: `payload of ${id}`,
});

function queue(answers: () => boolean, options: { maxAttempts?: number } = {}) {
  const runs: { id: string; at: number }[] = [];
  const q = new DurableQueue<Job>({
    name: 'test',
    store: directoryStore<Job>(dir),
    maxAttempts: options.maxAttempts ?? 4,
    retryBaseMs: 100,
    run: async (j) => {
      runs.push({ id: j.id, at: Date.now() });
      const ok = answers();
      return { ok, attempt: { at: new Date().toISOString(), ...(ok ? {} : { error: 'down' }) } };
    },
  });
  return { q, runs };
}

const files = (folder: 'pending' | 'dlq') => readdirSync(join(dir, folder));

describe('the durable queue', () => {
  it('writes a job to disk before it runs it, and removes it once delivered', async () => {
    vi.useFakeTimers();
    const { q, runs } = queue(() => true);

    q.enqueue(job('a'));
    expect(files('pending')).toEqual(['a.json']);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);

    expect(runs.map((r) => r.id)).toEqual(['a']);
    expect(files('pending')).toEqual([]);
    expect(files('dlq')).toEqual([]);
    await q.stop();
  });

  it('retries with a doubling delay, then moves the job to the dead-letter folder with its attempts', async () => {
    vi.useFakeTimers();
    const { q, runs } = queue(() => false, { maxAttempts: 4 });

    q.enqueue(job('b'));
    await vi.advanceTimersByTimeAsync(10_000);

    const gaps = runs.slice(1).map((r, i) => r.at - runs[i]!.at);
    expect(gaps).toEqual([100, 200, 400]);
    expect(files('pending')).toEqual([]);
    expect(files('dlq')).toEqual(['b.json']);
    const dead = JSON.parse(readFileSync(join(dir, 'dlq', 'b.json'), 'utf8')) as Job;
    expect(dead).toMatchObject({ status: 'failed', nextAttemptAt: null, payload: 'payload of b' });
    expect(dead.attempts).toHaveLength(4);
    expect(dead.attempts.every((a) => a.error === 'down')).toBe(true);
    await q.stop();
  });

  it('keeps a failing job pending across a stop, and a new queue on the same folder runs it at once', async () => {
    vi.useFakeTimers();
    let up = false;
    const first = queue(() => up);
    first.q.enqueue(job('c'));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.runs).toHaveLength(1);
    await first.q.stop();
    const kept = JSON.parse(readFileSync(join(dir, 'pending', 'c.json'), 'utf8')) as Job;
    expect(kept.attempts).toHaveLength(1);

    up = true;
    const second = queue(() => up);
    expect(second.q.resume()).toBe(1);
    await vi.advanceTimersByTimeAsync(0);

    expect(second.runs.map((r) => r.id)).toEqual(['c']);
    expect(files('pending')).toEqual([]);
    await second.q.stop();
  });

  it('sends a dead-lettered job again with a fresh count of attempts', async () => {
    vi.useFakeTimers();
    let up = false;
    const { q, runs } = queue(() => up, { maxAttempts: 2 });
    const failing = job('d');
    q.enqueue(failing);
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing.status).toBe('failed');
    expect(runs).toHaveLength(2);

    up = true;
    q.retry(failing);
    await vi.advanceTimersByTimeAsync(0);

    expect(runs).toHaveLength(3);
    expect(failing.status).toBe('delivered');
    expect(failing.resentAt).toEqual(expect.any(String));
    await q.stop();
  });

  it('does not count an attempt that failed because the queue was stopping', async () => {
    let release: (ok: boolean) => void = () => undefined;
    const q = new DurableQueue<Job>({
      name: 'test',
      store: directoryStore<Job>(dir),
      maxAttempts: 3,
      retryBaseMs: 100,
      run: () =>
        new Promise((resolve) => {
          release = (ok) => resolve({ ok, attempt: { at: new Date().toISOString() } });
        }),
    });
    q.enqueue(job('e'));
    await vi.waitFor(() => expect(readdirSync(join(dir, 'pending'))).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));

    const stopping = q.stop();
    release(false);
    await stopping;

    const kept = JSON.parse(readFileSync(join(dir, 'pending', 'e.json'), 'utf8')) as Job;
    expect(kept).toMatchObject({ status: 'pending', attempts: [] });
  });

  it('schedules a job only once, however often it is asked to', async () => {
    vi.useFakeTimers();
    const { q, runs } = queue(() => true);
    const once = job('f');
    q.enqueue(once);
    q.schedule(once, 0);
    q.schedule(once, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await q.stop();
  });
});
