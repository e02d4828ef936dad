/**
 * The dashboard on a 375 px phone (#26): every tab of the tab bar is on the screen without
 * scrolling it sideways (none cut off or hidden past the edge), and every column of Payments
 * (date, plan, amount, status, tax invoice) is on the screen for each row, so a failed attempt
 * beside a paid one reads as failed, not as a second charge. Geometry is read from the browser,
 * so a layout that pushes a tab or a column past the edge fails here. Screenshots:
 * phone-dashboard-tabs.png, phone-dashboard-payments.png and (1280 px) desktop-dashboard-payments.png.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MOBILE, STEP_TIMEOUT_MS, screenshot, visible } from '../helpers/browser';
import { logInAt, useE2e } from '../helpers/e2e';
import {
  api,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

const TABS = ['Domains', 'Hosting', 'VPS', 'Storage', 'Bundles', 'Payments', 'Support', 'Settings'];
const COLUMNS = ['Date', 'Plan', 'Amount (incl. GST)', 'Status', 'Tax invoice'];

const e2e = useE2e('phone-dashboard');

/** Whether the element's whole box lies within the viewport's width (not cut off at an edge). */
async function withinWidth(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/** Elements inside `root` (itself included) that a buyer would have to scroll sideways. */
function sidewaysScrollers(root: Locator): Promise<number> {
  return root.evaluate((node) => {
    const view = node.ownerDocument.defaultView!;
    return [node, ...Array.from(node.querySelectorAll('*'))].filter(
      (el) =>
        el.scrollWidth > el.clientWidth + 1 &&
        ['auto', 'scroll'].includes(view.getComputedStyle(el).overflowX),
    ).length;
  });
}

describe('the dashboard on a 375 px phone', () => {
  it('shows every tab, and every Payments column of every row, within the screen', async () => {
    const user = newUser('phone-dashboard');
    await signUp(e2e.stack, user);
    const token = await signIn(e2e.stack, user);
    // A declined attempt left unpaid, and a paid order: the rows must tell them apart.
    const declined = await placeOrder(e2e.stack, token, { planId: 'basichosting', months: 12 });
    expect((await payOrder(e2e.stack, declined.body.orderId, 'failure')).status).toBe(400);
    const paid = await placeOrder(e2e.stack, token, { planId: 'basichosting', months: 12 });
    expect((await payOrder(e2e.stack, paid.body.orderId, 'success')).status).toBe(200);
    await eventually(async () => {
      const board = await api<{ payments: { status: string; invoiceNumber?: string }[] }>(
        e2e.stack,
        'GET',
        '/api/me/dashboard',
        { token },
      );
      const statuses = board.body.payments.map((p) => p.status).sort();
      const invoiced = board.body.payments.some((p) => p.invoiceNumber);
      return statuses.join() === 'failed,paid' && invoiced ? true : undefined;
    }, 'a failed and an invoiced paid payment on the dashboard');

    await e2e.journey(
      'phone-dashboard-payments',
      async ({ page }) => {
        await logInAt(page, '/dashboard', user);
        const tablist = page.getByRole('tablist');
        await visible(tablist);
        for (const name of TABS) {
          const tab = page.getByRole('tab', { name, exact: true });
          expect(await withinWidth(page, tab), `the ${name} tab within the screen`).toBe(true);
        }
        expect(await sidewaysScrollers(tablist), 'a tab bar scrolled sideways').toBe(0);
        await screenshot(page, 'phone-dashboard-tabs');

        await page.getByRole('tab', { name: 'Payments', exact: true }).click();
        const panel = page.getByRole('tabpanel');
        const rows = panel.getByRole('row').filter({ has: page.getByRole('cell') });
        await expect.poll(() => rows.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
        for (const row of await rows.all()) {
          const cells = row.locator('td');
          expect(await cells.count()).toBe(COLUMNS.length);
          for (const [index, column] of COLUMNS.entries()) {
            const cell = cells.nth(index);
            // A failed payment has no tax invoice: an empty cell has nothing to reach.
            if (!(await cell.textContent())) continue;
            expect(await withinWidth(page, cell), `${column} within the screen`).toBe(true);
            expect(await cell.isVisible(), `${column} shown`).toBe(true);
          }
        }
        expect(await rows.filter({ hasText: 'Failed' }).count()).toBe(1);
        const paidRow = rows.filter({ hasText: 'Paid' });
        expect(await withinWidth(page, paidRow.getByRole('button'))).toBe(true);
        expect(await sidewaysScrollers(panel), 'a Payments table scrolled sideways').toBe(0);
        await panel
          .getByRole('heading', { name: 'Payment History' })
          .evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
        await screenshot(page, 'phone-dashboard-payments');
      },
      MOBILE,
    );

    // From sm up it stays a table with its header row in sight.
    await e2e.journey('desktop-dashboard-payments', async ({ page }) => {
      await logInAt(page, '/dashboard?tab=payments', user);
      const panel = page.getByRole('tabpanel');
      for (const name of COLUMNS) {
        const header = panel.getByRole('columnheader', { name, exact: true });
        await visible(header);
        expect((await header.boundingBox())?.width ?? 0, `${name} header shown`).toBeGreaterThan(
          20,
        );
      }
    });
  });
});
