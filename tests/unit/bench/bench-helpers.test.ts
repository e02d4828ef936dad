/**
 * The bench's pure helpers (bench/stats.ts, bench/cost.ts): nearest-rank percentiles, and the
 * arithmetic of what AWS bills for a purchase, in rupees at the stated rate.
 */
import { describe, expect, it } from 'vitest';
import {
  billedMs,
  costLines,
  formatRupees,
  gbSeconds,
  PRICES,
  totalRupees,
  type Usage,
} from '../../../bench/cost';
import { median, percentile, spread } from '../../../bench/stats';

describe('percentiles', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted

  it('answers the nearest-rank sample: p99 of 1..100 is 99, p50 is 50, p100 the largest', () => {
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  it('takes the upper middle for the median, the range for the spread, NaN for no samples', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(spread([0.84, 0.99, 0.93])).toBeCloseTo(0.15, 10);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
  });
});

describe('the cost of a piece of work', () => {
  const usage: Usage = {
    lambdas: [{ fn: 'checkout', invocations: 2, billedMs: 100, memoryMb: 512 }],
    dynamoReadUnits: 10,
    dynamoWriteUnits: 4,
    apiRequests: 3,
    events: 2,
    mails: 2,
    secretsCalls: 0,
  };

  it('bills each invocation rounded up to the millisecond, GB-seconds by configured memory', () => {
    expect(billedMs([10.2, 0.3, 5])).toBe(11 + 1 + 5);
    expect(gbSeconds({ billedMs: 2000, memoryMb: 512 })).toBe(1);
  });

  it('prices each line at the list prices, in rupees at the rate, most expensive first', () => {
    const lines = costLines(usage, PRICES, 88);
    const lambda = 2 * 0.2e-6 + 0.05 * 0.0000133334;
    expect(lines.find((l) => l.what === 'Lambda checkout')!.dollars).toBeCloseTo(lambda, 12);
    expect(lines.find((l) => l.what === 'SES')!.rupees).toBeCloseTo(2 * 0.0001 * 88, 12);
    expect(lines[0]!.what).toBe('SES');
    const dollars = lambda + 10 * 0.125e-6 + 4 * 0.625e-6 + 3e-6 + 2e-6 + 2e-4;
    expect(totalRupees(lines)).toBeCloseTo(dollars * 88, 10);
    expect(formatRupees(0.0183)).toBe('₹0.0183');
  });
});
