/**
 * Whether a Lambda's bundle carries the AWS SDK v3 (tree-shaken by esbuild) or leaves it to the
 * Node.js runtime's copy: whichever imports faster cold, as `npm run bench` measures both ways
 * (bench/lambda-bundles.ts; README, Performance). One bundled file parses faster than the runtime's
 * SDK resolved package by package, for every function but the invoice renderer, whose bundle is
 * dominated by pdf-lib and fontkit and which measured no faster with the SDK inside.
 */
import type { FunctionId } from '../definitions/functions';

const SDK_LEFT_TO_THE_RUNTIME: ReadonlySet<FunctionId> = new Set<FunctionId>(['invoices']);

export function bundlesAwsSdk(id: FunctionId): boolean {
  return !SDK_LEFT_TO_THE_RUNTIME.has(id);
}
