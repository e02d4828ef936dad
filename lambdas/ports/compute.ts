/**
 * Virtual machines, as a VPS seller drives them (D24): one VM per VPS service, cloned from the
 * chosen OS's template with the plan's cores, memory and disk, its login user, the buyer's SSH
 * public keys and its static IPv4 address given through cloud-init (no password exists); its
 * power; reinstalling it from a template keeping its id and address; deleting it. One adapter per
 * platform (Proxmox VE first: lambdas/adapters/proxmox) maps its protocol's answers to the errors
 * below; use cases never see a provider's JSON.
 *
 * `provision` is idempotent and adopts: a VM already made for the service (a crash after the
 * clone, or a racing attempt) is found by its service id and brought to the spec instead of a
 * second one being made. Callers still act under the service's claim (converge, D22).
 *
 * A full clone can take minutes, longer than a request or a Lambda may wait: `startClone` answers
 * as soon as the provider has started it, with the task to follow (`taskStatus`), so converge takes
 * it as steps over several passes; a VM whose clone is still running is `busy`.
 */
import { DomainError } from '../domain/errors';
import type { PowerState, VpsOs } from '../domain/vps';

export {
  isVpsOs,
  VPS_LOGIN_USERS,
  VPS_OS_IDS,
  VPS_OS_NAMES,
  type PowerState,
  type VpsOs,
} from '../domain/vps';

/** A static IPv4 address from the operator's pool, with its network. */
export interface Ipv4Lease {
  address: string;
  prefixLength: number;
  gateway: string;
}

export interface VmSpec {
  /** The storefront service the VM belongs to: how it is found again. */
  serviceId: string;
  /** The VM's name and the guest's hostname (a DNS label). */
  hostname: string;
  os: VpsOs;
  cores: number;
  memoryMb: number;
  /** The disk grows to this; it never shrinks. */
  diskGb: number;
  /** The login user cloud-init creates. */
  user: string;
  /** OpenSSH public keys, one per entry; at least one (a VM without a key cannot be entered). */
  sshKeys: readonly string[];
  ipv4: Ipv4Lease;
  /**
   * Marks the VM this spec's clone makes (a reinstall's own mark), so a crash after the clone was
   * started finds that VM and tells it from the one it replaces. Absent: unmarked.
   */
  build?: string;
}

/** How a provider task stands: still running, finished well, or failed with its sentence. */
export type TaskState =
  { state: 'running' } | { state: 'done' } | { state: 'failed'; reason: string };

/** A clone the provider has started: the VM it makes and the task to follow. */
export interface CloneStarted {
  vmid: number;
  task: string;
}

export type PowerAction = 'start' | 'stop' | 'reboot' | 'shutdown';

/** A VM as the provider says it is now. */
export interface Vm {
  vmid: number;
  serviceId: string;
  hostname: string;
  os: VpsOs;
  cores: number;
  memoryMb: number;
  diskGb: number;
  user: string;
  sshKeys: string[];
  /** The address cloud-init gives it. */
  ip: string;
  power: PowerState;
  /** A task holds it (its clone is still running): it cannot be configured or started yet. */
  busy?: boolean;
  /** The `build` of the spec it was cloned for, when it had one. */
  build?: string;
}

export interface Compute {
  /**
   * Makes the service's VM to `spec` and starts it: the VM the provider already has for the
   * service is adopted (configured to the spec, its disk grown, started), else one is cloned from
   * the OS's template. `TemplateMissingError` when the OS has no template.
   */
  provision(spec: VmSpec): Promise<Vm>;
  /**
   * Starts cloning `spec.os`'s template for the service and answers without waiting for it: the
   * VM's id (`vmid` when given: a reinstall keeps its VMID; else a free one) and the provider's
   * task. The VM is found by `find`/`get` at once, `busy` until the task ends; a failed clone
   * leaves no VM. `TemplateMissingError` when the OS has no template.
   */
  startClone(spec: VmSpec, vmid?: number): Promise<CloneStarted>;
  /** How a task `startClone` answered stands now (never waits for it). */
  taskStatus(task: string): Promise<TaskState>;
  /** The service's VM, or undefined when the provider has none. */
  find(serviceId: string): Promise<Vm | undefined>;
  /** The VM, or undefined when it no longer exists. */
  get(vmid: number): Promise<Vm | undefined>;
  /** Starts, stops (power off), reboots or shuts down (ACPI) the VM, waiting for it to finish. */
  power(vmid: number, action: PowerAction): Promise<Vm>;
  /** Replaces the keys cloud-init gives the login user (applied at the next boot). */
  setSshKeys(vmid: number, keys: readonly string[]): Promise<Vm>;
  /**
   * Destroys the VM and clones `spec.os`'s template again with the same VMID and address, then
   * starts it: everything on its disk is gone.
   */
  reinstall(vmid: number, spec: VmSpec): Promise<Vm>;
  /** Stops and deletes the VM with its disks; nothing when it is gone already. */
  destroy(vmid: number): Promise<void>;
}

/**
 * The provider did not answer usefully (down, too slow, a 5xx, a task that failed): nothing can be
 * concluded, the caller retries later. `detail` is for the operator and the log.
 */
export class ComputeUnavailableError extends DomainError {
  override readonly name = 'ComputeUnavailableError';
  readonly code = 'compute_unavailable';
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super('The server platform did not answer. Please try again in a few minutes.', options);
  }
}

/** The provider refused our API token: an operator must fix the credentials. */
export class ComputeAccessDeniedError extends Error {
  override readonly name = 'ComputeAccessDeniedError';
}

/** The chosen OS has no template on the provider (configuration, or the template was deleted). */
export class TemplateMissingError extends Error {
  override readonly name = 'TemplateMissingError';
  constructor(readonly os: string) {
    super(
      `There is no template for ${os} on the server platform: create it, or set its template id in the Proxmox settings (PROXMOX_TEMPLATES).`,
    );
  }
}

/** The VM named does not exist. */
export class VmNotFoundError extends Error {
  override readonly name = 'VmNotFoundError';
  constructor(readonly vmid: number) {
    super(`VM ${vmid} does not exist on the server platform.`);
  }
}

/** The provider refused a request for a reason of its own (`reason` is its sentence). */
export class ComputeRefusedError extends Error {
  override readonly name = 'ComputeRefusedError';
  constructor(
    readonly operation: string,
    readonly reason: string,
  ) {
    super(`The server platform refused ${operation}: ${reason}`);
  }
}
