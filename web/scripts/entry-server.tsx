/** Server entry for prerendering: the same App inside a StaticRouter. */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '../src/app/app';
import { appRoutes, preloadRoute } from '../src/app/routes';
import { routeMeta } from '../src/content/route-meta';

export { appRoutes, routeMeta };

/** The HTML of the app at `url`, with every lazy page resolved (prerender waits for Suspense). */
export async function renderRoute(url: string): Promise<string> {
  await preloadRoute(new URL(url, 'http://prerender.local').pathname);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Inline every boundary in place: the page must paint without running any script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
