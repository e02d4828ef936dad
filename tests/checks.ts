/**
 * `npm test`'s checks before vitest: the typecheck, lint, format:check and build scripts of
 * package.json, run side by side on as many cores as the machine has (two in CI) instead of one
 * after another. Each `&&` part of a script is its own job (the two tsc runs of typecheck go side
 * by side too); the commands are read from package.json, so there is one copy of each.
 *
 * Each job's output is printed as one block when it ends, with its time and exit code. Every job
 * runs to its end, so one run shows every failure; the exit code is 1 when any of them failed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPTS = ['typecheck', 'lint', 'format:check', 'build'] as const;

interface Job {
  name: string;
  command: string;
}

interface Ended extends Job {
  code: number;
  seconds: number;
  output: string;
}

function jobsOf(scripts: Record<string, string>): Job[] {
  return SCRIPTS.flatMap((script) => {
    const line = scripts[script];
    if (!line) throw new Error(`package.json has no "${script}" script.`);
    return line.split('&&').map((part) => ({ name: script, command: part.trim() }));
  });
}

function run(job: Job): Promise<Ended> {
  const started = performance.now();
  return new Promise((resolve) => {
    // As `npm run`: the project's bin directory first on the PATH, the repository as cwd.
    const child = spawn(job.command, {
      cwd: ROOT,
      shell: true,
      env: {
        ...process.env,
        PATH: [join(ROOT, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
      },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = (code: number, more = '') =>
      resolve({
        ...job,
        code,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString('utf8') + more,
      });
    child.on('error', (error) => end(1, `\n${error.message}\n`));
    child.on('close', (code, signal) => end(code ?? 1, signal ? `\nkilled by ${signal}\n` : ''));
  });
}

async function main(): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const queue = jobsOf(pkg.scripts);
  const width = Math.max(1, availableParallelism());
  const started = performance.now();
  const failed: string[] = [];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const ended = await run(job);
      const verdict = ended.code === 0 ? 'ok' : `FAILED (exit ${ended.code})`;
      process.stdout.write(
        `\n== ${ended.name} (${ended.command}): ${verdict}, ${ended.seconds.toFixed(1)} s\n` +
          ended.output,
      );
      if (ended.code !== 0) failed.push(ended.name);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failed.length) {
    process.stdout.write(`\n== checks failed in ${seconds} s: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  } else process.stdout.write(`\n== checks passed in ${seconds} s, ${width} at a time\n`);
}

await main();
