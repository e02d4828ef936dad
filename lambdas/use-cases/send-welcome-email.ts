import type { PurchaseCompletedDetail } from '../domain/api';
import type { SellerDetails } from '../domain/invoice';
import type { WelcomeMailClaims } from '../ports/idempotency';
import type { LogPort } from '../ports/logger';
import type { MailAttachment, Mailer } from '../ports/mail';
import type { PurchaseRecord, PurchasesStore } from '../ports/purchases';
import type { InvoiceFonts } from '../templates/invoice/render-pdf';
import { welcomeMail } from '../templates/mail/welcome';
import { invoicePdfOf } from './get-tax-document';

export interface SendWelcomeEmailDeps {
  claims: WelcomeMailClaims;
  purchases: PurchasesStore;
  mailer: Mailer;
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
  /** The configured seller and the PDF fonts: the tax invoice is attached, as the dashboard serves it. */
  seller: () => SellerDetails;
  fonts: () => Promise<InvoiceFonts>;
}

/** `in_progress`: another delivery of the purchase holds a live claim and is sending right now. */
export type WelcomeOutcome = 'sent' | 'already_sent' | 'in_progress';

/**
 * An earlier attempt of this same delivery holds the claim and has not sent the mail: it crashed
 * (or is still running past its timeout). Thrown so that the bus retries; once the claim's lease
 * is over, a retry takes it over and sends. Skipping instead would lose the crashed attempt's mail.
 */
export class WelcomeMailInProgressError extends Error {
  override readonly name = 'WelcomeMailInProgressError';
  constructor(readonly purchaseId: string) {
    super(`The welcome mail for ${purchaseId} is held by an earlier attempt; retry later.`);
  }
}

/**
 * The purchase's tax invoice as a PDF attachment, when it has one. A PDF that cannot be made (the
 * fonts missing) is logged and the mail goes without it, saying the invoice is on the dashboard:
 * the receipt matters more than its attachment, and a retry would fail the same way.
 */
async function invoiceAttachment(
  deps: SendWelcomeEmailDeps,
  purchase: PurchaseRecord | undefined,
  context: Record<string, string>,
): Promise<MailAttachment | undefined> {
  const invoiceNumber = purchase?.invoiceNumber;
  if (!purchase || !invoiceNumber) return undefined;
  try {
    const pdf = await invoicePdfOf({ ...purchase, invoiceNumber }, deps);
    return { fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.pdf };
  } catch (error) {
    deps.log.error('Tax invoice PDF not made; the welcome mail goes without it', {
      ...context,
      invoiceNumber,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/**
 * The welcome mail for a PurchaseCompleted event, at most once per purchase. A conditional claim
 * comes first. A failed send releases it and throws, so the bus retries (and finally
 * dead-letters). Another delivery's live claim (verify and the webhook both published) is that
 * delivery's job: this one succeeds without sending. `deliveryId` is the bus event's id, the
 * same on every retry of one delivery.
 */
export async function sendWelcomeEmail(
  deps: SendWelcomeEmailDeps,
  detail: PurchaseCompletedDetail,
  deliveryId: string,
): Promise<WelcomeOutcome> {
  const { log } = deps;
  const context = { purchaseId: detail.purchaseId, orderId: detail.orderId, deliveryId };
  const claim = await deps.claims.claim(detail.purchaseId, deliveryId, deps.now());
  if (claim.state === 'sent') {
    log.info('Welcome mail already sent; skipped', context);
    return 'already_sent';
  }
  if (claim.state === 'held') {
    // A claim that names no delivery cannot be told apart from this delivery's own crashed one.
    if (claim.heldBy === undefined || claim.heldBy === deliveryId) {
      log.info('Welcome mail claim held by an earlier attempt; the bus will retry', context);
      throw new WelcomeMailInProgressError(detail.purchaseId);
    }
    log.info('Welcome mail is being sent by another delivery; nothing to do', {
      ...context,
      heldBy: claim.heldBy,
    });
    return 'in_progress';
  }

  try {
    const purchase = await deps.purchases.getPurchase(detail.userId, detail.purchaseId);
    const invoice = await invoiceAttachment(deps, purchase, context);
    const content = welcomeMail({
      purchase: detail,
      quote: purchase?.quote,
      siteUrl: deps.siteUrl(),
      invoiceAttached: invoice !== undefined,
    });
    await deps.mailer.send({
      to: detail.email,
      ...content,
      ...(invoice ? { attachments: [invoice] } : {}),
      about: { userId: detail.userId, kind: 'welcome', ref: detail.purchaseId },
    });
  } catch (error) {
    // The failure stays on the claim until the next attempt: the operator's console lists it.
    const failure = {
      userId: detail.userId,
      at: deps.now(),
      reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
    await deps.claims
      .release(detail.purchaseId, claim.token, failure)
      .catch((releaseError: unknown) => {
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
    await deps.claims.complete(detail.purchaseId, claim.token, deps.now());
  } catch (error) {
    log.error('Welcome mail sent but its claim could not be completed', {
      ...context,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  log.info('Welcome mail sent', context);
  return 'sent';
}
