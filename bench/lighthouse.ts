/**
 * Lighthouse (mobile, its default simulated throttling) in Debian's Chromium, kept off the network
 * by docs/toolchain.md's flags.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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

export interface LighthouseFigure {
  name: string;
  url: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
}

export async function runLighthouse(
  pages: { name: string; url: string }[],
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
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100) / 100;
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        name: page.name,
        url: page.url,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
        },
        lcpMs: Math.round(numeric('largest-contentful-paint')),
        fcpMs: Math.round(numeric('first-contentful-paint')),
        tbtMs: Math.round(numeric('total-blocking-time')),
        cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
        totalBytes: Math.round(numeric('total-byte-weight')),
      });
    }
    return figures;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
