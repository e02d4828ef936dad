/**
 * `npm run bench`: the performance report (README, Performance). Builds the web, starts the local
 * stack with it on free loopback ports, measures, writes bench/report.json and prints a table with
 * each figure beside its target. Figures, not pass/fail tests.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { startLocalStack } from '../tests/helpers/local-stack';
import { loadTest, type LoadFigure } from './api-load';
import { measureCheckoutRequests } from './checkout-requests';
import { serveFloorPage } from './floor-page';
import { measureLambdas } from './lambda-bundles';
import { runLighthouse } from './lighthouse';
import { measurePaymentVisible } from './payment-visible';
import { measureWebAssets } from './web-assets';

const TARGETS = {
  lighthouse: 0.98,
  lcpToFloor: 1.1,
  entryJsGzipBytes: 90 * 1024,
  lambdaBytes: 150 * 1024,
  lambdaColdImportMs: 60,
  plansP99Ms: 15,
  paymentVisibleMs: 1000,
};

const distDir = resolve('web/dist');

function row(name: string, value: string, target: string, met: boolean | null): string[] {
  return [name, value, target, met === null ? '' : met ? 'yes' : 'NO'];
}

function printTable(rows: string[][]): void {
  const header = ['figure', 'value', 'target', 'met'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  console.log('Building the web app…');
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  const web = measureWebAssets(distDir);

  console.log('Bundling and cold-importing each Lambda…');
  const lambdas = await measureLambdas();

  console.log('Starting the local stack…');
  // The load runs measure the handlers, not API Gateway's per-route throttling.
  const stack = await startLocalStack({
    withWeb: true,
    env: { LOG_LEVEL: 'ERROR', LOCAL_THROTTLE: 'off' },
  });
  const floor = await serveFloorPage(distDir);
  try {
    console.log('Lighthouse (mobile)…');
    const pages = [
      { name: '/', url: `${stack.baseUrl}/` },
      { name: '/hosting', url: `${stack.baseUrl}/hosting` },
      { name: '/pricing', url: `${stack.baseUrl}/pricing` },
      { name: '/checkout?plan=basichosting', url: `${stack.baseUrl}/checkout?plan=basichosting` },
      { name: 'floor (static home)', url: floor.url },
    ];
    const lighthouse = await runLighthouse(pages);
    const floorFigure = lighthouse.find((f) => f.name.startsWith('floor'))!;
    const home = lighthouse.find((f) => f.name === '/')!;

    console.log('Checkout requests before usable…');
    const checkout = await measureCheckoutRequests(stack.baseUrl);

    console.log('Payment to dashboard…');
    const payment = await measurePaymentVisible(stack);

    console.log('API load: 32 connections × 10 s per route (loopback)…');
    const load: LoadFigure[] = [];
    load.push(
      await loadTest({
        baseUrl: stack.baseUrl,
        route: 'GET /api/plans',
        method: 'GET',
        path: '/api/plans',
      }),
    );
    load.push(
      await loadTest({
        baseUrl: stack.baseUrl,
        route: 'POST /api/checkout/quote',
        method: 'POST',
        path: '/api/checkout/quote',
        body: { planId: 'basichosting', months: 24, promoCode: 'HOST10' },
      }),
    );

    const report = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      targets: TARGETS,
      web,
      lambdas,
      lighthouse,
      ratios: {
        homeLcpToFloor: Math.round((home.lcpMs / floorFigure.lcpMs) * 100) / 100,
        homeBytesToFloor: Math.round((home.totalBytes / floorFigure.totalBytes) * 100) / 100,
      },
      checkout,
      payment,
      load,
    };
    writeFileSync(resolve('bench/report.json'), `${JSON.stringify(report, null, 2)}\n`);

    const rows: string[][] = [];
    rows.push(
      row(
        'entry JS (gzip)',
        kb(web.entryJsGzipBytes),
        `≤ ${kb(TARGETS.entryJsGzipBytes)}`,
        web.entryJsGzipBytes <= TARGETS.entryJsGzipBytes,
      ),
    );
    rows.push(row('initial JS incl. preloads (gzip)', kb(web.initialJsGzipBytes), '', null));
    rows.push(row('initial CSS (gzip)', kb(web.initialCssGzipBytes), '', null));
    for (const fn of lambdas) {
      rows.push(
        row(
          `λ ${fn.id} bundle`,
          kb(fn.bundleBytes),
          `≤ ${kb(TARGETS.lambdaBytes)}`,
          fn.bundleBytes <= TARGETS.lambdaBytes,
        ),
      );
      rows.push(
        row(
          `λ ${fn.id} cold import`,
          `${fn.coldImportMs} ms`,
          `≤ ${TARGETS.lambdaColdImportMs} ms`,
          fn.coldImportMs <= TARGETS.lambdaColdImportMs,
        ),
      );
    }
    for (const f of lighthouse) {
      const isFloor = f.name.startsWith('floor');
      const minScore = Math.min(
        f.scores.performance,
        f.scores.accessibility,
        f.scores.bestPractices,
        f.scores.seo,
      );
      rows.push(
        row(
          `LH ${f.name} perf/a11y/bp/seo`,
          `${f.scores.performance}/${f.scores.accessibility}/${f.scores.bestPractices}/${f.scores.seo}`,
          isFloor ? '' : `≥ ${TARGETS.lighthouse}`,
          isFloor ? null : minScore >= TARGETS.lighthouse,
        ),
      );
      rows.push(
        row(`LH ${f.name} LCP/TBT/CLS`, `${f.lcpMs} ms / ${f.tbtMs} ms / ${f.cls}`, '', null),
      );
      rows.push(row(`LH ${f.name} total bytes`, kb(f.totalBytes), '', null));
    }
    rows.push(
      row(
        'home LCP ÷ floor LCP',
        String(report.ratios.homeLcpToFloor),
        `≤ ${TARGETS.lcpToFloor}`,
        report.ratios.homeLcpToFloor <= TARGETS.lcpToFloor,
      ),
    );
    rows.push(row('home bytes ÷ floor bytes', String(report.ratios.homeBytesToFloor), '', null));
    rows.push(
      row(
        'checkout API requests before usable',
        String(checkout.apiRequestsBeforeUsable),
        '',
        null,
      ),
    );
    rows.push(
      row(
        'payment → dashboard (median/max)',
        `${payment.medianMs} / ${payment.maxMs} ms`,
        `≤ ${TARGETS.paymentVisibleMs} ms`,
        payment.maxMs <= TARGETS.paymentVisibleMs,
      ),
    );
    for (const l of load) {
      const isPlans = l.route === 'GET /api/plans';
      rows.push(
        row(
          `${l.route} p50/p99`,
          `${l.p50Ms} / ${l.p99Ms} ms`,
          isPlans ? `p99 ≤ ${TARGETS.plansP99Ms} ms` : '',
          isPlans ? l.p99Ms <= TARGETS.plansP99Ms : null,
        ),
      );
      rows.push(
        row(
          `${l.route} throughput`,
          `${l.requestsPerSecond} req/s (${l.requests} req, ${l.non2xx} non-2xx, ${l.errors} errors)`,
          '',
          null,
        ),
      );
    }
    console.log(
      `\nBench ${report.date} on ${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}\n`,
    );
    printTable(rows);
    console.log('\nWrote bench/report.json');
  } finally {
    await floor.close();
    await stack.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
