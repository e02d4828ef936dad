/**
 * Prerenders every route to static HTML after the client build, so a page's first paint needs no
 * JavaScript; the client then hydrates it (src/app-start.tsx, started by scripts/page-boot.ts).
 *
 * Output, in web/dist: `index.html` (/), `{route}/index.html` for every other route
 * (`hosting/index.html`, `checkout/index.html`, ...), `checkout/plan/{id}.html` for each plan's own
 * checkout page, and `404.html` (the not-found page, for any unknown path). CloudFront's routing
 * function (infra/lib/constructs/spa-routing.ts, which the local stack runs too) maps `/x` to
 * `x/index.html`, `/checkout?plan=id` to the plan's page and any other page to `404.html`. Each
 * page ends with its boot (scripts/page-boot.ts) instead of the build's script tags.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { readBuildManifest, staticClosure, type BuildManifest } from './build-manifest.ts';
import { pageBootHtml, type PageBootData } from './page-boot.ts';

interface ServerEntry {
  renderRoute(url: string): Promise<string>;
  appRoutes: ReadonlyArray<{ path: string; module: string; operatorsOnly?: boolean }>;
  /** The frame's own lazy modules (the footer), which every page loads before hydrating. */
  frameModules: readonly string[];
  routeMeta: Record<string, { title: string; description: string }>;
  /** A JSON data block of the catalog's plans, for pages that prerender plan cards. */
  plansSnapshot: string;
  /** The catalog's plan ids: each gets its own prerendered checkout page. */
  planIds: readonly string[];
}

/** Data blocks for the app, then the page's boot, end the body. */
const BODY_END = '</body>';

const ROOT_MARKER = '<div id="root"><!--app-html--></div>';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * A route prerendered once more for each value of one query parameter, as `{route}/{param}/{value}.html`:
 * /checkout?plan=basichosting is `checkout/plan/basichosting.html`.
 */
export interface QueryVariant {
  route: string;
  param: string;
}

export const CHECKOUT_VARIANT: QueryVariant = { route: '/checkout', param: 'plan' };

export function variantFileFor(variant: QueryVariant, value: string): string {
  return `${variant.route.replace(/^\//, '')}/${variant.param}/${value}.html`;
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

/**
 * Takes the build's entry script and its modulepreloads out of the page (scripts/page-boot.ts asks
 * for them once the page has painted: no script is fetched before the first paint), and says what
 * they were.
 */
export function deferEntry(html: string): { html: string; boot: PageBootData } {
  const entries = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g),
  ];
  if (entries.length !== 1) {
    throw new Error(`index.html has ${entries.length} module scripts; the boot starts exactly one`);
  }
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  let deferred = html;
  for (const [tag] of [...entries, ...preloads]) deferred = deferred.replace(tag, '');
  return {
    html: deferred,
    boot: { entry: entries[0]![1]!, preload: preloads.map((match) => match[1]!) },
  };
}

/**
 * The files of `modules` and of everything they import statically, as URLs, leaving out `known`:
 * what a page's own code adds to the app's (its page chunk, the footer's), which its boot asks for
 * beside the app's instead of once the app has started.
 */
export function chunksOf(
  manifest: BuildManifest,
  modules: readonly string[],
  known: ReadonlySet<string>,
): string[] {
  return staticClosure(manifest, modules)
    .map((key) => `/${manifest[key]!.file}`)
    .filter((url) => !known.has(url));
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
      // One file: the prerenderer imports everything at once, so the client's lazy chunks (and
      // the warning that a module it imports both ways cannot be split) do not apply here.
      rollupOptions: {
        output: { entryFileNames: 'entry-server.mjs', codeSplitting: false },
      },
    },
  });
  const entry = (await import(
    pathToFileURL(join(ssrOutDir, 'entry-server.mjs')).href
  )) as ServerEntry;
  const deferred = deferEntry(
    await inlineStylesheets(
      await readFile(join(options.outDir, 'index.html'), 'utf8'),
      options.outDir,
    ),
  );
  const template = deferred.html;
  if (!template.includes(ROOT_MARKER)) throw new Error(`index.html lacks ${ROOT_MARKER}`);
  const manifest = readBuildManifest(options.outDir);
  const appFiles = new Set([deferred.boot.entry, ...deferred.boot.preload]);

  const written: string[] = [];
  const writePage = async (
    route: ServerEntry['appRoutes'][number],
    search: string,
    output: string,
  ) => {
    const { path } = route;
    const appHtml = await entry.renderRoute((path === '*' ? '/404' : path) + search);
    const meta = entry.routeMeta[path] ?? entry.routeMeta['*'];
    const searchAttribute = search ? ` data-prerendered-search="${escapeHtml(search)}"` : '';
    let html = template.replace(
      ROOT_MARKER,
      `<div id="root" data-prerendered="${escapeHtml(path)}"${searchAttribute}>${appHtml}</div>`,
    );
    // A page with plan cards carries the plans it rendered, so hydration renders the same cards
    // (web/src/lib/plans-snapshot.tsx): nothing moves when the API answers. Checkout carries them
    // too, to show the chosen plan without waiting for the API.
    const snapshot =
      appHtml.includes('data-plan-grid') || appHtml.includes('data-plans-snapshot-reader')
        ? entry.plansSnapshot
        : '';
    // The page's boot asks for its own chunks with the app's: the console's code never (it loads
    // for an operator only, once the guard has seen the group).
    const pageModules = route.operatorsOnly ? [] : [route.module];
    const boot = pageBootHtml({
      entry: deferred.boot.entry,
      preload: [
        ...deferred.boot.preload,
        ...chunksOf(manifest, [...pageModules, ...entry.frameModules], appFiles),
      ],
    });
    html = html.replace(BODY_END, () => `${snapshot}${boot}${BODY_END}`);
    if (meta) {
      html = html
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
        .replace(
          /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
          `<meta name="description" content="${escapeHtml(meta.description)}" />`,
        );
    }
    const file = join(options.outDir, output);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    written.push(output);
  };
  for (const route of entry.appRoutes) await writePage(route, '', outputFileFor(route.path));
  // Each plan's own checkout page, its order already in the HTML: the page a plan's "Buy" link
  // (/checkout?plan=ID and nothing else) lands on; CloudFront's routing function serves it
  // (infra/lib/constructs/spa-routing.ts), any other query gets the plain checkout page.
  const checkout = entry.appRoutes.find((route) => route.path === CHECKOUT_VARIANT.route);
  if (!checkout) throw new Error(`The app has no ${CHECKOUT_VARIANT.route} route`);
  for (const planId of entry.planIds) {
    const search = `?${new URLSearchParams({ [CHECKOUT_VARIANT.param]: planId })}`;
    await writePage(checkout, search, variantFileFor(CHECKOUT_VARIANT, planId));
  }
  await rm(ssrOutDir, { recursive: true, force: true });
  console.log(`prerendered ${written.length} pages: ${written.join(', ')}`);
}
