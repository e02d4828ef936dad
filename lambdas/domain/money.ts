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

// Made on first use: building it starts ICU's number formatting (10-20 ms), which a Lambda that
// imports this module but formats no amount (the dashboard, a cancellation) should not pay at init.
let inr: Intl.NumberFormat | undefined;

/** ₹1,23,456.00: the one formatter for every price the UI shows. */
export function formatInr(amount: Paise): string {
  inr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  return inr.format(amount / 100);
}
