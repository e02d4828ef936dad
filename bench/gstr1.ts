/**
 * GSTR-1 for a month of 10,000 invoices in one Lambda (issue #30): the purchases table in an
 * in-process dynalite seeded by BatchWrite with 10,000 invoiced purchases across November 2026
 * (every 25th credited in part, with its credit note that month), then a fresh Node process, as a
 * Lambda instance is, runs what `GET /api/admin/reports/gstr1` runs on the real purchases adapter:
 * the return read through the month indexes and answered as JSON, then the CSV files zipped
 * (`format=csv`). It reports each one's wall time and the process's peak RSS and heap (sampled
 * every 2 ms, and the kernel's max RSS), beside its RSS before the work (Node and tsx alone).
 * Targets: ≤ 5 s and ≤ 256 MB.
 * `npx tsx bench/gstr1.ts [invoices]` prints the figures.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { strToU8, zipSync } from 'fflate';
import { DynamoPurchasesStore } from '../lambdas/adapters/dynamodb/purchases-table';
import { CATALOG } from '../lambdas/domain/catalog';
import { gstr1CsvFiles } from '../lambdas/domain/gstr1';
import { formatDocumentNumber } from '../lambdas/domain/invoice';
import { DURATIONS, quote } from '../lambdas/domain/pricing';
import { json } from '../lambdas/http/response';
import { documentMonthOf, type PurchaseRecord } from '../lambdas/ports/purchases';
import { HOME_REGION, localTableName } from '../lambdas/system/facts';
import {
  SAMPLE_BUYER_OTHER_STATE,
  SAMPLE_BUYER_SAME_STATE,
  SAMPLE_SELLER,
} from '../lambdas/templates/invoice/sample';
import { gstr1Report } from '../lambdas/use-cases/admin/reports';
import { REPO_ROOT } from '../tests/helpers/local-stack';
import { startDynalite } from '../tests/helpers/dynalite';
import { batchWrite } from './seed';
import { loadAverage } from './stats';

export interface Gstr1Figure {
  invoices: number;
  creditNotes: number;
  /** The JSON answer: read, built, serialised. */
  jsonMs: number;
  /** This process's own CPU time for it (the Lambda's compute; dynalite runs in the parent). */
  jsonCpuMs: number;
  jsonBytes: number;
  /** format=csv: read, built, CSV files zipped. */
  csvZipMs: number;
  csvZipCpuMs: number;
  zipBytes: number;
  /** The process before the work (Node, tsx and the modules loaded). */
  baselineRssMb: number;
  peakRssMb: number;
  peakHeapUsedMb: number;
  loadAverage1m: number;
  seedMs: number;
}

const PLANS = CATALOG.filter((p) => p.category !== 'domain');
const BUSINESS = { ...SAMPLE_BUYER_OTHER_STATE, gstin: '27AAFCA5678K1Z6' };
const BILLINGS = [BUSINESS, SAMPLE_BUYER_SAME_STATE, SAMPLE_BUYER_OTHER_STATE, undefined] as const;

function purchaseItem(i: number, invoices: number): Record<string, unknown> {
  // Spread over November 2026 by India's clock (1 Nov 00:00 IST is 31 Oct 18:30 UTC).
  const start = Date.parse('2026-10-31T18:31:00.000Z');
  const at = new Date(start + Math.floor((i * 29.9 * 86_400_000) / invoices)).toISOString();
  const plan = PLANS[i % PLANS.length]!;
  const billing = BILLINGS[i % BILLINGS.length];
  const q = quote(plan, DURATIONS[i % DURATIONS.length]!);
  const id = String(i).padStart(6, '0');
  const invoiceNumber = formatDocumentNumber('invoice', at, i + 1);
  const purchase: PurchaseRecord = {
    userId: `user-gstr1-${i % 997}`,
    purchaseId: `pur_pay_Gstr1${id}`,
    paymentId: `pay_Gstr1${id}`,
    orderId: `order_Gstr1${id}`,
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: q.months,
    purchaseDate: at,
    startDate: at,
    renewalDate: '2027-12-01T00:00:00.000Z',
    amountPaise: q.totalPaise,
    currency: 'INR',
    quote: q,
    email: `buyer${i % 997}@example.in`,
    name: 'Asha Verma',
    createdAt: at,
    ...(billing ? { billing } : {}),
    seller: SAMPLE_SELLER,
    invoiceNumber,
    invoiceIssuedAt: at,
    invoiceMonth: documentMonthOf(at),
  };
  if (i % 25 === 24) {
    const noteAt = '2026-11-29T06:00:00.000Z';
    purchase.creditNoteRefund = { amountPaise: Math.min(50_000, q.totalPaise) };
    purchase.creditNoteNumber = formatDocumentNumber('credit_note', noteAt, Math.ceil(i / 25));
    purchase.creditNoteIssuedAt = noteAt;
    purchase.creditNoteMonth = documentMonthOf(noteAt);
  }
  return purchase as unknown as Record<string, unknown>;
}

