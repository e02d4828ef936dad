/**
 * The operator's console in a real browser (Debian's Chromium) on the local stack with the built
 * web: a payment whose amount differed from its order appears under /admin's Orders, in review,
 * with what was paid, and an operator resolves it with a note; a buyer who opens /admin is told
 * it is for operators only and never downloads the console's code. Every page runs under the
 * site's CSP and must report no violation.
 *
 * The simulator pays exactly a Razorpay order's amount, so the mismatch is arranged by changing
 * the stored order's amount in DynamoDB before paying (a test arrangement only).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInr } from '../../lambdas/domain/money';
import { HOME_REGION, localTableName } from '../../lambdas/system/facts';
import {
  DESKTOP,
  SCREENSHOT_DIR,
  launchBrowser,
  newJourney,
  waitForPage,
  type Journey,
  visible,
} from '../helpers/browser';
import { REPO_ROOT, startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  newUser,
  payOrder,
  signIn,
  signUp,
  type TestUser,
} from '../helpers/storefront-client';

const run = promisify(execFile);
const OPERATORS_ONLY = "This part of the store is for the store's operators only.";

let stack: LocalStack;
let browser: Browser;
let dynamo: DynamoDBDocumentClient;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startLocalStack({ withWeb: true }), launchBrowser()]);
  dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: HOME_REGION,
      endpoint: `http://127.0.0.1:${stack.ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}, 240_000);

afterAll(async () => {
  dynamo?.destroy();
  await browser?.close();
  if (stack) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, 'admin-stack-output.log'), stack.output());
    await stack.dispose();
  }
});

async function journey(name: string, steps: (j: Journey) => Promise<void>): Promise<void> {
  const j = await newJourney(browser, stack.baseUrl, DESKTOP);
  try {
    await steps(j);
    expect(j.pageErrors, 'uncaught errors in the page').toEqual([]);
    expect(j.cspViolations, 'what the Content-Security-Policy blocked').toEqual([]);
  } catch (error) {
    if (error instanceof Error) {
      const log = [...j.pageErrors, ...j.consoleErrors].map((line) => `\n    ${line}`).join('');
      error.message += `\n  at ${j.page.url()} (screenshot: ${name}.png)${log}`;
    }
    throw error;
  } finally {
    await j.finish(name);
  }
}

async function logIn(page: Page, user: TestUser): Promise<void> {
  // React has taken over the prerendered form once its handlers are attached.
  await waitForPage(
    page,
    `(() => { const el = document.querySelector('#root form');
      return !!el && Object.keys(el).some((key) => key.startsWith('__reactProps')); })()`,
  );
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function operator(): Promise<TestUser> {
  const user = newUser('e2e-operator');
  await signUp(stack, user);
  await run(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'),
      'infra/local/operator.ts',
      'add',
      user.email,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: stack.dataDir, COGNITO_PORT: String(stack.ports.cognito) },
    },
  );
  return user;
}

/** A buyer's order, paid ₹100 more than the stored order asks: it waits in review. */
async function orderInReview(): Promise<{ orderId: string; paidPaise: number }> {
  const user = newUser('e2e-review');
  await signUp(stack, user);
  const token = await signIn(stack, user);
  const order = await api<{ orderId: string; amountPaise: number }>(
    stack,
    'POST',
    '/api/checkout/orders',
    { token, body: { planId: 'basichosting', months: 12 } },
  );
  expect(order.status).toBe(201);
  const { orderId, amountPaise } = order.body;
  await dynamo.send(
    new UpdateCommand({
      TableName: localTableName('orders'),
      Key: { orderId },
      UpdateExpression: 'SET amountPaise = :less',
      ExpressionAttributeValues: { ':less': amountPaise - 10_000 },
    }),
  );
  const paid = await payOrder(stack, orderId);
  const verify = await api(stack, 'POST', '/api/checkout/verify', { token, body: paid.body });
  expect(verify.status).toBe(409);
  return { orderId, paidPaise: amountPaise };
}

describe('the operator console in a browser', () => {
  it('an operator finds the order in review under /admin and resolves it with a note', async () => {
    const [admin, { orderId, paidPaise }] = await Promise.all([operator(), orderInReview()]);

    await journey('admin-resolve-review', async ({ page }) => {
      await page.goto('/admin/orders');
      await page.waitForURL('**/login?redirect=%2Fadmin%2Forders');
      await logIn(page, admin);
      await page.waitForURL('**/admin/orders', { timeout: 20_000 });
      await visible(page.getByRole('heading', { name: 'Operator console', level: 1 }), 20_000);

      const card = page.getByRole('article', { name: `Order ${orderId}` });
      await visible(card, 20_000);
      await visible(card.getByText(`${formatInr(paidPaise)} (captured)`));
      await visible(card.getByText(formatInr(paidPaise - 10_000)));

      await card.getByRole('button', { name: 'Resolve order' }).click();
      await visible(card.getByRole('alert').getByText(/Write a note/));
      await card
        .getByLabel('Note (required)')
        .fill('Paid ₹100 more; agreed with the buyer to keep it.');
      await card.getByRole('button', { name: 'Resolve order' }).click();

      await visible(page.getByText(`Order ${orderId} is paid now.`), 20_000);
      await page.getByLabel('Show orders that are').selectOption('paid');
      const paidCard = page.getByRole('article', { name: `Order ${orderId}` });
      await visible(paidCard.getByText('Fulfilled the order'), 20_000);
      await visible(paidCard.getByText(admin.email, { exact: false }));
    });

    const token = await signIn(stack, admin);
    const paidOrders = await eventually(async () => {
      const res = await api<{ orders: { orderId: string }[] }>(
        stack,
        'GET',
        '/api/admin/orders?status=paid',
        { token },
      );
      return res.body.orders.some((o) => o.orderId === orderId) ? res.body.orders : undefined;
    }, 'the order paid');
    expect(paidOrders.map((o) => o.orderId)).toContain(orderId);
  });

  it("tells a buyer /admin is for the store's operators only, without loading the console", async () => {
    const buyer = newUser('e2e-nosy');
    await signUp(stack, buyer);

    await journey('admin-buyer-refused', async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/login?redirect=%2Fadmin');
      await logIn(page, buyer);
      await page.waitForURL('**/admin', { timeout: 20_000 });
      await visible(page.getByRole('heading', { name: OPERATORS_ONLY }), 20_000);

      expect(scripts.filter((url) => /admin-page/.test(url))).toEqual([]);
    });
  });
});
