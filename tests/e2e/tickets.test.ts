/**
 * Tickets in Chromium (D27): a buyer opens a ticket from the dashboard's Support tab, an operator
 * answers it in the console's Tickets screen, and the buyer sees the reply in the thread. The
 * buyer attaches a PDF to the new ticket: the page uploads it straight to the object-storage
 * stand-in (the CSP's connect-src and the bucket's CORS allow it), and it downloads from the
 * thread under its name. Each
 * screen is photographed at 1280 and at 375 px wide (tests/e2e/screenshots/tickets-*.png).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, screenshot, visible } from '../helpers/browser';
import { logInAt, useE2e } from '../helpers/e2e';
import { newOperator } from '../helpers/operators';
import { newUser, signUp, type TestUser } from '../helpers/storefront-client';

const e2e = useE2e('tickets');
const PDF = Buffer.from('%PDF-1.4\n% the error page, printed\n'.padEnd(600, 'x'));

describe('tickets: buyer and operator', () => {
  it('a buyer opens a ticket, an operator answers it in the console, the buyer sees the reply', async () => {
    const buyer: TestUser = newUser('e2e-ticket');
    await signUp(e2e.stack, buyer);
    const operator = await newOperator(e2e.stack, 'e2e-tickets-operator');
    let number = '';

    await e2e.journey('tickets-buyer-opens', async ({ page }) => {
      await logInAt(page, '/dashboard', buyer);
      await page.getByRole('tab', { name: 'Support' }).click();
      await page.getByRole('button', { name: 'New ticket' }).click();
      const form = page.getByRole('form', { name: 'Open a ticket' });
      await form.getByLabel('Subject').fill('My site shows a 500 error');
      await form.getByLabel('Category').selectOption('technical');
      await form
        .getByLabel('Message')
        .fill('Since this morning every page answers 500.\nCould you look? <b>thanks</b>');
      await form.getByLabel('Attach files (optional)').setInputFiles({
        name: 'error-page.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await visible(form.getByText('error-page.pdf (1 KB)'));
      await form.getByRole('button', { name: 'Open ticket' }).click();
      const notice = page.getByText(/Ticket TKT-\d{6} is open/);
      await visible(notice);
      number = /TKT-\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
      expect(number).toMatch(/^TKT-\d{6}$/);
    });

    for (const [size, options] of [
      ['1280', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      await e2e.journey(
        `tickets-console-${size}`,
        async ({ page }) => {
          await logInAt(page, '/admin/tickets', operator);
          const queue = page.getByRole('list', { name: 'Ticket queue' });
          await visible(queue.getByRole('button', { name: new RegExp(number) }));
          await screenshot(page, `tickets-console-queue-${size}`);
          if (size !== '1280') return;
          await queue.getByRole('button', { name: new RegExp(number) }).click();
          await page.getByRole('radio', { name: 'Internal note' }).check();
          await page.getByLabel(/Note for operators/).fill('Checked the PHP error log.');
          await page.getByRole('button', { name: 'Add note' }).click();
          await visible(page.getByText('Note added.'));
          await page.getByRole('radio', { name: 'Reply', exact: true }).check();
          await page
            .getByLabel(/Reply to the buyer/)
            .fill('We switched your PHP to 8.3; please check.');
          await page.getByRole('button', { name: 'Send reply' }).click();
          await visible(page.getByText('Reply sent; the buyer is mailed it.'));
        },
        options,
      );
    }

    for (const [size, options] of [
      ['1280', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      await e2e.journey(
        `tickets-buyer-thread-${size}`,
        async ({ page }) => {
          await logInAt(page, '/dashboard', buyer);
          await page.goto(`/dashboard?tab=support&ticket=${number}`);
          await visible(page.getByText('We switched your PHP to 8.3; please check.'));
          // The buyer's text is shown as written, never as HTML; the internal note never.
          await visible(page.getByText(/<b>thanks<\/b>/));
          expect(await page.getByText('Checked the PHP error log.').count()).toBe(0);
          expect(await page.getByText('Awaiting your reply').count()).toBeGreaterThan(0);
          // The PDF is listed on the buyer's message and downloads, under its name, as uploaded.
          const link = page.getByRole('link', { name: 'Download error-page.pdf' });
          await visible(link);
          if (size !== '1280') return;
          const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
          expect(download.suggestedFilename()).toBe('error-page.pdf');
          // The browser is shared (connected remotely): saveAs copies the download here.
          const saved = join(mkdtempSync(join(tmpdir(), 'e2e-ticket-download-')), 'file.pdf');
          await download.saveAs(saved);
          expect(readFileSync(saved)).toEqual(PDF);
          rmSync(dirname(saved), { recursive: true, force: true });
        },
        options,
      );
    }
  });
});
