/** Webhook deliveries already handled, by X-Razorpay-Event-Id. */
export interface ProcessedEvents {
  isProcessed(eventId: string): Promise<boolean>;
  markProcessed(eventId: string, at: Date): Promise<void>;
}

export interface AccessCredential {
  username: string;
  /** scrypt hash of the one-time password; the password itself is never stored. */
  passwordHash: string;
}

/**
 * At most one welcome mail per purchase: a conditional claim before sending, completed after the
 * send, released when it fails so a retry can send. A claim left by a crashed attempt lapses after
 * a lease.
 */
export interface WelcomeMailClaims {
  /** Returns a token when this caller now holds the claim, null when the mail was sent or is being sent. */
  claim(purchaseId: string, now: Date): Promise<string | null>;
  /** Whether the mail has been sent (a claim that is only held, possibly by a crashed attempt, is not). */
  isSent(purchaseId: string): Promise<boolean>;
  complete(
    purchaseId: string,
    token: string,
    credential: AccessCredential | null,
    at: Date,
  ): Promise<void>;
  release(purchaseId: string, token: string): Promise<void>;
}
