/**
 * How many requests the checkout page makes to our origin's API (and /config.json) before it is
 * usable: the order summary shows its total. The prerendered checkout has its total in the HTML,
 * so "usable" is timed in the page: a MutationObserver installed before the HTML is parsed notes
 * when the rendered text first holds a total in rupees, and only the requests the page started
 * before that instant (Resource Timing's startTime) are counted. Requests the boot script makes
 * after the total is on the screen (the app, /config.json, the plan's price check) are not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './lighthouse';

export interface CheckoutRequestFigure {
  apiRequestsBeforeUsable: number;
  allRequestsBeforeUsable: number;
  /** From navigation start to the total first shown, in the page's clock. */
  usableAfterMs: number;
  apiPaths: string[];
  /** Every request the page had made by the time the bench had seen the total (for contrast). */
  requestsByThen: number;
}

export async function measureCheckoutRequests(baseUrl: string): Promise<CheckoutRequestFigure> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-checkout-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  });
  try {
    const page = await context.newPage();
    const origin = new URL(baseUrl).origin;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    // The page's own code, as strings: the bench is compiled without the DOM's types.
    await page.addInitScript({
      content: `(() => {
        const observer = new MutationObserver(() => {
          if (window.__usableAt !== undefined || !document.body) return;
          // innerText is the rendered text: what is hidden is not in it.
          const text = document.body.innerText;
          if (/total/i.test(text) && /₹/.test(text)) {
            window.__usableAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      })();`,
    });
    await page.goto(`${baseUrl}/checkout?plan=basichosting`, { waitUntil: 'commit' });
    // Usable: the breakdown's total is on the screen.
    await page.getByText(/total/i).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByText(/₹/).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction('window.__usableAt !== undefined');
    // The document itself, then every resource the page started before the total showed.
    const timing = await page.evaluate<{
      usableAt: number;
      started: { url: string; at: number }[];
    }>(
      `({
        usableAt: window.__usableAt,
        started: performance
          .getEntriesByType('resource')
          .map((entry) => ({ url: entry.name, at: entry.startTime })),
      })`,
    );
    const before = [
      `${baseUrl}/checkout?plan=basichosting`,
      ...timing.started.filter((entry) => entry.at < timing.usableAt).map((entry) => entry.url),
    ];
    const apiPaths = before
      .filter((url) => url.startsWith(origin))
      .map((url) => new URL(url).pathname)
      .filter((path) => path.startsWith('/api/') || path === '/config.json');
    return {
      apiRequestsBeforeUsable: apiPaths.length,
      allRequestsBeforeUsable: before.length,
      usableAfterMs: Math.round(timing.usableAt),
      apiPaths,
      requestsByThen: requests.length,
    };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
