import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import type { PurchaseCompletedDetail } from '../../../../lambdas/domain/api';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { formatInr } from '../../../../lambdas/domain/money';
import { quote } from '../../../../lambdas/domain/pricing';
import { addMonths } from '../../../../lambdas/domain/services';
import {
  sendWelcomeEmail,
  WelcomeMailInProgressError,
} from '../../../../lambdas/use-cases/send-welcome-email';
import { fakeWorld } from '../../../helpers/fakes/world';

const siteUrl = () => 'https://shop.example.in';
/** EventBridge event ids: verify and the webhook each publish their own event. */
const FROM_VERIFY = '7bf73129-1428-4cd3-a780-95db273d1602';
const FROM_WEBHOOK = 'c2a1e0f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const PASSWORD_WITH_VALUE = /pass(word|code)?\s*[:=]\s*\S/i;

const sampleDetail = () =>
  loadEvent<{ detail: PurchaseCompletedDetail }>('eventbridge/purchase-completed.json').detail;

/** A purchase as fulfilment records and announces it: its record (with the quote) and its event. */
async function arrange(
  options: {
    planId?: string;
    months?: number;
    promoCode?: string;
    domain?: string;
    invoiceNumber?: string;
  } = {},
) {
  const world = fakeWorld();
  const plan = CATALOG.find((p) => p.id === (options.planId ?? 'basichosting'));
  if (!plan) throw new Error('no such plan');
  const q = quote(plan, options.months ?? 12, options.promoCode);
  const sample = sampleDetail();
  const detail: PurchaseCompletedDetail = {
    ...sample,
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: q.months,
    amountPaise: q.totalPaise,
    renewalDate: addMonths(new Date(sample.purchaseDate), q.months).toISOString(),
    ...(options.domain ? { domain: options.domain } : {}),
    ...(options.invoiceNumber ? { invoiceNumber: options.invoiceNumber } : {}),
  };
  await world.purchases.createPurchase({
    ...detail,
    ...(options.invoiceNumber ? { invoiceIssuedAt: detail.purchaseDate } : {}),
    months: q.months,
    startDate: detail.purchaseDate,
    currency: 'INR',
    quote: q,
    createdAt: detail.purchaseDate,
  });
  const deps = { ...world, siteUrl };
  return { world, deps, detail };
}

