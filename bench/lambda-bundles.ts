/**
 * Each Lambda bundled exactly as the CDK stack bundles it and started as the stack starts it: the
 * esbuild options, SDK aliases and NODE_OPTIONS come from infra/lib/constructs/sdk-bundling.ts,
 * which storefront-function.ts hands to NodejsFunction. Two ways: the AWS SDK v3 left external (the
 * runtime's copy, resolved here from the project's node_modules) and bundled, tree-shaken, into the
 * function. Each bundle is imported cold in fresh Node processes, the two variants interleaved run
 * by run so a busy machine weighs on both alike; medians of wall and CPU time (CPU time is the
 * steadier figure on a shared machine). The init split, measured on the deployed variant: a bundle
 * built the same way holding only the function's SDK clients, imported cold (SDK module load), then
 * each client constructed once (first client); the rest of the cold import is the function's own
 * code and its other dependencies (Powertools, zod).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { FUNCTIONS } from '../infra/lib/definitions/functions';
import {
  bundlesAwsSdk,
  LAMBDA_BUNDLING,
  LAMBDA_NODE_OPTIONS,
  SDK_ALIASES,
} from '../infra/lib/constructs/sdk-bundling';
import { REPO_ROOT } from '../infra/lib/paths';

export type SdkBundling = 'external' | 'bundled';

export interface LambdaVariant {
  bundleBytes: number;
  /** Median wall time of `await import(bundle)` in a fresh process. */
  coldImportMs: number;
  /** Median CPU time (user + system) of the same imports. */
  coldImportCpuMs: number;
}

export interface LambdaFigure {
  id: string;
  /**
   * The floor of the function's cold start: a bundle of only the AWS SDK clients it uses, built
   * and constructed as the deployed bundle builds them, imported cold in the same rounds as the
   * deployed bundle (interleaved); null for a function without SDK clients.
   */
  baseline: { coldImportMs: number; coldImportCpuMs: number } | null;
  /** The deployed bundle's median cold import ÷ the baseline's, wall time (target ≤ 1.3). */
  coldToBaseline: number | null;
  /**
   * The same ratio of CPU time (user + system) in the same runs. Printed beside the wall-time
   * ratio, the target's figure: on a busy machine a ~40 ms import's wall time waits on other
   * processes and its ratio moves by ±0.5 run to run, while its CPU time is the work it does, so a
   * wall ratio far from the CPU ratio is noise and the two together are the cost.
   */
  coldToBaselineCpu: number | null;
  /** The variant the CDK stack deploys (sdk-bundling.ts's bundlesAwsSdk). */
  deployed: SdkBundling;
  /** The deployed variant's figures, as the table reports them. */
  bundleBytes: number;
  coldImportMs: number;
  coldImportCpuMs: number;
  variants: Record<SdkBundling, LambdaVariant>;
  /** Loads razorpay or pdf-lib at module load (then exempt from the cold-start target). */
  loadsRazorpayAtInit: boolean;
  usesRazorpay: boolean;
  usesPdf: boolean;
  /** The @aws-sdk/* packages the function imports. */
  sdkPackages: string[];
  /**
   * Of the deployed variant: ms to import the function's SDK clients alone, bundled the same way,
   * then ms to construct each of them once.
   */
  initSplit: { sdkModuleLoadMs: number; firstClientMs: number } | null;
}

const COLD_RUNS = 7;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Runs a module script in a fresh Node process started as the Lambdas are; returns its stdout. */
function runCold(script: string): string {
  return execFileSync(
    process.execPath,
    [...LAMBDA_NODE_OPTIONS, '--input-type=module', '-e', script],
    {
      // The local Node is older than the runtime's; the SDK's warning about that is noise here.
      stdio: ['ignore', 'pipe', 'ignore'],
      env: {
        ...process.env,
        NODE_NO_WARNINGS: '1',
        AWS_REGION: 'ap-south-1',
        AWS_ACCESS_KEY_ID: 'bench',
        AWS_SECRET_ACCESS_KEY: 'bench',
      },
    },
  ).toString();
}

