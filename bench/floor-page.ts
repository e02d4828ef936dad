/**
 * The floor a page can reach: the prerendered home page's HTML with its CSS inlined and no
 * JavaScript at all, served compressed from loopback. Our pages are compared against it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function buildFloorHtml(distDir: string): string {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return (
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, '')
      // A disabled stylesheet link is never fetched; it only tells the app's preloader the CSS is in.
      .replace(/<link[^>]+rel="stylesheet"[^>]*\sdisabled[^>]*>/g, '')
      .replace(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
        const css = readFileSync(join(distDir, href.replace(/^\//, '')), 'utf8');
        return `<style>${css}</style>`;
      })
  );
}

export async function serveFloorPage(
  distDir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const body = gzipSync(buildFloorHtml(distDir));
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('floor server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
