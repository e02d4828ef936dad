/**
 * Prerenders every route to static HTML after the client build, so a page's first paint needs no
 * JavaScript; the client then hydrates it (src/main.tsx).
 *
 * Output, in web/dist: `index.html` (/), `{route}/index.html` for every other route
 * (`hosting/index.html`, `checkout/index.html`, ...), and `404.html` (the not-found page, for any
 * unknown path). CloudFront's routing function (infra/lib/constructs/spa-routing.ts, which the
 * local stack runs too) maps `/x` to `x/index.html` and any other page to `404.html`.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

interface ServerEntry {
  renderRoute(url: string): Promise<string>;
  appRoutes: ReadonlyArray<{ path: string }>;
  routeMeta: Record<string, { title: string; description: string }>;
  /** A JSON data block of the catalog's plans, for pages that prerender plan cards. */
  plansSnapshot: string;
}

const ROOT_MARKER = '<div id="root"><!--app-html--></div>';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function outputFileFor(path: string): string {
  if (path === '/') return 'index.html';
  if (path === '*') return '404.html';
  return `${path.replace(/^\//, '')}/index.html`;
}

/**
 * The stylesheet goes into each page's HTML: a linked one blocks the first paint for a second
 * round trip, and the whole of it is a few KB compressed (the CSP allows inline styles). The
 * file stays in assets/ for anything that still links it.
 */
async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  const links = [
    ...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g),
  ];
  let inlined = html;
  for (const [tag, href] of links) {
    const css = await readFile(join(outDir, href!.replace(/^\//, '')), 'utf8');
    // The link stays, disabled (never fetched, never applied): Vite's preloader lists the entry's
    // stylesheet among each lazy chunk's dependencies and loads it unless a link names it, which
    // would fetch it again and restyle the whole page when the app starts.
    inlined = inlined.replace(
      tag,
      () =>
        `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${href}" disabled />`,
    );
  }
  return inlined;
}

export async function prerender(options: { webRoot: string; configFile: string; outDir: string }) {
  const ssrOutDir = join(options.webRoot, '..', 'node_modules', '.cache', 'storefront-prerender');
  await rm(ssrOutDir, { recursive: true, force: true });
  await build({
    configFile: options.configFile,
    logLevel: 'warn',
    build: {
      ssr: join(options.webRoot, 'scripts', 'entry-server.tsx'),
      outDir: ssrOutDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
    },
  });
  const entry = (await import(
    pathToFileURL(join(ssrOutDir, 'entry-server.mjs')).href
  )) as ServerEntry;
  let template = await inlineStylesheets(
    await readFile(join(options.outDir, 'index.html'), 'utf8'),
    options.outDir,
  );
  if (!template.includes(ROOT_MARKER)) throw new Error(`index.html lacks ${ROOT_MARKER}`);
  // The entry starts the app only after the first paint (web/src/main.tsx), so its fetch must not
  // compete with what that paint needs: low priority keeps it off the first paint's critical path.
  template = template.replace(
    '<script type="module" crossorigin',
    '<script type="module" fetchpriority="low" crossorigin',
  );

  const written: string[] = [];
  for (const { path } of entry.appRoutes) {
    const url = path === '*' ? '/404' : path;
    const appHtml = await entry.renderRoute(url);
    const meta = entry.routeMeta[path] ?? entry.routeMeta['*'];
    let html = template.replace(
      ROOT_MARKER,
      `<div id="root" data-prerendered="${escapeHtml(path)}">${appHtml}</div>`,
    );
    // A page with plan cards carries the plans it rendered, so hydration renders the same cards
    // (web/src/features/catalog/api/plans-snapshot.tsx): nothing moves when the API answers.
    // Checkout carries them too, to show the chosen plan without waiting for the API.
    if (appHtml.includes('data-plan-grid') || appHtml.includes('data-plans-snapshot-reader')) {
      html = html.replace('</body>', `${entry.plansSnapshot}</body>`);
    }
    if (meta) {
      html = html
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
        .replace(
          /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
          `<meta name="description" content="${escapeHtml(meta.description)}" />`,
        );
    }
    const file = join(options.outDir, outputFileFor(path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    written.push(outputFileFor(path));
  }
  await rm(ssrOutDir, { recursive: true, force: true });
  console.log(`prerendered ${written.length} pages: ${written.join(', ')}`);
}
