/**
 * A VPS's provider part (D24), as converge (lambdas/use-cases/converge-service.ts, D22) drives it:
 * a live VPS with no VM gets one (its address from the operator's pool, cloned from its OS's
 * template with the plan's cores, memory and disk and the buyer's keys, started); a suspended or
 * ended one is stopped, with its disk kept; live again, it is started; removed by an operator, its
 * VM is destroyed and its address released. Every step is taken under the service's claim, and
 * each is safe to repeat: the pool gives a service its one address again, and the provider adopts
 * the VM it already has for the service (a crash after the clone, a racing delivery), so there is
 * one VM and one address per service whatever happens.
 *
 * A VPS whose buyer chose to add a key later waits for it: nothing is made, and it is not out of
 * step (the buyer, not an operator, is who it waits for). A provider that is down, a missing
 * template or an empty pool fails the step; converge records it out of step with its sentence for
 * the operator, the buyer sees "Setting up" and is mailed nothing until the VM is running.
 *
 * A full clone can take minutes: longer than a request, and than one Lambda should wait. So the
 * clone is steps: the provider is asked to start it, its task (Proxmox's UPID) is recorded on the
 * service (`vps.task`), and the pass waits on it no longer than `taskWaitMs`; a clone still running
 * then ends the pass with ComputeTaskRunningError (recorded out of step; converge asks for its own
 * next pass a little later, E31, and the reconciler converges what is still out of step 15 minutes
 * on). A later pass
 * reads the task: ended well, the VM is configured and started; failed, the task is forgotten and
 * the step fails with the provider's sentence (out of step for the operator; the next pass clones
 * again). A crash after the clone was started but before its task was recorded is adopted: the
 * VM is found by its service id (busy while its clone runs), so there is never a second clone.
 *
 * A reinstall (the buyer's wish, `vps.reinstall`, recorded by the card's route) is taken the same
 * way under the claim: the old VM is destroyed, the OS's template cloned again with the same VMID
 * (the clone marked with the wish, so a crash tells the new VM from the old one), then configured
 * with the same address and the buyer's keys and started, and the wish removed. Until then the
 * service is out of step and the card says "Reinstalling…".
 */
import { CATALOG } from '../domain/catalog';
import { isLive, type Life } from '../domain/lifecycle';
import type { CatalogPlan } from '../domain/plan';
import type { VpsRecord, VpsReinstall, VpsTransientField } from '../domain/vps';
import type { AddressPool } from '../ports/address-pool';
import {
  ComputeRefusedError,
  VmNotFoundError,
  VPS_LOGIN_USERS,
  type Compute,
  type Ipv4Lease,
  type TaskState,
  type Vm,
  type VmSpec,
} from '../ports/compute';
import type { ProvisioningRecords } from '../ports/provisioning';
import type { ServiceRecord, ServicesStore } from '../ports/services';

