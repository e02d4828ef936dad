/**
 * Ports and child processes: a port in use is reported by the variable that moves it, and every
 * child is tracked by pid so that stopping the stack stops all of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { PortSetting } from './config';

export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(readonly setting: PortSetting) {
    super(
      `Port ${setting.port} (${setting.name}) is already in use on 127.0.0.1. ` +
        `Stop whatever uses it, or set ${setting.envVar} to a free port, e.g. ${setting.envVar}=${setting.port + 1} npm start`,
    );
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const probe = createServer();
    probe.once('error', () => resolvePromise(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      probe.close(() => resolvePromise(true));
    });
  });
}

export async function assertPortsFree(settings: PortSetting[]): Promise<void> {
  for (const setting of settings) {
    if (!(await portIsFree(setting.port))) throw new PortInUseError(setting);
  }
}

export interface ChildOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Lines of output worth showing; the rest is kept quiet unless the child fails. */
  verbose: boolean;
}

export class Children {
  private readonly children = new Map<string, ChildProcess>();
  private stopping = false;

  /** What to do when a child dies on its own; the stack sets this to stop everything. */
  onUnexpectedExit: (name: string, code: number | null) => void = () => {
    this.killAllNow();
    process.exit(1);
  };

  start(options: ChildOptions): ChildProcess {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const recent: string[] = [];
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        recent.push(line);
        if (recent.length > 40) recent.shift();
        if (options.verbose) console.log(`[${options.name}] ${line}`);
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', async (code) => {
      this.children.delete(options.name);
      // Ctrl-C reaches the whole process group: give our own SIGINT handler a moment to start stopping.
      await new Promise((r) => setTimeout(r, 300));
      if (!this.stopping) {
        console.error(`[${options.name}] exited unexpectedly (code ${code}). Its last output:`);
        for (const line of recent) console.error(`[${options.name}] ${line}`);
        this.onUnexpectedExit(options.name, code);
      }
    });
    this.children.set(options.name, child);
    return child;
  }

  /** From now on a child's exit is expected. */
  markStopping(): void {
    this.stopping = true;
  }

  /** SIGTERM each child by pid, then SIGKILL whatever is still there after a grace period. */
  async stopAll(graceMs = 3000): Promise<void> {
    this.stopping = true;
    const waiting = [...this.children.values()].map(
      (child) =>
        new Promise<void>((resolvePromise) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
          const timer = setTimeout(() => {
            if (child.pid) killQuietly(child.pid, 'SIGKILL');
            resolvePromise();
          }, graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolvePromise();
          });
          if (child.pid) killQuietly(child.pid, 'SIGTERM');
        }),
    );
    await Promise.all(waiting);
    this.children.clear();
  }

  /** Synchronous last resort for process exit. */
  killAllNow(): void {
    this.stopping = true;
    for (const child of this.children.values()) if (child.pid) killQuietly(child.pid, 'SIGKILL');
  }
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Polls `check` until it resolves true or the time is up. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline)
      throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
