import type { Plan } from '../domain/plan';

/** The plan catalog as stored (the plans table). */
export interface PlansStore {
  /** Every usable plan, in catalog order. */
  listPlans(): Promise<Plan[]>;
}
