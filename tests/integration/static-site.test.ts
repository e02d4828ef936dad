/**
 * How the local gateway serves the web build: through CloudFront's own routing function (the
 * code the stack deploys, built from the same folder), then as S3 serves the file it names; the
 * deployment's cache headers, CloudFront's compression, and nothing outside dist.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRoutingFor } from '../../infra/lib/constructs/spa-routing';
import { StaticSite } from '../../infra/local/static-site';

let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  mkdirSync(join(dist, 'hosting'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dist, 'hosting', 'index.html'), '<!doctype html><title>hosting</title>');
  mkdirSync(join(dist, 'hosting', 'plan'));
  writeFileSync(join(dist, 'hosting', 'plan', 'basic.html'), '<!doctype html><title>basic</title>');
  writeFileSync(
    join(dist, 'assets', 'index-AbCd1234.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  writeFileSync(join(tmpdir(), 'outside-dist.txt'), 'secret');
  const site = new StaticSite(dist);
  server = createServer((req, res) =>
    site.serve(req, res, new URL(req.url ?? '/', 'http://x').pathname),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'outside-dist.txt'), { force: true });
});

describe('the web build, served', () => {
  it('serves a prerendered route from route/index.html, with or without a slash, revalidated every time', async () => {
    const hosting = await fetch(`${base}/hosting`);
    expect(hosting.status).toBe(200);
    expect(await hosting.text()).toContain('<title>hosting</title>');
    expect(hosting.headers.get('cache-control')).toBe('no-cache');
    expect(await (await fetch(`${base}/hosting/`)).text()).toContain('<title>hosting</title>');
  });

  it('serves the SPA shell for other pages, or the build’s 404 page once it has one, as CloudFront does (status 200)', async () => {
    const spa = await fetch(`${base}/dashboard`);
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('<title>home</title>');

    writeFileSync(join(dist, '404.html'), '<!doctype html><title>not found</title>');
    touchBuild(); // a new build: the routing function is built again
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(200);
    expect(await missing.text()).toContain('<title>not found</title>');
    expect((await fetch(`${base}/assets/missing-AbCd1234.js`)).status).toBe(404);
  });

  it("serves a route's query variant for exactly that one query, with CloudFront's query shape", async () => {
    const title = async (url: string) =>
      /<title>(.*)<\/title>/.exec(await (await fetch(`${base}${url}`)).text())?.[1];
    expect(await title('/hosting?plan=basic')).toBe('basic');
    expect(await title('/hosting/?plan=basic')).toBe('basic');
    expect(await title('/hosting?plan=basic&plan=basic')).toBe('hosting');
    expect(await title('/hosting?plan=basic&renew=1')).toBe('hosting');
    expect(await title('/hosting?plan=other')).toBe('hosting');
  });

  it('routes every path exactly as the deployed CloudFront function does', async () => {
    const handler = runInNewContext(`${spaRoutingFor(dist)}\nhandler;`) as (event: {
      request: { uri: string };
    }) => { uri: string };
    for (const uri of [
      '/',
      '/hosting',
      '/hosting/',
      '/hosting/deeper',
      '/nope',
      '/assets/index-AbCd1234.js',
    ]) {
      const file = handler({ request: { uri } }).uri;
      const served = await fetch(`${base}${uri}`);
      expect(await served.text(), uri).toBe(readFileSync(join(dist, file), 'utf8'));
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await rawGet('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.length).toBeLessThan(1000);
    expect(gunzipSync(res.body).toString('utf8')).toContain('console.log');
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await fetch(`${base}/hosting`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/hosting`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('serves nothing outside the build folder', async () => {
    for (const path of [
      '/../outside-dist.txt',
      '/%2e%2e/outside-dist.txt',
      '/..%2foutside-dist.txt',
    ]) {
      const res = await rawGet(path);
      expect(res.body.toString('utf8')).not.toContain('secret');
    }
  });
});

/** Marks the build as rebuilt, as `npm run build` does by writing index.html again. */
function touchBuild(): void {
  const later = new Date(Date.now() + 5000);
  utimesSync(join(dist, 'index.html'), later, later);
}

/** A GET with the path sent as is (fetch would normalise `..` away before it left). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}/`, { path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}
