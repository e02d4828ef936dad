import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatInr, percentOf, rupeesToPaise } from '../../../lambdas/domain/money';

describe('formatInr', () => {
  it('writes paise as rupees in the Indian grouping', () => {
    expect(formatInr(12_345_600)).toBe('₹1,23,456.00');
    expect(formatInr(249_900)).toBe('₹2,499.00');
    expect(formatInr(5_095_561)).toBe('₹50,955.61');
    expect(formatInr(5)).toBe('₹0.05');
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(1_00_00_000_00)).toBe('₹1,00,00,000.00');
  });

  it("writes every whole number of paise exactly as Intl's en-IN rupee formatter does", () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const same = (paise: number) => {
      expect(formatInr(paise)).toBe(intl.format(paise / 100));
    };
    for (const paise of [0, 1, 99, 100, 999, 1_000, 99_999, 100_000, 9_999_999, 10_000_000]) {
      same(paise);
    }
    // Up to ₹1,000 crore; far above that Intl's own division by 100 loses the last paisa.
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_00_00_000_00 }), same));
    fc.assert(fc.property(fc.integer({ min: -1_00_00_000_00, max: 0 }), same));
  });

  it('writes a fraction of a paisa as Intl does (rounded to the paisa)', () => {
    expect(formatInr(12.5)).toBe('₹0.13');
    expect(formatInr(123_456.4)).toBe('₹1,234.56');
  });
});

describe('percentOf', () => {
  it('rounds to the nearest paisa, halves up', () => {
    expect(percentOf(25, 18)).toBe(5); // 4.5 → 5
    expect(percentOf(24, 18)).toBe(4); // 4.32 → 4
    expect(percentOf(1_199_520, 0)).toBe(0);
    expect(percentOf(5_997_600, 20)).toBe(1_199_520);
  });

  it('refuses fractions and negatives', () => {
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
    expect(() => percentOf(-1, 10)).toThrow(RangeError);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
  });

  it('is within half a paisa of the exact value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 100 }),
        (amount, percent) => {
          expect(
            Math.abs(percentOf(amount, percent) - (amount * percent) / 100),
          ).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});

describe('rupeesToPaise', () => {
  it('reads decimal rupee strings exactly', () => {
    expect(rupeesToPaise('2499.00')).toBe(249_900);
    expect(rupeesToPaise('0.1')).toBe(10);
    expect(rupeesToPaise('14924')).toBe(1_492_400);
    expect(() => rupeesToPaise('12.345')).toThrow(RangeError);
    expect(() => rupeesToPaise('-1')).toThrow(RangeError);
  });
});
