/**
 * The web's initial JS and CSS on the home page, gzip-compressed: the entry (the app,
 * src/app-start.tsx) and the chunks it imports statically ("entry JS"), with the home page's own
 * chunks and the footer's, all of which the page asks for right after its first paint
 * (web/scripts/page-boot.ts), and the CSS the prerender inlined.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryKeyOf, readBuildManifest, staticClosure } from '../web/scripts/build-manifest';
import { PAGE_BOOT_DATA_ID, type PageBootData } from '../web/scripts/page-boot';

export interface WebAssetFigures {
  entryJsGzipBytes: number;
  initialJsGzipBytes: number;
  initialCssGzipBytes: number;
  files: { path: string; kind: 'js' | 'css'; bytes: number; gzipBytes: number }[];
}

export function measureWebAssets(distDir: string): WebAssetFigures {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  // The page names its entry and the entry's static imports in the boot's data block
  // (web/scripts/page-boot.ts), which asks for them once the page has painted.
  const bootBlock = new RegExp(
    `<script type="application/json" id="${PAGE_BOOT_DATA_ID}">([^<]*)</script>`,
  ).exec(html)?.[1];
  if (!bootBlock) throw new Error('web/dist/index.html has no boot data block');
  const boot = JSON.parse(bootBlock) as PageBootData;
  // The app: the build's entry and everything it imports statically (the manifest's closure).
  // The boot asks for those and, beside them, the home page's own chunks and the footer's.
  const manifest = readBuildManifest(distDir);
  const app = new Set(
    staticClosure(manifest, [entryKeyOf(manifest)]).map((key) => `/${manifest[key]!.file}`),
  );
  const entry = [boot.entry];
  const preloads = boot.preload;
  // A disabled stylesheet link (beside the CSS the prerender inlined) is never fetched.
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"([^>]*)>/g)]
    .filter((m) => !/\sdisabled\b/.test(m[2]!))
    .map((m) => m[1]!);
  const file = (url: string, kind: 'js' | 'css') => {
    const path = join(distDir, url.replace(/^\//, ''));
    const content = readFileSync(path);
    return {
      path: url,
      kind,
      bytes: statSync(path).size,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
  };
  const files = [
    ...entry.map((u) => file(u, 'js')),
    ...preloads.map((u) => file(u, 'js')),
    ...css.map((u) => file(u, 'css')),
  ];
  // Stylesheets the prerender inlined into the page count as initial CSS too.
  for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    files.push({
      path: '(inline <style>)',
      kind: 'css',
      bytes: Buffer.byteLength(css!),
      gzipBytes: gzipSync(css!, { level: 9 }).length,
    });
  }
  const sum = (list: typeof files) => list.reduce((total, f) => total + f.gzipBytes, 0);
  return {
    entryJsGzipBytes: sum(files.filter((f) => app.has(f.path))),
    initialJsGzipBytes: sum(files.filter((f) => f.kind === 'js')),
    initialCssGzipBytes: sum(files.filter((f) => f.kind === 'css')),
    files,
  };
}
