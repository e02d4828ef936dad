/**
 * The dashboard reads itself again while something on it is still being set up (#26): a card that
 * says "Setting up" (its account, server, storage or name not ready yet, a transfer in included),
 * "Updating…" (a changed plan the provider has not confirmed), or a bundle's part still being
 * made. The waits double from 3 s to 30 s; nothing is read while the tab is hidden or once nothing
 * is pending, so a buyer who waits on the page sees Active without reloading, and a dashboard with
 * nothing in progress costs no extra request.
 */
import { useEffect, useRef, useState } from 'react';
import type { DashboardResponse, Service } from '@domain/api';
import { serviceWords } from './status-badge';

export const FIRST_REFRESH_MS = 3_000;
export const LONGEST_REFRESH_MS = 30_000;

/** The wait before the `n`th read again (0-based): 3 s, 6 s, 12 s, 24 s, then 30 s each. */
export function refreshDelay(n: number): number {
  return Math.min(LONGEST_REFRESH_MS, FIRST_REFRESH_MS * 2 ** n);
}

/** Whether this service's card is waiting for something the store is doing. */
export function isServicePending(service: Service): boolean {
  // A VPS whose buyer chose to add a key later waits for the buyer, not for us.
  if (service.vps?.waitsForKey) return false;
  if (service.planUpdating) return true;
  // A bundle's domain bought without a name waits for the buyer to choose it, not for us.
  const waiting = service.parts?.filter(
    (part) => part.state === 'setting_up' && !(part.kind === 'domain' && !part.domain),
  );
  if (waiting?.length) return true;
  if (service.parts?.length) {
    // Its own words are its hosting's (the first part): pending only if that is being made.
    return serviceWords(service).word === 'Setting up' && service.provisioning.state !== 'ready';
  }
  return serviceWords(service).word === 'Setting up';
}

export function isDashboardPending(data: Pick<DashboardResponse, 'services'>): boolean {
  return data.services.some(isServicePending);
}

function tabVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * While `pending` and the tab is visible, calls `refresh` after each wait (refreshDelay), the
 * next wait starting once the read has answered. The waits start again from 3 s whenever the tab
 * comes back into view or something new is pending.
 */
export function useRefreshWhilePending(pending: boolean, refresh: () => Promise<unknown>): void {
  const [visible, setVisible] = useState(tabVisible);
  const latest = useRef(refresh);
  latest.current = refresh;

  useEffect(() => {
    const onChange = () => setVisible(tabVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!pending || !visible) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (n: number) => {
      timer = setTimeout(() => {
        void latest
          .current()
          .then(
            () => undefined,
            () => undefined,
          )
          .then(() => {
            if (!stopped) wait(n + 1);
          });
      }, refreshDelay(n));
    };
    wait(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending, visible]);
}
