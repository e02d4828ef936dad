import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import type { PurchaseCompletedDetail } from '../../../../lambdas/domain/api';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import {
  newTemporaryPassword,
  sendWelcomeEmail,
  WelcomeMailInProgressError,
} from '../../../../lambdas/use-cases/send-welcome-email';
import { fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';

const PASSWORD = 'Tq7@mZ2kLp9xWc4R';
const links = () => ({
  controlPanelUrl: 'https://panel.example.in',
  siteUrl: 'https://shop.example.in',
});

async function arrange(overrides: Parameters<FakeWorld['givenOrder']>[0] = {}) {
  const world = fakeWorld();
  const order = await world.givenOrder(overrides);
  const result = await fulfilPayment(world, order, {
    paymentId: 'pay_Nx7gT4uVw8bYd1',
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  const detail = world.events.published[0] as PurchaseCompletedDetail;
  const deps = { ...world, links, newPassword: () => PASSWORD };
  return { world, deps, detail, result };
}

describe('sendWelcomeEmail', () => {
  it('sends the plan, period, breakup, renewal date and one-time access details', async () => {
    const { world, deps, detail } = await arrange({ months: 24, promoCode: 'HOST10' });

    const outcome = await sendWelcomeEmail(deps, detail);

    expect(outcome).toBe('sent');
    expect(world.mailer.sent).toHaveLength(1);
    const mail = world.mailer.sent[0];
    expect(mail?.to).toBe('asha.verma@example.in');
    expect(mail?.subject).toBe('Your Basic Hosting is active');
    for (const body of [mail?.text ?? '', mail?.html ?? '']) {
      expect(body).toContain('Basic Hosting');
      expect(body).toContain('24 months');
      expect(body).toContain('22 November 2028'); // renewal date
      expect(body).toContain('₹59,976.00'); // 2,499 × 24
      expect(body).toContain('Duration discount (20%)');
      expect(body).toContain('HOST10');
      expect(body).toContain('incl. 18% GST');
      expect(body).toContain('https://panel.example.in');
      expect(body).toContain(PASSWORD);
    }
    expect(mail?.text).toMatch(/choose a new one when you first sign in/);
  });

  it('keeps only a hash of the one-time password', async () => {
    const { world, deps, detail } = await arrange();

    await sendWelcomeEmail(deps, detail);

    const claim = world.claims.items.get(detail.purchaseId);
    expect(claim?.status).toBe('sent');
    const hash = claim?.credential?.passwordHash ?? '';
    expect(JSON.stringify(claim)).not.toContain(PASSWORD);
    const [, salt, digest] = hash.split('$');
    expect(scryptSync(PASSWORD, Buffer.from(salt ?? '', 'base64'), 32).toString('base64')).toBe(
      digest,
    );
    expect(world.log.text()).not.toContain(PASSWORD);
  });

  it('for a domain, names the domain and where to manage it, with no password', async () => {
    const { world, deps, detail } = await arrange({
      planId: 'basicdomain',
      domain: 'ashaverma.com',
    });

    await sendWelcomeEmail(deps, detail);

    const mail = world.mailer.sent[0];
    expect(mail?.text).toContain('ashaverma.com');
    expect(mail?.text).toContain('https://shop.example.in/dashboard');
    expect(mail?.text).not.toContain('Temporary password');
    expect(world.claims.items.get(detail.purchaseId)?.credential).toBeNull();
  });

  it('sends at most one mail when the event arrives twice, even at once', async () => {
    const { world, deps, detail } = await arrange();

    const outcomes = await Promise.allSettled([
      sendWelcomeEmail(deps, detail),
      sendWelcomeEmail(deps, detail),
      sendWelcomeEmail(deps, detail),
    ]);
    const later = await sendWelcomeEmail(deps, detail);

    // One sends; the others find the claim held and ask the bus to retry, which then skips.
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent')).toHaveLength(1);
    const retried = outcomes.filter((o) => o.status === 'rejected');
    expect(retried).toHaveLength(2);
    for (const o of retried) {
      expect(o.status === 'rejected' && o.reason).toBeInstanceOf(WelcomeMailInProgressError);
    }
    expect(later).toBe('already_sent');
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('releases the claim and throws when the send fails, so a retry sends it', async () => {
    const { world, deps, detail } = await arrange();
    world.mailer.failuresLeft = 1;

    await expect(sendWelcomeEmail(deps, detail)).rejects.toThrow('SES is unavailable');
    expect(world.claims.items.has(detail.purchaseId)).toBe(false);
    expect(world.mailer.sent).toEqual([]);

    expect(await sendWelcomeEmail(deps, detail)).toBe('sent');
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('asks for a retry while a crashed attempt holds the claim, then takes it over after the lease', async () => {
    const { world, deps, detail } = await arrange();
    await world.claims.claim(detail.purchaseId, world.now()); // the attempt that crashed

    // Skipping here would lose the mail: the claim was never completed.
    await expect(sendWelcomeEmail(deps, detail)).rejects.toThrow(WelcomeMailInProgressError);
    expect(world.mailer.sent).toEqual([]);

    world.setNow(new Date(world.now().getTime() + 61_000));
    expect(await sendWelcomeEmail(deps, detail)).toBe('sent');
    expect(await sendWelcomeEmail(deps, detail)).toBe('already_sent');
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('still sends, with the total, when the purchase record cannot be found', async () => {
    const world = fakeWorld();
    const detail = loadEvent<{ detail: PurchaseCompletedDetail }>(
      'eventbridge/purchase-completed.json',
    ).detail;

    await sendWelcomeEmail({ ...world, links, newPassword: () => PASSWORD }, detail);

    expect(world.mailer.sent[0]?.text).toContain('Total paid: ₹35,385.84');
  });

  it('generates strong, different one-time passwords', () => {
    const passwords = Array.from({ length: 50 }, () => newTemporaryPassword());

    expect(new Set(passwords).size).toBe(50);
    for (const password of passwords) {
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[2-9]/);
      expect(password).toMatch(/[@#%+=!]/);
    }
  });
});
