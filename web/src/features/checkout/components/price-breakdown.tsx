import type { Quote } from '@domain/pricing';
import { formatInr } from '@domain/money';
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

/** The breakdown from the shared domain quote, so it equals what the server charges. */
export function PriceBreakdown({ quote }: { quote: Quote }) {
  return (
    <dl aria-label={copy.breakdownTitle} className="divide-y divide-slate-100">
      <Row
        testId="base"
        label={copy.base(formatInr(quote.monthlyPricePaise), quote.months)}
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
      <Row testId="fee" label={copy.fee} value={formatInr(quote.feePaise)} />
      <Row testId="total" label={copy.total} value={formatInr(quote.totalPaise)} strong />
    </dl>
  );
}
