/**
 * A VPS service's own fields (D24), kept on its service item: what the buyer chose (OS, hostname,
 * SSH public keys) and what converge found on the provider (VMID, address, login user, power and
 * when it was read). The dashboard reads them with the service, never the provider per service.
 */

/** The operating systems a buyer may choose (CONTRACT, round 3). */
export const VPS_OS_IDS = ['ubuntu-24.04', 'debian-12', 'almalinux-9', 'rockylinux-9'] as const;
export type VpsOs = (typeof VPS_OS_IDS)[number];

export const VPS_OS_NAMES: Readonly<Record<VpsOs, string>> = {
  'ubuntu-24.04': 'Ubuntu 24.04 LTS',
  'debian-12': 'Debian 12',
  'almalinux-9': 'AlmaLinux 9',
  'rockylinux-9': 'Rocky Linux 9',
};

/** The user cloud-init makes on each OS (its images' default user), who logs in with the key. */
export const VPS_LOGIN_USERS: Readonly<Record<VpsOs, string>> = {
  'ubuntu-24.04': 'ubuntu',
  'debian-12': 'debian',
  'almalinux-9': 'almalinux',
  'rockylinux-9': 'rocky',
};

export function isVpsOs(value: unknown): value is VpsOs {
  return typeof value === 'string' && (VPS_OS_IDS as readonly string[]).includes(value);
}

export type PowerState = 'running' | 'stopped';

export interface VpsRecord {
  os: VpsOs;
  hostname: string;
  /** OpenSSH public keys; empty while the buyer chose to add a key later. */
  sshKeys: string[];
  vmid?: number;
  ip?: string;
  /** The login user cloud-init made (VPS_LOGIN_USERS of the OS). */
  user?: string;
  power?: PowerState;
  /** When `power` was read from the provider (ISO-8601). */
  powerAt?: string;
  /**
   * The buyer asked for a reinstall (D24): converge destroys the VM and clones this OS's template
   * again with the same VMID and address, then removes this. One at a time.
   */
  reinstall?: VpsReinstall;
  /**
   * A clone converge started on the provider and follows across its passes (a real full clone
   * outlives a request): the provider's task id, the VM it makes, when it was started.
   */
  task?: VpsTask;
}

export interface VpsReinstall {
  os: VpsOs;
  /** When the buyer asked (ISO-8601); it also marks the VM the reinstall clones. */
  requestedAt: string;
}

export interface VpsTask {
  upid: string;
  vmid: number;
  startedAt: string;
}

/** The VPS fields a write may remove (a finished reinstall, a task followed to its end). */
export type VpsTransientField = 'reinstall' | 'task';

/** How long a VPS card's power state is shown without asking the provider again. */
export const POWER_FRESH_MS = 30_000;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A hostname is one DNS label (Proxmox names a VM by it): lowercase letters, digits, hyphens. */
export function isHostname(value: unknown): value is string {
  return typeof value === 'string' && LABEL.test(value);
}

/** The default hostname from the buyer's name: "Asha Verma" → "asha-verma-vps". */
export function hostnameFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return base ? `${base}-vps` : 'my-vps';
}
