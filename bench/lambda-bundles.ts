/**
 * Each Lambda bundled as the CDK stack bundles it (infra/lib/constructs/storefront-function.ts:
 * esbuild, minified ESM for Node.js 22, module-first resolution, source maps read through
 * --enable-source-maps), two ways: the AWS SDK v3 left external (the runtime's copy, resolved here
 * from the project's node_modules) and the SDK bundled and tree-shaken into the function. Each
 * bundle is imported cold in fresh Node processes. The init split: how long loading the function's
 * SDK client packages takes, and how long constructing its first client then takes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { FUNCTIONS } from '../infra/lib/definitions/functions';
import { bundlesAwsSdk } from '../infra/lib/constructs/sdk-bundling';

export type SdkBundling = 'external' | 'bundled';

export interface LambdaVariant {
  bundleBytes: number;
  coldImportMs: number;
}

export interface LambdaFigure {
  id: string;
  /** The variant the CDK stack deploys (storefront-function.ts's bundlesAwsSdk). */
  deployed: SdkBundling;
  /** The deployed variant's figures, as the table reports them. */
  bundleBytes: number;
  coldImportMs: number;
  variants: Record<SdkBundling, LambdaVariant>;
  /** Loads razorpay or pdf-lib at module load (then exempt from the cold-start target). */
  loadsRazorpayAtInit: boolean;
  usesRazorpay: boolean;
  usesPdf: boolean;
  /** The @aws-sdk/* packages the function imports. */
  sdkPackages: string[];
  /** ms to import those packages cold, and ms to construct the first client after that. */
  initSplit: { sdkModuleLoadMs: number; firstClientMs: number } | null;
}

const COLD_RUNS = 5;
const BANNER =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

function runCold(script: string): string {
  return execFileSync(
    process.execPath,
    ['--enable-source-maps', '--input-type=module', '-e', script],
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

async function bundle(entry: string, outfile: string, sdk: SdkBundling): Promise<Metafile> {
  const result = await build({
    entryPoints: [resolve(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    external: sdk === 'external' ? ['@aws-sdk/*'] : [],
    outfile,
    banner: { js: BANNER },
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

function coldImportMs(outfile: string): number {
  const times: number[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const script = `const t = performance.now(); await import(${JSON.stringify(outfile)}); process.stdout.write(String(performance.now() - t));`;
    times.push(Number(runCold(script)));
  }
  return round1(median(times));
}

/** Module load of the function's SDK client packages, then its first client's construction. */
function initSplit(packages: string[], cwd: string): LambdaFigure['initSplit'] {
  const clients = packages.filter((p) => p.startsWith('@aws-sdk/client-'));
  if (clients.length === 0) return null;
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(${JSON.stringify(join(cwd, 'probe.mjs'))});
    const t0 = performance.now();
    const mods = [];
    for (const name of ${JSON.stringify(packages)}) mods.push(await import(require.resolve(name)));
    const t1 = performance.now();
    const first = mods.find((m) => Object.keys(m).some((k) => /^[A-Z]\\w*Client$/.test(k) && typeof m[k] === 'function'));
    const ctor = Object.keys(first).find((k) => /^[A-Z]\\w*Client$/.test(k) && typeof first[k] === 'function');
    new first[ctor]({});
    const t2 = performance.now();
    process.stdout.write(JSON.stringify([t1 - t0, t2 - t1]));`;
  const load: number[] = [];
  const construct: number[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const [a, b] = JSON.parse(runCold(script)) as [number, number];
    load.push(a);
    construct.push(b);
  }
  return { sdkModuleLoadMs: round1(median(load)), firstClientMs: round1(median(construct)) };
}

export async function measureLambdas(): Promise<LambdaFigure[]> {
  // Inside the project, so external bundles resolve @aws-sdk/* from its node_modules, as the
  // Lambda runtime resolves its own copy.
  const outDir = resolve('bench/.out/lambdas');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), '{"type":"module"}');
  const figures: LambdaFigure[] = [];
  for (const fn of Object.values(FUNCTIONS)) {
    const variants = {} as Record<SdkBundling, LambdaVariant>;
    let sdkPackages: string[] = [];
    let usesRazorpay = false;
    let usesPdf = false;
    let loadsRazorpayAtInit = false;
    for (const sdk of ['external', 'bundled'] as const) {
      const outfile = join(outDir, `${fn.id}.${sdk}.mjs`);
      const meta = await bundle(fn.entry, outfile, sdk);
      const inputs = Object.keys(meta.inputs);
      if (sdk === 'external') {
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
      variants[sdk] = { bundleBytes: statSync(outfile).size, coldImportMs: coldImportMs(outfile) };
    }
    const deployed: SdkBundling = bundlesAwsSdk(fn.id) ? 'bundled' : 'external';
    figures.push({
      id: fn.id,
      deployed,
      bundleBytes: variants[deployed].bundleBytes,
      coldImportMs: variants[deployed].coldImportMs,
      variants,
      loadsRazorpayAtInit,
      usesRazorpay,
      usesPdf,
      sdkPackages,
      initSplit: initSplit(sdkPackages, outDir),
    });
  }
  return figures;
}
