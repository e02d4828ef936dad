/**
 * The bench's Lighthouse part alone: `npx tsx bench/lighthouse-pages.ts [--runs N] [page…]`, on
 * the web build already in web/dist (`npm run build` first). It starts the local stack with the
 * web, signs in for /dashboard a buyer with a service of every kind (everyKindSession), and runs
 * each page (all of bench/run.ts's pages, or those named: `/`, `/login`, `/dashboard`…)
 * interleaved with the static floor, as `npm run bench` does.
 * Prints each page's median TBT beside the floor's, its score, the load averages, and where the
 * median run's main-thread time went; writes every run to bench/.out/lighthouse-pages.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startLocalStack } from '../tests/helpers/local-stack';
import { serveFloorPage } from './floor-page';
import { LIGHTHOUSE_RUNS, runLighthouse, type LighthouseRun } from './lighthouse';
import { everyKindSession } from './dashboard-load';
import { median } from './stats';

/** bench/run.ts's Lighthouse pages, by name; /dashboard is signed in (everyKindSession). */
const PAGE_PATHS = ['/', '/hosting', '/pricing', '/checkout?plan=basichosting', '/login'];
const DASHBOARD = '/dashboard';

function parseArgs(argv: string[]): { runs: number; names: string[] } {
  let runs = LIGHTHOUSE_RUNS;
  const names: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--runs') runs = Number(argv[++i]);
    else names.push(arg);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  return { runs, names };
}

/** The run whose TBT is the median's, to read where its time went. */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const tbt = median(runs.map((r) => r.tbtMs));
  return runs.find((r) => r.tbtMs === tbt)!;
}

async function main(): Promise<void> {
  const { runs, names } = parseArgs(process.argv.slice(2));
  const wanted = names.length > 0 ? names : [...PAGE_PATHS, DASHBOARD];
  const distDir = resolve('web/dist');
  const stack = await startLocalStack({ withWeb: true, env: { LOG_LEVEL: 'ERROR' } });
  const floor = await serveFloorPage(distDir);
  try {
    const session = wanted.includes(DASHBOARD) ? await everyKindSession(stack) : undefined;
    const pages = wanted.map((path) =>
      path === DASHBOARD
        ? {
            name: '/dashboard (signed in)',
            url: `${stack.baseUrl}${path}`,
            localStorage: session!.localStorage,
          }
        : { name: path, url: `${stack.baseUrl}${path}` },
    );
    const figures = await runLighthouse(pages, runs, {
      name: 'floor (static home)',
      url: floor.url,
    });
    mkdirSync(resolve('bench/.out'), { recursive: true });
    writeFileSync(resolve('bench/.out/lighthouse-pages.json'), JSON.stringify(figures, null, 2));
    for (const f of figures) {
      const over = f.floor?.tbtOverFloorMs ?? Number.NaN;
      const ratio = f.floor ? (f.tbtMs / Math.max(1, f.floor.tbtMs)).toFixed(1) : '';
      console.log(
        `${f.name}: TBT ${f.tbtMs} ms (each ${f.each.map((r) => r.tbtMs).join(', ')}), ` +
          `floor ${f.floor?.tbtMs} ms (each ${f.floor?.each.map((r) => r.tbtMs).join(', ')}), ` +
          `over floor ${over} ms, ×${ratio}; performance ${f.scores.performance} ` +
          `(spread ${f.spread.performance}); LCP ÷ floor ${f.floor?.lcpToFloor}; CLS ${f.cls}; ` +
          `load ${f.each.map((r) => r.loadAverage1m).join(', ')}`,
      );
      const { mainThread } = medianRun(f.each);
      console.log(`  by kind: ${JSON.stringify(mainThread.byGroup)}`);
      for (const s of mainThread.byScript.slice(0, 6)) {
        console.log(`  ${s.url}: scripting ${s.scripting} ms, parse/compile ${s.parseCompile} ms`);
      }
      for (const t of mainThread.longTasks) {
        console.log(`  long task at ${t.startMs} ms: ${t.durationMs} ms (${t.url})`);
      }
    }
  } finally {
    await floor.close();
    await stack.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
