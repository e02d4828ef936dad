/**
 * The mutation score (`npm run mutate`, docs/mutation.md): read from StrykerJS's JSON report
 * (reports/mutation/mutation.json, the mutation-testing-elements schema) and summed per area.
 * `npm run mutate` runs this file after Stryker, which writes the summary into bench/report.json's
 * `mutation` section and leaves the bench's other figures as they are; `npm run bench` carries the
 * last summary into the report it writes.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const STRYKER_REPORT = resolve('reports/mutation/mutation.json');
const BENCH_REPORT = resolve('bench/report.json');

export const MUTATION_TARGET = { domainScore: 90 };

interface StrykerMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}

interface StrykerReport {
  files: Record<string, { mutants: StrykerMutant[] }>;
}

export interface MutationArea {
  /** Killed or timed out: a test failed (or hung) with the mutant in place. */
  detected: number;
  survived: number;
  /** No test runs the mutated code at all. */
  noCoverage: number;
  /** Counted mutants: all but compile and runtime errors and ignored ones. */
  valid: number;
  /** detected ÷ valid, in per cent, one decimal. */
  score: number;
}

export interface MutationSummary {
  /** When Stryker wrote the report read here. */
  reportAt: string;
  domain: MutationArea;
  useCases: MutationArea;
  all: MutationArea;
  /** `path:line:column mutator → replacement`, for docs/mutation.md. */
  survivors: string[];
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNCOUNTED = new Set(['CompileError', 'RuntimeError', 'Ignored', 'Pending']);

function area(mutants: StrykerMutant[]): MutationArea {
  const counted = mutants.filter((m) => !UNCOUNTED.has(m.status));
  const detected = counted.filter((m) => DETECTED.has(m.status)).length;
  return {
    detected,
    survived: counted.filter((m) => m.status === 'Survived').length,
    noCoverage: counted.filter((m) => m.status === 'NoCoverage').length,
    valid: counted.length,
    score: counted.length ? Math.round((detected / counted.length) * 1000) / 10 : 0,
  };
}

/** The summary of the last `npm run mutate`, or null when it has not been run here. */
export function mutationSummary(): MutationSummary | null {
  if (!existsSync(STRYKER_REPORT)) return null;
  const report = JSON.parse(readFileSync(STRYKER_REPORT, 'utf8')) as StrykerReport;
  const entries = Object.entries(report.files).map(([path, file]) => ({
    path: path.replace(/\\/g, '/'),
    mutants: file.mutants,
  }));
  const of = (test: (path: string) => boolean) =>
    entries.filter((e) => test(e.path)).flatMap((e) => e.mutants);
  return {
    reportAt: statSync(STRYKER_REPORT).mtime.toISOString(),
    domain: area(of((p) => p.startsWith('lambdas/domain/'))),
    useCases: area(of((p) => p.startsWith('lambdas/use-cases/'))),
    all: area(of(() => true)),
    survivors: entries.flatMap((e) =>
      e.mutants
        .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
        .map(
          (m) =>
            `${e.path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} → ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80)}${m.status === 'NoCoverage' ? ' (no coverage)' : ''}`,
        ),
    ),
  };
}

/** Writes the summary into bench/report.json, keeping whatever else the bench wrote there. */
function writeIntoBenchReport(summary: MutationSummary): void {
  const report = existsSync(BENCH_REPORT)
    ? (JSON.parse(readFileSync(BENCH_REPORT, 'utf8')) as Record<string, unknown>)
    : {};
  report.mutation = summary;
  writeFileSync(BENCH_REPORT, `${JSON.stringify(report, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const summary = mutationSummary();
  if (!summary) {
    console.error(`${STRYKER_REPORT} is missing: run \`npm run mutate\`.`);
    process.exitCode = 1;
  } else {
    writeIntoBenchReport(summary);
    const line = (name: string, a: MutationArea) =>
      `${name}: ${a.score}% (${a.detected} of ${a.valid} detected, ${a.survived} survived, ${a.noCoverage} without coverage)`;
    console.log(line('lambdas/domain/', summary.domain));
    console.log(line('money-moving use cases', summary.useCases));
    console.log(line('all mutated code', summary.all));
    console.log(`Wrote the mutation section of bench/report.json.`);
    if (summary.domain.score < MUTATION_TARGET.domainScore) {
      console.log(`lambdas/domain/ is under its ${MUTATION_TARGET.domainScore}% target.`);
    }
  }
}
