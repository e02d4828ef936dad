/**
 * The mutation score (`npm run mutate`, docs/mutation.md): read from StrykerJS's JSON reports
 * (the mutation-testing-elements schema) and summed per area. The reports are the whole run's
 * (reports/mutation/mutation.json) and the per-file runs' (`npm run mutate:files`,
 * reports/mutation/files/*.json); each source file counts once, from the newest report that has
 * it. `npm run mutate` runs this file after Stryker, which writes the summary into
 * bench/report.json's `mutation` section and leaves the bench's other figures as they are;
 * `npm run bench` carries the last summary into the report it writes.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const STRYKER_REPORT = resolve('reports/mutation/mutation.json');
const PER_FILE_REPORTS = resolve('reports/mutation/files');
const BENCH_REPORT = resolve('bench/report.json');
const DOMAIN = 'lambdas/domain/';

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
  /** When Stryker wrote the newest report read here. */
  reportAt: string;
  /** The reports read (relative paths), and each mutated file's, with when it was written. */
  reports: string[];
  files: Record<string, { report: string; at: string }>;
  /** Files of lambdas/domain/ no report read here has mutated: outside the domain's score. */
  domainNotRun: string[];
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

/** The JSON reports there are: the whole run's and the per-file runs', newest first. */
function strykerReports(): { path: string; at: Date }[] {
  const paths = [
    ...(existsSync(STRYKER_REPORT) ? [STRYKER_REPORT] : []),
    ...(existsSync(PER_FILE_REPORTS)
      ? readdirSync(PER_FILE_REPORTS)
          .filter((name) => name.endsWith('.json') && !name.endsWith('.incremental.json'))
          .map((name) => join(PER_FILE_REPORTS, name))
      : []),
  ];
  return paths
    .map((path) => ({ path, at: statSync(path).mtime }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Every .ts file under lambdas/domain/, relative to the repository. */
function domainFiles(dir = resolve(DOMAIN), prefix = DOMAIN): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? domainFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name.endsWith('.ts')
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

/** The summary of the last mutation runs, or null when none has been run here. */
export function mutationSummary(): MutationSummary | null {
  const reports = strykerReports();
  if (!reports.length) return null;
  const relative = (path: string) => path.slice(resolve('.').length + 1);
  const files: MutationSummary['files'] = {};
  const entries: { path: string; mutants: StrykerMutant[] }[] = [];
  for (const { path: reportPath, at } of reports) {
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as StrykerReport;
    for (const [raw, file] of Object.entries(report.files)) {
      const path = raw.replace(/\\/g, '/');
      if (files[path]) continue; // a newer report has it
      files[path] = { report: relative(reportPath), at: at.toISOString() };
      entries.push({ path, mutants: file.mutants });
    }
  }
  entries.sort((a, b) => a.path.localeCompare(b.path));
  const of = (test: (path: string) => boolean) =>
    entries.filter((e) => test(e.path)).flatMap((e) => e.mutants);
  return {
    reportAt: reports[0]!.at.toISOString(),
    reports: [...new Set(Object.values(files).map((f) => f.report))].sort(),
    files,
    domainNotRun: existsSync(resolve(DOMAIN))
      ? domainFiles()
          .filter((path) => !files[path])
          .sort()
      : [],
    domain: area(of((p) => p.startsWith(DOMAIN))),
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
    console.error(
      'No mutation report in reports/mutation/: run `npm run mutate` (or mutate:files).',
    );
    process.exitCode = 1;
  } else {
    writeIntoBenchReport(summary);
    const line = (name: string, a: MutationArea) =>
      `${name}: ${a.score}% (${a.detected} of ${a.valid} detected, ${a.survived} survived, ${a.noCoverage} without coverage)`;
    console.log(line('lambdas/domain/', summary.domain));
    console.log(line('money-moving use cases', summary.useCases));
    console.log(line('all mutated code', summary.all));
    if (summary.domainNotRun.length) {
      console.log(
        `lambdas/domain/ files not in the score (no run): ${summary.domainNotRun.join(', ')}`,
      );
    }
    console.log(`Wrote the mutation section of bench/report.json.`);
    if (summary.domain.score < MUTATION_TARGET.domainScore) {
      console.log(`lambdas/domain/ is under its ${MUTATION_TARGET.domainScore}% target.`);
    }
  }
}
