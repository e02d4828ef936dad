/**
 * A compute provider in memory with the rules the contract spec (tests/unit/contracts/compute.test.ts)
 * holds it and the Proxmox adapter on the stand-in to: provision adopts the service's VM, an OS
 * without a template is TemplateMissingError, a disk never shrinks, `down` is an outage. Each call
 * yields first, as the network would, so concurrent callers interleave; `clones` counts the VMs
 * made, `afterClone` lets a test crash an attempt right after its clone.
 */
import {
  ComputeUnavailableError,
  TemplateMissingError,
  VmNotFoundError,
  VPS_OS_IDS,
  type Compute,
  type PowerAction,
  type Vm,
  type VmSpec,
  type VpsOs,
} from '../../../lambdas/ports/compute';

export class InMemoryCompute implements Compute {
  down = false;
  clones = 0;
  templates = new Set<VpsOs>(VPS_OS_IDS);
  /** Awaited before every call; a test may replace it (to hold or fail a call). */
  roundTrip: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve));
  /** Called after a clone, before the VM is configured: a test may throw here (a crash). */
  afterClone: (vm: Vm) => void = () => undefined;
  private readonly vms = new Map<number, Vm>();
  private nextId = 100;

  all(): Vm[] {
    return [...this.vms.values()].map((vm) => structuredClone(vm));
  }

  async provision(spec: VmSpec): Promise<Vm> {
    await this.call();
    if (!this.templates.has(spec.os)) throw new TemplateMissingError(spec.os);
    let vm = [...this.vms.values()].find((candidate) => candidate.serviceId === spec.serviceId);
    if (!vm) {
      vm = this.cloned(this.nextId++, spec);
      this.afterClone(structuredClone(vm));
      await this.call();
    }
    this.configure(vm, spec);
    vm.power = 'running';
    return structuredClone(vm);
  }

  async find(serviceId: string): Promise<Vm | undefined> {
    await this.call();
    const vm = [...this.vms.values()].find((candidate) => candidate.serviceId === serviceId);
    return vm ? structuredClone(vm) : undefined;
  }

  async get(vmid: number): Promise<Vm | undefined> {
    await this.call();
    const vm = this.vms.get(vmid);
    return vm ? structuredClone(vm) : undefined;
  }

  async power(vmid: number, action: PowerAction): Promise<Vm> {
    await this.call();
    const vm = this.required(vmid);
    vm.power = action === 'start' || action === 'reboot' ? 'running' : 'stopped';
    return structuredClone(vm);
  }

  async setSshKeys(vmid: number, keys: readonly string[]): Promise<Vm> {
    await this.call();
    const vm = this.required(vmid);
    vm.sshKeys = keys.map((key) => key.trim());
    return structuredClone(vm);
  }

  async reinstall(vmid: number, spec: VmSpec): Promise<Vm> {
    await this.call();
    if (!this.templates.has(spec.os)) throw new TemplateMissingError(spec.os);
    const old = this.vms.get(vmid);
    if (!old || old.serviceId !== spec.serviceId) throw new VmNotFoundError(vmid);
    this.vms.delete(vmid);
    const vm = this.cloned(vmid, spec);
    this.configure(vm, spec);
    vm.power = 'running';
    return structuredClone(vm);
  }

  async destroy(vmid: number): Promise<void> {
    await this.call();
    this.vms.delete(vmid);
  }

  private cloned(vmid: number, spec: VmSpec): Vm {
    this.clones += 1;
    const vm: Vm = {
      vmid,
      serviceId: spec.serviceId,
      hostname: spec.hostname,
      os: spec.os,
      cores: 1,
      memoryMb: 512,
      diskGb: 3,
      user: '',
      sshKeys: [],
      ip: '',
      power: 'stopped',
    };
    this.vms.set(vmid, vm);
    return vm;
  }

  private configure(vm: Vm, spec: VmSpec): void {
    vm.cores = spec.cores;
    vm.memoryMb = spec.memoryMb;
    vm.diskGb = Math.max(vm.diskGb, spec.diskGb);
    vm.user = spec.user;
    vm.sshKeys = spec.sshKeys.map((key) => key.trim());
    vm.ip = spec.ipv4.address;
  }

  private required(vmid: number): Vm {
    const vm = this.vms.get(vmid);
    if (!vm) throw new VmNotFoundError(vmid);
    return vm;
  }

  private async call(): Promise<void> {
    await this.roundTrip();
    if (this.down) throw new ComputeUnavailableError('the in-memory provider is down');
  }
}
