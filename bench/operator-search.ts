/**
 * The console's search over 100,000 customers (issue #30): the users table in an in-process
 * dynalite seeded by BatchWrite with 100,000 buyers as the users adapter stores them (email,
 * phone, and the name index's key and prefix), then the search use case on the real adapters, one
 * query at a time (one operator), the kinds interleaved: the start of a name (a common two-letter
 * prefix and a first name with a surname's initial), an email, a phone number, an order id that
 * does not exist. p50/p99 over all and per kind; items read per search. Target: p99 ≤ 50 ms.
 * `npx tsx bench/operator-search.ts [customers]` prints the figures.
 */
import { performance } from 'node:perf_hooks';
import { DynamoOrdersStore } from '../lambdas/adapters/dynamodb/orders-table';
import { DynamoPurchasesStore } from '../lambdas/adapters/dynamodb/purchases-table';
import { DynamoServicesStore } from '../lambdas/adapters/dynamodb/services-table';
import { DynamoTicketsStore } from '../lambdas/adapters/dynamodb/tickets-table';
import { DynamoUsersStore } from '../lambdas/adapters/dynamodb/users-table';
import { nameIndexOf } from '../lambdas/domain/admin';
import type { LogPort } from '../lambdas/ports/logger';
import { searchEverything } from '../lambdas/use-cases/admin/search';
import { startDynalite } from '../tests/helpers/dynalite';
import { countingClient } from './dynamo-count';
import { batchWrite } from './seed';
import { loadAverage, percentile, round1 } from './stats';

export interface OperatorSearchFigure {
  customers: number;
  searches: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  byKind: Record<string, { searches: number; p50Ms: number; p99Ms: number; itemsRead: number }>;
  /**
   * The floor, measured in the same rounds: one GetItem of a customer by key through the same
   * adapter (the least a search can cost), so a busy machine weighs on both alike.
   */
  floorP50Ms: number;
  floorP99Ms: number;
  /** Every search's p50 ÷ the floor's. */
  p50ToFloor: number;
  loadAverage1m: number;
  seedMs: number;
}

const FIRST = [
  'Asha',
  'Ravi',
  'Priya',
  'Rahul',
  'Anita',
  'Vikram',
  'Deepa',
  'Arjun',
  'Kavya',
  'Sanjay',
  'Meera',
  'Rohan',
  'Lakshmi',
  'Karthik',
  'Neha',
  'Amit',
  'Divya',
  'Suresh',
  'Pooja',
  'Manoj',
];
const LAST = [
  'Verma',
  'Sharma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Gupta',
  'Rao',
  'Menon',
  'Das',
  'Singh',
  'Kulkarni',
  'Joshi',
  'Pillai',
  'Bose',
  'Mehta',
  'Shetty',
  'Chopra',
  'Naidu',
  'Kapoor',
];

const silent: LogPort = { info: () => undefined, warn: () => undefined, error: () => undefined };

function customer(i: number): Record<string, unknown> {
  const name = `${FIRST[i % FIRST.length]!} ${LAST[Math.floor(i / FIRST.length) % LAST.length]!} ${i}`;
  return {
    userId: `bench-user-${i.toString().padStart(6, '0')}`,
    email: `buyer${i}@example.in`,
    name,
    phone: `+9198${i.toString().padStart(8, '0')}`,
    createdAt: '2026-06-01T05:00:00.000Z',
    ...nameIndexOf(name),
  };
}

export async function measureOperatorSearch(
  customers = 100_000,
  rounds = 60,
): Promise<OperatorSearchFigure> {
  const db = await startDynalite();
  try {
    const seedStart = performance.now();
    await batchWrite(
      db.client,
      db.table('users')(),
      Array.from({ length: customers }, (_, i) => customer(i)),
    );
    const seedMs = Math.round(performance.now() - seedStart);

    const counting = countingClient(db.client);
    const deps = {
      users: new DynamoUsersStore(counting.client, db.table('users')),
      services: new DynamoServicesStore(counting.client, db.table('services')),
      orders: new DynamoOrdersStore(counting.client, db.table('orders')),
      purchases: new DynamoPurchasesStore(counting.client, db.table('purchases')),
      tickets: new DynamoTicketsStore(counting.client, db.table('tickets')),
      gateway: { fetchPayment: () => Promise.reject(new Error('not searched')) },
      log: silent,
    };
    const kinds: Record<string, (n: number) => string> = {
      'name, 2 letters': (n) => FIRST[n % FIRST.length]!.slice(0, 2),
      'name, first + initial': (n) =>
        `${FIRST[n % FIRST.length]!} ${LAST[(n * 7) % LAST.length]!.slice(0, 1)}`,
      email: (n) => `buyer${(n * 1_657) % customers}@example.in`,
      phone: (n) => `98${((n * 1_657) % customers).toString().padStart(8, '0')}`,
      'order id': (n) => `order_Bench${n}`,
    };
    const samples: Record<string, number[]> = {};
    const floor: number[] = [];
    const reads: Record<string, number> = {};
    // Warm-up: the first search of each kind compiles its path.
    for (const make of Object.values(kinds)) await searchEverything(deps, make(0));
    for (let n = 1; n <= rounds; n += 1) {
      for (const [kind, make] of Object.entries(kinds)) {
        const before = counting.counts().itemsRead;
        const start = performance.now();
        const answer = await searchEverything(deps, make(n));
        (samples[kind] ??= []).push(performance.now() - start);
        reads[kind] = (reads[kind] ?? 0) + counting.counts().itemsRead - before;
        if (kind !== 'order id' && answer.customers.length === 0) {
          throw new Error(`the search for ${make(n)} found no one`);
        }
        const floorStart = performance.now();
        await deps.users.getUser(customer((n * 31) % customers).userId as string);
        floor.push(performance.now() - floorStart);
      }
    }
    const all = Object.values(samples).flat();
    return {
      customers,
      searches: all.length,
      p50Ms: round1(percentile(all, 50)),
      p99Ms: round1(percentile(all, 99)),
      maxMs: round1(Math.max(...all)),
      byKind: Object.fromEntries(
        Object.entries(samples).map(([kind, values]) => [
          kind,
          {
            searches: values.length,
            p50Ms: round1(percentile(values, 50)),
            p99Ms: round1(percentile(values, 99)),
            itemsRead: round1((reads[kind] ?? 0) / values.length),
          },
        ]),
      ),
      floorP50Ms: round1(percentile(floor, 50)),
      floorP99Ms: round1(percentile(floor, 99)),
      p50ToFloor: round1(percentile(all, 50) / percentile(floor, 50)),
      loadAverage1m: loadAverage(),
      seedMs,
    };
  } finally {
    await db.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureOperatorSearch(Number(process.argv[2] ?? 100_000));
  console.log(JSON.stringify(figure, null, 2));
}
