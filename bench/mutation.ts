/**
 * The mutation score (`npm run mutate`, docs/mutation.md): read from StrykerJS's JSON reports
 * (the mutation-testing-elements schema) and summed per area. The reports are the whole run's
 * (reports/mutation/mutation.json) and the per-file runs' (`npm run mutate:files`,
 * reports/mutation/files/*.json); each source file counts once, from the newest report that has
 * it. A file whose report is gone keeps its last per-file figure: from the last summary in
 * bench/report.json, or else from the per-file table of docs/mutation.md (the committed record),
 * unless a newer report has the file. `npm run mutate` runs this file after Stryker, which writes
 * the summary into bench/report.json's `mutation` section and leaves the bench's other figures as
 * they are; `npm run bench` carries the last summary into the report it writes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const STRYKER_REPORT = resolve('reports/mutation/mutation.json');
const PER_FILE_REPORTS = resolve('reports/mutation/files');
/** What mutate-files.sh renames a whole run's report to, beside the per-file ones. */
const WHOLE_RUN_REPORT = join(PER_FILE_REPORTS, 'whole-run.json');
const BENCH_REPORT = resolve('bench/report.json');
const MUTATION_DOC = 'docs/mutation.md';
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

/** One mutated file's figures, and where they come from. */
export interface MutationFile extends MutationArea {
  /** The report they were read from (relative path), when it was written. */
  report: string;
  at: string;
  /**
   * Set when no report read here has the file, or only an older one: the figures are the last
   * summary's (bench/report.json) or the per-file table's row of docs/mutation.md.
   */
  kept?: 'bench/report.json' | 'docs/mutation.md';
}

