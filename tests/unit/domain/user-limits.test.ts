import { describe, expect, it } from 'vitest';
import {
  USER_LIMITS,
  UserLimitReachedError,
  retryAfterSeconds,
  userLimitKey,
} from '../../../lambdas/domain/user-limits';

const hour = { limit: 5, windowSeconds: 3600 };

describe('retryAfterSeconds', () => {
  it('is the whole hour at the first second of a window', () => {
    expect(retryAfterSeconds(hour, new Date('2026-11-22T10:00:00.000Z'))).toBe(3600);
  });

  it('is one second at the window’s last second, and counts a part second as the whole', () => {
    expect(retryAfterSeconds(hour, new Date('2026-11-22T10:59:59.000Z'))).toBe(1);
    expect(retryAfterSeconds(hour, new Date('2026-11-22T10:59:59.900Z'))).toBe(1);
  });

  it('is the time left to the end of the window in between', () => {
    expect(retryAfterSeconds(hour, new Date('2026-11-22T10:17:30.000Z'))).toBe(42 * 60 + 30);
  });
});

describe('UserLimitReachedError', () => {
  it('is too_many_requests and says in minutes, rounded up, when to try again', () => {
    const error = new UserLimitReachedError(42 * 60 + 30);

    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfterSeconds).toBe(2550);
    expect(error.message).toBe(
      'You have done this many times in a short while. Please try again in 43 minutes.',
    );
    expect(new UserLimitReachedError(1).message).toContain('try again in 1 minute.');
  });
});

describe('userLimitKey', () => {
  it('keeps each action and each account apart', () => {
    const keys = new Set(
      Object.keys(USER_LIMITS).flatMap((action) =>
        ['user-a', 'user-b'].map((id) => userLimitKey(action as keyof typeof USER_LIMITS, id)),
      ),
    );
    expect(keys.size).toBe(Object.keys(USER_LIMITS).length * 2);
  });
});

describe('USER_LIMITS', () => {
  it('counts every action in one fixed hour of the caller’s own (E25)', () => {
    for (const rule of Object.values(USER_LIMITS)) expect(rule.windowSeconds).toBe(3600);
  });
});
