import type { ReactNode } from 'react';
import type { Category } from '@domain/plan';
import type { Plan } from '@domain/api';
import { LoadingText } from '../../../components/loading-text';
import { PlanCard } from '../../../components/plan-card';
import { listingText } from '../../../content/catalog';
import { usePlans } from '../api/use-plans';

export interface PlanGridProps {
  category: Category;
  loadingText: string;
  buttonLabel: string;
  showSavings?: boolean;
  /** Where a card's button goes; checkout by default. */
  hrefFor?: (plan: Plan) => string;
  /** Receives the loaded plans (e.g. for a spec table under the cards). */
  children?: (plans: Plan[]) => ReactNode;
}

export const checkoutHref = (plan: Plan) => `/checkout?plan=${encodeURIComponent(plan.id)}`;

/**
 * The plan cards of one category. Until plans arrive the loading text shows, and it stays if the
 * request fails, as in the reference product; a retry link then appears beneath it.
 */
export function PlanGrid({
  category,
  loadingText,
  buttonLabel,
  showSavings = false,
  hrefFor = checkoutHref,
  children,
}: PlanGridProps) {
  const { plans, failed, retry } = usePlans(category);

  if (plans.length === 0) {
    return (
      <div className="text-center">
        <LoadingText>{loadingText}</LoadingText>
        {failed ? (
          <button
            type="button"
            onClick={retry}
            className="-mt-8 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {listingText.retry}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <div
        data-plan-grid=""
        className={`mx-auto grid max-w-6xl gap-8 pt-4 ${plans.length >= 3 ? 'lg:grid-cols-3' : plans.length === 2 ? 'md:grid-cols-2' : 'max-w-md'}`}
      >
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            buttonLabel={buttonLabel}
            href={hrefFor(plan)}
            showSavings={showSavings}
          />
        ))}
      </div>
      {children?.(plans)}
    </>
  );
}
