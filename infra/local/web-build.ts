/**
 * Builds the SPA when web/dist is missing or older than its sources, so that `npm start` works on a
 * fresh clone. STOREFRONT_SKIP_WEB=1 skips it (API-only runs, such as the integration tests).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0; // files only: a directory's own time moves when dist/ is created
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function webSourcesExist(rootDir: string): boolean {
  return (
    existsSync(join(rootDir, 'web', 'vite.config.ts')) &&
    existsSync(join(rootDir, 'web', 'index.html'))
  );
}

export function webBuildIsStale(rootDir: string): boolean {
  const built = join(rootDir, 'web', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [join(rootDir, 'web'), join(rootDir, 'lambdas', 'domain')];
  return sources.some((source) => newestMtime(source) > builtAt);
}

export function buildWeb(rootDir: string): Promise<void> {
  const vite = join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      {
        cwd: rootDir,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    const stop = () => child.kill('SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('error', reject);
    child.on('exit', (code) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (code === 0) resolvePromise();
      else reject(new Error(`The web build failed (vite exited with ${code}).`));
    });
  });
}
