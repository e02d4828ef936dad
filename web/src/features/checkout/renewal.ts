import { useEffect, useState } from 'react';
import type { DashboardResponse, Service } from '@domain/api';
import type { Months } from '@domain/pricing';
import { isSameService, periodFor } from '@domain/services';
import { apiGet } from '../../lib/api';
import { formatIndiaDay } from '../../lib/india-day';

/**
 * Renewal mode of checkout (D14). The server prices an order for a plan the buyer holds or held as
 * a renewal whatever the page says, so the page asks the same question before showing a price:
 * the signed-in buyer's services. `?renew=1` only says what to show until the answer comes (and
 * to a visitor who is not signed in).
 */
export type HeldService =
  { state: 'unknown' } | { state: 'none' } | { state: 'held'; service: Service };

export function useHeldService(
  planId: string | undefined,
  domain: string | undefined,
  signedIn: boolean,
): HeldService {
  return heldServiceOf(useMyServices(signedIn), planId, domain);
}

/**
 * The signed-in buyer's services, read once (not again on every keystroke in a domain field);
 * undefined until known, and for a visitor.
 */
export function useMyServices(signedIn: boolean): Service[] | undefined {
  const [services, setServices] = useState<Service[]>();
  useEffect(() => {
    let cancelled = false;
    setServices(undefined);
    if (!signedIn) return;
    apiGet<DashboardResponse>('/me/dashboard', { auth: true }).then(
      (answer) => !cancelled && setServices(answer.services),
      // Unknown stays unknown: the order's own answer (its quote) is the price either way.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
  return services;
}

/** The service an order for this plan (and domain) renews, as the server finds it (D14). */
export function heldServiceOf(
  services: readonly Service[] | undefined,
  planId: string | undefined,
  domain: string | undefined,
): HeldService {
  if (!services || !planId) return { state: 'unknown' };
  const service = services
    .filter((s) => isSameService(s, { planId, ...(domain ? { domain } : {}) }))
    .sort((a, b) => b.renewalDate.localeCompare(a.renewalDate))[0];
  return service ? { state: 'held', service } : { state: 'none' };
}

/** The names of the buyer's domain registrations: suggestions for a hosting's domain. */
export function ownedDomainNames(services: readonly Service[] | undefined): string[] {
  const names = (services ?? [])
    .filter((s) => s.category === 'domain' && s.domain && s.status !== 'cancelled')
    .map((s) => s.domain ?? '');
  return [...new Set(names)].sort();
}

/** Whether checkout shows a renewal: what the buyer holds decides, once known. */
export function isRenewal(held: HeldService, renewParam: boolean): boolean {
  if (held.state === 'held') return true;
  return held.state === 'unknown' && renewParam;
}

/** The renewal date now and after paying for `months` more (D5: from the current date if active). */
export function renewalDates(
  service: Service,
  months: Months,
  now: Date,
): { current: string; next: string; expired: boolean } {
  const { renewalDate } = periodFor([service], { ...service, months }, now);
  return {
    current: service.renewalDate,
    next: renewalDate.toISOString(),
    expired: new Date(service.renewalDate).getTime() <= now.getTime(),
  };
}

/** 22 Nov 2027, India time, as the dashboard writes dates. */
export function formatDay(iso: string): string {
  return formatIndiaDay(new Date(iso));
}
