/**
 * What a buyer does with their VPS from its card (D24): power (start, stop, reboot), reinstall
 * (another OS or the same, after typing the hostname; same VMID and address, keys re-applied)
 * and its SSH keys. Power and keys act on the provider under the service's provisioning claim, as
 * converge does (lambdas/use-cases/converge-compute.ts), so a buyer's Start cannot race converge's
 * suspension; only a live service whose VM is made may be acted on. The card's power state is
 * written back onto the service record, which the dashboard reads without asking the provider.
 *
 * A reinstall outlives a request (a full clone takes minutes): the route records the buyer's wish
 * on the service (one at a time) and asks converge (ServiceChanged), which destroys and clones the
 * VM again under the claim over as many passes as it takes; the card says "Reinstalling…" until
 * then, and refuses other changes meanwhile.
 *
 * Keys added to a VPS still waiting for one ask converge (ServiceChanged) to make it now; keys
 * changed on a made VM are given to cloud-init, which applies them at the VM's next boot.
 */
import type { ServiceChangedDetail } from '../domain/api';
import { DomainError } from '../domain/errors';
import { isLive } from '../domain/lifecycle';
import type { Service } from '../domain/services';
import { isVpsOs, POWER_FRESH_MS, VPS_OS_IDS, VPS_OS_NAMES, type VpsRecord } from '../domain/vps';
import type { Compute, Vm } from '../ports/compute';
import type { EventPublisher } from '../ports/events';
import type { LogPort } from '../ports/logger';
import type { ProvisioningRecords } from '../ports/provisioning';
import type { ServiceRecord, ServicesStore } from '../ports/services';
import { lifeOfService } from './converge-service';
import { serviceWithLife } from './converge-parts';
import { ServiceNotFoundError } from './open-control-panel';
import { serviceOfRecord } from './to-service';

export interface ManageVpsDeps {
  services: Pick<ServicesStore, 'getService' | 'updateVps' | 'requestReinstall'>;
  records: Pick<ProvisioningRecords, 'claim' | 'release'>;
  compute: Compute;
  events: Pick<EventPublisher, 'publish'>;
  log: LogPort;
  now: () => Date;
}

export type PowerRequest = 'start' | 'stop' | 'reboot';

const REFUSALS = {
  service_suspended:
    'This server is suspended or has ended, so it cannot be started or changed. Renew it to use it again.',
  service_not_ready:
    'This server is still being set up. You can use these controls once it is running; we will email you.',
  service_busy: 'Your server is busy with another change. Wait a minute, refresh, and try again.',
  reinstall_in_progress:
    'Your server is being reinstalled. This takes a few minutes; refresh to see when it is running again.',
} as const;

export class VpsActionRefusedError extends DomainError {
  override readonly name = 'VpsActionRefusedError';
  constructor(readonly code: keyof typeof REFUSALS) {
    super(REFUSALS[code]);
  }
}

/** A reinstall's confirmation or OS was not right (400 validation_failed). */
export class ReinstallRefusedError extends DomainError {
  override readonly name = 'ReinstallRefusedError';
  readonly code = 'validation_failed';
}

export async function powerVps(
  deps: ManageVpsDeps,
  userId: string,
  serviceId: string,
  action: PowerRequest,
  requestId: string,
): Promise<Service> {
  return underClaim(deps, userId, serviceId, requestId, async (service, vps) => {
    const vm = await deps.compute.power(vps.vmid as number, action);
    await seen(deps, service, vm);
    deps.log.info('Buyer power action on a VPS', { serviceId, action, power: vm.power });
  });
}

/**
 * The card's power state, read from the provider when the record's is older than POWER_FRESH_MS
 * (a buyer may have shut the server down from inside it); else the record's. Never the dashboard's
 * list: one card asks, for its own server. A provider that does not answer leaves the record's.
 */
