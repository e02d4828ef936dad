/**
 * The HTTP plumbing the providers' stand-ins share (the WHM stand-in, the registrar's): listening
 * on the loopback only, stopping with every open connection closed, and answering with a body that
 * is never cached.
 */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on 127.0.0.1 (`port` 0: a free one) and answers the server's origin. */
export async function listenOnLoopback(server: Server, port: number): Promise<string> {
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops listening and closes every connection still open. */
export function closeServer(server: Server | undefined): Promise<void> {
  return new Promise<void>((resolvePromise) => {
    if (!server) return resolvePromise();
    server.close(() => resolvePromise());
    server.closeAllConnections();
  });
}

export function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
  });
  res.end(body);
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json', JSON.stringify(value));
}
