/**
 * Starting cognito-local, the Cognito stand-in, as a child process: its config (the Lambda Invoke
 * endpoint for the triggers, the issuer) and its data under DATA_DIR/cognito/.cognito. Kept free of
 * the AWS SDK so that start.ts can launch it first thing, while the rest of the stack loads.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  unlinkSync,
} from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COGNITO_TRIGGERS } from '../lib/definitions/functions';
import type { LocalConfig } from './config';
import { writeFileDurably } from './durable-file';
import { localFunctionName } from './lambda-runtime';
import type { Children } from './processes';
import { HOME_REGION } from '../../lambdas/system/facts';

export function spawnCognito(config: LocalConfig, children: Children): void {
  const home = join(config.dataDir, 'cognito');
  mkdirSync(join(home, '.cognito'), { recursive: true });
  // Rewritten on every start: the ports may have moved since the last one.
  writeFileDurably(
    join(home, '.cognito', 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: `http://127.0.0.1:${config.ports.storefront}`,
          region: HOME_REGION,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: {
          PreSignUp: localFunctionName(COGNITO_TRIGGERS.preSignUp),
          PostConfirmation: localFunctionName(COGNITO_TRIGGERS.postConfirmation),
          CustomMessage: localFunctionName(COGNITO_TRIGGERS.customMessage),
        },
        TokenConfig: { IssuerDomain: `http://127.0.0.1:${config.ports.cognito}` },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  restoreUserPoolFiles(config);
  // cognito-local itself, with its mail delivery pointed at the local mailbox.
  const bin = fileURLToPath(new URL('./cognito-with-mailbox.mjs', import.meta.url));
  children.start({
    name: 'cognito-local',
    command: process.execPath,
    args: [bin],
    cwd: home,
    env: {
      ...process.env,
      PORT: String(config.ports.cognito),
      HOST: '127.0.0.1',
      DEBUG: '',
      COGNITO_MAILBOX_URL: `http://127.0.0.1:${config.ports.ses}`,
      COGNITO_MAIL_FROM: config.mailFrom,
    },
    verbose: false,
  });
}

/**
 * cognito-local rewrites its JSON files in place, so a crash in the middle of a write could leave
 * one cut short. Each start keeps a copy of every file that reads well and puts the copy back for
 * one that does not (losing only the last seconds before the crash, not the whole pool); between
 * starts, UserPoolBackups refreshes the copies every few seconds. Synchronous: it runs once, before
 * cognito-local starts and before the stack serves anything.
 */
export function restoreUserPoolFiles(config: Pick<LocalConfig, 'dataDir'>): void {
  const { db, backup } = userPoolDirs(config);
  if (!existsSync(db)) return;
  mkdirSync(backup, { recursive: true });
  // A backup cut short by a crash is only ever a temp file (the copy is renamed into place whole):
  // never read, so it is just litter.
  for (const file of readdirSync(backup).filter((f) => f.endsWith(TEMP_SUFFIX)))
    unlinkSync(join(backup, file));
  for (const file of readdirSync(db).filter((f) => f.endsWith('.json'))) {
    const path = join(db, file);
    try {
      const text = readFileSync(path, 'utf8');
      JSON.parse(text);
      writeFileDurably(join(backup, file), text);
    } catch {
      if (!existsSync(join(backup, file)))
        throw new Error(`${path} is damaged and there is no copy to restore.`);
      console.error(
        `${path} was damaged (a crash while cognito-local wrote it); restored its last good copy.`,
      );
      copyFileSync(join(backup, file), path);
    }
  }
}

/** What one backup did: the files it copied, and those it left (unchanged, or mid-write). */
export interface UserPoolBackup {
  copied: string[];
  unchanged: string[];
  unreadable: string[];
}

/**
 * The running stack's copies of the pool's files, refreshed every few seconds off the event loop
 * (fs/promises: a synchronous fsync held every API request for 20-80 ms). One backup at a time: a
 * tick that finds one still under way is skipped. A file is copied only when its mtime, size or
 * inode moved since the last copy; stop() waits for the backup under way and takes a last one.
 */
