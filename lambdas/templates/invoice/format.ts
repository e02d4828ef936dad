/**
 * Amounts, dates and labels as the tax documents write them. Indian digit grouping throughout
 * (1,23,456.78); the rupee sign only where an amount stands alone, as on the total.
 */
import { formatInr, type Paise } from '../../domain/money';
import type { InvoiceLine, InvoiceParty, TaxLine } from '../../domain/invoice';

const amountFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 43,182.72: an amount in a column headed (₹). */
export function amount(paise: Paise): string {
  return amountFormat.format(paise / 100);
}

/** −11,995.20: a deduction in a column (U+2212, a true minus sign). */
export function deduction(paise: Paise): string {
  return `\u2212${amount(paise)}`;
}

/** ₹50,955.61. */
export const rupees = (paise: Paise): string => formatInr(paise);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "22 Nov 2026" from India's calendar date `2026-11-22`: no time zone can shift it. */
export function documentDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new RangeError(`not a calendar date: ${isoDate}`);
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** "Maharashtra (27)": a state with its GST code, as place of supply and party states read. */
export const stateWithCode = (state: { name: string; code: string }): string =>
  `${state.name} (${state.code})`;

export const taxLabel = (line: TaxLine): string => `${line.tax} @ ${line.ratePercent}%`;

/** "Basic Hosting (example.in), renewal"; a domain: "Domain registration asharao.com, 1 year". */
export function serviceName(line: InvoiceLine): string {
  if (line.change) {
    // D26: "Upgrade Basic Hosting → Premium Hosting, 6 Mar 2027 – 27 Nov 2027 (265 days)".
    return `Upgrade ${line.change.fromPlanName} → ${line.planName}${line.domain ? ` (${line.domain})` : ''}, ${documentDate(line.periodFrom)} – ${documentDate(line.periodTo)} (${plural(line.change.days, 'day')})`;
  }
  if (line.years !== undefined && line.domain) {
    return `Domain registration ${line.domain}, ${plural(line.years, 'year')}${line.renewal ? ', renewal' : ''}`;
  }
  return `${line.planName}${line.domain ? ` (${line.domain})` : ''}${line.renewal ? ', renewal' : ''}`;
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The line's quantity in the unit it is sold by: "24 months", or for a domain, sold by the year
 * (D21), "1 year". The table's Period column.
 */
export const periodLength = (line: InvoiceLine): string =>
  line.change
    ? plural(line.change.days, 'day')
    : line.years !== undefined
      ? plural(line.years, 'year')
      : plural(line.months, 'month');

/** The line's rate and the unit it is per, the table's Rate column: a year's or a month's. */
export function rate(line: InvoiceLine): { paise: Paise; per: string } {
  // A plan change is one difference for its days (D26), not a monthly rate.
  if (line.change) return { paise: line.taxablePaise, per: 'the difference' };
  return line.years !== undefined && line.yearlyPricePaise !== undefined
    ? { paise: line.yearlyPricePaise, per: 'per year' }
    : { paise: line.monthlyPricePaise, per: 'per month' };
}

/** The length is in its own column; the period says which dates it covers. */
export const periodText = (line: InvoiceLine): string =>
  `Period: ${documentDate(line.periodFrom)} to ${documentDate(line.periodTo)}`;

/** A party's block below its name: address, state and code, GSTIN, email. */
export function partyLines(party: InvoiceParty, options: { unregisteredLabel: boolean }): string[] {
  return [
    ...party.addressLines,
    ...(party.state ? [`State: ${party.state.name}, Code ${party.state.code}`] : []),
    ...(party.gstin
      ? [`GSTIN: ${party.gstin}`]
      : options.unregisteredLabel
        ? ['GSTIN: Unregistered']
        : []),
    ...(party.email ? [`Email: ${party.email}`] : []),
  ];
}
