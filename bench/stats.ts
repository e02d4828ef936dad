/**
 * The bench's arithmetic on samples: nearest-rank percentiles (the value at or below which `p`% of
 * the samples fall, one of the samples, never an interpolation), the median, the spread, and the
 * machine's load average to print beside a figure measured on a shared machine.
 */
import os from 'node:os';

/** The nearest-rank `p`th percentile of `values` (0 < p ≤ 100); NaN for no samples. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in (0, 100]`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The middle sample (the upper of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Largest minus smallest; 0 for one sample, NaN for none. */
export function spread(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return Math.max(...values) - Math.min(...values);
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The 1-minute load average now, to one decimal. */
export function loadAverage(): number {
  return round1(os.loadavg()[0] ?? 0);
}
