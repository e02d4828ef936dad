/**
 * The harness every end-to-end file shares: `useE2e(file)` gives the file the project's shared
 * stack with the built web (sharedStack(), started once by the e2e globalSetup) and connects to the
 * project's shared Debian Chromium (beforeAll), disconnecting in afterAll. A file that needs its
 * own stack (special `env`, or `ownStack` because it runs a job over every service in the store or
 * stops the stack) starts one with `startLocalStack` and stops it in afterAll, leaving the stack's
 * log beside the screenshots (the shared stack's is test-results/shared-stack-e2e.log).
 * `journey(name, run)` runs one journey in a fresh context and page: it fails on an uncaught page
 * error or anything the site's CSP blocked, says where the browser was, and saves the last screen
 * as tests/e2e/screenshots/{name}.png, pass or fail.
 *
 * Also the steps that many journeys take the same way (log in, press Pay Now, pay in the
 * simulator's sheet), so that each file says only its journeys.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { DashboardResponse } from '../../lambdas/domain/api';
import {
  DESKTOP,
  SCREENSHOT_DIR,
  STEP_TIMEOUT_MS,
  connectBrowser,
  hydrated,
  launchBrowser,
  newJourney,
  visible,
  type Journey,
} from './browser';
import { REPO_ROOT, startLocalStack, type LocalStack } from './local-stack';
import { sharedStack } from './shared-stack';
import { api, signIn, type TestUser } from './storefront-client';
import { totpCode } from './totp';

export interface E2eOptions {
  /** Extra environment for the stack, e.g. SUPPORT_EMAIL (the file then gets its own stack). */
  env?: Record<string, string>;
  /**
   * A stack of the file's own, for files whose steps reach beyond their own data (a scheduled job
   * run over every service in the store) or stop the stack. By default the project's shared one.
   */
  ownStack?: boolean;
  /** A page the web build must serve, with a text it must hold, before any journey starts. */
  serves?: { path: string; text: string };
}

export interface E2e {
  /** The running stack (from beforeAll on). */
  readonly stack: LocalStack;
  /** One journey in a fresh context; see the file's comment. Desktop-sized unless told. */
  journey(
    name: string,
    run: (j: Journey) => Promise<void>,
    options?: BrowserContextOptions,
  ): Promise<void>;
}

const BUILD_STAMP = join(REPO_ROOT, 'web', 'dist', 'index.html');
const buildTime = () => (existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : undefined);
/** Enough of the browser's console to explain a failure without burying it. */
const LOG_LINES = 20;

export function useE2e(file: string, options: E2eOptions = {}): E2e {
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;
  let builtAt: number | undefined;
  const ownStack = options.ownStack === true || options.env !== undefined;

  beforeAll(async () => {
    const endpoint = inject('sharedBrowserEndpoint');
    const browserError = inject('sharedBrowserError');
    if (browserError) throw new Error(`The shared Chromium did not start: ${browserError}`);
    // Both at once; allSettled, so that whichever did start is stopped in afterAll.
    const [started, launched] = await Promise.allSettled([
      ownStack
        ? startLocalStack({ withWeb: true, env: options.env })
        : Promise.resolve().then(sharedStack),
      endpoint ? connectBrowser(endpoint) : launchBrowser(),
    ]);
    if (started.status === 'fulfilled') stack = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    // The stack serves the API even when the web build failed: say so plainly, not by a timeout.
    const { path, text } = options.serves ?? { path: '/', text: '<div id="root"' };
    const res = await fetch(stack!.baseUrl + path);
    if (!res.ok || !(await res.text()).includes(text))
      throw new Error(`The stack serves no web build at ${path} (status ${res.status}).`);
    builtAt = buildTime();
  }, 300_000);

  afterAll(async () => {
    // A connected browser only disconnects: the project's Chromium goes in its globalSetup.
    await browser?.close();
    if (stack && ownStack) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      writeFileSync(join(SCREENSHOT_DIR, `${file}-stack-output.log`), stack.output());
      await stack.dispose();
    }
  });

  return {
    get stack() {
      if (!stack) throw new Error('The local stack is not running (its beforeAll failed?).');
      return stack;
    },
    async journey(name, run, contextOptions = DESKTOP) {
      if (!stack || !browser) throw new Error('The stack or the browser did not start.');
      const j = await newJourney(browser, stack.baseUrl, contextOptions);
      let failed = false;
      try {
        await run(j);
        expect(j.pageErrors, 'uncaught errors in the page').toEqual([]);
        expect(j.cspViolations, 'what the Content-Security-Policy blocked').toEqual([]);
      } catch (error) {
        failed = true;
        if (error instanceof Error) {
          const log = [...j.pageErrors, ...j.consoleErrors];
          const shown = log.slice(-LOG_LINES).map((line) => `\n    ${line}`);
          if (log.length > LOG_LINES) shown.unshift(`\n    (${log.length - LOG_LINES} lines more)`);
          error.message += `\n  at ${j.page.url()} (screenshot: ${name}.png)${shown.join('')}`;
          // The stack serves web/dist as it is on disk; a build elsewhere replaces its chunks.
          if (buildTime() !== builtAt)
            error.message += '\n  NOTE: web/dist was rebuilt by another process during this run.';
        }
        throw error;
      } finally {
        // A screenshot that fails after a failed step must not hide that step's error.
        await j.finish(name).catch((error: unknown) => {
          if (!failed) throw error;
        });
      }
    },
  };
}

