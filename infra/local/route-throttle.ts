/**
 * API Gateway's per-route throttling, locally: a token bucket per route key that holds up to the
 * route's burst and refills at its steady rate (the route's `throttle` in
 * infra/lib/definitions/functions.ts, the same numbers the CDK stack gives each route).
 */
import type { Throttle } from '../lib/definitions/functions';

interface Bucket {
  tokens: number;
  at: number;
}

export class RouteThrottle {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly nowMs: () => number = () => performance.now()) {}

  /** Takes one request's token; false means answer 429, as API Gateway does. */
  take(routeKey: string, throttle: Throttle): boolean {
    const now = this.nowMs();
    const bucket = this.buckets.get(routeKey) ?? { tokens: throttle.burstLimit, at: now };
    const refilled = Math.min(
      throttle.burstLimit,
      bucket.tokens + ((now - bucket.at) / 1000) * throttle.rateLimit,
    );
    const allowed = refilled >= 1;
    this.buckets.set(routeKey, { tokens: allowed ? refilled - 1 : refilled, at: now });
    return allowed;
  }
}
