/**
 * The HTTP plumbing the providers' stand-ins share (the WHM stand-in, the registrar's): listening
 * on the loopback only, stopping with every open connection closed, answering with a body that is
 * never cached, and guarding their test hooks (`controlRefusal`).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the request came from this machine. */
export function fromLoopback(req: IncomingMessage): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/**
 * Why a stand-in's test hook (`/_whm/outage`, `/_registrar/taken`, `/_local/jobs/…`) refuses this
 * request, or undefined to accept it. A hook answers this machine only, and a POST must be JSON
 * with no `Origin` header: a page the developer visits can post `text/plain` across origins without
 * asking first, but neither JSON nor a request the browser names with its origin gets through. (A
 * hook the storefront's own page calls passes `allowOrigin`.)
 */
export function controlRefusal(
  req: IncomingMessage,
  options: { allowOrigin?: string } = {},
): { status: number; message: string } | undefined {
  if (!fromLoopback(req))
    return { status: 403, message: 'The test hooks answer this machine only.' };
  const origin = req.headers.origin;
  if (origin && origin !== options.allowOrigin) {
    return { status: 403, message: 'The test hooks take no cross-origin requests.' };
  }
  if (req.method === 'POST' && !/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return { status: 415, message: 'Send JSON (content-type: application/json).' };
  }
  return undefined;
}

/**
 * A request's body as text, keeping at most `limit` bytes of it (a stand-in answers what it reads;
 * a body past its service's size is cut, and the service's own validation refuses what is left).
 */
export function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
