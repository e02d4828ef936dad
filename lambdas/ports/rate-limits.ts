import type { RateLimit } from '../domain/contact';

/** Counts uses of a key in fixed windows. */
export interface RateLimiter {
  /** Counts one use of `key` now; false when the window's limit is already reached. */
  consume(key: string, rule: RateLimit, now: Date): Promise<boolean>;
}
