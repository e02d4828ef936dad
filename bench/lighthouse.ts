/**
 * Lighthouse (mobile, its default simulated throttling) in Debian's Chromium, kept off the network
 * by docs/toolchain.md's flags. Each page runs several times; the figure is the median of each
 * measure, with the spread (max − min) of the score and LCP beside it, because single runs on a
 * shared machine move by several points. Given a floor page, each run of a page follows a run of
 * the floor (floor, page, floor, page…), so a busy spell weighs on both alike: the page's figure
 * carries the floor's medians from its own runs and the differences to them, and every run the
 * machine's 1-minute load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAverage, median, spread } from './stats';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export const LIGHTHOUSE_RUNS = 5;

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export interface LighthouseRun {
  scores: Scores;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** What Lighthouse names as the LCP element (its selector), for reading a slow LCP. */
  lcpElement: string;
  /** The machine's 1-minute load average as the run ended. */
  loadAverage1m: number;
  /** What the main thread did (ms, as Lighthouse reports it under its simulated throttling). */
  mainThread: MainThreadBreakdown;
}

/** Lighthouse's mainthread-work-breakdown, bootup-time and long-tasks audits, reduced. */
export interface MainThreadBreakdown {
  /** Time by kind of work: scriptEvaluation, scriptParseCompile, styleLayout… */
  byGroup: Record<string, number>;
  /** Per script (path only): its evaluation and its parse/compile. */
  byScript: { url: string; scripting: number; parseCompile: number }[];
  /** The long tasks: where each starts, how long, and the script it is charged to. */
  longTasks: { url: string; startMs: number; durationMs: number }[];
}

/** The floor's medians over the runs interleaved with one page's, and the page against them. */
export interface FloorComparison {
  runs: number;
  performance: number;
  tbtMs: number;
  lcpMs: number;
  /** The page's median TBT minus the floor's (target ≤ 100 ms). */
  tbtOverFloorMs: number;
  /** The page's median LCP ÷ the floor's. */
  lcpToFloor: number;
  each: LighthouseRun[];
}

export interface LighthouseFigure extends Omit<
  LighthouseRun,
  'lcpElement' | 'loadAverage1m' | 'mainThread'
> {
  name: string;
  url: string;
  runs: number;
  /** max − min over the runs. */
  spread: { performance: number; lcpMs: number; cls: number };
  lcpElement: string;
  each: LighthouseRun[];
  floor?: FloorComparison;
}

export interface LighthousePage {
  name: string;
  url: string;
  /** localStorage entries written on the page's origin before every run (a signed-in session). */
  localStorage?: Record<string, string>;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

type AuditItems = { items?: Record<string, unknown>[] } | undefined;

/** A script's address without its origin (the stack's and the floor's ports change every run). */
const pathOf = (url: unknown) => {
  const text = typeof url === 'string' ? url : '';
  try {
    return new URL(text).pathname;
  } catch {
    return text;
  }
};

function mainThreadOf(audits: Record<string, { details?: unknown }>): MainThreadBreakdown {
  const items = (id: string) => (audits[id]?.details as AuditItems)?.items ?? [];
  const byGroup: Record<string, number> = {};
  for (const item of items('mainthread-work-breakdown')) {
    byGroup[String(item.group)] = Math.round(Number(item.duration));
  }
  return {
    byGroup,
    byScript: items('bootup-time').map((item) => ({
      url: pathOf(item.url),
      scripting: Math.round(Number(item.scripting)),
      parseCompile: Math.round(Number(item.scriptParseCompile)),
    })),
    longTasks: items('long-tasks').map((item) => ({
      url: pathOf(item.url),
      startMs: Math.round(Number(item.startTime)),
      durationMs: Math.round(Number(item.duration)),
    })),
  };
}

async function seedStorage(port: number, page: LighthousePage): Promise<void> {
  const entries = page.localStorage;
  if (!entries) return;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const tab = await context.newPage();
    // Any page of the origin will do; the not-found page loads least.
    await tab.goto(new URL('/bench-seed-session', page.url).toString(), {
      waitUntil: 'domcontentloaded',
    });
    // Written through DevTools' storage domain: no script runs in the page.
    const cdp = await context.newCDPSession(tab);
    await cdp.send('DOMStorage.enable');
    const origin = new URL(page.url).origin;
    for (const [key, value] of Object.entries(entries)) {
      await cdp.send('DOMStorage.setDOMStorageItem', {
        storageId: { securityOrigin: origin, isLocalStorage: true },
        key,
        value,
      });
    }
    await tab.close();
  } finally {
    // Leaves the browser running for Lighthouse: this only drops the CDP connection.
    await browser.close();
  }
}

/** One Lighthouse run of one page. */
async function runOnce(port: number, page: LighthousePage): Promise<LighthouseRun> {
  await seedStorage(port, page);
  const result = await lighthouse(page.url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // A seeded session must survive Lighthouse's reset; public pages start clean.
    disableStorageReset: page.localStorage !== undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => round(categories[id]?.score ?? 0, 2);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const lcpDetails = audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: round(numeric('cumulative-layout-shift'), 3),
    totalBytes: Math.round(numeric('total-byte-weight')),
    lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.selector ?? '',
    loadAverage1m: loadAverage(),
    mainThread: mainThreadOf(audits),
  };
}

function compareToFloor(page: LighthouseRun[], floor: LighthouseRun[]): FloorComparison {
  const tbtMs = median(floor.map((r) => r.tbtMs));
  const lcpMs = median(floor.map((r) => r.lcpMs));
  return {
    runs: floor.length,
    performance: median(floor.map((r) => r.scores.performance)),
    tbtMs,
    lcpMs,
    tbtOverFloorMs: median(page.map((r) => r.tbtMs)) - tbtMs,
    lcpToFloor: round(median(page.map((r) => r.lcpMs)) / lcpMs, 2),
    each: floor,
  };
}

export async function runLighthouse(
  pages: LighthousePage[],
  runs = LIGHTHOUSE_RUNS,
  /** Run before each run of every page: the static floor (bench/floor-page.ts). */
  floor?: LighthousePage,
): Promise<LighthouseFigure[]> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
  });
  try {
    const figures: LighthouseFigure[] = [];
    for (const page of pages) {
      const each: LighthouseRun[] = [];
      const floorRuns: LighthouseRun[] = [];
      for (let run = 0; run < runs; run += 1) {
        if (floor) floorRuns.push(await runOnce(chrome.port, floor));
        each.push(await runOnce(chrome.port, page));
      }
      const pick = <T>(f: (r: LighthouseRun) => T) => each.map(f);
      figures.push({
        name: page.name,
        url: page.url,
        runs,
        scores: {
          performance: median(pick((r) => r.scores.performance)),
          accessibility: median(pick((r) => r.scores.accessibility)),
          bestPractices: median(pick((r) => r.scores.bestPractices)),
          seo: median(pick((r) => r.scores.seo)),
        },
        lcpMs: median(pick((r) => r.lcpMs)),
        fcpMs: median(pick((r) => r.fcpMs)),
        tbtMs: median(pick((r) => r.tbtMs)),
        cls: median(pick((r) => r.cls)),
        totalBytes: median(pick((r) => r.totalBytes)),
        spread: {
          performance: round(spread(pick((r) => r.scores.performance)), 2),
          lcpMs: spread(pick((r) => r.lcpMs)),
          cls: round(spread(pick((r) => r.cls)), 3),
        },
        lcpElement: each[0]?.lcpElement ?? '',
        each,
        ...(floor ? { floor: compareToFloor(each, floorRuns) } : {}),
      });
    }
    return figures;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
