/**
 * Serves the built SPA from web/dist: prerendered route files when the build has them
 * (`/hosting` → hosting/index.html or hosting.html); for any other extensionless path the build's
 * 404.html with status 404 when it has one, else index.html (the SPA routes it). Hashed assets are cached for a year, HTML is revalidated every time, and
 * text is compressed with brotli or gzip as the browser accepts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|javascript)|image\/svg\+xml)/;

interface CachedFile {
  mtimeMs: number;
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export class StaticSite {
  private readonly cache = new Map<string, CachedFile>();

  constructor(private readonly distDir: string) {}

  available(): boolean {
    return existsSync(join(this.distDir, 'index.html'));
  }

  /** Maps a URL path to a file of the build; undefined when there is nothing to serve. */
  resolve(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    if (relative.split(sep).includes('..') || relative.includes('\0')) return undefined;
    const candidates = extname(relative)
      ? [relative]
      : [
          relative ? join(relative, 'index.html') : 'index.html',
          `${relative.replace(/[/\\]$/, '')}.html`,
        ];
    for (const candidate of candidates) {
      const full = join(this.distDir, candidate);
      if (!full.startsWith(this.distDir)) continue;
      try {
        if (statSync(full).isFile()) return full;
      } catch {
        // try the next candidate
      }
    }
    return undefined;
  }

  /** For a path with no file: the build's 404 page if it has one (status 404), else index.html for the SPA. */
  private fallback(urlPath: string): { file: string; status: number } | undefined {
    if (extname(urlPath)) return undefined;
    const notFound = join(this.distDir, '404.html');
    if (existsSync(notFound)) return { file: notFound, status: 404 };
    const index = join(this.distDir, 'index.html');
    return existsSync(index) ? { file: index, status: 200 } : undefined;
  }

  serve(req: IncomingMessage, res: ServerResponse, urlPath: string): void {
    const resolved = this.resolve(urlPath);
    const found = resolved ? { file: resolved, status: 200 } : this.fallback(urlPath);
    if (!found) {
      res.writeHead(404, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
      });
      res.end('Not found');
      return;
    }
    const { file, status } = found;
    const cached = this.load(file);
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': cacheControl(file),
      etag: cached.etag,
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    if (status === 200 && req.headers['if-none-match'] === cached.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let body = cached.body;
    if (COMPRESSIBLE.test(type) && body.length > 512) {
      const accepted = String(req.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) {
        cached.br ??= brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
        body = cached.br;
        headers['content-encoding'] = 'br';
      } else if (/\bgzip\b/.test(accepted)) {
        cached.gzip ??= gzipSync(body, { level: 9 });
        body = cached.gzip;
        headers['content-encoding'] = 'gzip';
      }
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private load(file: string): CachedFile {
    const { mtimeMs } = statSync(file);
    const hit = this.cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    const body = readFileSync(file);
    const entry: CachedFile = {
      mtimeMs,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    };
    this.cache.set(file, entry);
    return entry;
  }
}

function cacheControl(file: string): string {
  if (file.endsWith('.html')) return 'no-cache';
  // Vite names built assets name-HASH.ext (8+ url-safe characters).
  if (/[/\\]assets[/\\].+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(file))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
