/**
 * The provider adapters' HTTP call (lambdas/adapters/keep-alive-http.ts) against a real server on
 * loopback: one connection kept for calls one after another, the body and status as answered, a
 * POST with its parameters in the query sends an empty body, a call stopped by its timeout rejects
 * as fetch's does (TimeoutError), and an unreachable origin rejects.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveHttp } from '../../../../lambdas/adapters/keep-alive-http';
import { LogicBoxesApi } from '../../../../lambdas/adapters/registrar/logicboxes-api';
import { RegistrarUnavailableError } from '../../../../lambdas/ports/registrar';

let server: Server;
let origin: string;
let connections = 0;
let staleSocket: unknown;
const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      if (req.url?.includes('slow')) return; // never answers
      // A kept connection closed by this end while idle, as the client next uses it.
      if (req.url === '/stale/first') {
        staleSocket = req.socket;
        res.end('first');
        return;
      }
      if (req.url === '/stale/again' && req.socket === staleSocket) {
        req.socket.destroy();
        return;
      }
      res.writeHead(req.url?.startsWith('/missing') ? 404 : 200, {
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ path: req.url, says: 'नमस्ते ₹' }));
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('keepAliveHttp', () => {
  it('answers the status and the body, and keeps one connection for calls one after another', async () => {
    const before = connections;
    for (const path of ['/a', '/b', '/missing']) {
      const answer = await keepAliveHttp(new URL(path, origin), { method: 'GET' });
      expect(answer.status).toBe(path === '/missing' ? 404 : 200);
      expect(JSON.parse(await answer.text())).toEqual({ path, says: 'नमस्ते ₹' });
    }
    expect(connections - before).toBe(1);
  });

  it('a kept connection the server closed is called again once on a new one', async () => {
    expect(
      await (await keepAliveHttp(new URL('/stale/first', origin), { method: 'GET' })).text(),
    ).toBe('first');
    const before = connections;
    const answer = await keepAliveHttp(new URL('/stale/again', origin), { method: 'GET' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text())).toMatchObject({ path: '/stale/again' });
    expect(connections - before).toBe(1);
  });

  it('a POST with its parameters in the query sends an empty body with its length', async () => {
    await keepAliveHttp(new URL('/post?x=1', origin), { method: 'POST' });
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', body: '' });
    expect(last?.headers['content-length']).toBe('0');
    expect(last?.headers['transfer-encoding']).toBeUndefined();
  });

  it('a call stopped by its timeout rejects as TimeoutError, which the registrar reports as no answer', async () => {
    const error = await keepAliveHttp(new URL('/slow', origin), {
      method: 'GET',
      signal: AbortSignal.timeout(50),
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');

    const api = new LogicBoxesApi({
      credentials: async () => ({ baseUrl: origin, resellerId: 'slow', apiKey: 'k' }),
      timeoutMs: 50,
    });
    const failure = await api.call('GET', 'domains/available', []).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RegistrarUnavailableError);
    expect((failure as RegistrarUnavailableError).detail).toContain('no answer within 50 ms');
  });

  it('an origin nobody listens on rejects', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      keepAliveHttp(new URL(`http://127.0.0.1:${port}/`), { method: 'GET' }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
