/**
 * The auto-renew job's cost over a big table (issue #30): 100,000 services in an in-process
 * dynalite, every one with auto-renew on and a confirmed mandate, of which a few hundred have a
 * step due at the run's time (a pre-debit notice three days before renewal, a debit the day after
 * a notice, a pay link where the amount is over the mandate's limit), the rest due months away.
 * One run of the job's use case on the real DynamoDB adapters (the store, users and orders), with
 * Razorpay and SES replaced by counters; items read and written counted by wrapping the document
 * client (bench/dynamo-count.ts). A second run the same hour shows what a run with nothing left to
 * do reads. Target: items read ≤ 2 × due.
 * `npx tsx bench/auto-renew-job.ts` prints the figures; bench/run.ts calls measureAutoRenewJob().
 */
import { performance } from 'node:perf_hooks';
import { DynamoAutoRenewStore } from '../lambdas/adapters/dynamodb/auto-renew';
import { DynamoOrdersStore } from '../lambdas/adapters/dynamodb/orders-table';
import { DynamoUsersStore } from '../lambdas/adapters/dynamodb/users-table';
import { autoRenewPriceRequest, noticeDueAt } from '../lambdas/domain/auto-renew';
import { priceCheckout } from '../lambdas/domain/checkout-pricing';
import { isDomainPlanId } from '../lambdas/domain/domain-names';
import { CATALOG } from '../lambdas/domain/catalog';
import { dueShardOf } from '../lambdas/domain/renewal-schedule';
import type { LogPort } from '../lambdas/ports/logger';
import type { GatewayPayment } from '../lambdas/ports/payment-gateway';
import type { ServiceRecord } from '../lambdas/ports/services';
import { SAMPLE_SELLER } from '../lambdas/templates/invoice/sample';
import { runAutoRenew } from '../lambdas/use-cases/auto-renew/run-auto-renew';
import { startDynalite } from '../tests/helpers/dynalite';
import { countingClient, type DynamoCounts } from './dynamo-count';
import { benchBuyer, benchHosting, seedServicesAndBuyers } from './seed';
import { round1 } from './stats';

export interface AutoRenewJobFigure {
  services: number;
  /** Services with a step due at the run's time. */
  due: number;
  ms: number;
  first: DynamoCounts;
  notices: number;
  debits: number;
  payLinks: number;
  mails: number;
  /** The same hour again: nothing left to do. */
  second: DynamoCounts;
  secondRunMs: number;
  seedMs: number;
}

const DAY_MS = 86_400_000;
/** The run: 15 June 2027, 08:00 IST, the job's schedule. */
const NOW = new Date('2027-06-15T02:30:00.000Z');

export const AUTO_RENEW_DUE = { notice: 200, debit: 100, payLink: 20 };

const silent: LogPort = { info: () => undefined, warn: () => undefined, error: () => undefined };

function renewsIn(days: number): string {
  const day = new Date(NOW.getTime() + days * DAY_MS);
  day.setUTCHours(6, 30, 0, 0);
  return day.toISOString();
}

type Kind = 'notice' | 'debit' | 'payLink' | 'later';

function serviceItem(i: number, kind: Kind): ServiceRecord & Record<string, unknown> {
  // A notice falls due three days before renewal; a debit the day after the notice.
  const renewalDate = renewsIn(kind === 'debit' ? 2 : kind === 'later' ? 60 + (i % 300) : 3);
  const base = benchHosting(i, renewalDate, { months: 1, amountPaise: 41_182 });
  const noticeSentAt = new Date(NOW.getTime() - DAY_MS - 3_600_000).toISOString();
  const dueAt =
    kind === 'later'
      ? noticeDueAt(new Date(renewalDate)).toISOString()
      : new Date(NOW.getTime() - 3_600_000).toISOString();
  const item = {
    ...base,
    autoRenew: {
      enabled: true,
      changedAt: base.createdAt,
      mandate: {
        tokenId: `token_bench${i}`,
        customerId: `cust_bench${i}`,
        method: 'card',
        label: 'Visa •••• 4242',
        // Over the limit: the job mails a pay link instead of debiting.
        maxAmountPaise: kind === 'payLink' ? 100 : 1_500_000,
        status: 'confirmed',
        since: base.createdAt,
      },
      ...(kind === 'debit' ? { cycle: { renewalDate, noticeSentAt, noticeAmountPaise: 0 } } : {}),
    },
    mandateKey: `token_bench${i}`,
    autoRenewDueAt: dueAt,
    autoRenewShard: dueShardOf(base.serviceId),
  } as ServiceRecord & Record<string, unknown>;
  // The notice named what the job will debit: the renewal's price as the job computes it.
  if (item.autoRenew?.cycle) item.autoRenew.cycle.noticeAmountPaise = priceOfRenewal(item);
  return item;
}

