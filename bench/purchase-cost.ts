/**
 * The cost of one hosting purchase in AWS (issue #30), counted from what it really does on the
 * local stack: the buyer's quote, order, payment, the browser's verify, Razorpay's webhook,
 * fulfilment, the invoice, the mails, provisioning and converge, and the dashboard that shows it.
 * The stack runs with STOREFRONT_USAGE_LOG set, so each Lambda invocation (duration, configured
 * memory), API request, and each AWS SDK call of the Lambdas (DynamoDB with its consumed
 * capacity, SES, EventBridge, Secrets Manager) lands in one file (lambdas/adapters/usage-meter.ts,
 * infra/local/usage-log.ts). One purchase first warms every Lambda up (cold starts are a cost of
 * their own, reported apart); then PURCHASES purchases, each by a buyer signed up beforehand, each
 * waited for until the stack is quiet; the log of each is priced by bench/cost.ts.
 *
 * The same log gives converge's figure: the provisionService invocations' DynamoDB items read and
 * written per service and per provider step, for a purchase of each kind.
 *
 * Then one month of an idle active service: each scheduled job run once on the stack (holding the
 * services the purchases left, none due), priced per run and times its runs a month; a service's
 * share is that divided by the services the store holds (SERVICES_FOR_SHARE, stated).
 *
 * `npx tsx bench/purchase-cost.ts` starts its own stack and prints the figures.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack, type LocalStack } from '../tests/helpers/local-stack';
import { sshPublicKey } from '../tests/helpers/ssh-keys';
import {
  api,
  eventually,
  givenProfile,
  payOrder,
  placeOrder,
} from '../tests/helpers/storefront-client';
import type { UsageLine } from '../lambdas/adapters/usage-meter';
import type { LocalUsageLine } from '../infra/local/usage-log';
import { SCHEDULES } from '../infra/lib/definitions/functions';
import {
  billedMs,
  costLines,
  formatRupees,
  RUPEES_PER_DOLLAR,
  totalRupees,
  type CostLine,
  type Usage,
} from './cost';
import { benchSession, type BenchSession } from './session';
import { loadAverage, round1 } from './stats';

export const PURCHASES = 3;
export const PURCHASE_TARGET_RUPEES = 0.25;
/** The store's size a service's share of the scheduled jobs is taken over. */
export const SERVICES_FOR_SHARE = 1_000;

type Line = UsageLine | LocalUsageLine;

export interface ConvergeFigure {
  planId: string;
  invocations: number;
  /** Of those, the ones that threw (each a bus delivery retried). */
  threw: number;
  /** Invocations by the event that asked (detail-type), and the errors thrown by name. */
  byTrigger: Record<string, number>;
  errors: Record<string, number>;
  steps: number;
  itemsRead: number;
  itemsWritten: number;
  itemsReadPerStep: number;
  itemsWrittenPerStep: number;
}

export interface PurchaseCostFigure {
  purchases: number;
  usagePerPurchase: Usage;
  lines: CostLine[];
  rupeesPerPurchase: number;
  topThree: string[];
  rupeesPerDollar: number;
  /** Cold starts seen in the warm-up purchase: functions and their first invocation's ms. */
  coldInvocations: { fn: string; ms: number }[];
  converge: ConvergeFigure[];
  idleMonth: {
    perRun: { job: string; runsPerMonth: number; rupeesPerRun: number }[];
    rupeesPerMonthAllServices: number;
    servicesForShare: number;
    rupeesPerServiceMonth: number;
  };
  loadAverage1m: number;
}

function readLines(file: string, from = 0): Line[] {
  if (!existsSync(file)) return [];
  // `from` is a size in bytes (statSync's).
  return readFileSync(file)
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
}

