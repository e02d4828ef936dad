/**
 * The local user pool's backups (infra/local/cognito-process.ts): the running stack copies
 * cognito-local's JSON files off the event loop, one backup at a time, only the files that
 * changed, and a last time on stop; a copy is always whole, even when the process dies mid-copy,
 * and a start puts the last whole copy back for a file cognito-local left cut short.
 */
import { spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  UserPoolBackups,
  backUpUserPool,
  restoreUserPoolFiles,
} from '../../../infra/local/cognito-process';

const POOL = 'local_3Xkr6dH3.json';
const MODULE = fileURLToPath(new URL('../../../infra/local/cognito-process.ts', import.meta.url));

let dataDir: string;
let db: string;
let backup: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-cognito-'));
  db = join(dataDir, 'cognito', '.cognito', 'db');
  backup = join(dataDir, 'cognito', 'backup');
  mkdirSync(db, { recursive: true });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A user pool file as cognito-local 5.3 writes it (pretty-printed, one entry per user). */
function poolFile(users: number, version = 1): string {
  const entries = Array.from({ length: users }, (_, i) => {
    const sub = `79c5c746-d311-4722-ada2-${String(i).padStart(12, '0')}`;
    return [
      sub,
      {
        Attributes: [
          { Name: 'sub', Value: sub },
          { Name: 'email', Value: `buyer-${i}@example.in` },
          { Name: 'name', Value: 'Asha Verma' },
          { Name: 'phone_number', Value: '+919812345678' },
          { Name: 'email_verified', Value: 'true' },
        ],
        Enabled: true,
        UserCreateDate: '2026-11-23T10:02:53.494Z',
        UserLastModifiedDate: `2026-11-23T10:02:53.${String(version % 1000).padStart(3, '0')}Z`,
        UserStatus: 'CONFIRMED',
        Username: sub,
      },
    ];
  });
  return JSON.stringify(
    { Users: Object.fromEntries(entries), Options: { Id: 'local_3Xkr6dH3' } },
    null,
    2,
  );
}

const clientsFile = JSON.stringify(
  { Clients: { '9knk8mzd7f4o4awyqifa5mr1m': { ClientName: 'storefront-web' } } },
  null,
  2,
);

/** Writes a pool file as if cognito-local had written it a minute ago (past the racy window). */
function writeSettled(file: string, text: string, minutesAgo = 1): void {
  writeFileSync(join(db, file), text);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(join(db, file), at, at);
}

const copyOf = (file: string) => readFileSync(join(backup, file), 'utf8');

describe('UserPoolBackups', () => {
  it('copies every file that reads well, and skips the pool file cognito-local is half-way through', async () => {
    writeSettled(POOL, poolFile(3));
    writeSettled('clients.json', clientsFile.slice(0, 40)); // cut short: mid-write

    const result = await backUpUserPool({ dataDir });

    expect(result).toEqual({ copied: [POOL], unchanged: [], unreadable: ['clients.json'] });
    expect(copyOf(POOL)).toBe(poolFile(3));
    expect(readdirSync(backup)).toEqual([POOL]);
  });

  it('copies only the files whose mtime or size moved since its last copy', async () => {
    writeSettled(POOL, poolFile(3));
    writeSettled('clients.json', clientsFile);
    const backups = new UserPoolBackups({ dataDir });
    await backups.tick();

    const idle = await backups.tick();
    writeSettled(POOL, poolFile(4), 0.5);
    const afterSignUp = await backups.tick();

    expect(idle).toEqual({ copied: [], unchanged: [POOL, 'clients.json'].sort(), unreadable: [] });
    expect(afterSignUp).toEqual({ copied: [POOL], unchanged: ['clients.json'], unreadable: [] });
    expect(copyOf(POOL)).toBe(poolFile(4));
  });

  it('copies a file changed within the last moments again next tick (a second write may keep its mtime)', async () => {
    writeFileSync(join(db, POOL), poolFile(3)); // just now
    const backups = new UserPoolBackups({ dataDir });

    const first = await backups.tick();
    const second = await backups.tick();

    expect(first?.copied).toEqual([POOL]);
    expect(second?.copied).toEqual([POOL]);
  });

  it('skips a tick that finds a backup under way instead of starting a second beside it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    for (let i = 0; i < 20; i += 1) writeSettled(`local_pool${i}.json`, poolFile(50, i));
    const backups = new UserPoolBackups({ dataDir }, { intervalMs: 5000 }).start();

    vi.advanceTimersByTime(5000); // starts a backup (20 files, each read, written and fsynced)
    vi.advanceTimersByTime(3 * 5000); // three ticks while it is still running
    const countsWhileRunning = { ...backups.counts };
    const last = await backups.stop();

    expect(countsWhileRunning).toEqual({ started: 1, skipped: 3 });
    expect(backups.counts.started).toBe(2); // stop's last backup, after the first finished
    expect(last?.unchanged).toHaveLength(20);
    for (let i = 0; i < 20; i += 1) expect(copyOf(`local_pool${i}.json`)).toBe(poolFile(50, i));
  });

  it('hands back the backup under way to a tick that comes during it', async () => {
    writeSettled(POOL, poolFile(3));
    const backups = new UserPoolBackups({ dataDir });

    const first = backups.tick();
    const during = backups.tick();

    expect(during).toBe(first);
    await first;
    expect(backups.counts).toEqual({ started: 1, skipped: 1 });
  });

  it('takes a last backup on stop, once the one under way has finished', async () => {
    writeSettled(POOL, poolFile(3));
    const backups = new UserPoolBackups({ dataDir }, { intervalMs: 60_000 }).start();
    await backups.tick();
    writeSettled(POOL, poolFile(5), 0.5); // a sign-up since
    const underWay = backups.tick();
    let underWayDone = false;
    void underWay.then(() => (underWayDone = true));

    const last = await backups.stop();

    expect(underWayDone).toBe(true);
    expect(backups.counts).toEqual({ started: 3, skipped: 0 });
    expect(last).toEqual({ copied: [], unchanged: [POOL], unreadable: [] });
    expect(copyOf(POOL)).toBe(poolFile(5));
  });

  it('copies on stop what changed since the last tick', async () => {
    writeSettled(POOL, poolFile(3));
    const backups = new UserPoolBackups({ dataDir }, { intervalMs: 60_000 }).start();
    await backups.tick();
    writeSettled(POOL, poolFile(5), 0.5);

    const last = await backups.stop();

    expect(last?.copied).toEqual([POOL]);
    expect(copyOf(POOL)).toBe(poolFile(5));
  });

  it('reports a failed backup through onError and the next tick runs', async () => {
    writeSettled(POOL, poolFile(3));
    writeFileSync(join(dataDir, 'cognito', 'backup'), 'a file where the folder should be');
    const errors: Error[] = [];
    const backups = new UserPoolBackups({ dataDir }, { onError: (e) => errors.push(e) });

    const failed = await backups.tick();
    rmSync(join(dataDir, 'cognito', 'backup'));
    const next = await backups.tick();

    expect(failed).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(next?.copied).toEqual([POOL]);
  });
});

