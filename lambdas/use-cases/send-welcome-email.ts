import type { PurchaseCompletedDetail } from '../domain/api';
import type { WelcomeMailClaims } from '../ports/idempotency';
import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import type { PurchasesStore } from '../ports/purchases';
import { welcomeMail } from '../templates/mail/welcome';

export interface SendWelcomeEmailDeps {
  claims: WelcomeMailClaims;
  purchases: PurchasesStore;
  mailer: Mailer;
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
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
    const content = welcomeMail({
      purchase: detail,
      quote: purchase?.quote,
      siteUrl: deps.siteUrl(),
    });
    await deps.mailer.send({
      to: detail.email,
      ...content,
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
