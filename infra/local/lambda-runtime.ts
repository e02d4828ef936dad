/**
 * Runs the stack's Lambdas in this process: the very handler modules that the CDK stack deploys,
 * imported by their entry path and called with a Lambda-shaped context. All functions share one
 * process and one environment (the union of what each gets in AWS).
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTIONS, type FunctionDefinition, type FunctionId } from '../lib/definitions/functions';
import { HOME_REGION, LOCAL_ACCOUNT_ID } from '../../lambdas/system/facts';
import { asInvocation, recordLocalUsage } from './usage-log';

type Handler = (event: unknown, context: LambdaContext) => unknown;

export interface LambdaContext {
  callbackWaitsForEmptyEventLoop: boolean;
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  getRemainingTimeInMillis(): number;
  done(): void;
  fail(): void;
  succeed(): void;
}

export type InvokeOutcome =
  | { ok: true; result: unknown; requestId: string }
  | { ok: false; error: { errorType: string; errorMessage: string }; requestId: string };

export class FunctionTimeoutError extends Error {
  override name = 'FunctionTimeoutError';
}

/** The local name of a function: what cognito-local's config and the Invoke API use. */
export function localFunctionName(id: FunctionId): string {
  return `storefront-${id}`;
}

export function functionIdFromName(name: string): FunctionId | undefined {
  const id = name.startsWith('storefront-') ? name.slice('storefront-'.length) : name;
  return Object.hasOwn(FUNCTIONS, id) ? (id as FunctionId) : undefined;
}

export class LambdaRuntime {
  private readonly loaded = new Map<FunctionId, Promise<Handler>>();

  /**
   * @param timeoutFactor Locally every Lambda shares one process (and dynalite's), so a burst of
   *   invocations stretches each one's wall time far beyond what it would take in its own instance
   *   in AWS. The local limit is the function's timeout times this factor; going over the real
   *   timeout is logged as a warning.
   */
  constructor(
    private readonly rootDir: string,
    private readonly timeoutFactor = 1,
  ) {}

  /** Imports a handler module once (its cold start); later calls reuse it, as a warm Lambda does. */
  load(id: FunctionId): Promise<Handler> {
    let handler = this.loaded.get(id);
    if (!handler) {
      const definition = FUNCTIONS[id];
      const url = pathToFileURL(resolve(this.rootDir, definition.entry)).href;
      handler = import(url).then((module: { handler?: unknown }) => {
        if (typeof module.handler !== 'function') {
          throw new Error(`${definition.entry} does not export a handler function.`);
        }
        return module.handler as Handler;
      });
      handler.catch(() => this.loaded.delete(id)); // a module that failed to load is retried next time
      this.loaded.set(id, handler);
    }
    return handler;
  }

  async invoke(id: FunctionId, event: unknown): Promise<InvokeOutcome> {
    const definition = FUNCTIONS[id];
    const requestId = randomUUID();
    try {
      const handler = await this.load(id);
      const limitMs = definition.timeoutSeconds * 1000 * this.timeoutFactor;
      const started = performance.now();
      const result = await withTimeout(
        limitMs,
        asInvocation(id, requestId, () =>
          handler(event, makeContext(definition, requestId, limitMs)),
        ),
      );
      const ms = performance.now() - started;
      const tookMs = Math.round(ms);
      recordLocalUsage({
        service: 'lambda',
        fn: id,
        requestId,
        ms: Math.round(ms * 10) / 10,
        memoryMb: definition.memoryMb,
        ok: true,
        ...actionsOf(result),
        ...triggerOf(event),
      });
      if (tookMs > definition.timeoutSeconds * 1000) {
        console.warn(
          `[lambda ${id}] ${requestId} took ${tookMs} ms, over its ${definition.timeoutSeconds} s timeout in AWS ` +
            '(allowed locally: every Lambda shares this process)',
        );
      }
      return { ok: true, result, requestId };
    } catch (error) {
      recordLocalUsage({
        service: 'lambda',
        fn: id,
        requestId,
        memoryMb: definition.memoryMb,
        ok: false,
        ...triggerOf(event),
        error: error instanceof Error ? error.name : typeof error,
      });
      const err = error instanceof Error ? error : new Error(String(error));
      console.error(`[lambda ${id}] ${requestId} failed: ${err.name}: ${err.message}`);
      if (err.stack && !(err instanceof FunctionTimeoutError)) console.error(err.stack);
      return { ok: false, error: { errorType: err.name, errorMessage: err.message }, requestId };
    }
  }
}

/** The bus event's detail-type, where a bus event invoked the function. */
function triggerOf(event: unknown): { trigger?: string } {
  const type = (event as { 'detail-type'?: unknown } | null | undefined)?.['detail-type'];
  return typeof type === 'string' ? { trigger: type } : {};
}

/** How many provider steps converge took, where the answer says (provisionService's). */
function actionsOf(result: unknown): { actions?: number } {
  const actions = (result as { actions?: unknown } | null | undefined)?.actions;
  return Array.isArray(actions) ? { actions: actions.length } : {};
}

function makeContext(
  definition: FunctionDefinition,
  requestId: string,
  limitMs: number,
): LambdaContext {
  const deadline = Date.now() + limitMs;
  const functionName = localFunctionName(definition.id);
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${HOME_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: String(definition.memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function withTimeout<T>(limitMs: number, work: T | Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new FunctionTimeoutError(`Task timed out after ${(limitMs / 1000).toFixed(2)} seconds`),
        ),
      limitMs,
    );
  });
  return Promise.race([Promise.resolve(work), timeout]).finally(() => clearTimeout(timer));
}
