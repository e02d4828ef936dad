import { useCallback, useEffect, useState } from 'react';
import type { Plan, PlansResponse } from '@domain/api';
import type { Category } from '@domain/plan';
import { apiGet } from '../../../lib/api';
import { usePlansSnapshot } from '../../../lib/plans-snapshot';

export interface PlansState {
  /** The category's plans in catalog order; empty until they arrive. */
  plans: Plan[];
  /** The last request failed (the loading text stays); `retry` asks again. */
  failed: boolean;
  retry: () => void;
}

function isPlan(value: unknown): value is Plan {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.name === 'string' && typeof v.category === 'string';
}

/** One GET /plans per page view, filtered to one category, kept in the API's (catalog) order. */
export function usePlans(category: Category): PlansState {
  // The prerendered cards, when the page has them: the API's answer then only refreshes them.
  const snapshot = usePlansSnapshot();
  const [plans, setPlans] = useState<Plan[]>(() =>
    (snapshot ?? []).filter((plan) => plan.category === category),
  );
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    apiGet<PlansResponse>('/plans')
      .then((response) => {
        if (!active) return;
        const all: unknown[] = Array.isArray(response?.plans) ? response.plans : [];
        setPlans(all.filter(isPlan).filter((plan) => plan.category === category));
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.error('Error fetching prices', error);
        setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [category, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return { plans, failed, retry };
}