/** The API's dashboard for a user, as the web reads it. */
export async function dashboardOf(
  stack: LocalStack,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<DashboardResponse> {
  const token = await signIn(stack, user);
  const res = await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The date as the dashboard and checkout show it to a buyer in India: 22 Nov 2027. */
export function indianDate(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

export const hidden = (locator: Locator, timeout = STEP_TIMEOUT_MS) =>
  locator.waitFor({ state: 'hidden', timeout });

/**
 * Fills /login's form once React owns it (typing into the prerendered form could be lost). A user
 * with TOTP on (`totpSecret`, D28) then types the code their authenticator app shows.
 */
export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password' | 'totpSecret'>) {
  await hydrated(page);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  if (user.totpSecret) {
    const field = page.getByLabel('Code from your authenticator app');
    await field.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await field.fill(totpCode(user.totpSecret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
}

/** Logs in on /login?redirect=`path` and waits to be back on `path`. */
export async function logInAt(page: Page, path: string, user: TestUser): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await logIn(page, user);
  await page.waitForURL(`**${path}`, { timeout: 20_000 });
}

export const PAYMENT_SUCCESS = 'Payment successful! Your plan has been activated.';

/** Accepts the product's alert (the spec's `alert`) whose message is `message`. */
export async function acknowledgeAlert(
  page: Page,
  message: string,
  timeout = 20_000,
): Promise<void> {
  const alert = page.getByRole('alertdialog');
  await visible(alert.getByText(message, { exact: true }), timeout);
  await alert.getByRole('button', { name: 'OK' }).click();
  await hidden(alert);
}

/** The simulator's payment sheet (Razorpay Checkout's stand-in). */
export function paymentSheet(page: Page): Locator {
  return page.locator('[data-razorpay-simulator]').getByRole('dialog');
}

/** Presses Pay Now and returns the order that the page created through the API (201). */
export async function pressPayNow(
  page: Page,
  press: (button: Locator) => Promise<void> = (button) => button.click(),
): Promise<{ orderId: string; amountPaise: number }> {
  const created = page.waitForResponse(
    (res) => res.request().method() === 'POST' && res.url().endsWith('/api/checkout/orders'),
    { timeout: 15_000 },
  );
  await press(page.getByRole('button', { name: 'Pay Now' }));
  const res = await created;
  expect(res.status()).toBe(201);
  return (await res.json()) as { orderId: string; amountPaise: number };
}

/** Pays in the simulator's sheet with its button `pay` and accepts the success alert. */
export async function payInSheet(page: Page, pay: string | RegExp): Promise<void> {
  const sheet = paymentSheet(page);
  await visible(sheet, 15_000);
  await sheet.getByRole('button', { name: pay }).click();
  await acknowledgeAlert(page, PAYMENT_SUCCESS);
}
