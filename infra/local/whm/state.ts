/**
 * The WHM stand-in's accounts, kept in one JSON file under DATA_DIR/whm and rewritten durably after
 * every change, so a restart of the local stack finds every account it made. Login sessions live
 * in memory only: a link issued before a restart is refused after it, the safe way round.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from '../durable-file';

export interface StandInAccount {
  user: string;
  domain: string;
  plan: string;
  email: string;
  owner: string;
  ip: string;
  suspended: boolean;
  suspendreason?: string;
  /** Epoch seconds. */
  suspendtime?: number;
  /** Epoch seconds. */
  unix_startdate: number;
}

interface StateFile {
  accounts: Record<string, StandInAccount>;
}

export class WhmStandInState {
  private readonly file: string;
  private readonly data: StateFile;

  constructor(dataDir: string) {
    const dir = join(dataDir, 'whm');
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'accounts.json');
    this.data = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as StateFile)
      : { accounts: {} };
  }

  get(user: string): StandInAccount | undefined {
    return Object.hasOwn(this.data.accounts, user) ? this.data.accounts[user] : undefined;
  }

  all(): StandInAccount[] {
    return Object.values(this.data.accounts).sort((a, b) => a.unix_startdate - b.unix_startdate);
  }

  byDomain(domain: string): StandInAccount | undefined {
    return this.all().find((account) => account.domain === domain);
  }

  put(account: StandInAccount): void {
    this.data.accounts[account.user] = account;
    this.save();
  }

  remove(user: string): void {
    delete this.data.accounts[user];
    this.save();
  }

  private save(): void {
    writeFileDurably(this.file, JSON.stringify(this.data, null, 1));
  }
}
