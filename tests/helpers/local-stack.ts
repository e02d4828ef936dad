/**
 * Starts the local stack (`infra/local/start.ts`) as a child process on free ports with its own
 * DATA_DIR, for the integration, end-to-end and fault tests. The child leads its own process group,
 * so `stop()` (SIGTERM) and `kill()` (SIGKILL, a crash) reach it and every stand-in it started.
 * `startLocalStack({ dataDir, ports })` starts it again on the same data and ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export interface StackPorts {
  storefront: number;
  dynamodb: number;
  cognito: number;
  ses: number;
  razorpaySimulator: number;
  whm: number;
  registrar: number;
  proxmox: number;
  storage: number;
}

export interface SiteConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
  apiBase: string;
  razorpay: { keyId: string; checkoutScript: string };
  local: { mailbox: string; razorpaySimulator: string; whm: string };
}

export interface StartOptions {
  /** Reuse a data directory (a restart); by default a new temporary one. */
  dataDir?: string;
  /** Reuse ports (a restart); by default free ones. */
  ports?: StackPorts;
  /** Build and serve the web app (slower); by default STOREFRONT_SKIP_WEB=1. */
  withWeb?: boolean;
  /** Extra environment for the stack, e.g. LOCAL_RETRY_BASE_MS. */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The script that starts the stack, relative to the repository; by default infra/local/start.ts. */
  entry?: string;
  /** Also write everything the stack prints to this file as it comes (the shared stacks' log). */
  logFile?: string;
}

export interface LocalStack {
  baseUrl: string;
  mailboxUrl: string;
  simulatorUrl: string;
  cognitoUrl: string;
  /** The WHM stand-in: its API, GET /_whm/accounts, POST /_whm/outage and its login pages. */
  whmUrl: string;
  /** The registrar stand-in (LogicBoxes): GET /_registrar/domains, POST /_registrar/taken|outage. */
  registrarUrl: string;
  /** The Proxmox VE stand-in: GET /_proxmox/vms, POST /_proxmox/outage. */
  proxmoxUrl: string;
  /** The object storage stand-in (RGW admin + S3): GET /_storage/users, POST /_storage/outage. */
  storageUrl: string;
  ports: StackPorts;
  dataDir: string;
  config: SiteConfig;
  /** Everything the stack printed so far. */
  output(): string;
  /** Ctrl-C: a graceful stop; the data stays. */
  stop(): Promise<void>;
  /** A crash: SIGKILL to the whole process group; the data stays. */
  kill(): Promise<void>;
  /** Stop, then delete the data directory. */
  dispose(): Promise<void>;
}

export const LOCAL_SECRETS = {
  keyId: 'rzp_test_local',
  keySecret: 'local_key_secret',
  webhookSecret: 'local_webhook_secret',
} as const;

/**
 * Ports are drawn below Linux's ephemeral range (32768–60999): no `listen(0)` and no outgoing
 * connection is handed one of them, so a port found free stays free until the stack binds it,
 * and again across a restart on the same ports. Each vitest worker draws from its own slice
 * (`VITEST_POOL_ID`; the main process, `npm start` and the bench from slice 0), so two files
 * starting stacks at once never draw the same port; within a slice the draw is random, for other
 * runs on the same machine.
 */
const PORT_RANGE = { low: 10_000, high: 32_000, slices: 8 } as const;
const drawn = new Set<number>();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePromise(true)));
  });
}

/** A port nothing listens on, from this process's slice (see PORT_RANGE). */
export async function freePort(): Promise<number> {
  const pool = Number(process.env.VITEST_POOL_ID ?? 0);
  const slice = Number.isInteger(pool) && pool > 0 ? pool % PORT_RANGE.slices : 0;
  const size = Math.floor((PORT_RANGE.high - PORT_RANGE.low) / PORT_RANGE.slices);
  const low = PORT_RANGE.low + slice * size;
  for (let tries = 0; tries < 200; tries++) {
    const port = low + Math.floor(Math.random() * size);
    if (drawn.has(port) || !(await portIsFree(port))) continue;
    drawn.add(port);
    return port;
  }
  throw new Error(`No free port between ${low} and ${low + size - 1} after 200 tries.`);
}

async function freePorts(): Promise<StackPorts> {
  return {
    storefront: await freePort(),
    dynamodb: await freePort(),
    cognito: await freePort(),
    ses: await freePort(),
    razorpaySimulator: await freePort(),
    whm: await freePort(),
    registrar: await freePort(),
    proxmox: await freePort(),
    storage: await freePort(),
  };
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** Stacks still running when this process exits are killed with it (no orphans). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL');
});

export async function startLocalStack(options: StartOptions = {}): Promise<LocalStack> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'storefront-stack-'));
  const ports = options.ports ?? (await freePorts());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.storefront),
    DYNAMODB_PORT: String(ports.dynamodb),
    COGNITO_PORT: String(ports.cognito),
    SES_PORT: String(ports.ses),
    RAZORPAY_SIM_PORT: String(ports.razorpaySimulator),
    WHM_PORT: String(ports.whm),
    REGISTRAR_PORT: String(ports.registrar),
    PROXMOX_PORT: String(ports.proxmox),
    STORAGE_PORT: String(ports.storage),
    DATA_DIR: dataDir,
    STOREFRONT_SKIP_WEB: options.withWeb ? '' : '1',
    LOCAL_RETRY_BASE_MS: '200',
    LOG_LEVEL: 'WARN',
    STOREFRONT_PARENT_PID: String(process.pid),
    ...options.env,
  };
  const tsx = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const entry = join(REPO_ROOT, options.entry ?? join('infra', 'local', 'start.ts'));
  const child = spawn(process.execPath, [tsx, entry], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const { logFile } = options;
  if (logFile) writeFileSync(logFile, '');
  const record = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    if (logFile) appendFileSync(logFile, text);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);

  const timeoutMs = options.timeoutMs ?? (options.withWeb ? 120_000 : 45_000);
  const ready = new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      signalGroup(child, 'SIGKILL');
      reject(
        new Error(`The local stack was not ready within ${timeoutMs / 1000} s. Output:\n${output}`),
      );
    }, timeoutMs);
    const onData = () => {
      if (output.includes('The storefront is ready')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        resolvePromise();
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(
        new Error(`The local stack exited (code ${code}) before it was ready. Output:\n${output}`),
      );
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
  try {
    await ready;
  } catch (error) {
    await exited(child);
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const baseUrl = `http://127.0.0.1:${ports.storefront}`;
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as SiteConfig;

  const stop = async () => {
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 8000);
    await exited(child);
    clearTimeout(timer);
    // The stand-ins share the group: make sure none outlives the stack.
    signalGroup(child, 'SIGKILL');
  };
  const kill = async () => {
    signalGroup(child, 'SIGKILL');
    await exited(child);
  };
  return {
    baseUrl,
    mailboxUrl: `http://127.0.0.1:${ports.ses}`,
    simulatorUrl: `http://127.0.0.1:${ports.razorpaySimulator}`,
    cognitoUrl: `http://127.0.0.1:${ports.cognito}`,
    whmUrl: `http://127.0.0.1:${ports.whm}`,
    registrarUrl: `http://127.0.0.1:${ports.registrar}`,
    proxmoxUrl: `http://127.0.0.1:${ports.proxmox}`,
    storageUrl: `http://127.0.0.1:${ports.storage}`,
    ports,
    dataDir,
    config,
    output: () => output,
    stop,
    kill,
    dispose: async () => {
      await stop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
