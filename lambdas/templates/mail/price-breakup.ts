import { formatInr, type Paise } from '../../domain/money';
import type { Quote } from '../../domain/pricing';
import type { Row } from './layout';
import { monthsText } from './format';

/**
 * The quote as a mail shows it. `tax` is the GST split once the buyer's state is known (D10, D15);
 * without it the fee is one GST line.
 */
export type PriceBreakup = Pick<
  Quote,
  | 'monthlyPricePaise'
  | 'months'
  | 'basePaise'
  | 'durationDiscountPercent'
  | 'durationDiscountPaise'
  | 'promo'
  | 'subtotalPaise'
  | 'feePercent'
  | 'feePaise'
  | 'domain'
> & { tax?: { cgstPaise: Paise; sgstPaise: Paise; igstPaise: Paise } };

const minus = (amount: Paise) => `−${formatInr(amount)}`;

/** The lines of what was paid, ending with the total; only the total when no quote is known. */
export function breakupRows(quote: PriceBreakup | undefined, totalPaise: Paise): Row[] {
  const total: Row = { label: 'Total paid', value: formatInr(totalPaise), total: true };
  if (!quote) return [total];
  const lines: Row[] = [
    {
      // A domain is priced by the year (D21).
      label: quote.domain
        ? `${formatInr(quote.domain.yearlyPricePaise)} × ${quote.domain.years} year${quote.domain.years === 1 ? '' : 's'}`
        : `${formatInr(quote.monthlyPricePaise)} × ${monthsText(quote.months)}`,
      value: formatInr(quote.basePaise),
    },
  ];
  if (quote.durationDiscountPaise > 0) {
    lines.push({
      label: `Duration discount (${quote.durationDiscountPercent}%)`,
      value: minus(quote.durationDiscountPaise),
    });
  }
  if (quote.promo) {
    lines.push({
      label: `Promo ${quote.promo.code} (${quote.promo.percent}%)`,
      value: minus(quote.promo.discountPaise),
    });
  }
  lines.push({ label: 'Subtotal', value: formatInr(quote.subtotalPaise) });
  lines.push(...gstRows(quote));
  lines.push(total);
  return lines;
}

function gstRows(quote: PriceBreakup): Row[] {
  const tax = quote.tax;
  if (tax && tax.igstPaise > 0) {
    return [{ label: `IGST (${quote.feePercent}%)`, value: formatInr(tax.igstPaise) }];
  }
  if (tax && tax.cgstPaise + tax.sgstPaise > 0) {
    const half = quote.feePercent / 2;
    return [
      { label: `CGST (${half}%)`, value: formatInr(tax.cgstPaise) },
      { label: `SGST (${half}%)`, value: formatInr(tax.sgstPaise) },
    ];
  }
  return [{ label: `GST (${quote.feePercent}%)`, value: formatInr(quote.feePaise) }];
}
