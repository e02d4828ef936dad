/**
 * The local stack's one retry queue, behind both the local EventBridge's deliveries to Lambda
 * targets and the Razorpay simulator's webhooks. A job is on disk before it is accepted; a failed
 * attempt is retried with a doubling delay; after the last allowed attempt the job ends as
 * `failed` (dead-lettered) and a success ends it as `delivered`. A queue started on the same store
 * (the next start, even after a crash) runs at once whatever was left pending.
 *
 * Where a job lives is the store's business: the bus keeps one file per job with a dead-letter
 * folder (`directoryStore`), the simulator keeps its deliveries in its own state file, because
 * `/_simulator/deliveries` shows every one of them as Razorpay's dashboard does.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from './durable-file';

export interface Attempt {
  at: string;
  error?: string;
}

export interface QueuedJob<A extends Attempt = Attempt> {
  id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: A[];
  /** When the next attempt is due (ms since the epoch); null once the job has ended. */
  nextAttemptAt: number | null;
  /** Set when the job is sent again by hand: attempts count towards the limit from then on. */
  resentAt?: string;
}

/** Durable storage of jobs. `save` must be on disk when it returns. */
export interface JobStore<J extends QueuedJob> {
  /** The jobs a previous run accepted and did not end. */
  pending(): J[];
  /** Records the job as it is now: accepted, retried, delivered or failed. */
  save(job: J): void;
  /** Where failed jobs are kept, for the log line. */
  readonly deadLetters: string;
}

export interface DurableQueueOptions<J extends QueuedJob<A>, A extends Attempt> {
  /** For log lines. */
  name: string;
  store: JobStore<J>;
  /** One attempt; `ok: false` schedules a retry. It must not throw. */
  run(job: J): Promise<{ ok: boolean; attempt: A }>;
  maxAttempts: number;
  /** The first retry waits this long; each further one twice as long as the one before. */
  retryBaseMs: number;
  /** Names the job in the log line said when it is dead-lettered. */
  describe?(job: J): string;
}

/** The doubling stops here: at the default 1 s base a retry waits at most about 17 minutes. */
const MAX_DOUBLINGS = 10;

export class DurableQueue<J extends QueuedJob<A>, A extends Attempt = Attempt> {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly options: DurableQueueOptions<J, A>) {}

  /** Accepts jobs: every one is on disk before any runs. */
  enqueue(...jobs: J[]): void {
    for (const job of jobs) this.options.store.save(job);
    for (const job of jobs) this.schedule(job, 0);
  }

  /** Runs at once what a previous run left pending (the other side was down with us). */
  resume(): number {
    const pending = this.options.store.pending();
    for (const job of pending) this.schedule(job, 0);
    return pending.length;
  }

  /** Sends an ended (or pending) job again, with a fresh count of attempts. */
  retry(job: J): void {
    job.status = 'pending';
    job.resentAt = new Date().toISOString();
    job.nextAttemptAt = Date.now();
    this.options.store.save(job);
    clearTimeout(this.timers.get(job.id)); // a retry waiting its turn goes now
    this.timers.delete(job.id);
    this.schedule(job, 0);
  }

  /** Runs the job after `delayMs`; a job already waiting or running is left as it is. */
  schedule(job: J, delayMs: number): void {
    if (this.timers.has(job.id) || this.inFlight.has(job.id)) return;
    this.arm(job, delayMs);
  }

  private arm(job: J, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(job.id);
      const work = this.attempt(job).finally(() => this.inFlight.delete(job.id));
      this.inFlight.set(job.id, work);
    }, delayMs);
    this.timers.set(job.id, timer);
  }

  private async attempt(job: J): Promise<void> {
    const { ok, attempt } = await this.options.run(job);
    // Stopping cut the attempt short: it does not count, and the job stays pending on disk.
    if (this.stopped && !ok) return;
    job.attempts.push(attempt);
    if (ok) {
      job.status = 'delivered';
      job.nextAttemptAt = null;
    } else if (countedAttempts(job) >= this.options.maxAttempts) {
      job.status = 'failed';
      job.nextAttemptAt = null;
      const where = this.options.describe?.(job) ?? job.id;
      console.error(
        `[${this.options.name}] ${where} failed ${this.options.maxAttempts} times; kept in ${this.options.store.deadLetters}`,
      );
    } else {
      const delay =
        this.options.retryBaseMs * 2 ** Math.min(countedAttempts(job) - 1, MAX_DOUBLINGS);
      job.nextAttemptAt = Date.now() + delay;
      this.options.store.save(job);
      this.arm(job, delay);
      return;
    }
    this.options.store.save(job);
  }

  /** Stops scheduling and waits for attempts under way; pending jobs stay on disk for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight.values()]);
  }
}

function countedAttempts(job: QueuedJob): number {
  const since = job.resentAt ?? '';
  return job.attempts.filter((a) => a.at >= since).length;
}

/**
 * One JSON file per job under `dir/pending`; a delivered job's file is removed, a failed one is
 * moved to `dir/dlq`, where it stays for a person to look at.
 */
export function directoryStore<J extends QueuedJob>(dir: string): JobStore<J> {
  const pendingDir = join(dir, 'pending');
  const dlq = join(dir, 'dlq');
  mkdirSync(pendingDir, { recursive: true });
  mkdirSync(dlq, { recursive: true });
  const file = (folder: string, job: J) => join(folder, `${job.id}.json`);
  return {
    deadLetters: dlq,
    pending: () =>
      readdirSync(pendingDir)
        .filter((name) => name.endsWith('.json'))
        // A file in pending/ is the pending job its name says, whatever an older version wrote.
        .map((name) => ({
          ...(JSON.parse(readFileSync(join(pendingDir, name), 'utf8')) as J),
          id: name.slice(0, -'.json'.length),
          status: 'pending' as const,
        })),
    save(job) {
      if (job.status === 'pending')
        return writeFileDurably(file(pendingDir, job), JSON.stringify(job));
      if (job.status === 'failed') writeFileDurably(file(dlq, job), JSON.stringify(job));
      rmSync(file(pendingDir, job), { force: true });
    },
  };
}