/** The child: one process, as one Lambda instance, running the route's work twice. */
async function child(port: number): Promise<void> {
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  const baselineRss = process.memoryUsage.rss();
  let peakRss = baselineRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 2);
  const raw = new DynamoDBClient({
    region: HOME_REGION,
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const client = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true },
  });
  const deps = {
    purchases: new DynamoPurchasesStore(client, () => localTableName('purchases')),
    seller: () => SAMPLE_SELLER,
  };
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return Math.round((used.user + used.system) / 1000);
  };
  let start = performance.now();
  let cpu = process.cpuUsage();
  const asJson = await gstr1Report(deps, '2026-11');
  const body = json(200, asJson.gstr1).body ?? '';
  const jsonMs = Math.round(performance.now() - start);
  const jsonCpuMs = cpuMs(cpu);

  start = performance.now();
  cpu = process.cpuUsage();
  const { gstr1, input } = await gstr1Report(deps, '2026-11');
  const files = gstr1CsvFiles(gstr1, input);
  const zip = zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, text]) => [
        name,
        [strToU8(text), { mtime: new Date('2000-01-01T00:00:00Z') }],
      ]),
    ),
  );
  const csvZipMs = Math.round(performance.now() - start);
  const csvZipCpuMs = cpuMs(cpu);
  clearInterval(sampler);
  client.destroy();
  const kernelMaxRss = process.resourceUsage().maxRSS * 1024;
  console.log(
    JSON.stringify({
      invoices: input.invoices.length,
      creditNotes: input.creditNotes.length,
      jsonMs,
      jsonCpuMs,
      jsonBytes: body.length,
      csvZipMs,
      csvZipCpuMs,
      zipBytes: zip.byteLength,
      baselineRssMb: mb(baselineRss),
      peakRssMb: mb(Math.max(peakRss, kernelMaxRss)),
      peakHeapUsedMb: mb(peakHeap),
    }),
  );
}

export async function measureGstr1(invoices = 10_000): Promise<Gstr1Figure> {
  const db = await startDynalite();
  try {
    const seedStart = performance.now();
    await batchWrite(
      db.client,
      db.table('purchases')(),
      Array.from({ length: invoices }, (_, i) => purchaseItem(i, invoices)),
    );
    const seedMs = Math.round(performance.now() - seedStart);
    const { port } = db;
    const tsx = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    // Not execFileSync's default: the parent's event loop must keep serving dynalite.
    const out = await new Promise<string>((resolvePromise, reject) => {
      execFile(
        process.execPath,
        [tsx, join(REPO_ROOT, 'bench', 'gstr1.ts'), '--child', String(port)],
        { cwd: REPO_ROOT, maxBuffer: 16 * 2 ** 20 },
        (error, stdout) => (error ? reject(error) : resolvePromise(stdout)),
      );
    });
    const line = out.trim().split('\n').at(-1) ?? '{}';
    return { ...(JSON.parse(line) as Gstr1Figure), loadAverage1m: loadAverage(), seedMs };
  } finally {
    await db.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--child') await child(Number(process.argv[3]));
  else console.log(JSON.stringify(await measureGstr1(Number(process.argv[2] ?? 10_000)), null, 2));
}
