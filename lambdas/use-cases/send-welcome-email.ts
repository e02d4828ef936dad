import { createHash, randomBytes, randomInt, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { PurchaseCompletedDetail } from '../domain/api';
import { formatInr } from '../domain/money';
import type { Quote } from '../domain/pricing';
import type { AccessCredential, WelcomeMailClaims } from '../ports/idempotency';
import type { LogPort } from '../ports/logger';
import type { Mailer, OutgoingMail } from '../ports/mail';
import type { PurchasesStore } from '../ports/purchases';
import { escapeHtml } from './html';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

export interface SendWelcomeEmailDeps {
  claims: WelcomeMailClaims;
  purchases: PurchasesStore;
  mailer: Mailer;
  links: () => { controlPanelUrl: string; siteUrl: string };
  log: LogPort;
  now: () => Date;
  /** Injected by tests; crypto-random otherwise. */
  newPassword?: () => string;
}

export type WelcomeOutcome = 'sent' | 'already_sent';

/**
 * Another attempt holds the claim and has not sent the mail: it may be sending right now, or it
 * may have crashed. Thrown so that the bus retries; once the claim's lease is over, a retry takes
 * it over and sends. Skipping instead would lose the mail of a crashed attempt.
 */
export class WelcomeMailInProgressError extends Error {
  override readonly name = 'WelcomeMailInProgressError';
  constructor(readonly purchaseId: string) {
    super(`The welcome mail for ${purchaseId} is being sent by another attempt; retry later.`);
  }
}

/**
 * The welcome mail for a PurchaseCompleted event, at most once per purchase: a conditional claim
 * comes first; a failed send releases it and throws, so the bus retries (and finally dead-letters).
 * The one-time password is generated here, sent once, and only its hash is kept.
 */
export async function sendWelcomeEmail(
  deps: SendWelcomeEmailDeps,
  detail: PurchaseCompletedDetail,
): Promise<WelcomeOutcome> {
  const { log } = deps;
  const context = { purchaseId: detail.purchaseId, orderId: detail.orderId };
  const token = await deps.claims.claim(detail.purchaseId, deps.now());
  if (!token) {
    if (await deps.claims.isSent(detail.purchaseId)) {
      log.info('Welcome mail already sent; skipped', context);
      return 'already_sent';
    }
    log.info('Welcome mail is being sent by another attempt; the bus will retry', context);
    throw new WelcomeMailInProgressError(detail.purchaseId);
  }

  let credential: AccessCredential | null = null;
  try {
    const purchase = await deps.purchases.getPurchase(detail.userId, detail.purchaseId);
    let password: string | undefined;
    let username: string | undefined;
    if (detail.category !== 'domain') {
      password = (deps.newPassword ?? newTemporaryPassword)();
      username = usernameFor(detail);
      credential = { username, passwordHash: await hashPassword(password) };
    }
    const mail = composeWelcomeMail(detail, purchase?.quote, deps.links(), username, password);
    await deps.mailer.send(mail);
  } catch (error) {
    await deps.claims.release(detail.purchaseId, token).catch((releaseError: unknown) => {
      log.error('Could not release the welcome mail claim', {
        ...context,
        error: releaseError instanceof Error ? releaseError.message : String(releaseError),
      });
    });
    log.error('Welcome mail not sent; the bus will retry', {
      ...context,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }

  // The mail is out: throwing now would make the bus send it again, so a failure here is logged.
  try {
    await deps.claims.complete(detail.purchaseId, token, credential, deps.now());
  } catch (error) {
    log.error('Welcome mail sent but its claim could not be completed', {
      ...context,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  log.info('Welcome mail sent', context);
  return 'sent';
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const PASSWORD_SYMBOLS = '@#%+=!';

/** 16 crypto-random characters with upper, lower, digit and symbol. */
export function newTemporaryPassword(): string {
  const pick = (set: string) => set.charAt(randomInt(set.length));
  const chars = [
    pick('ABCDEFGHJKLMNPQRSTUVWXYZ'),
    pick('abcdefghijkmnpqrstuvwxyz'),
    pick('23456789'),
    pick(PASSWORD_SYMBOLS),
  ];
  while (chars.length < 16) chars.push(pick(PASSWORD_ALPHABET));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A stable control-panel login for the purchase: the mailbox name plus a short suffix. */
export function usernameFor(detail: Pick<PurchaseCompletedDetail, 'email' | 'purchaseId'>): string {
  const local = (detail.email.split('@')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 12);
  const suffix = createHash('sha256').update(detail.purchaseId).digest('hex').slice(0, 6);
  return `${local || 'user'}${suffix}`;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'long',
  timeZone: 'Asia/Kolkata',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

function breakupLines(quote: Quote | undefined, amountPaise: number): [string, string][] {
  if (!quote) return [['Total paid', formatInr(amountPaise)]];
  const lines: [string, string][] = [
    [`${formatInr(quote.monthlyPricePaise)} × ${quote.months} months`, formatInr(quote.basePaise)],
  ];
  if (quote.durationDiscountPaise > 0) {
    lines.push([
      `Duration discount (${quote.durationDiscountPercent}%)`,
      `−${formatInr(quote.durationDiscountPaise)}`,
    ]);
  }
  if (quote.promo) {
    lines.push([
      `Promo ${quote.promo.code} (${quote.promo.percent}%)`,
      `−${formatInr(quote.promo.discountPaise)}`,
    ]);
  }
  lines.push(['Subtotal', formatInr(quote.subtotalPaise)]);
  lines.push([`Fee (taxes and fees, incl. ${quote.feePercent}% GST)`, formatInr(quote.feePaise)]);
  lines.push(['Total paid', formatInr(amountPaise)]);
  return lines;
}

export function composeWelcomeMail(
  detail: PurchaseCompletedDetail,
  quote: Quote | undefined,
  links: { controlPanelUrl: string; siteUrl: string },
  username: string | undefined,
  password: string | undefined,
): OutgoingMail {
  const dashboardUrl = `${links.siteUrl.replace(/\/+$/, '')}/dashboard`;
  const period = `${detail.months} ${detail.months === 1 ? 'month' : 'months'}, renews on ${formatDate(detail.renewalDate)}`;
  const breakup = breakupLines(quote, detail.amountPaise);

  const access: [string, string][] =
    detail.category === 'domain'
      ? [
          ['Domain', detail.domain ?? 'The domain you chose at checkout'],
          ['Manage it at', dashboardUrl],
        ]
      : [
          ['Control panel', links.controlPanelUrl],
          ['Username', username ?? ''],
          ['Temporary password', password ?? ''],
        ];
  const accessNote =
    detail.category === 'domain'
      ? 'DNS, forwarding and renewal settings are in your dashboard.'
      : 'This password works once: you will be asked to choose a new one when you first sign in. We do not keep a copy of it, so keep this email safe or reset it from the control panel.';

  const text = [
    `Hello ${detail.name || 'there'},`,
    '',
    `Thank you for your purchase. Your ${detail.planName} is active.`,
    '',
    `Plan: ${detail.planName}`,
    `Period: ${period}`,
    `Purchased on: ${formatDate(detail.purchaseDate)}`,
    `Renewal date: ${formatDate(detail.renewalDate)}`,
    '',
    'Amount paid:',
    ...breakup.map(([label, value]) => `  ${label}: ${value}`),
    '',
    'Access details:',
    ...access.map(([label, value]) => `  ${label}: ${value}`),
    accessNote,
    '',
    `Payment reference: ${detail.paymentId} (order ${detail.orderId})`,
    `Your services and payments: ${dashboardUrl}`,
    '',
    'Hosting, VPS, storage and bundles come with a 30-day money-back guarantee (setup fees and domain registrations are not refundable).',
  ].join('\n');

  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0"><strong>${escapeHtml(value)}</strong></td></tr>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:600px">
<h1 style="font-size:20px">Welcome to ${escapeHtml(detail.planName)}</h1>
<p>Hello ${escapeHtml(detail.name || 'there')},</p>
<p>Thank you for your purchase. Your ${escapeHtml(detail.planName)} is active.</p>
<table>${[
    ['Plan', detail.planName] as [string, string],
    ['Period', period] as [string, string],
    ['Purchased on', formatDate(detail.purchaseDate)] as [string, string],
    ['Renewal date', formatDate(detail.renewalDate)] as [string, string],
  ]
    .map(row)
    .join('')}</table>
<h2 style="font-size:16px">Amount paid</h2>
<table>${breakup.map(row).join('')}</table>
<h2 style="font-size:16px">Access details</h2>
<table>${access.map(row).join('')}</table>
<p>${escapeHtml(accessNote)}</p>
<p style="color:#555">Payment reference: ${escapeHtml(detail.paymentId)} (order ${escapeHtml(detail.orderId)})<br>
<a href="${escapeHtml(dashboardUrl)}">Your services and payments</a></p>
</body></html>`;

  return {
    to: detail.email,
    subject: `Your ${detail.planName} is active`,
    text,
    html,
  };
}
