/**
 * web/dist as the unit tests that read the web build find it (web-pages, admin-bundle): built
 * first when it is missing or older than its sources, as `npm start` does (infra/local/web-build.ts),
 * so a test never judges a stale build left by an earlier `npm run build`. Test files run side by
 * side: a lock directory lets one of them build while the others wait for it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildWeb, webBuildIsStale } from '../../infra/local/web-build';
import { REPO_ROOT } from '../../infra/lib/paths';

const LOCK = join(
  tmpdir(),
  `storefront-web-build-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}`,
);
/** A lock older than this was left by a process that died while building. */
const LOCK_STALE_MS = 5 * 60 * 1000;
const WAIT_MS = 4 * 60 * 1000;

function tryLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true });
    } catch {
      // Released meanwhile: the next try takes it.
    }
    return false;
  }
}

/** web/dist, current with web/ and lambdas/domain/. */
export async function freshWebBuild(): Promise<string> {
  const dist = join(REPO_ROOT, 'web', 'dist');
  const giveUpAt = Date.now() + WAIT_MS;
  while (!tryLock()) {
    if (Date.now() > giveUpAt) throw new Error(`${LOCK} held for over ${WAIT_MS / 1000} s`);
    await sleep(200);
  }
  try {
    if (webBuildIsStale(REPO_ROOT)) await buildWeb(REPO_ROOT);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
  return dist;
}
