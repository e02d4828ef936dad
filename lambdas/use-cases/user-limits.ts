import {
  USER_LIMITS,
  UserLimitReachedError,
  retryAfterSeconds,
  userLimitKey,
  type UserLimitAction,
} from '../domain/user-limits';
import type { RateLimiter } from '../ports/rate-limits';

/** What a handler with a per-buyer limit needs (#26). */
export interface UserLimitDeps {
  limits: RateLimiter;
  now: () => Date;
}

/**
 * Counts one `action` by the signed-in account `userId` (the token's `sub`); throws
 * UserLimitReachedError (429, Retry-After) when the account's hour is used up. Call it after the
 * request is known to be well formed, so a mistyped form costs the buyer nothing.
 */
export async function spendUserLimit(
  deps: UserLimitDeps,
  userId: string,
  action: UserLimitAction,
): Promise<void> {
  const now = deps.now();
  const rule = USER_LIMITS[action];
  if (!(await deps.limits.consume(userLimitKey(action, userId), rule, now))) {
    throw new UserLimitReachedError(retryAfterSeconds(rule, now));
  }
}
