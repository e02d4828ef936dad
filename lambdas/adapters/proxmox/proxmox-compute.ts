/**
 * The Compute port on Proxmox VE (D24; API in docs/toolchain.md). A VPS is a QEMU VM cloned from
 * its OS's template (a cloud image with a cloud-init drive; one template VMID per OS, from
 * configuration), named by the buyer's hostname, with `description` "storefront service=<id>
 * os=<os>" so that the service's VM is found again after a crash (`find` reads the node's VMs'
 * configs). Cloud-init gives it the login user (`ciuser`), the buyer's keys (`sshkeys`,
 * URL-encoded as Proxmox requires) and its address (`ipconfig0`); no password is ever set.
 *
 *   clone        POST /nodes/{node}/qemu/{template}/clone {newid, name, description, full=1} → UPID
 *   configure    POST /nodes/{node}/qemu/{vmid}/config {cores, memory, ciuser, sshkeys, ipconfig0}
 *   grow disk    PUT  /nodes/{node}/qemu/{vmid}/resize {disk=scsi0, size=NG} (never shrinks)
 *   power        POST /nodes/{node}/qemu/{vmid}/status/{start|stop|reboot|shutdown} → UPID
 *   read         GET  /nodes/{node}/qemu/{vmid}/config, GET .../status/current
 *   delete       DELETE /nodes/{node}/qemu/{vmid} → UPID
 *   tasks        GET  /nodes/{node}/tasks/{upid}/status until `stopped`, `exitstatus` "OK"
 *
 * `startClone` answers the clone's UPID without waiting (a full clone may take minutes: converge
 * follows it with `taskStatus` over several passes); Proxmox locks the new VM (`lock: clone`)
 * until the clone ends, which `get` answers as `busy`, and removes it if the clone fails.
 */
import {
  ComputeUnavailableError,
  isVpsOs,
  TemplateMissingError,
  VmNotFoundError,
  type Compute,
  type PowerAction,
  type CloneStarted,
  type PowerState,
  type TaskState,
  type Vm,
  type VmSpec,
  type VpsOs,
} from '../../ports/compute';
import { ProxmoxHttpError, type ProxmoxApi } from './proxmox-api';

interface VmConfig {
  name?: unknown;
  description?: unknown;
  cores?: unknown;
  memory?: unknown;
  scsi0?: unknown;
  ciuser?: unknown;
  sshkeys?: unknown;
  ipconfig0?: unknown;
  template?: unknown;
  lock?: unknown;
}

const DOES_NOT_EXIST = /does not exist/i;

export class ProxmoxCompute implements Compute {
  constructor(
    private readonly api: ProxmoxApi,
    private readonly templates: () => Promise<Partial<Record<VpsOs, number>>>,
    private readonly options: { pollMs?: number; lockWaitMs?: number } = {},
  ) {}

  async provision(spec: VmSpec): Promise<Vm> {
    const template = await this.templateOf(spec.os);
    let vmid = (await this.findRaw(spec.serviceId))?.vmid;
    if (vmid === undefined) vmid = (await this.cloneNew(template, spec, true)).vmid;
    return this.bringToSpec(vmid, spec);
  }

  async startClone(spec: VmSpec, vmid?: number): Promise<CloneStarted> {
    const template = await this.templateOf(spec.os);
    if (vmid !== undefined) return { vmid, task: await this.beginClone(template, vmid, spec) };
    return this.cloneNew(template, spec, false);
  }

  async taskStatus(task: string): Promise<TaskState> {
    return this.api.taskStatus(task, 'a task');
  }

  async find(serviceId: string): Promise<Vm | undefined> {
    const found = await this.findRaw(serviceId);
    return found ? this.get(found.vmid) : undefined;
  }

  async get(vmid: number): Promise<Vm | undefined> {
    const config = await this.config(vmid);
    if (!config || config.template) return undefined;
    const status = await this.status(vmid);
    if (!status) return undefined;
    return vmOf(vmid, config, status);
  }

  async power(vmid: number, action: PowerAction): Promise<Vm> {
    const status = await this.status(vmid);
    if (!status) throw new VmNotFoundError(vmid);
    const running = status === 'running';
    const call: PowerAction | undefined =
      action === 'start'
        ? running
          ? undefined
          : 'start'
        : action === 'reboot'
          ? running
            ? 'reboot'
            : 'start'
          : running
            ? action
            : undefined;
    if (call) {
      const node = await this.api.node();
      const upid = await this.api.call('POST', `/nodes/${node}/qemu/${vmid}/status/${call}`);
      await this.api.waitTask(upid, `${call} VM ${vmid}`);
    }
    return this.required(vmid);
  }

