/**
 * Money is integer paise everywhere (docs/decisions.md D12). Only the UI turns it into text,
 * through `formatInr`.
 */
export type Paise = number;

export function assertPaise(value: number, label = 'amount'): asserts value is Paise {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative whole number of paise, got ${value}`);
  }
}

/** Rupees written as a decimal string ("2499.00") to paise, without floating point. */
export function rupeesToPaise(rupees: string): Paise {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rupees.trim());
  if (!match) throw new RangeError(`not a rupee amount: ${rupees}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/**
 * `percent`% of an amount, rounded to the nearest paisa, halves up (docs/api.md, Quote).
 * Integer arithmetic only: (amount × percent + 50) ÷ 100, floored.
 */
export function percentOf(amount: Paise, percent: number): Paise {
  assertPaise(amount);
  if (!Number.isSafeInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be a whole number from 0 to 100, got ${percent}`);
  }
  return Math.floor((amount * percent + 50) / 100);
}

/** Intl's formatter, for an amount that is not a whole number of paise; made on first use. */
let inr: Intl.NumberFormat | undefined;

/**
 * ₹1,23,456.00: the one formatter for every price the UI shows, exactly as
 * `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })` writes it. A whole number
 * of paise (every amount the app holds) is written with integer arithmetic: the first
 * Intl.NumberFormat in a browser tab loads ICU's number data, some 25 ms of main thread (100 ms on
 * a throttled phone) in the middle of a page's start, and a Lambda that formats pays it at its
 * first amount. Anything else (a fraction of a paisa) goes through Intl itself.
 */
export function formatInr(amount: Paise): string {
  if (!Number.isSafeInteger(amount)) {
    inr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    return inr.format(amount / 100);
  }
  const digits = String(Math.abs(amount)).padStart(3, '0');
  return `${amount < 0 ? '-' : ''}₹${groupIndian(digits.slice(0, -2))}.${digits.slice(-2)}`;
}

/**
 * A whole number's digits grouped the Indian way, as Intl's en-IN formatters write them: the last
 * three digits, then pairs (12,34,567). Plain string work, for the reason given at formatInr.
 */
export function groupIndian(digits: string): string {
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return rest ? `${rest},${lastThree}` : lastThree;
}
