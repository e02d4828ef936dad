/**
 * The Proxmox VE stand-in: the subset of Proxmox VE's REST API (`/api2/json`, docs/toolchain.md)
 * the compute adapter uses, with the same paths and JSON (`{"data": ...}`), so the adapter runs
 * unchanged against it and against a Proxmox VE cluster. Every call needs
 * `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`. Long operations (clone, start, stop,
 * reboot, shutdown, delete, an asynchronous config) answer a UPID and finish as tasks after
 * `taskMs`; `GET /nodes/{node}/tasks/{upid}/status` says `running` until then, then `stopped`
 * with `exitstatus` "OK" or the error. A VM being cloned is locked; a disk never shrinks;
 * `sshkeys` must be URL-encoded, as Proxmox requires. Errors answer the HTTP status with
 * Proxmox's sentence as the reason and `{"data": null, "message", "errors"?}`.
 *
 * Test hooks (CONTRACT, round 3), JSON from this machine only: `GET /_proxmox/vms` (every VM that
 * is not a template: `{vmid, name, serviceId, os, cores, memoryMb, diskGb, ip, status, sshKeys}`,
 * the keys decoded, one a line) and `POST /_proxmox/outage {"on"}`. Local only: nothing here ships
 * to AWS.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { closeServer, json, listenOnLoopback, send } from '../stand-in-http';
import { ProxmoxStandInState, type StandInTask, type StandInVm, type TaskEffect } from './state';

export interface ProxmoxStandInOptions {
  /** 0 picks a free port. */
  port: number;
  /** State is kept under `${dataDir}/proxmox`. */
  dataDir: string;
  /** `USER@REALM!TOKENID`. */
  tokenId: string;
  secret: string;
  /** The node's name (default "pve"). */
  node?: string;
  /** Template VMIDs by OS id (default: STAND_IN_TEMPLATES). */
  templates?: Readonly<Record<string, number>>;
  /** How long a task runs (default 150 ms). */
  taskMs?: number;
  /**
   * How long a clone runs (default `taskMs`): a real full clone takes minutes, which a test sets
   * to show a clone followed over several converge passes (PROXMOX_CLONE_MS locally).
   */
  cloneMs?: number;
  /** The clock, epoch milliseconds. */
  now?: () => number;
}

export interface ProxmoxStandIn {
  url: string;
  /** The next clone's task ends failed with `reason` (its VM removed, as Proxmox does). */
  failNextClone(reason: string): void;
  /** From now on a clone runs this long (a test's long clone). */
  setCloneMs(ms: number): void;
  stop(): Promise<void>;
}

/** The templates a new stand-in has, one per OS a buyer may choose. */
export const STAND_IN_TEMPLATES: Readonly<Record<string, number>> = {
  'ubuntu-24.04': 9000,
  'debian-12': 9001,
  'almalinux-9': 9002,
  'rockylinux-9': 9003,
};