/** Waits until the log has not grown for `quietMs` (the stack's async work is done). */
async function settled(file: string, quietMs = 3000, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let size = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = existsSync(file) ? statSync(file).size : 0;
    if (now !== size) {
      size = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the stack never went quiet');
}

const logSize = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** Sums a slice of the log into what AWS bills. */
export function usageOf(lines: readonly Line[], per = 1): Usage {
  const lambdas = new Map<string, { durations: number[]; memoryMb: number }>();
  let reads = 0;
  let writes = 0;
  let apiRequests = 0;
  let events = 0;
  let mails = 0;
  let secretsCalls = 0;
  for (const line of lines) {
    switch (line.service) {
      case 'lambda': {
        const entry = lambdas.get(line.fn!) ?? { durations: [], memoryMb: line.memoryMb ?? 0 };
        entry.durations.push(line.ms ?? 0);
        lambdas.set(line.fn!, entry);
        break;
      }
      case 'apigateway':
        apiRequests += 1;
        break;
      case 'dynamodb': {
        // dynalite answers the table's units; a refused write is billed at least one.
        const units =
          line.capacityUnits ?? (line.read ? Math.max(0.5, line.items * 0.5) : line.items);
        if (line.read) reads += units;
        else writes += units;
        break;
      }
      case 'eventbridge':
        if (line.command === 'PutEventsCommand') events += line.items;
        break;
      case 'ses':
        mails += line.items;
        break;
      case 'secretsmanager':
        secretsCalls += 1;
        break;
    }
  }
  return {
    lambdas: [...lambdas].map(([fn, { durations, memoryMb }]) => ({
      fn,
      invocations: round1(durations.length / per),
      billedMs: round1(billedMs(durations) / per),
      memoryMb,
    })),
    dynamoReadUnits: round1(reads / per),
    dynamoWriteUnits: round1(writes / per),
    apiRequests: round1(apiRequests / per),
    events: round1(events / per),
    mails: round1(mails / per),
    secretsCalls: round1(secretsCalls / per),
  };
}

/** Converge's reads and writes in one purchase's slice of the log. */
function convergeOf(planId: string, lines: readonly Line[]): ConvergeFigure {
  const runs = lines.filter((l) => l.service === 'lambda' && l.fn === 'provisionService');
  const ids = new Set(runs.map((l) => l.requestId));
  const calls = lines.filter(
    (l): l is UsageLine => l.service === 'dynamodb' && ids.has((l as UsageLine).requestId),
  );
  const steps = runs.reduce((n, l) => n + ((l as LocalUsageLine).actions ?? 0), 0);
  const itemsRead = calls.filter((c) => c.read).reduce((n, c) => n + c.items, 0);
  const itemsWritten = calls.filter((c) => !c.read).reduce((n, c) => n + c.items, 0);
  const count = (keys: (string | undefined)[]) =>
    keys.reduce<Record<string, number>>((n, k) => (k ? { ...n, [k]: (n[k] ?? 0) + 1 } : n), {});
  const local = runs as LocalUsageLine[];
  return {
    planId,
    invocations: runs.length,
    threw: local.filter((l) => l.ok === false).length,
    byTrigger: count(local.map((l) => l.trigger)),
    errors: count(local.map((l) => l.error)),
    steps,
    itemsRead,
    itemsWritten,
    itemsReadPerStep: round1(itemsRead / Math.max(1, steps)),
    itemsWrittenPerStep: round1(itemsWritten / Math.max(1, steps)),
  };
}

/** One purchase as a buyer makes it, waited for until everything it set off is done. */
async function purchase(
  stack: LocalStack,
  session: BenchSession,
  planId: string,
  file: string,
): Promise<void> {
  const token = session.idToken;
  const body = {
    planId,
    months: 12,
    ...(planId.endsWith('domain') ? { domain: `bench-${Date.now().toString(36)}.com` } : {}),
    // A VPS with no key waits for the buyer to add one and is never made (D24): the bench buyer
    // gives one at checkout, as the checkout page asks, so the purchase's VM is counted.
    ...(planId.endsWith('vps') ? { vps: { os: 'debian-12', sshKeys: [sshPublicKey()] } } : {}),
  };
  const quote = await api(stack, 'POST', '/api/checkout/quote', { token, body });
  if (quote.status !== 200) throw new Error(`quote answered ${quote.status}`);
  const order = await placeOrder(stack, token, body);
  const paid = await payOrder(stack, order.body.orderId, 'success');
  if (paid.status !== 200) throw new Error(`pay answered ${paid.status}`);
  // The browser's verify, as Checkout's handler makes it; the webhook comes on its own.
  const verify = await api(stack, 'POST', '/api/checkout/verify', { token, body: paid.body });
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}`);
  // Every purchase is waited for until the storefront shows it active (a VPS: its VM cloned over
  // converge's passes and started), then until the stack is quiet.
  await eventually(
    async () => {
      const dashboard = await api<{ services: { state?: string }[] }>(
        stack,
        'GET',
        '/api/me/dashboard',
        { token },
      );
      return dashboard.body.services.some((s) => s.state === 'active') ? true : undefined;
    },
    'the purchase active on the dashboard',
    120_000,
  );
  await settled(file);
  // The buyer's dashboard, once, as they open it.
  await api(stack, 'GET', '/api/me/dashboard', { token });
  await settled(file, 1000);
}

export async function measurePurchaseCost(stack: LocalStack, file: string) {
  // Sign-ups first: an account is not part of a purchase.
  const warm = await benchSession(stack, 'bench-cost-warm');
  const buyers = [];
  for (let i = 0; i < PURCHASES; i += 1) buyers.push(await benchSession(stack, `bench-cost-${i}`));
  const kinds = ['basicdomain', 'basicvps', 'basicstorage'];
  const kindBuyers = [];
  for (const planId of kinds) {
    const buyer = await benchSession(stack, `bench-${planId}`);
    // A registry needs the registrant's address and phone (D23): without them every converge
    // of a domain fails and is retried, which is not what a purchase costs.
    await givenProfile(stack, buyer.idToken);
    kindBuyers.push(buyer);
  }
  await settled(file, 1500);

  let mark = logSize(file);
  await purchase(stack, warm, 'basichosting', file);
  const warmLines = readLines(file, mark);
  const seen = new Set<string>();
  const coldInvocations: { fn: string; ms: number }[] = [];
  for (const line of warmLines) {
    if (line.service === 'lambda' && !seen.has(line.fn!)) {
      seen.add(line.fn!);
      coldInvocations.push({ fn: line.fn!, ms: (line as LocalUsageLine).ms ?? 0 });
    }
  }

  mark = logSize(file);
  const converge: ConvergeFigure[] = [];
  for (const buyer of buyers) {
    const before = logSize(file);
    await purchase(stack, buyer, 'basichosting', file);
    if (converge.length === 0) converge.push(convergeOf('basichosting', readLines(file, before)));
  }
  const usagePerPurchase = usageOf(readLines(file, mark), PURCHASES);
  const priced = costLines(usagePerPurchase);

  for (const [i, planId] of kinds.entries()) {
    const before = logSize(file);
    await purchase(stack, kindBuyers[i]!, planId, file);
    converge.push(convergeOf(planId, readLines(file, before)));
  }

  // The scheduled jobs, each run once now (nothing due): the fixed cost of a run.
  const perRun = [];
  let monthAll = 0;
  for (const schedule of SCHEDULES) {
    const before = logSize(file);
    const res = await fetch(`${stack.baseUrl}/_local/jobs/${schedule.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.baseUrl },
      body: JSON.stringify({ time: new Date().toISOString() }),
    });
    if (!res.ok) throw new Error(`job ${schedule.name} answered ${res.status}`);
    await settled(file, 1000);
    const rupeesPerRun = totalRupees(costLines(usageOf(readLines(file, before))));
    const runsPerMonth = runsAMonth(schedule.expression);
    monthAll += rupeesPerRun * runsPerMonth;
    perRun.push({ job: schedule.name, runsPerMonth, rupeesPerRun });
  }

  const figure: PurchaseCostFigure = {
    purchases: PURCHASES,
    usagePerPurchase,
    lines: priced,
    rupeesPerPurchase: totalRupees(priced),
    topThree: priced.slice(0, 3).map((l) => `${l.what} ${formatRupees(l.rupees)}`),
    rupeesPerDollar: RUPEES_PER_DOLLAR,
    coldInvocations,
    converge,
    idleMonth: {
      perRun,
      rupeesPerMonthAllServices: monthAll,
      servicesForShare: SERVICES_FOR_SHARE,
      rupeesPerServiceMonth: monthAll / SERVICES_FOR_SHARE,
    },
    loadAverage1m: loadAverage(),
  };
  return figure;
}

