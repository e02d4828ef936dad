/**
 * Each Lambda bundled as the CDK stack bundles it (esbuild, minified ESM for Node.js 22, the AWS
 * SDK v3 left to the runtime), then imported cold in a fresh Node process.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { FUNCTIONS } from '../infra/lib/definitions/functions';

export interface LambdaFigure {
  id: string;
  bundleBytes: number;
  coldImportMs: number;
}

const COLD_IMPORT_RUNS = 5;

export async function measureLambdas(): Promise<LambdaFigure[]> {
  // Inside the project, so the bundles resolve @aws-sdk/* from its node_modules, as the Lambda
  // runtime resolves its own copy.
  const outDir = resolve('bench/.out/lambdas');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), '{"type":"module"}');
  const figures: LambdaFigure[] = [];
  for (const fn of Object.values(FUNCTIONS)) {
    const outfile = join(outDir, `${fn.id}.mjs`);
    await build({
      entryPoints: [resolve(fn.entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      external: ['@aws-sdk/*'],
      outfile,
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
      logLevel: 'silent',
    });
    const times: number[] = [];
    for (let run = 0; run < COLD_IMPORT_RUNS; run += 1) {
      const script = `const t = performance.now(); await import(${JSON.stringify(outfile)}); process.stdout.write(String(performance.now() - t));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, AWS_REGION: 'ap-south-1' },
      });
      times.push(Number(out.toString()));
    }
    times.sort((a, b) => a - b);
    figures.push({
      id: fn.id,
      bundleBytes: statSync(outfile).size,
      coldImportMs: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    });
  }
  return figures;
}
