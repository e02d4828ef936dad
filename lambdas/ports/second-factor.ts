/**
 * Whether an account signs in with a second factor: the code of an authenticator app (TOTP).
 * Operators must (D28): every /api/admin route asks here before anything else.
 */
export interface SecondFactors {
  /** True when the account named by `userId` (the token's `sub`) has TOTP enabled. */
  hasTotp(userId: string): Promise<boolean>;
}
