/** Webhook deliveries already handled, by X-Razorpay-Event-Id. */
export interface ProcessedEvents {
  isProcessed(eventId: string): Promise<boolean>;
  markProcessed(eventId: string, at: Date): Promise<void>;
}

/**
 * What a claim on a purchase's welcome mail found:
 * - `claimed`: this caller holds it now and sends the mail;
 * - `sent`: the mail went out already;
 * - `held`: another attempt holds it and its lease has not run out. `heldBy` names the bus
 *   delivery that took it (an EventBridge event id), so a caller can tell a retry of its own
 *   crashed delivery from a second delivery racing a live one.
 */
export type WelcomeMailClaim =
  | { state: 'claimed'; token: string }
  | { state: 'sent' }
  | { state: 'held'; heldBy: string | undefined };

/**
 * At most one welcome mail per purchase: a conditional claim before sending, completed after the
 * send, released when it fails so a retry can send. A claim left by a crashed attempt lapses after
 * a lease, and the next claim takes it over.
 */
export interface WelcomeMailClaims {
  claim(purchaseId: string, deliveryId: string, now: Date): Promise<WelcomeMailClaim>;
  complete(purchaseId: string, token: string, at: Date): Promise<void>;
  /**
   * Gives the claim back. With `failure`, what failed is kept on it (the purchase's buyer, when,
   * the error) until the next claim, so the operator's console lists the mail as stuck; either
   * way the next claim takes it at once.
   */
  release(purchaseId: string, token: string, failure?: WelcomeMailFailure): Promise<void>;
  /** Mails whose last attempt failed and that no attempt has claimed since, last failed first. */
  listFailed(limit: number): Promise<FailedWelcomeMail[]>;
  /** Where one purchase's welcome mail stands; undefined when no attempt has claimed it. */
  stateOf(purchaseId: string): Promise<WelcomeMailState | undefined>;
}

export interface WelcomeMailFailure {
  userId: string;
  at: Date;
  /** The error, for a person to read; never a secret. */
  reason: string;
}

export interface FailedWelcomeMail {
  purchaseId: string;
  userId: string;
  failedAt: string;
  reason: string;
}

export type WelcomeMailState =
  | { state: 'sent'; at?: string }
  | { state: 'sending'; at: string }
  | { state: 'failed'; at: string; reason: string; userId: string };