/** The compute provider as converge drives a VPS service's part (D24). */
export interface ComputePart {
  compute: Compute;
  pool: AddressPool;
  services: Pick<ServicesStore, 'updateVps'>;
  /** The catalog; a VPS plan's specs give its cores, memory and disk. */
  plans?: readonly CatalogPlan[];
  /**
   * How long one pass waits on a running clone before leaving it to the next pass (default 0:
   * its state is read once). Short: a Lambda never waits out a full clone.
   */
  taskWaitMs?: number;
  /** Between two reads of a running task (default 1 s). */
  taskPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A pass that leaves a clone running asks for the next pass this long after it (E31), rounded up
 * to the follow-up's slot (a minute in AWS): a full clone takes minutes, and one pass already
 * waited on it for up to `taskWaitMs`.
 */
export const TASK_FOLLOW_UP_MS = 30_000;

/**
 * The VM's clone is still running on the provider: this pass leaves it, and converge looks again
 * on its next (its follow-up, E31; without one the bus's retry; the reconciler's at the latest).
 */
export class ComputeTaskRunningError extends Error {
  override readonly name = 'ComputeTaskRunningError';
  constructor(
    readonly serviceId: string,
    readonly task: string | undefined,
    reinstall: boolean,
  ) {
    super(
      `The server is still being ${reinstall ? 'reinstalled' : 'made'}: its clone is running on the server platform${task ? ` (task ${task})` : ''}. Converge looks at it again on its next pass.`,
    );
  }
}

export type ComputeStep =
  | { kind: 'vm-create' }
  /** The buyer asked for a reinstall (D24): destroy, clone again with the same VMID, start. */
  | { kind: 'vm-reinstall' }
  /** Ended while its VM was being made: adopt the VM if it exists (then stop it), else fail. */
  | { kind: 'vm-settle-creation' }
  | { kind: 'vm-stop'; reason: string }
  | { kind: 'vm-start' }
  | { kind: 'vm-remove'; from: 'ready' | 'suspended' }
  /** The plan changed (D26): the VM grows to the plan's cores, memory and disk. */
  | { kind: 'vm-resize'; planId: string };

export const COMPUTE_STEP_KINDS: ReadonlySet<string> = new Set([
  'vm-resize',
  'vm-create',
  'vm-reinstall',
  'vm-settle-creation',
  'vm-stop',
  'vm-start',
  'vm-remove',
]);

/** What the service's record says its VM was stopped for, by why. */
const STOP_REASONS = {
  expired: 'Expired and not renewed',
  dispute: 'Payment under dispute',
  operator: 'Held by an operator',
  ended: 'Service ended (cancelled, refunded or charged back)',
} as const;

export function isComputePart(service: Pick<ServiceRecord, 'category'>): boolean {
  return service.category === 'vps';
}

/** A VPS that cannot be made until its buyer adds an SSH public key. */
export function vpsWaitsForKey(service: Pick<ServiceRecord, 'vps'>): boolean {
  return (service.vps?.sshKeys.length ?? 0) === 0;
}

/**
 * The next step for a VPS service, or `deliver` (announce a ready VM: the buyer's mail), or
 * undefined when there is none.
 */
export function nextComputeStep(
  service: ServiceRecord,
  life: Life,
): ComputeStep | { kind: 'deliver' } | undefined {
  const p = service.provisioning;
  if (isLive(life.state)) {
    if (p === undefined || p.state === 'pending' || p.state === 'manual') {
      return vpsWaitsForKey(service) ? undefined : { kind: 'vm-create' };
    }
    if (p.state === 'ready' && p.announcedAt === undefined) return { kind: 'deliver' };
    if (p.state === 'ready' && service.vps?.reinstall) return { kind: 'vm-reinstall' };
    if (p.state === 'suspended') return { kind: 'vm-start' };
    const planId = vmPlanBehind(service);
    if (p.state === 'ready' && planId) return { kind: 'vm-resize', planId };
    return undefined;
  }
  if (p?.state === 'pending') return { kind: 'vm-settle-creation' };
  if (life.state === 'removed') {
    return p?.state === 'ready' || p?.state === 'suspended'
      ? { kind: 'vm-remove', from: p.state }
      : undefined;
  }
  if (p?.state === 'ready') {
    const why = life.state === 'ended' ? 'ended' : (life.reasons[0] ?? 'operator');
    return { kind: 'vm-stop', reason: STOP_REASONS[why] };
  }
  return undefined;
}

/**
 * The plan a made VM should be sized for when it is not (D26: the plan grew), else undefined. The
 * VM's plan is recorded as the provisioning record's `package` when it is made or resized; a VPS
 * never moves to a smaller plan (its disk cannot shrink), so this only ever grows it.
 */
export function vmPlanBehind(
  service: Pick<ServiceRecord, 'planId' | 'category'> & { provisioning?: { package?: string } },
): string | undefined {
  const made = service.provisioning?.package;
  if (!isComputePart(service) || !made) return undefined;
  return made !== service.planId ? service.planId : undefined;
}

/** The VM's spec from the plan, the buyer's choices and the service's address. */
export function vmSpecOf(
  service: ServiceRecord,
  vps: VpsRecord,
  ipv4: Ipv4Lease,
  plans: readonly CatalogPlan[] = CATALOG,
): VmSpec {
  const specs = plans.find((plan) => plan.id === service.planId)?.specs;
  if (!specs?.vcpu || !specs.ramGb || !specs.ssdGb) {
    throw new Error(
      `Plan ${service.planId} gives no vcpu, ramGb and ssdGb: a VPS cannot be made from it.`,
    );
  }
  return {
    serviceId: service.serviceId,
    hostname: vps.hostname,
    os: vps.os,
    cores: specs.vcpu,
    memoryMb: specs.ramGb * 1024,
    diskGb: specs.ssdGb,
    user: VPS_LOGIN_USERS[vps.os],
    sshKeys: vps.sshKeys,
    ipv4,
  };
}

export interface ComputeStepDeps {
  records: Pick<ProvisioningRecords, 'choose' | 'settle' | 'release'>;
  now: () => Date;
}

/**
 * Takes one step on the provider. The caller holds the claim (`token`) and has read `service`
 * again under it; every path ends the claim by settling, or throws (the caller releases it).
 */
export async function takeComputeStep(
  part: ComputePart,
  deps: ComputeStepDeps,
  service: ServiceRecord,
  step: ComputeStep,
  token: string,
): Promise<string> {
  const { userId, serviceId } = service;
  const ref = { userId, serviceId };
  const p = service.provisioning;
  const settle = (
    from: Parameters<ComputeStepDeps['records']['settle']>[3],
    outcome: Parameters<ComputeStepDeps['records']['settle']>[4],
  ) => deps.records.settle(userId, serviceId, token, from, outcome, deps.now());
  const seen = (vm: Vm, extra: Partial<VpsRecord> = {}, remove: VpsTransientField[] = []) =>
    part.services.updateVps(
      ref,
      {
        ...extra,
        vmid: vm.vmid,
        ip: vm.ip,
        user: vm.user,
        power: vm.power,
        powerAt: deps.now().toISOString(),
      },
      remove,
    );

  switch (step.kind) {
    case 'vm-create': {
      const vps = service.vps as VpsRecord;
      const lease = await part.pool.allocate(serviceId);
      const spec = vmSpecOf(service, vps, lease, part.plans);
      // The clone started, followed or adopted; returns once it has ended well.
      await cloned(part, deps, service, spec);
      // Configures and starts the service's VM (the provider adopts the one just cloned).
      const vm = await part.compute.provision(spec);
      await seen(vm, {}, ['task']);
      await deps.records.choose(
        userId,
        serviceId,
        token,
        { username: vm.user, domain: vm.hostname, package: service.planId, usernameAttempt: 0 },
        deps.now(),
      );
      await settle(p?.state === 'manual' ? 'manual' : 'pending', {
        state: 'ready',
        server: vm.ip,
        nameservers: [],
      });
      return step.kind;
    }
    case 'vm-reinstall': {
      const vps = service.vps as VpsRecord;
      const wish = vps.reinstall as VpsReinstall;
      const vmid = vps.vmid as number;
      // The address it has (allocate answers the service's own lease again).
      const lease = await part.pool.allocate(serviceId);
      const spec: VmSpec = {
        ...vmSpecOf(service, { ...vps, os: wish.os }, lease, part.plans),
        // Marks the new VM as this reinstall's, so a crash tells it from the one it replaces.
        build: wish.requestedAt,
      };
      if (!vps.task) {
        const old = await part.compute.get(vmid);
        if (old && old.serviceId !== serviceId) throw new VmNotFoundError(vmid);
        // The system being replaced (its disk is erased: the buyer typed the hostname for it).
        if (old && old.build !== spec.build) await part.compute.destroy(vmid);
      }
      await cloned(part, deps, service, spec, vmid);
      const vm = await part.compute.provision(spec);
      // The new OS, its login user, the same address; the wish and its task done.
      await seen(vm, { os: wish.os }, ['reinstall', 'task']);
      await deps.records.choose(
        userId,
        serviceId,
        token,
        {
          username: vm.user,
          domain: vm.hostname,
          package: p?.package ?? service.planId,
          usernameAttempt: p?.usernameAttempt ?? 0,
        },
        deps.now(),
      );
      await deps.records.release(userId, serviceId, token);
      return step.kind;
    }
    case 'vm-settle-creation': {
      const vm = await part.compute.find(serviceId);
      // Its clone is still running: settled once it has ended.
      if (vm?.busy) throw new ComputeTaskRunningError(serviceId, service.vps?.task?.upid, false);
      if (vm) {
        await seen(vm);
        await settle('pending', { state: 'ready', server: vm.ip, nameservers: [] });
      } else {
        await settle('pending', {
          state: 'failed',
          reason: 'The service ended before its server was made.',
        });
      }
      return step.kind;
    }
    case 'vm-stop':
    case 'vm-start': {
      const vm = await vmOf(part, service);
      // A reinstall's clone is still running: stopped or started once it has ended.
      if (vm?.busy) {
        throw new ComputeTaskRunningError(serviceId, service.vps?.task?.upid, true);
      }
      const after = vm
        ? await part.compute.power(vm.vmid, step.kind === 'vm-stop' ? 'stop' : 'start')
        : undefined;
      if (after) await seen(after);
      if (step.kind === 'vm-stop') {
        await settle('ready', { state: 'suspended', reason: step.reason });
      } else {
        await settle('suspended', {
          state: 'ready',
          server: after?.ip ?? p?.server ?? '',
          nameservers: [],
        });
      }
      return step.kind;
    }
    case 'vm-resize': {
      const vps = service.vps as VpsRecord;
      // The address it has (allocate answers the service's own lease again).
      const lease = await part.pool.allocate(serviceId);
      // Adopts the service's VM: cores and memory set to the plan's, the disk grown, started.
      const vm = await part.compute.provision(
        vmSpecOf({ ...service, planId: step.planId }, vps, lease, part.plans),
      );
      await seen(vm);
      await deps.records.choose(
        userId,
        serviceId,
        token,
        {
          username: vm.user,
          domain: vm.hostname,
          package: step.planId,
          usernameAttempt: p?.usernameAttempt ?? 0,
        },
        deps.now(),
      );
      await deps.records.release(userId, serviceId, token);
      return step.kind;
    }
    case 'vm-remove': {
      const vm = await vmOf(part, service);
      if (vm) await part.compute.destroy(vm.vmid);
      await part.pool.release(serviceId);
      await part.services.updateVps(ref, { power: 'stopped', powerAt: deps.now().toISOString() });
      await settle(step.from, { state: 'terminated', reason: 'Removed by an operator' });
      return step.kind;
    }
  }
}

/**
 * Brings the service's clone to its end, across passes: the task recorded on the service is
 * followed; else a VM of the service made by an attempt that crashed before recording its task is
 * adopted (`vmid`: that VM, marked with `spec.build`); else the clone is started (to `vmid`, when
 * given) and its task recorded before it is waited on. Returns once the clone has ended well;
 * throws ComputeTaskRunningError while it runs, and the provider's sentence when it failed (the
 * task forgotten, so the next pass clones again).
 */
async function cloned(
  part: ComputePart,
  deps: ComputeStepDeps,
  service: ServiceRecord,
  spec: VmSpec,
  vmid?: number,
): Promise<void> {
  const { userId, serviceId } = service;
  const ref = { userId, serviceId };
  const reinstall = vmid !== undefined;
  let task = service.vps?.task?.upid;
  if (task === undefined) {
    const found =
      vmid !== undefined ? await part.compute.get(vmid) : await part.compute.find(serviceId);
    if (found && found.serviceId === serviceId && (!reinstall || found.build === spec.build)) {
      if (found.busy) throw new ComputeTaskRunningError(serviceId, undefined, reinstall);
      return;
    }
    const started = await part.compute.startClone(spec, vmid);
    task = started.task;
    await part.services.updateVps(ref, {
      task: { upid: task, vmid: started.vmid, startedAt: deps.now().toISOString() },
    });
  }
  const state = await followTask(part, task);
  if (state.state === 'running') throw new ComputeTaskRunningError(serviceId, task, reinstall);
  if (state.state === 'failed') {
    await part.services.updateVps(ref, {}, ['task']);
    throw new ComputeRefusedError(`the clone of ${spec.os} (task ${task})`, state.reason);
  }
}

/** The task's state, waiting on it while it runs for no longer than `taskWaitMs`. */
async function followTask(part: ComputePart, task: string): Promise<TaskState> {
  const waitMs = part.taskWaitMs ?? 0;
  const pollMs = part.taskPollMs ?? 1000;
  const sleep =
    part.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + waitMs;
  for (;;) {
    const state = await part.compute.taskStatus(task);
    if (state.state !== 'running' || Date.now() + pollMs > deadline) return state;
    await sleep(pollMs);
  }
}

/** The service's VM: by the VMID recorded, else (a record lost to a crash) by its service id. */
async function vmOf(part: ComputePart, service: ServiceRecord): Promise<Vm | undefined> {
  const vmid = service.vps?.vmid;
  const byId = vmid !== undefined ? await part.compute.get(vmid) : undefined;
  if (byId && byId.serviceId === service.serviceId) return byId;
  return part.compute.find(service.serviceId);
}
