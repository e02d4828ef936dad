/**
 * Serves the built SPA from web/dist as CloudFront and S3 do in AWS: each request first goes
 * through the very viewer-request function the stack deploys (infra/lib/constructs/spa-routing.ts,
 * built from the same folder and run here in a VM with CloudFront's event shape), then the file
 * its URI names is served as S3 would: the page with 200, or 404 when there is no such file.
 * Hashed assets are cached for a year, the rest revalidated (as the deployment's cache-control
 * metadata says), and text is compressed as CloudFront compresses it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import { spaRoutingFor } from '../lib/constructs/spa-routing';
import { compress, type Encoding } from './compression';

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

interface CachedFile {
  mtimeMs: number;
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

type CloudFrontValue = Record<string, { value: string; multiValue?: { value: string }[] }>;

/** A query string as CloudFront Functions see it: a repeated name has every value in multiValue. */
function cloudFrontQuery(query: URLSearchParams): CloudFrontValue {
  const byName: CloudFrontValue = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    byName[name] = {
      value: values[0]!,
      ...(values.length > 1 ? { multiValue: values.map((value) => ({ value })) } : {}),
    };
  }
  return byName;
}

/** The `request` of a CloudFront Functions viewer-request event. */
interface CloudFrontRequest {
  method: string;
  uri: string;
  querystring: CloudFrontValue;
  headers: CloudFrontValue;
  cookies: CloudFrontValue;
}

/** What a viewer-request function may return instead of the request: an answer of its own. */
interface CloudFrontResponse {
  statusCode: number;
  headers?: CloudFrontValue;
  body?: string | { data: string };
}

type ViewerRequestHandler = (event: unknown) => CloudFrontRequest | CloudFrontResponse;

export class StaticSite {
  private readonly cache = new Map<string, CachedFile>();
  private routing: { builtAt: number; handler: ViewerRequestHandler } | undefined;

  constructor(private readonly distDir: string) {}

  available(): boolean {
    return existsSync(join(this.distDir, 'index.html'));
  }

  serve(req: IncomingMessage, res: ServerResponse, urlPath: string): void {
    const routed = this.viewerRequest(req, urlPath);
    if ('statusCode' in routed) return respondWith(res, routed);
    const file = this.objectAt(routed.uri);
    if (!file) {
      res.writeHead(404, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
      });
      res.end('Not found');
      return;
    }
    const cached = this.load(file);
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': cacheControl(file),
      etag: cached.etag,
    };
    if (req.headers['if-none-match'] === cached.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const sent = compress(req.headers['accept-encoding'], type, cached.body, cached.encoded);
    Object.assign(headers, sent.headers, { 'content-length': String(sent.body.length) });
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : sent.body);
  }

  /** Runs the deployed routing function, rebuilt whenever the build changes. */
  private viewerRequest(
    req: IncomingMessage,
    urlPath: string,
  ): CloudFrontRequest | CloudFrontResponse {
    const builtAt = statSync(join(this.distDir, 'index.html')).mtimeMs;
    if (this.routing?.builtAt !== builtAt) {
      const code = spaRoutingFor(this.distDir);
      this.routing = {
        builtAt,
        handler: runInNewContext(
          `${code}\nhandler;`,
          {},
          { timeout: 1000 },
        ) as ViewerRequestHandler,
      };
    }
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const headers: CloudFrontValue = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name] = { value };
    }
    return this.routing.handler({
      version: '1.0',
      context: { eventType: 'viewer-request', requestId: randomUUID() },
      viewer: { ip: req.socket.remoteAddress ?? '127.0.0.1' },
      request: {
        method: req.method ?? 'GET',
        uri: urlPath,
        querystring: cloudFrontQuery(query),
        headers,
        cookies: {},
      },
    });
  }

  /** The file S3 would serve for a URI (S3 decodes the key), never one outside the build. */
  private objectAt(uri: string): string | undefined {
    let key: string;
    try {
      key = decodeURIComponent(uri);
    } catch {
      return undefined;
    }
    const relative = normalize(key).replace(/^([/\\])+/, '');
    if (!relative || relative.split(sep).includes('..') || relative.includes('\0'))
      return undefined;
    const full = join(this.distDir, relative);
    if (!full.startsWith(this.distDir + sep)) return undefined;
    try {
      return statSync(full).isFile() ? full : undefined;
    } catch {
      return undefined;
    }
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
      encoded: {},
    };
    this.cache.set(file, entry);
    return entry;
  }
}

function respondWith(res: ServerResponse, answer: CloudFrontResponse): void {
  const headers = Object.fromEntries(
    Object.entries(answer.headers ?? {}).map(([name, { value }]) => [name, value]),
  );
  res.writeHead(answer.statusCode, headers);
  const body = answer.body;
  res.end(typeof body === 'string' ? body : (body?.data ?? ''));
}

/** What the deployment's cache-control metadata says (infra/lib/constructs/site.ts). */
function cacheControl(file: string): string {
  // Vite names built assets name-HASH.ext (8+ url-safe characters); they are deployed immutable.
  if (/[/\\]assets[/\\][^/\\]+$/.test(file)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
