/**
 * The web's initial JS and CSS, gzip-compressed: what index.html loads before anything else (the
 * entry and the chunks it modulepreloads), and the app that its entry loads right after the first
 * paint (bench/admin-absent.ts BOOT_MODULES)
 * with that app's static imports, counted as entry JS as before the app moved out of the entry.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BOOT_MODULES } from './admin-absent';

export interface WebAssetFigures {
  entryJsGzipBytes: number;
  initialJsGzipBytes: number;
  initialCssGzipBytes: number;
  files: { path: string; kind: 'js' | 'css'; bytes: number; gzipBytes: number }[];
}

export function measureWebAssets(distDir: string): WebAssetFigures {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  // A disabled stylesheet link (beside the CSS the prerender inlined) is never fetched.
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"([^>]*)>/g)]
    .filter((m) => !/\sdisabled\b/.test(m[2]!))
    .map((m) => m[1]!);
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>;
  const boot = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) return;
    const url = `/${chunk.file}`;
    if (boot.has(url) || entry.includes(url) || preloads.includes(url)) return;
    boot.add(url);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of BOOT_MODULES) visit(key);
  entry.push(...boot);
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
    // The entry's modulepreloaded chunks are its static imports (Vite's preload helper, say).
    entryJsGzipBytes: sum(files.filter((f) => entry.includes(f.path) || preloads.includes(f.path))),
    initialJsGzipBytes: sum(files.filter((f) => f.kind === 'js')),
    initialCssGzipBytes: sum(files.filter((f) => f.kind === 'css')),
    files,
  };
}
