/**
 * The catalog's plans as the build knew them, so a listing's prerendered HTML already holds its
 * cards (no layout shift when GET /api/plans answers; the answer then only refreshes them).
 * Prerendering provides them through the context and writes the same list into the page as a
 * JSON data block (never executed, so the CSP allows it); the browser's first render reads that
 * block, so hydration renders what the HTML shows. Without either (tests, a page built before
 * this), a listing starts empty and shows its loading text until the API answers. Checkout reads
 * the same block after hydration to show the chosen plan before GET /api/plans/{id} answers.
 */
import { createContext, useContext } from 'react';
import type { Plan } from '@domain/api';

export const PLANS_SNAPSHOT_ID = 'plans-snapshot';

export const PlansSnapshotContext = createContext<readonly Plan[] | null>(null);

let fromDocument: readonly Plan[] | null | undefined;

function readDocumentSnapshot(): readonly Plan[] | null {
  if (fromDocument !== undefined) return fromDocument;
  fromDocument = null;
  if (typeof document === 'undefined') return fromDocument;
  const text = document.getElementById(PLANS_SNAPSHOT_ID)?.textContent;
  if (!text) return fromDocument;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) fromDocument = parsed as Plan[];
  } catch {
    // A broken block only costs the head start: the API's answer still fills the listing.
  }
  return fromDocument;
}

/** The plans a listing may show before the API answers, or null. */
export function usePlansSnapshot(): readonly Plan[] | null {
  return useContext(PlansSnapshotContext) ?? readDocumentSnapshot();
}

/**
 * Whether a page's first render may show what its prerender for `search` showed (the plan a
 * plan's own checkout page was built for): on the server, which is that prerender, and in the
 * browser when the page being hydrated was prerendered for exactly this query
 * (`data-prerendered-search` on the root, web/scripts/prerender.ts). Anywhere else the first
 * render must match a page prerendered without the query.
 */
export function isPrerenderedFor(search: string): boolean {
  if (typeof document === 'undefined') return true;
  return document.getElementById('root')?.dataset.prerenderedSearch === search;
}

/** The JSON data block prerendering writes into a page (`<` escaped so it cannot end the tag). */
export function plansSnapshotScript(plans: readonly Plan[]): string {
  const json = JSON.stringify(plans).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PLANS_SNAPSHOT_ID}">${json}</script>`;
}
