import type { ChangeQuoteRequestBody, DashboardResponse, Plan, Quote, Service } from '@domain/api';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

/** The buyer's services, to find the one being changed. */
export async function getMyServices(): Promise<Service[]> {
  return (await apiGet<DashboardResponse>('/me/dashboard', { auth: true })).services;
}

/** The catalog, for the plans of the service's category. */
export async function getPlans(): Promise<Plan[]> {
  return (await apiGet<{ plans: Plan[] }>('/plans')).plans;
}

/** The server's quote of a change now (D26): credit, charge, GST, total, the date that stays. */
export function getChangeQuote(body: ChangeQuoteRequestBody): Promise<Quote> {
  return apiPost<Quote>('/checkout/change-quote', body, { auth: true });
}

/** A smaller plan from the renewal date (D26). */
export async function chooseSmallerPlan(serviceId: string, planId: string): Promise<Service> {
  const path = `/me/services/${encodeURIComponent(serviceId)}/plan-change`;
  return (await apiPut<{ service: Service }>(path, { planId }, { auth: true })).service;
}

/** Takes back a smaller plan chosen for the renewal. */
export async function keepCurrentPlan(serviceId: string): Promise<void> {
  await apiDelete(`/me/services/${encodeURIComponent(serviceId)}/plan-change`, { auth: true });
}