export interface MutationSummary {
  /** The newest of the files' times (`files[…].at`). */
  reportAt: string;
  /** The reports the figures come from (relative paths), kept ones' included. */
  reports: string[];
  files: Record<string, MutationFile>;
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

function withScore(counts: Omit<MutationArea, 'score'>): MutationArea {
  const { detected, valid } = counts;
  return { ...counts, score: valid ? Math.round((detected / valid) * 1000) / 10 : 0 };
}

function areaOfMutants(mutants: StrykerMutant[]): MutationArea {
  const counted = mutants.filter((m) => !UNCOUNTED.has(m.status));
  return withScore({
    detected: counted.filter((m) => DETECTED.has(m.status)).length,
    survived: counted.filter((m) => m.status === 'Survived').length,
    noCoverage: counted.filter((m) => m.status === 'NoCoverage').length,
    valid: counted.length,
  });
}

function sum(areas: MutationArea[]): MutationArea {
  const total = (key: keyof MutationArea) => areas.reduce((n, a) => n + a[key], 0);
  return withScore({
    detected: total('detected'),
    survived: total('survived'),
    noCoverage: total('noCoverage'),
    valid: total('valid'),
  });
}

function survivorLines(path: string, mutants: StrykerMutant[]): string[] {
  return mutants
    .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
    .map(
      (m) =>
        `${path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} → ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80)}${m.status === 'NoCoverage' ? ' (no coverage)' : ''}`,
    );
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

interface Figure {
  file: MutationFile;
  survivors: string[];
}

/** The per-file figures of the last summary written into bench/report.json, if it kept any. */
function lastSummaryFigures(): Map<string, Figure> {
  const figures = new Map<string, Figure>();
  if (!existsSync(BENCH_REPORT)) return figures;
  const last = (JSON.parse(readFileSync(BENCH_REPORT, 'utf8')) as { mutation?: MutationSummary })
    .mutation;
  for (const [path, file] of Object.entries(last?.files ?? {})) {
    if (typeof file.valid !== 'number') continue; // a summary from before per-file figures
    figures.set(path, {
      file: { ...file, kept: file.kept ?? 'bench/report.json' },
      survivors: (last?.survivors ?? []).filter((line) => line.startsWith(`${path}:`)),
    });
  }
  return figures;
}

/**
 * The rows of docs/mutation.md's per-file table (`| \`path\` | mutants | killed | survived | no
 * coverage | …`), as of the doc's last commit (its file time outside git): the record of per-file
 * runs whose reports are gone. Its survivors are listed there, not here.
 */
function docTableFigures(): Map<string, Figure> {
  const figures = new Map<string, Figure>();
  if (!existsSync(resolve(MUTATION_DOC))) return figures;
  let at: string;
  try {
    at = execFileSync('git', ['log', '-1', '--format=%cI', '--', MUTATION_DOC], {
      encoding: 'utf8',
    }).trim();
  } catch {
    at = '';
  }
  at = new Date(at || statSync(resolve(MUTATION_DOC)).mtime).toISOString();
  const row = /^\| `(lambdas\/[^`]+\.ts)` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|/;
  for (const line of readFileSync(resolve(MUTATION_DOC), 'utf8').split('\n')) {
    const match = row.exec(line);
    if (!match) continue;
    const [, path = '', valid, detected, survived, noCoverage] = match;
    const counts = withScore({
      detected: Number(detected),
      survived: Number(survived),
      noCoverage: Number(noCoverage),
      valid: Number(valid),
    });
    figures.set(path, {
      file: { ...counts, report: MUTATION_DOC, at, kept: 'docs/mutation.md' },
      survivors: [],
    });
  }
  return figures;
}

/** The summary of the last mutation runs, or null when none has been run here. */
export function mutationSummary(): MutationSummary | null {
  const reports = strykerReports();
  const relative = (path: string) => path.slice(resolve('.').length + 1);
  const chosen = new Map<string, Figure>();
  /** Files a per-file run's report has: no row of the doc stands in for them. */
  const perFile = new Set<string>();
  for (const { path: reportPath, at } of reports) {
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as StrykerReport;
    const ofOneFile = reportPath.startsWith(PER_FILE_REPORTS) && reportPath !== WHOLE_RUN_REPORT;
    for (const [raw, file] of Object.entries(report.files)) {
      const path = raw.replace(/\\/g, '/');
      if (ofOneFile) perFile.add(path);
      if (chosen.has(path)) continue; // a newer report has it
      chosen.set(path, {
        file: {
          report: relative(reportPath),
          at: at.toISOString(),
          ...areaOfMutants(file.mutants),
        },
        survivors: survivorLines(path, file.mutants),
      });
    }
  }
  // A kept figure stands where no report has the file, or only an older one.
  const keep = (figures: Map<string, Figure>, skip: (path: string) => boolean) => {
    for (const [path, figure] of figures) {
      const read = chosen.get(path);
      if (skip(path) || (read && read.file.at >= figure.file.at)) continue;
      chosen.set(path, figure);
    }
  };
  const lastSummary = lastSummaryFigures();
  keep(lastSummary, () => false);
  keep(docTableFigures(), (path) => perFile.has(path) || lastSummary.has(path));
  if (!chosen.size) return null;

  // A file since deleted or moved (its rules now elsewhere) has no mutants left to score.
  const entries = [...chosen]
    .filter(([path]) => existsSync(resolve(path)))
    .sort(([a], [b]) => a.localeCompare(b));
  const files = Object.fromEntries(entries.map(([path, { file }]) => [path, file]));
  const of = (test: (path: string) => boolean) =>
    sum(entries.filter(([path]) => test(path)).map(([, { file }]) => file));
  return {
    reportAt: entries
      .map(([, { file }]) => file.at)
      .sort()
      .at(-1)!,
    reports: [...new Set(entries.map(([, { file }]) => file.report))].sort(),
    files,
    domainNotRun: existsSync(resolve(DOMAIN))
      ? domainFiles()
          .filter((path) => !chosen.has(path))
          .sort()
      : [],
    domain: of((p) => p.startsWith(DOMAIN)),
    useCases: of((p) => p.startsWith('lambdas/use-cases/')),
    all: of(() => true),
    survivors: entries.flatMap(([, { survivors }]) => survivors),
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
