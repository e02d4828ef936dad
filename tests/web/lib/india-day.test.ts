import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIndiaDay } from '../../../web/src/lib/india-day';

const intl = (timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone });

describe('formatIndiaDay', () => {
  it('writes the day in India time: 18:29 UTC is still that day there, 18:30 is the next', () => {
    expect(formatIndiaDay(new Date('2026-11-21T18:29:59Z'))).toBe('21 Nov 2026');
    expect(formatIndiaDay(new Date('2026-11-21T18:30:00Z'))).toBe('22 Nov 2026');
    expect(formatIndiaDay(Date.UTC(2026, 8, 1), 'UTC')).toBe('1 Sept 2026');
  });

  it("writes every instant from 1970 to 2100 exactly as Intl's en-IN day formatter does", () => {
    const india = intl('Asia/Kolkata');
    const utc = intl('UTC');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(formatIndiaDay(ms)).toBe(india.format(ms));
        expect(formatIndiaDay(new Date(ms), 'UTC')).toBe(utc.format(ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses an invalid date, as Intl does', () => {
    expect(() => formatIndiaDay(new Date('not a date'))).toThrow(RangeError);
  });
});