/** Runs a month (30 days) of a schedule's expression: rate(N minutes|hour…) or a daily cron. */
export function runsAMonth(expression: string): number {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (rate) {
    const n = Number(rate[1]);
    const minutes = rate[2]!.startsWith('minute')
      ? n
      : rate[2]!.startsWith('hour')
        ? n * 60
        : n * 1440;
    return (30 * 1440) / minutes;
  }
  if (/^cron\(\d+ \d+ \* \* \? \*\)$/.test(expression)) return 30;
  throw new Error(`no monthly count for ${expression}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = join(tmpdir(), `storefront-usage-${process.pid}.jsonl`);
  writeFileSync(file, '');
  const stack = await startLocalStack({
    env: { LOG_LEVEL: 'ERROR', LOCAL_THROTTLE: 'off', STOREFRONT_USAGE_LOG: file },
  });
  try {
    const figure = await measurePurchaseCost(stack, file);
    console.log(JSON.stringify(figure, null, 2));
    console.log(
      `one hosting purchase: ${formatRupees(figure.rupeesPerPurchase)} at ₹${figure.rupeesPerDollar}/$ ` +
        `(target ≤ ₹${PURCHASE_TARGET_RUPEES}); top three: ${figure.topThree.join(', ')}`,
    );
  } finally {
    await stack.dispose();
  }
}