export class UserPoolBackups {
  /** Backups started and ticks skipped because one was under way (for tests and diagnostics). */
  readonly counts = { started: 0, skipped: 0 };
  private readonly dirs: { db: string; backup: string };
  /** Per file, the stat signature of the content last copied. */
  private readonly copiedAs = new Map<string, string>();
  private running: Promise<UserPoolBackup | undefined> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    config: Pick<LocalConfig, 'dataDir'>,
    private readonly options: { intervalMs?: number; onError?: (error: Error) => void } = {},
  ) {
    this.dirs = userPoolDirs(config);
  }

  start(): this {
    this.timer ??= setInterval(() => void this.tick(), this.options.intervalMs ?? 5000);
    this.timer.unref();
    return this;
  }

  /** Starts a backup, or returns the one under way (never two side by side). Never rejects. */
  tick(): Promise<UserPoolBackup | undefined> {
    if (this.running) {
      this.counts.skipped += 1;
      return this.running;
    }
    this.counts.started += 1;
    const run = this.backUp()
      .catch((error: unknown) => {
        (this.options.onError ?? logBackupError)(error as Error);
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    this.running = run;
    return run;
  }

  /** No more ticks; the backup under way finishes, then a last one catches what it missed. */
  async stop(): Promise<UserPoolBackup | undefined> {
    clearInterval(this.timer);
    await this.running;
    return this.tick();
  }

  private async backUp(): Promise<UserPoolBackup> {
    const result: UserPoolBackup = { copied: [], unchanged: [], unreadable: [] };
    let files: string[];
    try {
      files = (await readdir(this.dirs.db)).filter((f) => f.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result; // no pool yet
      throw error;
    }
    await mkdir(this.dirs.backup, { recursive: true });
    for (const file of files) {
      const path = join(this.dirs.db, file);
      // Stat before reading: a write after the stat changes the signature, so the next tick copies
      // again rather than trusting a copy older than the file.
      const before = await stat(path).catch(() => undefined);
      if (!before) continue; // removed since readdir
      const signature = `${before.ino}:${before.size}:${before.mtimeMs}`;
      if (this.copiedAs.get(file) === signature) {
        result.unchanged.push(file);
        continue;
      }
      let text: string;
      try {
        text = await readFile(path, 'utf8');
        JSON.parse(text);
      } catch {
        result.unreadable.push(file); // cognito-local may be writing it right now
        continue;
      }
      await writeFileDurablyAsync(join(this.dirs.backup, file), text);
      result.copied.push(file);
      // mtime moves in clock ticks (ms on ext4), so a second write within one can leave the
      // signature as it was: a file changed that recently is copied again next tick, as git treats
      // "racily clean" files.
      if (Date.now() - before.mtimeMs > RACY_MS) this.copiedAs.set(file, signature);
      else this.copiedAs.delete(file);
    }
    return result;
  }
}

/** One backup of the pool's files now (the stack takes one as soon as it creates the pool). */
export function backUpUserPool(
  config: Pick<LocalConfig, 'dataDir'>,
): Promise<UserPoolBackup | undefined> {
  return new UserPoolBackups(config).tick();
}

const TEMP_SUFFIX = '.tmp';
const RACY_MS = 2000;
let temps = 0;

function userPoolDirs(config: Pick<LocalConfig, 'dataDir'>): { db: string; backup: string } {
  const home = join(config.dataDir, 'cognito');
  return { db: join(home, '.cognito', 'db'), backup: join(home, 'backup') };
}

function logBackupError(error: Error): void {
  console.error('Could not copy the user pool files:', error.message);
}

/**
 * writeFileDurably without blocking the event loop: the content goes to a temp file of its own,
 * is fsynced, then renamed over the copy, so the copy is always the old one or the new one, whole.
 */
async function writeFileDurablyAsync(path: string, content: string): Promise<void> {
  temps += 1;
  const temp = `${path}.${process.pid}.${temps}${TEMP_SUFFIX}`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
