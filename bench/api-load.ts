/** A bounded load on loopback only: 32 connections for 10 s per route. */
import autocannon from 'autocannon';

export interface LoadFigure {
  route: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function loadTest(options: {
  baseUrl: string;
  route: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
}): Promise<LoadFigure> {
  const url = new URL(options.path, options.baseUrl);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`load tests stay on loopback, not ${url.hostname}`);
  }
  const connections = options.connections ?? 32;
  const durationSeconds = options.durationSeconds ?? 10;
  const result = await autocannon({
    url: url.toString(),
    method: options.method,
    connections,
    duration: durationSeconds,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    route: options.route,
    connections,
    durationSeconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
