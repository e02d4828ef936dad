/**
 * A provider's HTTP call on Node's own http/https with one keep-alive agent per process: the
 * subset of `fetch` the provider adapters use (method, headers, an optional body, a timeout
 * signal, no redirects followed; the status and the body's text back). Measured against the
 * registrar stand-in at 32 calls at once (issue #30, bench/domain-availability.ts), global `fetch`
 * (undici) spent about three times the CPU per call, which a Lambda's fraction of a vCPU turns
 * into latency; and its first call loads undici, a cold start's cost that this does not pay.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface HttpCallInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Never followed here: a 3xx is answered as it is, as fetch's `redirect: 'manual'` does. */
  redirect?: 'manual';
}

export interface HttpCallAnswer {
  status: number;
  text(): Promise<string>;
}

/** What an adapter calls its provider with; `fetch` fits it too, for tests that pass one. */
export type HttpCall = (url: URL, init: HttpCallInit) => Promise<HttpCallAnswer>;

const agents = {
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true }),
};

/**
 * One call. A transport fault rejects with Node's error; a call stopped by its signal rejects
 * with the signal's reason (AbortSignal.timeout's is a `TimeoutError`, as fetch's is). A kept
 * connection the other end closed while it sat idle (a Lambda frozen between invocations finds
 * it so) fails with ECONNRESET before anything was answered: the call is made once more on a new
 * connection, as Node's documentation of keep-alive agents advises (`request.reusedSocket`).
 */
export const keepAliveHttp: HttpCall = async (url, init) => {
  try {
    return await once(url, init);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    return once(url, init);
  }
};

class StaleConnectionError extends Error {
  override readonly name = 'StaleConnectionError';
}

const once: HttpCall = (url, init) =>
  new Promise<HttpCallAnswer>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const fail = (error: unknown) => reject(init.signal?.aborted ? init.signal.reason : error);
    const request = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method: init.method,
        // A length always, so a POST whose parameters are in its query sends an empty body
        // rather than a chunked one.
        headers:
          init.method === 'GET' || init.method === 'HEAD'
            ? init.headers
            : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body ?? '')) },
        agent: secure ? agents.https : agents.http,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, text: () => Promise.resolve(text) });
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === 'ECONNRESET' && !init.signal?.aborted) {
        reject(new StaleConnectionError(error.message, { cause: error }));
      } else fail(error);
    });
    request.end(init.body);
  });