  async setSshKeys(vmid: number, keys: readonly string[]): Promise<Vm> {
    const node = await this.api.node();
    await this.waitUnlocked(vmid);
    const upid = await this.api.call('POST', `/nodes/${node}/qemu/${vmid}/config`, [
      ['sshkeys', encodeKeys(keys)],
    ]);
    await this.api.waitTask(upid, `set the SSH keys of VM ${vmid}`);
    return this.required(vmid);
  }

  async reinstall(vmid: number, spec: VmSpec): Promise<Vm> {
    const template = await this.templateOf(spec.os);
    const config = await this.config(vmid);
    if (!config || config.template || serviceOf(config) !== spec.serviceId) {
      throw new VmNotFoundError(vmid);
    }
    await this.destroy(vmid);
    const upid = await this.beginClone(template, vmid, spec);
    await this.api.waitTask(upid, `clone template ${template} to VM ${vmid}`);
    return this.bringToSpec(vmid, spec);
  }

  async destroy(vmid: number): Promise<void> {
    const node = await this.api.node();
    const status = await this.status(vmid);
    if (!status) return;
    await this.waitUnlocked(vmid);
    if (status === 'running') {
      const upid = await this.api.call('POST', `/nodes/${node}/qemu/${vmid}/status/stop`);
      await this.api.waitTask(upid, `stop VM ${vmid}`);
    }
    const upid = await this.api.call('DELETE', `/nodes/${node}/qemu/${vmid}`, [['purge', '1']]);
    await this.api.waitTask(upid, `delete VM ${vmid}`);
  }

  private async templateOf(os: VpsOs): Promise<number> {
    const template = (await this.templates())[os];
    if (template === undefined) throw new TemplateMissingError(os);
    return template;
  }

  /** Clones to a free VMID; `wait`: until the clone's task has ended. */
  private async cloneNew(template: number, spec: VmSpec, wait: boolean): Promise<CloneStarted> {
    // Two attempts: another client may take the id nextid offered before our clone does.
    for (let attempt = 1; ; attempt += 1) {
      const newid = Number(await this.api.call('GET', '/cluster/nextid'));
      if (!Number.isInteger(newid)) {
        throw new ComputeUnavailableError('Proxmox /cluster/nextid: not a VMID');
      }
      try {
        const task = await this.beginClone(template, newid, spec);
        if (wait) await this.api.waitTask(task, `clone template ${template} to VM ${newid}`);
        return { vmid: newid, task };
      } catch (error) {
        if (
          attempt < 2 &&
          error instanceof ProxmoxHttpError &&
          /already exists/i.test(error.reason)
        ) {
          continue;
        }
        throw error;
      }
    }
  }

  /** Asks Proxmox to clone the template to `newid`; answers the clone's UPID. */
  private async beginClone(template: number, newid: number, spec: VmSpec): Promise<string> {
    const node = await this.api.node();
    let upid: unknown;
    try {
      upid = await this.api.call('POST', `/nodes/${node}/qemu/${template}/clone`, [
        ['newid', String(newid)],
        ['name', spec.hostname],
        ['description', descriptionOf(spec)],
        ['full', '1'],
      ]);
    } catch (error) {
      if (error instanceof ProxmoxHttpError && DOES_NOT_EXIST.test(error.reason)) {
        throw new TemplateMissingError(spec.os);
      }
      throw error;
    }
    if (typeof upid !== 'string' || !upid.startsWith('UPID:')) {
      throw new ComputeUnavailableError(
        `Proxmox clone to VM ${newid}: the answer is not a task id`,
      );
    }
    return upid;
  }

  /** Configures the VM to the spec, grows its disk, starts it. Each step is safe to repeat. */
  private async bringToSpec(vmid: number, spec: VmSpec): Promise<Vm> {
    const node = await this.api.node();
    const config = await this.waitUnlocked(vmid);
    const upid = await this.api.call('POST', `/nodes/${node}/qemu/${vmid}/config`, [
      ['cores', String(spec.cores)],
      ['memory', String(spec.memoryMb)],
      ['ciuser', spec.user],
      ['sshkeys', encodeKeys(spec.sshKeys)],
      ['ipconfig0', `ip=${spec.ipv4.address}/${spec.ipv4.prefixLength},gw=${spec.ipv4.gateway}`],
    ]);
    await this.api.waitTask(upid, `configure VM ${vmid}`);
    if (diskGbOf(config.scsi0) < spec.diskGb) {
      await this.api.call('PUT', `/nodes/${node}/qemu/${vmid}/resize`, [
        ['disk', 'scsi0'],
        ['size', `${spec.diskGb}G`],
      ]);
    }
    return this.power(vmid, 'start');
  }

