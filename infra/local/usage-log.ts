/**
 * The local stack's side of the bench's usage log (bench/purchase-cost.ts): where
 * STOREFRONT_USAGE_LOG names a file, each Lambda invocation (its function, duration and configured
 * memory) and each API Gateway request is appended to it as a JSON line, beside the AWS SDK
 * calls the Lambdas' clients append (lambdas/adapters/usage-meter.ts). The invocation running is
 * kept where those clients can read it (LOCAL_INVOCATION_KEY), so each call names its function.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { ENV, LOCAL_INVOCATION_KEY } from '../../lambdas/system/facts';

export interface LocalUsageLine {
  service: 'lambda' | 'apigateway';
  fn?: string;
  requestId?: string;
  route?: string;
  ms?: number;
  memoryMb?: number;
  ok?: boolean;
  /** What converge did (provisionService's answer), for the bench's converge figure. */
  actions?: number;
  /** The bus event that invoked it (its detail-type), where one did. */
  trigger?: string;
  /** The error's name, when the invocation threw (a bus delivery is then retried). */
  error?: string;
}

const invocations = new AsyncLocalStorage<{ fn: string; requestId: string }>();
(globalThis as Record<symbol, unknown>)[Symbol.for(LOCAL_INVOCATION_KEY)] = invocations;

/** Runs one invocation's work where the SDK clients' meter can see whose it is. */
export function asInvocation<T>(fn: string, requestId: string, work: () => T): T {
  return invocations.run({ fn, requestId }, work);
}

export function recordLocalUsage(line: LocalUsageLine): void {
  const file = process.env[ENV.usageLog];
  if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
}
