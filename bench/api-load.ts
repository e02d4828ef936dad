/** A bounded load on loopback only: 32 connections for 10 s per route. */
import os from 'node:os';
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
  /**
   * How busy the machine was: the tail of a loopback load on a shared 2-vCPU machine follows the
   * other work on it (the stack's own time per request stays well under a millisecond), so the
   * figure travels with the 1-minute load average at its end and the load generator's own CPU.
   */
  p97_5Ms?: number;
  maxMs?: number;
  loadAverage1m?: number;
  loadGeneratorCpuMs?: number;
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
  /**
   * The same load first for this long, not measured (default 2 s): the figure is the route's
   * steady state, not the JIT compiling its path or a cache being filled on the first requests.
   */
  warmupSeconds?: number;
  /** Each request's path (query included) in turn, instead of `path` every time. */
  nextPath?: () => string;
}): Promise<LoadFigure> {
  const url = new URL(options.path, options.baseUrl);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`load tests stay on loopback, not ${url.hostname}`);
  }
  const connections = options.connections ?? 32;
  const durationSeconds = options.durationSeconds ?? 10;
  const run = (duration: number) =>
    autocannon({
      url: url.toString(),
      method: options.method,
      connections,
      duration,
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      ...(options.nextPath
        ? {
            requests: [
              {
                setupRequest: (request: autocannon.Request) => ({
                  ...request,
                  path: options.nextPath!(),
                }),
              },
            ],
          }
        : {}),
    });
  const warmupSeconds = options.warmupSeconds ?? 2;
  if (warmupSeconds > 0) await run(warmupSeconds);
  const cpuBefore = process.cpuUsage();
  const result = await run(durationSeconds);
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
    p97_5Ms: result.latency.p97_5,
    maxMs: result.latency.max,
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
    loadGeneratorCpuMs: Math.round(cpuTotalMs(process.cpuUsage(cpuBefore))),
  };
}

function cpuTotalMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
