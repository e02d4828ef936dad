/** Server entry for prerendering: the same App inside a StaticRouter. */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '../src/app/app';
import { appRoutes, preloadRoute } from '../src/app/routes';
import { routeMeta } from '../src/content/route-meta';
import { CATALOG } from '@domain/catalog';
import { planFromRecord, type Plan } from '@domain/plan';
import { plansSnapshotScript, PlansSnapshotContext } from '../src/lib/plans-snapshot';

export { appRoutes, routeMeta };
export { FRAME_MODULES as frameModules } from '../src/app/lazy-footer';

/** The catalog as GET /api/plans serves it after the seed: what the listings prerender. */
const catalogPlans: Plan[] = CATALOG.map((plan) =>
  planFromRecord(Object.fromEntries(Object.entries(plan))),
).filter((plan): plan is Plan => plan !== undefined);

/** The data block a page with plan cards carries, so hydration renders the same cards. */
export const plansSnapshot = plansSnapshotScript(catalogPlans);

/** Each plan gets its own checkout page (web/scripts/prerender.ts). */
export const planIds = catalogPlans.map((plan) => plan.id);

/** The HTML of the app at `url`, with every lazy page resolved (prerender waits for Suspense). */
export async function renderRoute(url: string): Promise<string> {
  await preloadRoute(new URL(url, 'http://prerender.local').pathname);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PlansSnapshotContext.Provider value={catalogPlans}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </PlansSnapshotContext.Provider>
    </StrictMode>,
    // Inline every boundary in place: the page must paint without running any script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