const MAX_BODY_BYTES = 64 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const DNS_NAME = /^(?=.{1,63}$)[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
/** What a URL-encoded value may contain (Proxmox checks `sshkeys` is one). */
const URL_ENCODED = /^(?:[A-Za-z0-9._~!*'()-]|%[0-9A-Fa-f]{2})*$/;
const KEY_LINE = /^(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-\S+) \S+/;

class PveError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export async function startProxmoxStandIn(options: ProxmoxStandInOptions): Promise<ProxmoxStandIn> {
  return new ProxmoxStandInServer(options).listen();
}

/** What Proxmox keeps in `description`: the storefront's service id and OS (the adapter's). */
function descriptionField(description: string, field: string): string | undefined {
  return new RegExp(`(?:^|\\s)${field}=(\\S+)`).exec(description)?.[1];
}

function ipOf(ipconfig: string | undefined): string {
  return /(?:^|,)ip=([0-9.]+)/.exec(ipconfig ?? '')?.[1] ?? '';
}

function decodedKeys(sshkeys: string | undefined): string {
  if (!sshkeys) return '';
  return decodeURIComponent(sshkeys).trim();
}

class ProxmoxStandInServer {
  private readonly state: ProxmoxStandInState;
  private readonly now: () => number;
  private readonly node: string;
  private readonly taskMs: number;
  private cloneMs: number;
  private server: Server | undefined;
  private outage = false;
  private cloneFailure: string | undefined;

  constructor(private readonly options: ProxmoxStandInOptions) {
    this.state = new ProxmoxStandInState(options.dataDir, options.templates ?? STAND_IN_TEMPLATES);
    this.now = options.now ?? Date.now;
    this.node = options.node ?? 'pve';
    this.taskMs = options.taskMs ?? 150;
    this.cloneMs = options.cloneMs ?? this.taskMs;
  }

  async listen(): Promise<ProxmoxStandIn> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error('[proxmox-stand-in] unexpected error', error);
        if (!res.headersSent) send(res, 500, 'text/plain', 'The stand-in failed.');
      });
    });
    this.server = server;
    const url = await listenOnLoopback(server, this.options.port);
    return {
      url,
      failNextClone: (reason) => {
        this.cloneFailure = reason;
      },
      setCloneMs: (ms) => {
        this.cloneMs = ms;
      },
      stop: () => closeServer(this.server),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    // The stand-in's own controls answer in an outage too, so a test can end it.
    if (url.pathname.startsWith('/_proxmox/')) return this.hook(req, res, method, url.pathname);
    if (this.outage) {
      req.resume();
      return send(res, 503, 'text/html', '<h1>503 Service Unavailable</h1>');
    }
    if (!url.pathname.startsWith('/api2/json/')) {
      req.resume();
      return this.fail(
        res,
        new PveError(501, `Method '${method} ${url.pathname}' not implemented`),
      );
    }
    if (!this.authorised(req.headers.authorization)) {
      req.resume();
      return this.fail(res, new PveError(401, 'invalid token value!'));
    }
    const params = new URLSearchParams(url.search);
    if (method === 'POST' || method === 'PUT') {
      const text = await readBody(req);
      if (/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
        const body = JSON.parse(text || '{}') as Record<string, unknown>;
        for (const [key, value] of Object.entries(body)) params.set(key, String(value));
      } else {
        for (const [key, value] of new URLSearchParams(text)) params.set(key, value);
      }
    } else {
      req.resume();
    }
    this.settleTasks();
    try {
      const data = this.route(method, url.pathname.slice('/api2/json'.length), params);
      json(res, 200, { data });
    } catch (error) {
      if (error instanceof PveError) return this.fail(res, error);
      throw error;
    }
  }

  private fail(res: ServerResponse, error: PveError): void {
    // Proxmox puts its sentence in the status line; the body carries it too.
    res.writeHead(error.status, error.message.replace(/[^\x20-\x7e]/g, ' ').slice(0, 200), {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(
      JSON.stringify({
        data: null,
        message: `${error.message}\n`,
        ...(error.errors ? { errors: error.errors } : {}),
      }),
    );
  }

  private authorised(header: string | undefined): boolean {
    const match = /^PVEAPIToken=(.+)=([^=]+)$/.exec(header ?? '');
    if (!match) return false;
    const [, tokenId, secret] = match as unknown as [string, string, string];
    return tokenId === this.options.tokenId && same(secret, this.options.secret);
  }

  private route(method: string, path: string, params: URLSearchParams): unknown {
    if (method === 'GET' && path === '/cluster/nextid') {
      let id = 100;
      while (this.state.vm(id)) id += 1;
      return String(id);
    }
    const nodeMatch = /^\/nodes\/([^/]+)(\/.*)$/.exec(path);
    if (!nodeMatch) throw new PveError(501, `Method '${method} ${path}' not implemented`);
    const [, node, rest] = nodeMatch as unknown as [string, string, string];
    if (node !== this.node) throw new PveError(595, `no such node '${node}'`);

    const task = /^\/tasks\/([^/]+)\/status$/.exec(rest);
    if (task && method === 'GET') return this.taskStatus(decodeURIComponent(task[1] as string));
    if (method === 'GET' && rest === '/qemu') {
      return this.state.vms().map((vm) => ({
        vmid: vm.vmid,
        name: vm.name,
        status: vm.status,
        ...(vm.template ? { template: 1 } : {}),
        ...(vm.lock ? { lock: vm.lock } : {}),
      }));
    }
    const qemu = /^\/qemu\/(\d+)(\/.*)?$/.exec(rest);
    if (!qemu) throw new PveError(501, `Method '${method} ${path}' not implemented`);
    const vmid = Number(qemu[1]);
    const action = qemu[2] ?? '';
    if (method === 'DELETE' && action === '') return this.destroy(vmid);
    if (method === 'POST' && action === '/clone') return this.clone(vmid, params);
    if (method === 'GET' && action === '/config') return this.config(this.existing(vmid));
    if ((method === 'POST' || method === 'PUT') && action === '/config') {
      this.configure(vmid, params);
      return method === 'POST' ? this.startTask(vmid, 'qmconfig', 'config') : null;
    }
    if (method === 'PUT' && action === '/resize') return this.resize(vmid, params);
    if (method === 'GET' && action === '/status/current') {
      const vm = this.existing(vmid);
      return {
        vmid: vm.vmid,
        name: vm.name,
        status: vm.status,
        qmpstatus: vm.status,
        ...(vm.template ? { template: 1 } : {}),
        ...(vm.lock ? { lock: vm.lock } : {}),
      };
    }
    const power = /^\/status\/(start|stop|reboot|shutdown)$/.exec(action);
    if (method === 'POST' && power) {
      const vm = this.existing(vmid);
      this.unlocked(vm);
      if (vm.template) throw new PveError(500, `VM ${vmid} is a template`);
      const effect = power[1] as 'start' | 'stop' | 'reboot' | 'shutdown';
      return this.startTask(vmid, `qm${effect}`, effect);
    }
    throw new PveError(501, `Method '${method} /api2/json${path}' not implemented`);
  }

  private existing(vmid: number): StandInVm {
    const vm = this.state.vm(vmid);
    if (!vm) {
      throw new PveError(
        500,
        `Configuration file 'nodes/${this.node}/qemu-server/${vmid}.conf' does not exist`,
      );
    }
    return vm;
  }

  private unlocked(vm: StandInVm): void {
    if (vm.lock) throw new PveError(500, `VM is locked (${vm.lock})`);
  }

  private config(vm: StandInVm): Record<string, unknown> {
    return {
      name: vm.name,
      description: vm.description,
      cores: vm.cores,
      memory: String(vm.memory),
      scsi0: `local-lvm:vm-${vm.vmid}-disk-0,size=${vm.diskGb}G`,
      ostype: 'l26',
      ...(vm.template ? { template: 1 } : {}),
      ...(vm.ciuser ? { ciuser: vm.ciuser } : {}),
      ...(vm.sshkeys ? { sshkeys: vm.sshkeys } : {}),
      ...(vm.ipconfig0 ? { ipconfig0: vm.ipconfig0 } : {}),
      ...(vm.lock ? { lock: vm.lock } : {}),
      digest: `${vm.vmid}${vm.cores}${vm.memory}${vm.diskGb}`,
    };
  }

  private clone(vmid: number, params: URLSearchParams): string {
    const source = this.existing(vmid);
    const newid = Number(params.get('newid'));
    if (!Number.isInteger(newid) || newid < 100) {
      throw new PveError(400, 'Parameter verification failed.', {
        newid: 'invalid format - value must be an integer >= 100',
      });
    }
    const name = params.get('name') ?? `Copy-of-VM-${source.name}`;
    if (!DNS_NAME.test(name)) {
      throw new PveError(400, 'Parameter verification failed.', {
        name: "value does not match the regex pattern for 'dns-name'",
      });
    }
    if (this.state.vm(newid)) {
      throw new PveError(500, `unable to create VM ${newid}: config file already exists`);
    }
    this.state.putVm({
      ...source,
      vmid: newid,
      name,
      template: false,
      description: params.get('description') ?? source.description,
      status: 'stopped',
      lock: 'clone',
    });
    const failure = this.cloneFailure;
    this.cloneFailure = undefined;
    return this.startTask(newid, 'qmclone', 'clone', failure);
  }

  private configure(vmid: number, params: URLSearchParams): void {
    const vm = this.existing(vmid);
    this.unlocked(vm);
    const errors: Record<string, string> = {};
    const next = { ...vm };
    for (const [key, value] of params) {
      switch (key) {
        case 'cores':
        case 'memory': {
          const n = Number(value);
          const min = key === 'cores' ? 1 : 16;
          if (!Number.isInteger(n) || n < min) errors[key] = `value must have a minimum of ${min}`;
          else next[key] = n;
          break;
        }
        case 'ciuser':
          next.ciuser = value;
          break;
        case 'sshkeys':
          if (!URL_ENCODED.test(value)) {
            errors.sshkeys = 'invalid urlencoded string';
            break;
          }
          if (
            !decodeURIComponent(value)
              .split('\n')
              .filter(Boolean)
              .every((line) => KEY_LINE.test(line))
          ) {
            errors.sshkeys = 'invalid format - no valid ssh public key';
            break;
          }
          next.sshkeys = value;
          break;
        case 'ipconfig0': {
          const ip = /^ip=([0-9.]+)\/(\d+)(?:,gw=([0-9.]+))?$/.exec(value);
          if (!ip || isIP(ip[1] as string) !== 4) errors.ipconfig0 = 'invalid format';
          else next.ipconfig0 = value;
          break;
        }
        case 'name':
          if (!DNS_NAME.test(value))
            errors.name = "value does not match the regex pattern for 'dns-name'";
          else next.name = value;
          break;
        case 'description':
          next.description = value;
          break;
        case 'digest':
        case 'nameserver':
        case 'searchdomain':
        case 'agent':
          break;
        default:
          errors[key] =
            'property is not defined in schema and the schema does not allow additional properties';
      }
    }
    if (Object.keys(errors).length > 0) {
      throw new PveError(400, 'Parameter verification failed.', errors);
    }
    this.state.putVm(next);
  }

  private resize(vmid: number, params: URLSearchParams): null {
    const vm = this.existing(vmid);
    this.unlocked(vm);
    if (params.get('disk') !== 'scsi0') {
      throw new PveError(500, `disk '${params.get('disk') ?? ''}' does not exist`);
    }
    const size = /^(\+)?(\d+)G$/.exec(params.get('size') ?? '');
    if (!size) {
      throw new PveError(400, 'Parameter verification failed.', {
        size: 'value does not match the regex pattern',
      });
    }
    const gb = size[1] ? vm.diskGb + Number(size[2]) : Number(size[2]);
    if (gb < vm.diskGb) throw new PveError(500, 'shrinking disks is not supported');
    this.state.putVm({ ...vm, diskGb: gb });
    return null;
  }

  private destroy(vmid: number): string {
    const vm = this.existing(vmid);
    this.unlocked(vm);
    if (vm.status === 'running') throw new PveError(500, `VM ${vmid} is running - destroy failed`);
    return this.startTask(vmid, 'qmdestroy', 'delete');
  }

  private startTask(vmid: number, type: string, effect: TaskEffect, fails?: string): string {
    const now = this.now();
    const ms = effect === 'clone' ? this.cloneMs : this.taskMs;
    const n = this.state.nextTaskNumber();
    const hex = (value: number, width: number) =>
      value.toString(16).toUpperCase().padStart(width, '0');
    const upid = `UPID:${this.node}:${hex(n, 8)}:${hex(n * 7, 8)}:${hex(Math.floor(now / 1000), 8)}:${type}:${vmid}:${this.options.tokenId}:`;
    this.state.putTask({
      upid,
      vmid,
      type,
      effect,
      startedAt: now,
      endsAt: now + ms,
      ...(fails ? { fails } : {}),
    });
    return upid;
  }

  /** Applies the effects of every task whose time has come, oldest first. */
  private settleTasks(): void {
    const now = this.now();
    const due = this.state
      .tasks()
      .filter((task) => !task.done && task.endsAt <= now)
      .sort((a, b) => a.endsAt - b.endsAt);
    for (const task of due) this.finish(task);
  }

  private finish(task: StandInTask): void {
    const vm = this.state.vm(task.vmid);
    let exitstatus = 'OK';
    if (!vm) exitstatus = `VM ${task.vmid} does not exist`;
    else {
      switch (task.effect) {
        case 'clone': {
          if (task.fails) {
            // A clone that failed leaves no VM behind.
            exitstatus = task.fails;
            this.state.deleteVm(vm.vmid);
            break;
          }
          const { lock: _lock, ...unlocked } = vm;
          this.state.putVm(unlocked);
          break;
        }
        case 'start':
          if (vm.status === 'running') exitstatus = `VM ${vm.vmid} already running`;
          else this.state.putVm({ ...vm, status: 'running' });
          break;
        case 'stop':
          this.state.putVm({ ...vm, status: 'stopped' });
          break;
        case 'shutdown':
        case 'reboot':
          if (vm.status !== 'running') exitstatus = `VM ${vm.vmid} not running`;
          else
            this.state.putVm({ ...vm, status: task.effect === 'reboot' ? 'running' : 'stopped' });
          break;
        case 'delete':
          this.state.deleteVm(vm.vmid);
          break;
        case 'config':
          break;
      }
    }
    this.state.putTask({ ...task, done: true, ...(exitstatus === 'OK' ? {} : { exitstatus }) });
  }

  private taskStatus(upid: string): Record<string, unknown> {
    const task = this.state.task(upid);
    if (!task) throw new PveError(500, `unable to parse worker upid '${upid}'`);
    const base = {
      upid,
      node: this.node,
      type: task.type,
      id: String(task.vmid),
      user: this.options.tokenId,
      starttime: Math.floor(task.startedAt / 1000),
    };
    if (!task.done) return { ...base, status: 'running' };
    return { ...base, status: 'stopped', exitstatus: task.exitstatus ?? 'OK' };
  }

  private async hook(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
  ): Promise<void> {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      req.resume();
      return json(res, 403, { error: 'The test hooks answer this machine only.' });
    }
    if (path === '/_proxmox/vms' && method === 'GET') {
      req.resume();
      this.settleTasks();
      return json(res, 200, {
        vms: this.state
          .vms()
          .filter((vm) => !vm.template)
          .map((vm) => ({
            vmid: vm.vmid,
            name: vm.name,
            serviceId: descriptionField(vm.description, 'service') ?? null,
            os: vm.os,
            cores: vm.cores,
            memoryMb: vm.memory,
            diskGb: vm.diskGb,
            ip: ipOf(vm.ipconfig0),
            status: vm.status,
            sshKeys: decodedKeys(vm.sshkeys),
          })),
      });
    }
    if (path !== '/_proxmox/outage' || method !== 'POST') {
      req.resume();
      return send(res, 404, 'text/plain', 'Not found.');
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      req.resume();
      return json(res, 415, { error: 'Send JSON (content-type: application/json).' });
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      body = undefined;
    }
    const on = (body as { on?: unknown } | undefined)?.on;
    if (typeof on !== 'boolean')
      return json(res, 400, { error: 'Send {"on": true} or {"on": false}.' });
    this.outage = on;
    return json(res, 200, { outage: on });
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
