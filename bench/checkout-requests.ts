/**
 * How many requests the checkout page makes to our origin's API (and /config.json) before it is
 * usable: the order summary shows its total.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './lighthouse';

export interface CheckoutRequestFigure {
  apiRequestsBeforeUsable: number;
  allRequestsBeforeUsable: number;
  usableAfterMs: number;
  apiPaths: string[];
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
    const started = Date.now();
    await page.goto(`${baseUrl}/checkout?plan=basichosting`);
    // Usable: the breakdown's total is on the screen.
    await page.getByText(/total/i).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByText(/₹/).first().waitFor({ state: 'visible', timeout: 30_000 });
    const usableAfterMs = Date.now() - started;
    const snapshot = [...requests];
    const apiPaths = snapshot
      .filter((url) => url.startsWith(origin))
      .map((url) => new URL(url).pathname)
      .filter((path) => path.startsWith('/api/') || path === '/config.json');
    return {
      apiRequestsBeforeUsable: apiPaths.length,
      allRequestsBeforeUsable: snapshot.length,
      usableAfterMs,
      apiPaths,
    };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