export async function measureAutoRenewJob(total = 100_000): Promise<AutoRenewJobFigure> {
  const db = await startDynalite();
  try {
    const services: object[] = [];
    const users: object[] = [];
    let i = 0;
    for (const [kind, count] of Object.entries(AUTO_RENEW_DUE) as [Kind, number][]) {
      for (let n = 0; n < count; n += 1, i += 1) {
        services.push(serviceItem(i, kind));
        users.push(benchBuyer(i));
      }
    }
    const due = i;
    for (; i < total; i += 1) services.push(serviceItem(i, 'later'));

    const seedMs = await seedServicesAndBuyers(db, services, users);

    const counting = countingClient(db.client);
    let sent = 0;
    let orders = 0;
    const deps = {
      store: new DynamoAutoRenewStore(counting.client, db.table('services')),
      users: new DynamoUsersStore(counting.client, db.table('users')),
      plans: async () => CATALOG,
      gateway: {
        createOrder: async (request: { amountPaise: number; currency: string }) => ({
          id: `order_bench${(orders += 1)}`,
          amountPaise: request.amountPaise,
          currency: request.currency,
        }),
        listOrderPayments: async (): Promise<GatewayPayment[]> => [],
        createRecurringPayment: async (request: { orderId: string; amountPaise: number }) =>
          ({
            id: `pay_benchAr${orders}`,
            orderId: request.orderId,
            amountPaise: request.amountPaise,
            currency: 'INR',
            status: 'created',
            amountRefundedPaise: 0,
            refundStatus: null,
          }) satisfies GatewayPayment,
      },
      orders: new DynamoOrdersStore(counting.client, db.table('orders')),
      mailer: {
        send: async () => {
          sent += 1;
        },
      },
      seller: () => SAMPLE_SELLER,
      siteUrl: () => 'https://store.example.in',
      optOutUrl: async () => 'https://store.example.in/auto-renew/off?t=bench',
      log: silent,
      clock: () => new Date(),
      leaseMs: 15 * 60_000,
    };

    const start = performance.now();
    const summary = await runAutoRenew(deps, NOW, 'bench-run-1');
    const ms = Math.round(performance.now() - start);
    const first = counting.counts();
    if (summary.errors) throw new Error(`${summary.errors} services failed in the bench run`);
    if (summary.read !== due) throw new Error(`the run read ${summary.read} due, not ${due}`);

    counting.reset();
    const again = performance.now();
    await runAutoRenew(deps, new Date(NOW.getTime() + 3_600_000), 'bench-run-2');
    const secondRunMs = Math.round(performance.now() - again);
    return {
      services: total,
      due,
      ms,
      first,
      notices: summary.notices,
      debits: summary.debits,
      payLinks: summary.payLinks,
      mails: sent,
      second: counting.counts(),
      secondRunMs,
      seedMs,
    };
  } finally {
    await db.stop();
  }
}

/** What the job charges to renew a service (no billing state: the seller's own state's tax). */
function priceOfRenewal(service: ServiceRecord): number {
  return priceCheckout(
    CATALOG,
    autoRenewPriceRequest({ ...service, isDomain: isDomainPlanId(service.planId) }),
  ).totalPaise;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureAutoRenewJob(Number(process.argv[2] ?? 100_000));
  console.log(JSON.stringify(figure, null, 2));
  console.log(
    `auto-renew job: ${figure.services} services, ${figure.due} due → ${figure.ms} ms, ` +
      `${figure.first.itemsRead} items read (${round1(figure.first.itemsRead / figure.due)} per due), ` +
      `${figure.first.itemsWritten} written; ${figure.notices} notices, ${figure.debits} debits, ` +
      `${figure.payLinks} pay links; a second run: ${figure.second.itemsRead} read, ${figure.secondRunMs} ms`,
  );
}
