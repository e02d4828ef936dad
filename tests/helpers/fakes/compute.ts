/**
 * A compute provider in memory with the rules the contract spec (tests/unit/contracts/compute.test.ts)
 * holds it and the Proxmox adapter on the stand-in to: provision adopts the service's VM, an OS
 * without a template is TemplateMissingError, a disk never shrinks, `down` is an outage. Each call
 * yields first, as the network would, so concurrent callers interleave; `clones` counts the VMs
 * made, `afterClone` lets a test crash an attempt right after its clone. A clone `startClone`
 * begins ends at once unless `holdTasks` is set: then it runs (its VM `busy`) until the test calls
 * `finishTasks()` or `failTasks(reason)` (a failed clone leaves no VM, as Proxmox removes it).
 */
import {
  ComputeUnavailableError,
  TemplateMissingError,
  VmNotFoundError,
  VPS_OS_IDS,
  type Compute,
  type CloneStarted,
  type PowerAction,
  type TaskState,
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
  /** Clones started from now on run until finishTasks() or failTasks(). */
  holdTasks = false;
  /** How many times a task's state was read. */
  taskReads = 0;
  private readonly vms = new Map<number, Vm>();
  private readonly tasks = new Map<string, { vmid: number; state: TaskState }>();
  private nextId = 100;

  /** The next clone's task fails with `reason` (its VM removed, as Proxmox does). */
  failNextClone(reason: string): void {
    this.cloneFailure = reason;
  }

  private cloneFailure: string | undefined;

  /** Ends every running clone well: its VM is no longer busy. */
  finishTasks(): void {
    for (const task of this.tasks.values()) {
      if (task.state.state !== 'running') continue;
      task.state = { state: 'done' };
      const vm = this.vms.get(task.vmid);
      if (vm) delete vm.busy;
    }
  }

  /** Fails every running clone with `reason`: its VM is gone. */
  failTasks(reason: string): void {
    for (const task of this.tasks.values()) {
      if (task.state.state !== 'running') continue;
      task.state = { state: 'failed', reason };
      this.vms.delete(task.vmid);
    }
  }

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
    // Proxmox refuses to configure a VM a running clone holds locked.
    if (vm.busy) throw new ComputeUnavailableError(`VM ${vm.vmid} is still locked (clone)`);
    this.configure(vm, spec);
    vm.power = 'running';
    return structuredClone(vm);
  }

  async startClone(spec: VmSpec, vmid?: number): Promise<CloneStarted> {
    await this.call();
    if (!this.templates.has(spec.os)) throw new TemplateMissingError(spec.os);
    const id = vmid ?? this.nextId++;
    if (this.vms.has(id)) throw new Error(`unable to create VM ${id}: config file already exists`);
    const vm = this.cloned(id, spec);
    const task = `UPID:fake:${this.tasks.size + 1}:qmclone:${id}:`;
    this.tasks.set(task, {
      vmid: id,
      state: this.holdTasks ? { state: 'running' } : { state: 'done' },
    });
    if (this.holdTasks) vm.busy = true;
    if (this.cloneFailure !== undefined) {
      this.tasks.set(task, { vmid: id, state: { state: 'running' } });
      vm.busy = true;
      if (!this.holdTasks) this.failTasks(this.cloneFailure);
      this.cloneFailure = undefined;
    }
    // The provider has the VM and its task; the caller has not heard yet (a crash here).
    this.afterClone(structuredClone(vm));
    return { vmid: id, task };
  }

  async taskStatus(task: string): Promise<TaskState> {
    await this.call();
    this.taskReads += 1;
    const found = this.tasks.get(task);
    if (!found) throw new Error(`unable to parse worker upid '${task}'`);
    return structuredClone(found.state);
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
      ...(spec.build ? { build: spec.build } : {}),
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
