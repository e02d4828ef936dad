import { describe, expect, it } from 'vitest';
import { RouteThrottle } from '../../../infra/local/route-throttle';

describe('the local per-route throttle', () => {
  const limit = { rateLimit: 2, burstLimit: 5 };

  it('lets a burst through, then answers no until the steady rate refills a token', () => {
    let now = 0;
    const throttle = new RouteThrottle(() => now);

    const burst = Array.from({ length: 7 }, () => throttle.take('POST /api/contact', limit));
    now += 499; // 2 a second: one token every 500 ms
    const early = throttle.take('POST /api/contact', limit);
    now += 1;
    const refilled = throttle.take('POST /api/contact', limit);

    expect(burst).toEqual([true, true, true, true, true, false, false]);
    expect(early).toBe(false);
    expect(refilled).toBe(true);
  });

  it('keeps each route apart: a flood of one leaves the others their own tokens', () => {
    const throttle = new RouteThrottle(() => 0);
    for (let i = 0; i < 50; i += 1) throttle.take('POST /api/contact', limit);

    expect(throttle.take('POST /api/checkout/verify', { rateLimit: 100, burstLimit: 200 })).toBe(
      true,
    );
  });

  it('never holds more than the burst, however long a route was idle', () => {
    let now = 0;
    const throttle = new RouteThrottle(() => now);
    throttle.take('GET /api/plans', limit);
    now += 3_600_000;

    const answers = Array.from({ length: 6 }, () => throttle.take('GET /api/plans', limit));

    expect(answers.filter(Boolean)).toHaveLength(5);
  });
});
