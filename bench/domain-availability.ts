/**
 * /domains' search under load (issue #30): `GET /api/domains/availability?name=` at 32 connections
 * for 10 s on loopback against the local stack, whose registrar stand-in answers each
 * `domains/available` in 50 ms as a real registrar does. Two runs: every request a label never
 * searched before (each one asks the registrar: the target's figure, p99 ≤ 80 ms), then 50 labels
 * searched over and over (what the search use case's 30 s cache serves).
 * `npx tsx bench/domain-availability.ts` starts a stack of its own and prints the figures.
 */
import { startLocalStack, type LocalStack } from '../tests/helpers/local-stack';
import { loadTest, type LoadFigure } from './api-load';

export const AVAILABILITY_ROUTE = 'GET /api/domains/availability';
export const AVAILABILITY_TARGET_P99_MS = 80;

export interface DomainAvailabilityFigure {
  /** Every request a new label: each asks the registrar. */
  uncached: LoadFigure;
  /** 50 labels over and over: the cache's. */
  repeated: LoadFigure;
}

export async function measureDomainAvailability(
  stack: Pick<LocalStack, 'baseUrl'>,
): Promise<DomainAvailabilityFigure> {
  let n = 0;
  const run = Date.now().toString(36);
  const uncached = await loadTest({
    baseUrl: stack.baseUrl,
    route: `${AVAILABILITY_ROUTE} (new label each request)`,
    method: 'GET',
    path: '/api/domains/availability?name=warmup',
    nextPath: () => `/api/domains/availability?name=bench${run}n${(n += 1)}`,
  });
  let m = 0;
  const repeated = await loadTest({
    baseUrl: stack.baseUrl,
    route: `${AVAILABILITY_ROUTE} (50 labels repeated)`,
    method: 'GET',
    path: '/api/domains/availability?name=warmup',
    nextPath: () => `/api/domains/availability?name=popular${(m += 1) % 50}`,
  });
  return { uncached, repeated };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stack = await startLocalStack({ env: { LOG_LEVEL: 'ERROR', LOCAL_THROTTLE: 'off' } });
  try {
    console.log(JSON.stringify(await measureDomainAvailability(stack), null, 2));
  } finally {
    await stack.dispose();
  }
}
