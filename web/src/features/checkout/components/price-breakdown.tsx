import { findState, type QuoteTax } from '@domain/gst';
import { formatInr } from '@domain/money';
import { FEE_PERCENT, type Quote } from '@domain/pricing';
import { checkoutCopy as copy } from '../../../content/checkout';

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-2 ${strong ? 'text-lg font-bold text-slate-900' : 'text-slate-700'}`}
    >
      <dt>{label}</dt>
      <dd data-testid={testId} className="tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/** The GST as the tax invoice charges it (D10): CGST + SGST (or UTGST) at home, else IGST. */
function taxRows(tax: QuoteTax) {
  const half = FEE_PERCENT / 2;
  if (tax.igstPaise > 0 || (tax.cgstPaise === 0 && tax.sgstPaise === 0)) {
    return [{ id: 'igst', label: copy.taxLine('IGST', FEE_PERCENT), paise: tax.igstPaise }];
  }
  // Intra-state: the place of supply is the seller's state, which may collect UTGST instead.
  const local = findState(tax.placeOfSupply.state)?.utgst ? 'UTGST' : 'SGST';
  return [
    { id: 'cgst', label: copy.taxLine('CGST', half), paise: tax.cgstPaise },
    { id: local.toLowerCase(), label: copy.taxLine(local, half), paise: tax.sgstPaise },
  ];
}

/** The breakdown from the shared domain quote, so it equals what the server charges. */
export function PriceBreakdown({ quote, tax }: { quote: Quote; tax?: QuoteTax }) {
  return (
    <dl aria-label={copy.breakdownTitle} className="divide-y divide-slate-100">
      <Row
        testId="base"
        label={
          quote.domain
            ? copy.domainBase(
                quote.domain.name,
                formatInr(quote.domain.yearlyPricePaise),
                quote.domain.years,
              )
            : copy.base(formatInr(quote.monthlyPricePaise), quote.months)
        }
        value={formatInr(quote.basePaise)}
      />
      {quote.durationDiscountPercent > 0 ? (
        <Row
          testId="duration-discount"
          label={copy.durationDiscount(quote.durationDiscountPercent)}
          value={`−${formatInr(quote.durationDiscountPaise)}`}
        />
      ) : null}
      {quote.promo ? (
        <Row
          testId="promo-discount"
          label={copy.promoDiscount(quote.promo.code, quote.promo.percent)}
          value={`−${formatInr(quote.promo.discountPaise)}`}
        />
      ) : null}
      <Row testId="subtotal" label={copy.subtotal} value={formatInr(quote.subtotalPaise)} />
      {tax ? (
        taxRows(tax).map((row) => (
          <Row key={row.id} testId={row.id} label={row.label} value={formatInr(row.paise)} />
        ))
      ) : (
        <Row testId="fee" label={copy.fee} value={formatInr(quote.feePaise)} />
      )}
      <Row testId="total" label={copy.total} value={formatInr(quote.totalPaise)} strong />
      {tax ? (
        <div className="pt-2 text-xs text-slate-500">
          <dt className="sr-only">{copy.placeOfSupplyTerm}</dt>
          <dd data-testid="place-of-supply">
            {copy.placeOfSupply(tax.placeOfSupply.state, tax.placeOfSupply.code)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
