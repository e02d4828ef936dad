/**
 * How CloudFront maps a page's path to a file of the web build. The build prerenders each route
 * to `{route}/index.html` and the not-found page to `404.html` (web/scripts/prerender.ts); S3
 * has no notion of a directory index, so a CloudFront Function does the mapping at the edge.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The routes the build prerendered: `/hosting` for `hosting/index.html`, `/` for `index.html`. */
export function prerenderedRoutes(distDir: string): string[] {
  const routes: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'assets') continue;
      const path = `${prefix}/${entry.name}`;
      const full = join(dir, entry.name);
      if (existsSync(join(full, 'index.html')) && statSync(join(full, 'index.html')).isFile()) {
        routes.push(path);
      }
      walk(full, path);
    }
  };
  if (existsSync(join(distDir, 'index.html'))) routes.push('/');
  walk(distDir, '');
  return routes.sort();
}

/**
 * Routes the build prerendered once more for each value of one query parameter, as
 * `{route}/{param}/{value}.html` beside `{route}/index.html` (web/scripts/prerender.ts): each
 * plan's checkout page, `checkout/plan/basichosting.html`. A folder inside a route's folder
 * that holds pages but no index.html is such a parameter.
 */
export function prerenderedVariants(
  distDir: string,
  routes: readonly string[],
): Record<string, Record<string, string[]>> {
  const variants: Record<string, Record<string, string[]>> = {};
  for (const route of routes) {
    if (route === '/') continue;
    const dir = join(distDir, route);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const folder = join(dir, entry.name);
      if (!entry.isDirectory() || existsSync(join(folder, 'index.html'))) continue;
      const values = readdirSync(folder)
        .filter((name) => name.endsWith('.html'))
        .map((name) => name.slice(0, -'.html'.length))
        .sort();
      if (values.length > 0) (variants[route] ??= {})[entry.name] = values;
    }
  }
  return variants;
}

/**
 * The viewer-request function (cloudfront-js-2.0): a prerendered route, with or without a
 * trailing slash, gets its own HTML, or its variant's when the query is exactly one known value
 * of the variant's parameter (anything more, and the page is the route's own, which reads the
 * query in the browser); a path with a file extension is left alone (assets, config.json,
 * favicon); any other path gets the not-found page, which the SPA renders as its `*` route, or
 * the SPA's shell when the build has no such page.
 */
export function spaRoutingFunctionCode(
  routes: readonly string[],
  notFoundPage: string,
  variants: Record<string, Record<string, readonly string[]>> = {},
): string {
  const pages: Record<string, string> = {};
  for (const route of routes) pages[route] = route === '/' ? '/index.html' : `${route}/index.html`;
  return `var PAGES = ${JSON.stringify(pages)};
var VARIANTS = ${JSON.stringify(variants)};
var NOT_FOUND = ${JSON.stringify(notFoundPage)};
function variantOf(route, query) {
  var byParam = VARIANTS[route];
  if (!byParam || !query) return undefined;
  var names = Object.keys(query);
  if (names.length !== 1) return undefined;
  var values = byParam[names[0]];
  var given = query[names[0]];
  if (!values || !given || given.multiValue || values.indexOf(given.value) === -1) return undefined;
  return route + '/' + names[0] + '/' + given.value + '.html';
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var trimmed = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  var page = PAGES[trimmed];
  if (page) {
    request.uri = variantOf(trimmed, request.querystring) || page;
    return request;
  }
  var last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = NOT_FOUND;
  return request;
}
`;
}

/** The function's code for a build folder. */
export function spaRoutingFor(distDir: string): string {
  const notFound = existsSync(join(distDir, '404.html')) ? '/404.html' : '/index.html';
  const routes = prerenderedRoutes(distDir);
  return spaRoutingFunctionCode(routes, notFound, prerenderedVariants(distDir, routes));
}
