/**
 * How every Lambda is bundled and started. storefront-function.ts hands these to NodejsFunction and
 * bench/lambda-bundles.ts builds and starts its bundles with the very same, so the bench measures
 * what is deployed. Each choice is the faster one as `npm run bench` measured it (issue #17: cold
 * import ≤ 60 ms; README, Performance), variants compared interleaved in one run:
 *
 * - The AWS SDK v3 is bundled and tree-shaken into every function, not left to the runtime's
 *   copy: one bundled file imports in a quarter to a half of the time of the runtime's packages
 *   resolved one by one. That now holds for the invoice renderer too (pdf-lib dominates its
 *   bundle; CPU 250 ms bundled against 370 ms external), which was left to the runtime's copy
 *   while the bundled SDK carried its whole credential chain.
 * - Two SDK pieces no function runs are swapped out as the SDK is bundled (SDK_ALIASES): the
 *   default credential chain (Lambda puts the role's credentials in the environment, where the
 *   chain looks first) and event streams (no call of ours streams). Together about 150 KB, over a
 *   third of a small function's bundle, that every cold start parsed and partly ran.
 * - No `--enable-source-maps`: with it Node reads and indexes the bundle's map at every cold start
 *   (5-10 ms of the budget here) and decodes all of it at the first stack trace. The map still
 *   ships beside the bundle (index.mjs.map, without sources), so a logged trace's
 *   `index.mjs:LINE:COLUMN` is read back offline: `new (require('node:module').SourceMap)(map)
 *   .findEntry(LINE - 1, COLUMN - 1)`.
 */
import type { FunctionId } from '../definitions/functions';

/** Functions whose SDK is left to the runtime's copy: none measures faster that way. */
const SDK_LEFT_TO_THE_RUNTIME: ReadonlySet<FunctionId> = new Set<FunctionId>([]);

export function bundlesAwsSdk(id: FunctionId): boolean {
  return !SDK_LEFT_TO_THE_RUNTIME.has(id);
}

/**
 * esbuild aliases, relative to the repository root (where esbuild runs); they apply only where the
 * SDK is bundled. Tests and the local stack import the SDK as it is.
 */
export const SDK_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './lambdas/config/lambda-credentials.ts',
  '@smithy/core/event-streams': './lambdas/config/no-event-streams.ts',
};

/**
 * esbuild emits ESM; a few CommonJS dependencies (razorpay's axios, Powertools internals) call
 * `require` for Node built-ins, which ESM lacks, so the bundle defines one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __storefrontCreateRequire } from 'node:module'; const require = __storefrontCreateRequire(import.meta.url);";

/** The esbuild options every Lambda is bundled with (as NodejsFunction's bundling names them). */
export const LAMBDA_BUNDLING = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  minify: true,
  // ESM-first packages resolve to their ESM build, which tree-shakes.
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  // Written beside the bundle for reading traces offline; Node does not load it (see above).
  // Without the sources it is a third the size.
  sourceMap: true,
  sourcesContent: false,
} as const;

/** NODE_OPTIONS of every Lambda: none (no `--enable-source-maps`, see above). */
export const LAMBDA_NODE_OPTIONS: readonly string[] = [];
