/** The web's initial JS and CSS: what index.html loads before anything else, gzip-compressed. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
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
  const sum = (list: typeof files) => list.reduce((total, f) => total + f.gzipBytes, 0);
  return {
    entryJsGzipBytes: sum(files.filter((f) => entry.includes(f.path))),
    initialJsGzipBytes: sum(files.filter((f) => f.kind === 'js')),
    initialCssGzipBytes: sum(files.filter((f) => f.kind === 'css')),
    files,
  };
}