export async function currentVps(
  deps: ManageVpsDeps,
  userId: string,
  serviceId: string,
): Promise<Service> {
  const service = await vpsService(deps, userId, serviceId);
  const vps = service.vps as VpsRecord;
  const age = vps.powerAt ? deps.now().getTime() - Date.parse(vps.powerAt) : Infinity;
  if (
    vps.vmid !== undefined &&
    // Mid-reinstall the provider has no VM, or one not configured yet: the card says so instead.
    !vps.reinstall &&
    service.provisioning?.state !== 'terminated' &&
    age > POWER_FRESH_MS
  ) {
    try {
      const vm = await deps.compute.get(vps.vmid);
      if (vm && vm.serviceId === serviceId) await seen(deps, service, vm);
    } catch (error) {
      deps.log.warn('Could not read a VPS power state; showing the last one', {
        serviceId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return answer(deps, userId, serviceId);
}

/**
 * Records the buyer's reinstall (D24) and asks converge to do it; answers at once with the card
 * saying "Reinstalling…". Refused while another is under way.
 */
export async function reinstallVps(
  deps: ManageVpsDeps,
  userId: string,
  serviceId: string,
  input: { os: string; confirm: string },
): Promise<Service> {
  const { os } = input;
  if (!isVpsOs(os)) {
    throw new ReinstallRefusedError(
      `Please choose one of ${VPS_OS_IDS.map((id) => VPS_OS_NAMES[id]).join(', ')}.`,
    );
  }
  const service = await vpsService(deps, userId, serviceId);
  refuseUnlessUsable(service, deps.now());
  const vps = service.vps as VpsRecord;
  if (input.confirm.trim().toLowerCase() !== vps.hostname) {
    throw new ReinstallRefusedError(
      `Type your server's hostname, ${vps.hostname}, to confirm: reinstalling erases everything on its disk.`,
    );
  }
  const at = deps.now().toISOString();
  if (!(await deps.services.requestReinstall({ userId, serviceId }, { os, requestedAt: at }))) {
    throw new VpsActionRefusedError('reinstall_in_progress');
  }
  const detail: ServiceChangedDetail = { userId, serviceId, fact: 'reinstall', at };
  await deps.events.publish('ServiceChanged', detail);
  deps.log.info('Buyer asked for a VPS reinstall', { serviceId, os });
  return answer(deps, userId, serviceId);
}

/**
 * Replaces the VPS's keys. At least one: a server with none could never be entered. A VPS still
 * waiting for its first key is made by converge once it has one.
 */
export async function setVpsKeys(
  deps: ManageVpsDeps,
  userId: string,
  serviceId: string,
  texts: readonly string[],
  requestId: string,
): Promise<Service> {
  // sshpk and its crypto (some 190 KB) serve this route alone: the card's polling, power and
  // reinstall routes of the same Lambda no longer load it at their cold start (E29).
  const { parseSshPublicKeys, InvalidSshKeyError } = await import('../domain/ssh-keys');
  const keys = parseSshPublicKeys(texts);
  if (keys.length === 0) {
    throw new InvalidSshKeyError(
      'Add at least one SSH public key: your server accepts no password, so without a key nobody can log in.',
    );
  }
  const service = await vpsService(deps, userId, serviceId);
  const vps = service.vps as VpsRecord;
  if (vps.vmid === undefined || service.provisioning?.state !== 'ready') {
    // Not made yet (waiting for its first key, or being set up): converge gives it these keys.
    await deps.services.updateVps({ userId, serviceId }, { sshKeys: keys });
    const detail: ServiceChangedDetail = {
      userId,
      serviceId,
      fact: 'ssh-keys',
      at: deps.now().toISOString(),
    };
    await deps.events.publish('ServiceChanged', detail);
    return answer(deps, userId, serviceId);
  }
  return underClaim(deps, userId, serviceId, requestId, async (current, made) => {
    const vm = await deps.compute.setSshKeys(made.vmid as number, keys);
    await deps.services.updateVps({ userId, serviceId }, { sshKeys: keys });
    await seen(deps, current, vm);
  });
}

async function vpsService(
  deps: ManageVpsDeps,
  userId: string,
  serviceId: string,
): Promise<ServiceRecord> {
  // A bundle's VPS (D24) lives its bundle's life.
  const service = await serviceWithLife(deps.services, userId, serviceId);
  if (!service || service.category !== 'vps' || !service.vps) throw new ServiceNotFoundError();
  return service;
}

/**
 * Runs `act` on the provider for a live VPS whose VM is made, under the service's claim (read
 * again under it), and answers the service as its card shows it.
 */
async function underClaim(
  deps: ManageVpsDeps,
  userId: string,
  serviceId: string,
  requestId: string,
  act: (service: ServiceRecord, vps: VpsRecord, token: string) => Promise<void>,
): Promise<Service> {
  refuseUnlessUsable(await vpsService(deps, userId, serviceId), deps.now());
  const claim = await deps.records.claim(userId, serviceId, `buyer:${requestId}`, deps.now());
  if (claim.state === 'held') throw new VpsActionRefusedError('service_busy');
  try {
    const service = await vpsService(deps, userId, serviceId);
    refuseUnlessUsable(service, deps.now());
    await act(service, service.vps as VpsRecord, claim.token);
  } finally {
    await deps.records.release(userId, serviceId, claim.token).catch(() => undefined);
  }
  return answer(deps, userId, serviceId);
}

function refuseUnlessUsable(service: ServiceRecord, now: Date): void {
  if (!isLive(lifeOfService(service, now).state)) {
    throw new VpsActionRefusedError('service_suspended');
  }
  if (service.provisioning?.state !== 'ready' || service.vps?.vmid === undefined) {
    throw new VpsActionRefusedError('service_not_ready');
  }
  if (service.vps.reinstall) throw new VpsActionRefusedError('reinstall_in_progress');
}

async function seen(deps: ManageVpsDeps, service: ServiceRecord, vm: Vm): Promise<void> {
  await deps.services.updateVps(
    { userId: service.userId, serviceId: service.serviceId },
    {
      vmid: vm.vmid,
      ip: vm.ip,
      user: vm.user,
      power: vm.power,
      powerAt: deps.now().toISOString(),
    },
  );
}

async function answer(deps: ManageVpsDeps, userId: string, serviceId: string): Promise<Service> {
  const service = await serviceWithLife(deps.services, userId, serviceId);
  if (!service) throw new ServiceNotFoundError();
  return serviceOfRecord(service, deps.now());
}
