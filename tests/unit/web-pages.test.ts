/**
 * The prerendered pages of the web build (built first when older than its sources: fresh-web-build.ts):
 * no page names a script for the browser to fetch while it parses; each ends with the boot script
 * (web/scripts/page-boot.ts), which the Content-Security-Policy allows by its hash, and whose data
 * block names the build's entry and every chunk it imports statically. Each catalog plan has its
 * own checkout page with the order in its HTML, served for /checkout?plan=ID by CloudFront's
 * routing function.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../lambdas/domain/catalog';
import { spaRoutingFor } from '../../infra/lib/constructs/spa-routing';
import { awsOrigins, contentSecurityPolicy } from '../../infra/lib/definitions/security-headers';
import { PAGE_BOOT_DATA_ID, type PageBootData } from '../../web/scripts/page-boot';
import { freshWebBuild } from './fresh-web-build';

const DIST = await freshWebBuild();

function pages(dir = DIST): string[] {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error(`${DIST} has no index.html: the web build wrote no pages.`);
  }
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : pages(join(dir, entry.name));
    return entry.name.endsWith('.html') ? [join(dir, entry.name)] : [];
  });
}

const read = (path: string) => readFileSync(path, 'utf8');
const scriptTags = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('every prerendered page', () => {
  const all = pages();

  it('fetches no script while it parses: no script src, no modulepreload', () => {
    expect(all.length).toBeGreaterThan(30);
    for (const page of all) {
      const html = read(page);
      const name = relative(DIST, page);
      expect(html, name).not.toMatch(/<script\b[^>]*\ssrc=/);
      expect(html, name).not.toMatch(/rel="modulepreload"/);
    }
  });

  it('has one inline script, the boot, and the CSP allows exactly it by its hash', () => {
    const scriptSources = contentSecurityPolicy(awsOrigins('ap-south-1'))
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))!
      .split(' ')
      .slice(1);
    const hashes = scriptSources.filter((source) => source.startsWith("'sha256-"));
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(hashes).toHaveLength(1);
    for (const page of all) {
      const executable = scriptTags(read(page)).filter(
        ([, attributes]) => !/type="application\/json"/.test(attributes!),
      );
      expect(executable, relative(DIST, page)).toHaveLength(1);
      expect(sha256(executable[0]![2]!), relative(DIST, page)).toBe(hashes[0]);
    }
  });

  it("boots the build's entry with its static imports, and the page's own chunks beside them", () => {
    const manifest = JSON.parse(read(join(DIST, '.vite', 'manifest.json'))) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[] }
    >;
    const fileOf = (key: string) => `/${manifest[key]!.file}`;
    const closureOf = (key: string) => {
      const closure = new Set<string>([key]);
      const visit = (from: string) => {
        for (const next of manifest[from]?.imports ?? []) {
          if (closure.has(next)) continue;
          closure.add(next);
          visit(next);
        }
      };
      visit(key);
      return [...closure].map(fileOf);
    };
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const block = new RegExp(
      `<script type="application/json" id="${PAGE_BOOT_DATA_ID}">([^<]*)</script>`,
    );
    const bootOf = (page: string) =>
      JSON.parse(block.exec(read(join(DIST, page)))![1]!) as PageBootData;
    // What each page needs before it can hydrate: the app, the footer, its own page's chunk.
    const pageModule: Record<string, string> = {
      'index.html': 'src/features/home/home-page.tsx',
      'hosting/index.html': 'src/features/catalog/hosting-page.tsx',
      'checkout/index.html': 'src/features/checkout/checkout-page.tsx',
      'checkout/plan/basichosting.html': 'src/features/checkout/checkout-page.tsx',
      'dashboard/index.html': 'src/features/dashboard/dashboard-page.tsx',
      '404.html': 'src/features/not-found/not-found-page.tsx',
    };
    const consoleFiles = Object.keys(manifest)
      .filter((key) => key.startsWith('src/features/admin/'))
      .map(fileOf);
    expect(consoleFiles).toContain(fileOf('src/features/admin/admin-page.tsx'));

    for (const page of all.map((path) => relative(DIST, path))) {
      const boot = bootOf(page);
      const asked = new Set([boot.entry, ...boot.preload]);
      expect(boot.entry, page).toBe(fileOf(entryKey));
      for (const file of [...closureOf(entryKey), ...closureOf('src/app/footer.tsx')]) {
        expect(asked.has(file), `${page} asks for ${file}`).toBe(true);
      }
      for (const file of closureOf(pageModule[page] ?? entryKey)) {
        expect(asked.has(file), `${page} asks for ${file}`).toBe(true);
      }
      // The console's code loads for an operator only, once the guard has seen the group.
      for (const file of consoleFiles) {
        expect(asked.has(file), `${page} asks for the console's ${file}`).toBe(false);
      }
    }
  });
});

describe("each plan's own checkout page", () => {
  type Handler = (event: {
    request: { uri: string; querystring: Record<string, { value: string; multiValue?: unknown }> };
  }) => { uri: string };
  const routing = runInNewContext(`${spaRoutingFor(DIST)}\nhandler;`) as Handler;
  const served = (uri: string, query: Record<string, string | string[]> = {}) =>
    routing({
      request: {
        uri,
        querystring: Object.fromEntries(
          Object.entries(query).map(([name, value]) =>
            Array.isArray(value)
              ? [name, { value: value[0]!, multiValue: value.map((v) => ({ value: v })) }]
              : [name, { value }],
          ),
        ),
      },
    }).uri;

  it('holds the order in its HTML, prerendered for exactly that query', () => {
    for (const plan of CATALOG) {
      const file = served('/checkout', { plan: plan.id });
      expect(file).toBe(`/checkout/plan/${plan.id}.html`);
      const html = read(join(DIST, file));
      expect(html).toContain(`data-prerendered-search="?plan=${plan.id}"`);
      expect(html).toContain('data-testid="plan-name">' + plan.name + '<');
      expect(html).not.toContain('Loading Plans, Please Wait');
    }
  });

  it("keeps the routing function within CloudFront Functions' 10 KB of code", () => {
    expect(Buffer.byteLength(spaRoutingFor(DIST))).toBeLessThan(10 * 1024);
  });

  it('is served only for /checkout?plan=ID alone; any other query gets the plain checkout page', () => {
    expect(served('/checkout/', { plan: 'basichosting' })).toBe('/checkout/plan/basichosting.html');
    expect(served('/checkout', {})).toBe('/checkout/index.html');
    expect(served('/checkout', { plan: 'nosuchplan' })).toBe('/checkout/index.html');
    expect(served('/checkout', { plan: 'basichosting', renew: '1' })).toBe('/checkout/index.html');
    expect(served('/checkout', { plan: ['basichosting', 'basicvps'] })).toBe(
      '/checkout/index.html',
    );
    expect(served('/checkout', { plan: '../index' })).toBe('/checkout/index.html');
    expect(served('/hosting', { plan: 'basichosting' })).toBe('/hosting/index.html');
    expect(read(join(DIST, 'checkout/index.html'))).toContain('Loading Plans, Please Wait');
  });
});
