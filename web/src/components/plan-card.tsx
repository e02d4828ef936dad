import {
  DOMAIN_EXTENSIONS,
  domainPricePerYear,
  isDomainPlanId,
  type DomainExtension,
} from '@domain/domain-names';
import { formatInr } from '@domain/money';
import type { Plan } from '@domain/api';
import { listingText } from '../content/catalog';
import { ButtonLink } from './button';
import { Icon } from './marketing-icons';

/** A whole, non-negative number of paise, or undefined: the API's data is checked, not trusted. */
export function validPaise(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

export interface PlanCardProps {
  plan: Plan;
  buttonLabel: string;
  href: string;
  /** Bundles: show the savings badge and what the included plans cost bought separately. */
  showSavings?: boolean;
}

export function PlanCard({ plan, buttonLabel, href, showSavings = false }: PlanCardProps) {
  const price = validPaise(plan.monthlyPricePaise);
  const renewal = validPaise(plan.renewalPricePaise);
  const original = validPaise(plan.originalPricePaise);
  // The badge is worked out from the two prices the card shows, so it can never claim more.
  const savings =
    original !== undefined && price !== undefined && original > price
      ? Math.floor(((original - price) * 100) / original)
      : undefined;
  const features = Array.isArray(plan.features) ? plan.features : [];
  // D21: a domain plan is sold by the year, at a price per extension (the same table checkout uses).
  const domainPlanId = isDomainPlanId(plan.id) ? plan.id : undefined;
  const domainPrices = domainPlanId
    ? (Object.keys(DOMAIN_EXTENSIONS) as DomainExtension[]).map((extension) => ({
        extension,
        paise: domainPricePerYear(domainPlanId, extension),
      }))
    : undefined;
  const headingId = `plan-${plan.id}-name`;

  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex min-w-0 flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow hover:shadow-lg sm:p-8 ${
        plan.isPopular
          ? 'border-brand-600 ring-2 ring-brand-600 lg:-my-3 lg:py-11'
          : 'border-slate-200'
      }`}
    >
      {plan.isPopular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-accent-600 px-4 py-1 text-xs font-bold tracking-wide text-white uppercase shadow">
          {listingText.mostPopular}
        </p>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-xl font-bold text-slate-900">
          {plan.name}
        </h3>
        {showSavings && savings !== undefined && savings > 0 ? (
          <span className="shrink-0 rounded-full bg-green-100 px-3 py-1 text-xs font-bold text-green-800">
            {listingText.save(savings)}
          </span>
        ) : null}
      </div>
      {plan.description ? (
        <p className="mt-2 min-h-12 text-sm text-slate-600">{plan.description}</p>
      ) : null}

      <div className="mt-6 border-t border-slate-100 pt-6">
        {showSavings && savings !== undefined && original !== undefined ? (
          <p className="text-sm text-slate-500" data-testid="bought-separately">
            {listingText.boughtSeparately} {formatInr(original)}
            {listingText.perMonth} <span className="whitespace-nowrap">{listingText.gst}</span>
          </p>
        ) : null}
        {domainPrices ? (
          // One line per extension, wrapping inside the card: five prices on one line made the
          // cards, and the page, wider than the screen at every width (#23).
          <ul className="space-y-1.5 text-slate-900" data-testid="domain-prices">
            {domainPrices.map(({ extension, paise }) => (
              <li key={extension} className="flex flex-wrap items-baseline gap-x-2">
                <span className="min-w-14 font-semibold">{extension}</span>
                <span>
                  <span className="text-xl font-extrabold tracking-tight">{formatInr(paise)}</span>
                  {listingText.perYear}{' '}
                  <span className="text-sm whitespace-nowrap text-slate-600">
                    {listingText.gst}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : price !== undefined ? (
          <p className="flex flex-wrap items-baseline gap-x-1 text-slate-900">
            <span className="text-4xl font-extrabold tracking-tight">{formatInr(price)}</span>
            <span className="text-base font-medium text-slate-500">
              {listingText.perMonth}
            </span>{' '}
            <span className="text-sm font-medium whitespace-nowrap text-slate-600">
              {listingText.gst}
            </span>
          </p>
        ) : (
          <p className="text-2xl font-bold text-slate-500">{listingText.priceUnavailable}</p>
        )}
        {renewal !== undefined && !domainPrices ? (
          <p className="mt-1 text-sm text-slate-600">{listingText.renewsAt(formatInr(renewal))}</p>
        ) : null}
      </div>

      <ButtonLink
        to={href}
        variant={plan.isPopular ? 'accent' : 'primary'}
        size="lg"
        className="mt-6 w-full tracking-wide"
      >
        {buttonLabel}
        <span className="sr-only"> {plan.name}</span>
      </ButtonLink>

      {features.length > 0 ? (
        <ul className="mt-6 space-y-3 text-sm text-slate-700">
          {features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