  /** The VM's config once no task (a clone) holds it locked. */
  private async waitUnlocked(vmid: number): Promise<VmConfig> {
    const deadline = Date.now() + (this.options.lockWaitMs ?? 120_000);
    for (;;) {
      const config = await this.config(vmid);
      if (!config) throw new VmNotFoundError(vmid);
      if (!config.lock) return config;
      if (Date.now() > deadline) {
        throw new ComputeUnavailableError(
          `Proxmox VM ${vmid} is still locked (${String(config.lock)})`,
        );
      }
      await new Promise((resolvePromise) => setTimeout(resolvePromise, this.options.pollMs ?? 500));
    }
  }

  private async required(vmid: number): Promise<Vm> {
    const vm = await this.get(vmid);
    if (!vm) throw new VmNotFoundError(vmid);
    return vm;
  }

  private async findRaw(serviceId: string): Promise<{ vmid: number } | undefined> {
    const node = await this.api.node();
    const list = (await this.api.call('GET', `/nodes/${node}/qemu`)) as unknown;
    if (!Array.isArray(list)) throw new ComputeUnavailableError('Proxmox VM list: not a list');
    for (const entry of list as { vmid?: unknown; template?: unknown }[]) {
      const vmid = Number(entry.vmid);
      if (!Number.isInteger(vmid) || entry.template) continue;
      const config = await this.config(vmid);
      if (config && !config.template && serviceOf(config) === serviceId) return { vmid };
    }
    return undefined;
  }

  private async config(vmid: number): Promise<VmConfig | undefined> {
    const node = await this.api.node();
    try {
      return (await this.api.call('GET', `/nodes/${node}/qemu/${vmid}/config`)) as VmConfig;
    } catch (error) {
      if (error instanceof ProxmoxHttpError && DOES_NOT_EXIST.test(error.reason)) return undefined;
      throw error;
    }
  }

  private async status(vmid: number): Promise<PowerState | undefined> {
    const node = await this.api.node();
    try {
      const current = (await this.api.call(
        'GET',
        `/nodes/${node}/qemu/${vmid}/status/current`,
      )) as {
        status?: unknown;
      };
      return current.status === 'running' ? 'running' : 'stopped';
    } catch (error) {
      if (error instanceof ProxmoxHttpError && DOES_NOT_EXIST.test(error.reason)) return undefined;
      throw error;
    }
  }
}

/** Proxmox takes `sshkeys` URL-encoded (spaces as %20), the keys one per line. */
export function encodeKeys(keys: readonly string[]): string {
  return encodeURIComponent(keys.map((key) => key.trim()).join('\n'));
}

function descriptionOf(spec: VmSpec): string {
  const build = spec.build ? ` build=${spec.build}` : '';
  return `storefront service=${spec.serviceId} os=${spec.os}${build}`;
}

function field(config: VmConfig, name: string): string | undefined {
  const description = typeof config.description === 'string' ? config.description : '';
  return new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(description)?.[1];
}

function serviceOf(config: VmConfig): string | undefined {
  return field(config, 'service');
}

function diskGbOf(scsi0: unknown): number {
  const size = /(?:^|,)size=(\d+(?:\.\d+)?)([KMGT])?/.exec(typeof scsi0 === 'string' ? scsi0 : '');
  if (!size) return 0;
  const value = Number(size[1]);
  const unit = size[2] ?? 'G';
  return unit === 'T' ? value * 1024 : unit === 'M' ? value / 1024 : unit === 'K' ? 0 : value;
}

function vmOf(vmid: number, config: VmConfig, power: PowerState): Vm {
  const os = field(config, 'os');
  const build = field(config, 'build');
  const sshkeys = typeof config.sshkeys === 'string' ? decodeURIComponent(config.sshkeys) : '';
  return {
    vmid,
    serviceId: serviceOf(config) ?? '',
    hostname: typeof config.name === 'string' ? config.name : '',
    os: isVpsOs(os) ? os : 'ubuntu-24.04',
    cores: Number(config.cores ?? 1),
    memoryMb: Number(config.memory ?? 512),
    diskGb: diskGbOf(config.scsi0),
    user: typeof config.ciuser === 'string' ? config.ciuser : '',
    sshKeys: sshkeys
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    ip:
      /(?:^|,)ip=([0-9.]+)/.exec(
        typeof config.ipconfig0 === 'string' ? config.ipconfig0 : '',
      )?.[1] ?? '',
    power,
    ...(config.lock ? { busy: true } : {}),
    ...(build ? { build } : {}),
  };
}