/** The esbuild options of the stack's bundling (NodejsFunction's names mapped to esbuild's). */
export function lambdaBuildOptions(sdk: SdkBundling, outfile: string): BuildOptions {
  return {
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: LAMBDA_BUNDLING.platform,
    format: LAMBDA_BUNDLING.format,
    target: LAMBDA_BUNDLING.target,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    // NodejsFunction's bundleAwsSDK: false marks @aws-sdk/* external; the SDK aliases apply
    // otherwise. fontkit is the installed package, patched at install (E34).
    external: sdk === 'external' ? ['@aws-sdk/*'] : [],
    alias: sdk === 'bundled' ? SDK_ALIASES : {},
    outfile,
    metafile: true,
    logLevel: 'silent',
  };
}

async function bundle(entry: string, outfile: string, sdk: SdkBundling): Promise<Metafile> {
  const result = await build({
    ...lambdaBuildOptions(sdk, outfile),
    entryPoints: [resolve(entry)],
  });
  return result.metafile!;
}

/** Wall and CPU ms of one cold import of the bundle. */
function coldImport(outfile: string): { wall: number; cpu: number } {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(outfile)}); const d = process.cpuUsage(c); process.stdout.write(JSON.stringify({ wall: performance.now() - t, cpu: (d.user + d.system) / 1000 }));`;
  return JSON.parse(runCold(script)) as { wall: number; cpu: number };
}

/** The client classes of the function's @aws-sdk/client-* packages, e.g. DynamoDBClient. */
function clientClasses(packages: string[]): { pkg: string; name: string }[] {
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  return packages
    .filter((p) => p.startsWith('@aws-sdk/client-'))
    .map((pkg) => {
      const exports = require(pkg) as Record<string, unknown>;
      const name = Object.keys(exports).find(
        (k) => /^[A-Z]\w*Client$/.test(k) && typeof exports[k] === 'function',
      );
      if (!name) throw new Error(`No client class found in ${pkg}`);
      return { pkg, name };
    });
}

/**
 * The function's SDK clients alone, bundled as the function is: ms from the import's start to the
 * end of the SDK's module code, then ms to construct each client once.
 */
async function sdkProbe(
  packages: string[],
  sdk: SdkBundling,
  outDir: string,
  id: string,
): Promise<string | null> {
  const clients = clientClasses(packages);
  if (clients.length === 0) return null;
  const outfile = join(outDir, `${id}.sdk-probe.mjs`);
  // DynamoDB is used through lib-dynamodb's document client, as lambdas/adapters/dynamodb builds it.
  const documentClient = packages.includes('@aws-sdk/lib-dynamodb');
  const constructed = (name: string) =>
    documentClient && name === 'DynamoDBClient'
      ? `DynamoDBDocumentClient.from(new ${name}({}));`
      : `new ${name}({});`;
  const contents = [
    ...clients.map(({ pkg, name }) => `import { ${name} } from '${pkg}';`),
    ...(documentClient ? ["import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';"] : []),
    // Runs after every imported module's code: bundled, the SDK's code comes first in the file.
    'globalThis.__sdkLoaded = performance.now();',
    ...clients.map(({ name }) => constructed(name)),
    'globalThis.__clientsBuilt = performance.now();',
  ].join('\n');
  await build({
    ...lambdaBuildOptions(sdk, outfile),
    stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'sdk-probe.mjs', loader: 'js' },
  });
  return outfile;
}

/** The SDK probe's split: its module code's ms, then constructing each client once. */
function initSplit(outfile: string | null): LambdaFigure['initSplit'] {
  if (!outfile) return null;
  const script = `const t = performance.now(); await import(${JSON.stringify(outfile)}); process.stdout.write(JSON.stringify([globalThis.__sdkLoaded - t, globalThis.__clientsBuilt - globalThis.__sdkLoaded]));`;
  const load: number[] = [];
  const construct: number[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const [a, b] = JSON.parse(runCold(script)) as [number, number];
    load.push(a);
    construct.push(b);
  }
  return { sdkModuleLoadMs: round1(median(load)), firstClientMs: round1(median(construct)) };
}

/** Every function's figures (or only those named). */
export async function measureLambdas(only?: readonly string[]): Promise<LambdaFigure[]> {
  // Inside the project, so external bundles resolve @aws-sdk/* from its node_modules, as the
  // Lambda runtime resolves its own copy.
  const outDir = resolve('bench/.out/lambdas');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), '{"type":"module"}');
  const figures: LambdaFigure[] = [];
  for (const fn of Object.values(FUNCTIONS).filter((f) => !only || only.includes(f.id))) {
    const outfiles = {} as Record<SdkBundling, string>;
    let sdkPackages: string[] = [];
    let usesRazorpay = false;
    let usesPdf = false;
    let loadsRazorpayAtInit = false;
    for (const sdk of ['external', 'bundled'] as const) {
      const outfile = join(outDir, `${fn.id}.${sdk}.mjs`);
      const meta = await bundle(fn.entry, outfile, sdk);
      outfiles[sdk] = outfile;
      if (sdk !== 'external') continue;
      const inputs = Object.keys(meta.inputs);
      const output = Object.values(meta.outputs).find((o) => o.entryPoint !== undefined);
      sdkPackages = [
        ...new Set(
          (output?.imports ?? [])
            .filter((i) => i.external && i.path.startsWith('@aws-sdk/'))
            .map((i) => i.path),
        ),
      ].sort();
      usesRazorpay = inputs.some((i) => i.includes('node_modules/razorpay/'));
      usesPdf = inputs.some((i) => i.includes('node_modules/pdf-lib/'));
      // Razorpay's code runs at import unless every import of it is a dynamic `import()`.
      loadsRazorpayAtInit = Object.entries(meta.inputs).some(
        ([path, input]) =>
          !path.includes('node_modules/razorpay/') &&
          input.imports.some(
            (i) => i.path.includes('node_modules/razorpay/') && i.kind !== 'dynamic-import',
          ),
      );
    }
    const deployed: SdkBundling = bundlesAwsSdk(fn.id) ? 'bundled' : 'external';
    const probe = await sdkProbe(sdkPackages, deployed, outDir, fn.id);
    // Interleaved, run by run, so a burst of load elsewhere weighs on both variants and the
    // SDK-only baseline alike.
    const runs: Record<SdkBundling | 'baseline', { wall: number[]; cpu: number[] }> = {
      external: { wall: [], cpu: [] },
      bundled: { wall: [], cpu: [] },
      baseline: { wall: [], cpu: [] },
    };
    for (let run = 0; run < COLD_RUNS; run += 1) {
      for (const sdk of ['baseline', 'external', 'bundled'] as const) {
        const file = sdk === 'baseline' ? probe : outfiles[sdk];
        if (!file) continue;
        const { wall, cpu } = coldImport(file);
        runs[sdk].wall.push(wall);
        runs[sdk].cpu.push(cpu);
      }
    }
    const baseline = probe
      ? {
          coldImportMs: round1(median(runs.baseline.wall)),
          coldImportCpuMs: round1(median(runs.baseline.cpu)),
        }
      : null;
    const variant = (sdk: SdkBundling): LambdaVariant => ({
      bundleBytes: statSync(outfiles[sdk]).size,
      coldImportMs: round1(median(runs[sdk].wall)),
      coldImportCpuMs: round1(median(runs[sdk].cpu)),
    });
    const variants = { external: variant('external'), bundled: variant('bundled') };
    const ratio = (ms: number, floor: number) => Math.round((ms / floor) * 100) / 100;
    figures.push({
      id: fn.id,
      baseline,
      coldToBaseline: baseline
        ? ratio(variants[deployed].coldImportMs, baseline.coldImportMs)
        : null,
      coldToBaselineCpu: baseline
        ? ratio(variants[deployed].coldImportCpuMs, baseline.coldImportCpuMs)
        : null,
      deployed,
      bundleBytes: variants[deployed].bundleBytes,
      coldImportMs: variants[deployed].coldImportMs,
      coldImportCpuMs: variants[deployed].coldImportCpuMs,
      variants,
      loadsRazorpayAtInit,
      usesRazorpay,
      usesPdf,
      sdkPackages,
      initSplit: initSplit(probe),
    });
  }
  return figures;
}