describe('restoreUserPoolFiles after a crash', () => {
  it('puts back the last whole copy and ignores (removes) the temp file of a copy cut short', async () => {
    writeSettled(POOL, poolFile(3, 1));
    await backUpUserPool({ dataDir });
    // The crash: cognito-local cut the pool file short, and the stack died mid-copy of it,
    // leaving its temp file (the copy is renamed into place only once whole and fsynced).
    const next = poolFile(4, 2);
    writeFileSync(join(db, POOL), next.slice(0, next.length / 2));
    writeFileSync(join(backup, `${POOL}.4242.7.tmp`), next.slice(0, next.length / 3));

    restoreUserPoolFiles({ dataDir });

    expect(readFileSync(join(db, POOL), 'utf8')).toBe(poolFile(3, 1));
    expect(readdirSync(backup)).toEqual([POOL]);
    expect(copyOf(POOL)).toBe(poolFile(3, 1));
  });

  it('refuses to start on a damaged file with no copy to put back', () => {
    writeFileSync(join(db, POOL), poolFile(3).slice(0, 100));

    expect(() => restoreUserPoolFiles({ dataDir })).toThrow(/is damaged and there is no copy/);
  });

  it('finds a whole copy after the process is killed (SIGKILL) while it backs up', async () => {
    // A process that rewrites a large pool file and backs it up, over and over, until killed.
    const script = join(dataDir, 'backing-up.mts'); // .mts: an ES module outside the repository
    writeFileSync(
      script,
      `import { writeFileSync, utimesSync } from 'node:fs';
import { UserPoolBackups } from ${JSON.stringify(MODULE)};
const backups = new UserPoolBackups({ dataDir: ${JSON.stringify(dataDir)} });
const pool = ${JSON.stringify(join(db, POOL))};
for (let version = 1; ; version += 1) {
  writeFileSync(pool, JSON.stringify({ version, users: 'x'.repeat(2_000_000) }));
  await backups.tick();
  process.stdout.write('backed up ' + version + '\\n');
}
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await vi.waitFor(() => expect(output).toContain('backed up 3'), {
        timeout: 20_000,
        interval: 20,
      });
    } finally {
      child.kill('SIGKILL'); // anywhere: mid-write, mid-fsync, mid-rename, or between backups
      await exited;
    }

    const copy = JSON.parse(copyOf(POOL)) as { version: number; users: string };
    expect(copy.version).toBeGreaterThanOrEqual(3);
    expect(copy.users).toHaveLength(2_000_000);
    restoreUserPoolFiles({ dataDir });
    expect(readdirSync(backup)).toEqual([POOL]);
    expect(() => {
      JSON.parse(readFileSync(join(db, POOL), 'utf8'));
    }).not.toThrow();
  }, 30_000);
});