describe('sendWelcomeEmail', () => {
  it('sends the plan, period, price breakup, renewal date and how hosting is being set up', async () => {
    const { world, deps, detail } = await arrange({ months: 24, promoCode: 'HOST10' });

    const outcome = await sendWelcomeEmail(deps, detail, FROM_VERIFY);

    expect(outcome).toBe('sent');
    expect(world.mailer.sent).toHaveLength(1);
    const mail = world.mailer.sent[0];
    expect(mail?.to).toBe('asha.verma@example.in');
    expect(mail?.subject).toBe('Your Basic Hosting is paid — we are setting it up');
    for (const body of [mail?.text ?? '', mail?.html ?? '']) {
      expect(body).toContain('Basic Hosting');
      expect(body).toContain('24 months');
      expect(body).toContain('22 November 2028'); // renewal date
      expect(body).toContain('₹59,976.00'); // 2,499 × 24
      expect(body).toContain('Duration discount (20%)');
      expect(body).toContain('HOST10');
      expect(body).toContain('GST (18%)');
      expect(body).toContain('https://shop.example.in/dashboard');
      expect(body).toMatch(/hosting account is being set up/);
      expect(body).not.toMatch(PASSWORD_WITH_VALUE);
    }
  });

  it('keeps no credential of any kind with the claim', async () => {
    const { world, deps, detail } = await arrange();

    await sendWelcomeEmail(deps, detail, FROM_VERIFY);

    const claim = world.claims.items.get(detail.purchaseId);
    expect(claim?.status).toBe('sent');
    expect(Object.keys(claim ?? {}).sort()).toEqual([
      'claimedAt',
      'claimedBy',
      'sentAt',
      'status',
      'token',
    ]);
  });

  it('names the tax invoice when the event carries its number', async () => {
    const { world, deps, detail } = await arrange();

    await sendWelcomeEmail(deps, { ...detail, invoiceNumber: 'INV/26-27/000042' }, FROM_VERIFY);

    expect(world.mailer.sent[0]?.text).toContain('INV/26-27/000042');
  });

  it('attaches the tax invoice as the PDF the dashboard serves, with its number and total', async () => {
    const { world, deps, detail } = await arrange({ invoiceNumber: 'INV/26-27/000042' });

    await sendWelcomeEmail(deps, detail, FROM_VERIFY);

    const mail = world.mailer.sent[0];
    expect(mail?.attachments?.map((a) => [a.fileName, a.contentType])).toEqual([
      ['INV-26-27-000042.pdf', 'application/pdf'],
    ]);
    const file = join(mkdtempSync(join(tmpdir(), 'welcome-invoice-')), 'invoice.pdf');
    writeFileSync(file, mail?.attachments?.[0]?.content ?? new Uint8Array());
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('INV/26-27/000042');
    expect(text).toContain(formatInr(detail.amountPaise));
    expect(mail?.text).toContain('Your tax invoice INV/26-27/000042 is attached to this mail');
  });

  it('sends the mail without the PDF, saying where the invoice is, when the PDF cannot be made', async () => {
    const { world, deps, detail } = await arrange({ invoiceNumber: 'INV/26-27/000042' });
    const fonts = () => Promise.reject(new Error('The invoice fonts are in none of: fonts/'));

    expect(await sendWelcomeEmail({ ...deps, fonts }, detail, FROM_VERIFY)).toBe('sent');

    const mail = world.mailer.sent[0];
    expect(mail?.attachments).toBeUndefined();
    expect(mail?.text).toContain('Your tax invoice INV/26-27/000042 is in Payments');
    expect(mail?.text).not.toContain('attached');
    expect(world.log.lines.some((e) => e.message.startsWith('Tax invoice PDF not made'))).toBe(
      true,
    );
  });

  it('for a domain, says our team registers it, with no access details', async () => {
    const { world, deps, detail } = await arrange({
      planId: 'basicdomain',
      domain: 'ashaverma.com',
    });

    await sendWelcomeEmail(deps, detail, FROM_VERIFY);

    const text = world.mailer.sent[0]?.text ?? '';
    expect(text).toContain('We are registering ashaverma.com at the registry now');
    expect(text).not.toContain('Username');
  });

  it('sends one mail when verify and the webhook deliver the purchase at once, and neither fails', async () => {
    const { world, deps, detail } = await arrange();

    const outcomes = await Promise.all([
      sendWelcomeEmail(deps, detail, FROM_VERIFY),
      sendWelcomeEmail(deps, detail, FROM_WEBHOOK),
    ]);
    const later = await sendWelcomeEmail(deps, detail, FROM_WEBHOOK);

    expect(outcomes.sort()).toEqual(['in_progress', 'sent']);
    expect(later).toBe('already_sent');
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('releases the claim and throws when the send fails, so a retry sends it', async () => {
    const { world, deps, detail } = await arrange();
    world.mailer.failuresLeft = 1;

    await expect(sendWelcomeEmail(deps, detail, FROM_VERIFY)).rejects.toThrow('SES is unavailable');
    // Released, with what failed kept for the operator's console until the next attempt.
    expect(await world.claims.stateOf(detail.purchaseId)).toEqual({
      state: 'failed',
      at: world.now().toISOString(),
      reason: expect.stringContaining('SES is unavailable'),
      userId: detail.userId,
    });
    expect(world.mailer.sent).toEqual([]);

    expect(await sendWelcomeEmail(deps, detail, FROM_VERIFY)).toBe('sent');
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('asks for a retry while its own crashed attempt holds the claim, and takes it over after the lease', async () => {
    const { world, deps, detail } = await arrange();
    await world.claims.claim(detail.purchaseId, FROM_VERIFY, world.now()); // the attempt that crashed

    // Skipping here would lose the mail: nobody else is sending it.
    await expect(sendWelcomeEmail(deps, detail, FROM_VERIFY)).rejects.toThrow(
      WelcomeMailInProgressError,
    );
    expect(world.mailer.sent).toEqual([]);

    world.setNow(new Date(world.now().getTime() + 61_000));
    expect(await sendWelcomeEmail(deps, detail, FROM_VERIFY)).toBe('sent');
    expect(await sendWelcomeEmail(deps, detail, FROM_VERIFY)).toBe('already_sent');
    expect(world.mailer.sent).toHaveLength(1);
  });

  it("leaves another delivery's claim to that delivery, whose retry sends after a crash", async () => {
    const { world, deps, detail } = await arrange();
    await world.claims.claim(detail.purchaseId, FROM_WEBHOOK, world.now()); // crashes while sending

    const duplicate = await sendWelcomeEmail(deps, detail, FROM_VERIFY);
    world.setNow(new Date(world.now().getTime() + 61_000));
    const webhookRetry = await sendWelcomeEmail(deps, detail, FROM_WEBHOOK);

    expect([duplicate, webhookRetry]).toEqual(['in_progress', 'sent']);
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('still sends, with the total, when the purchase record cannot be found', async () => {
    const world = fakeWorld();
    const detail = sampleDetail();

    await sendWelcomeEmail({ ...world, siteUrl }, detail, FROM_VERIFY);

    expect(world.mailer.sent[0]?.text).toMatch(/Total paid: +₹35,385\.84/);
  });
});
