/**
 * Debian's Chromium driven by playwright-core, for the end-to-end journeys. Started with the
 * flags of docs/toolchain.md (headless, no sandbox, no outside lookups) and a fresh user-data dir,
 * which `launch()` creates for each browser and removes on close. Each journey takes a fresh
 * context, so no cookie, storage or session leaks from one journey into the next.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  BrowserServer,
  Download,
  Locator,
  Page,
} from 'playwright-core';
import { REPO_ROOT } from './local-stack';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing but the local stack: every other host name fails to resolve.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export const SCREENSHOT_DIR = join(REPO_ROOT, 'tests', 'e2e', 'screenshots');

/** How long one action or expectation may wait; every wait in the journeys is bounded. */
export const STEP_TIMEOUT_MS = 10_000;

const LAUNCH = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
  timeout: 30_000,
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** The same Chromium as a server that many test files `connect` to (the e2e project's globalSetup). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/** The project's shared Chromium; `close()` on it only disconnects this file. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint, { timeout: 30_000 });
}

/** A desktop-sized viewport, wide enough for the full header. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/** A 375 px wide phone with touch, as on an iPhone SE/mini class device. */
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors in the page; a journey can assert that there were none. */
  pageErrors: string[];
  /** Console errors and failed requests, to explain a failure. */
  consoleErrors: string[];
  /**
   * What the site's Content-Security-Policy blocked (the page's `securitypolicyviolation` events
   * and Chromium's CSP console errors); a journey asserts there was nothing.
   */
  cspViolations: string[];
  /** Saves the current screen as tests/e2e/screenshots/{name}.png and closes the context. */
  finish(name: string): Promise<void>;
  close(): Promise<void>;
}

const CSP_BINDING = '__storefrontCspViolation';

/** Runs in every page before its own scripts: reports each CSP violation to the test. */
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', (event) => {
  const where = event.sourceFile ? ' at ' + event.sourceFile + ':' + event.lineNumber : '';
  window.${CSP_BINDING}(event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + where + ' on ' + location.pathname);
}, true);`;

/** A fresh context and page for one journey, with bounded default timeouts. */
export async function newJourney(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = DESKTOP,
): Promise<Journey> {
  const context = await browser.newContext({
    ...options,
    baseURL,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(20_000);
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const cspViolations: string[] = [];
  // Every page of the context reports its violations through this binding, across navigations.
  await context.exposeBinding(CSP_BINDING, (_source, report: unknown) => {
    cspViolations.push(String(report));
  });
  await context.addInitScript(CSP_LISTENER);
  const page = await context.newPage();
  context.on('weberror', (error) => pageErrors.push(error.error().message));
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    consoleErrors.push(message.text());
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  context.on('requestfailed', (request) =>
    consoleErrors.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await context.close();
  };
  return {
    context,
    page,
    pageErrors,
    consoleErrors,
    cspViolations,
    close,
    finish: async (name: string) => {
      try {
        await screenshot(page, name);
      } finally {
        await close();
      }
    },
  };
}

/**
 * Where a download is on this machine: saved under tests/e2e/screenshots/downloads/ (a browser the
 * file is connected to keeps its own copy, which `download.path()` cannot reach).
 */
export async function savedDownload(download: Download): Promise<string> {
  const dir = join(SCREENSHOT_DIR, 'downloads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false, timeout: STEP_TIMEOUT_MS });
  return path;
}

/**
 * Waits until a JavaScript expression is truthy in the page. Playwright's `waitForFunction` runs
 * its predicate through `eval` inside the page, which the site's CSP rightly refuses (no
 * 'unsafe-eval'); `page.evaluate` goes through the DevTools protocol, which the CSP does not govern.
 */
export async function waitForPage(
  page: Page,
  expression: string,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(expression).catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting in the page for: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for a locator to show, within a step's time unless told otherwise. */
export const visible = (locator: Locator, timeout = STEP_TIMEOUT_MS) =>
  locator.waitFor({ state: 'visible', timeout });

/**
 * Waits until React owns the element (its props are on it): typing into a prerendered form before
 * that could be lost. Not page.waitForFunction: it evaluates with eval, which the site's CSP refuses.
 */
export async function hydrated(page: Page, selector = '#root form'): Promise<void> {
  await waitForPage(
    page,
    `(() => { const el = document.querySelector(${JSON.stringify(selector)});
      return !!el && Object.keys(el).some((key) => key.startsWith('__reactProps')); })()`,
  );
}

/**
 * Holds every script of the site until the returned function is called, as a slow phone would:
 * what the page shows meanwhile is its own prerendered HTML.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await scripts;
      await route.continue();
    },
  );
  return release;
}
