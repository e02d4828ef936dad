/**
 * What a buyer chooses for a VPS at checkout (D24; CONTRACT `vps: {os, sshKeys?, hostname?}`):
 * the OS, their SSH public keys (none: "add my key later", set-up waits for one) and the hostname
 * (by default from their name). Checked before any Razorpay order exists.
 */
import type { Category } from './plan';
import { DomainError } from './errors';
import { hostnameFor, isHostname, isVpsOs, VPS_OS_IDS, VPS_OS_NAMES, type VpsRecord } from './vps';

export interface VpsChoiceInput {
  os?: string;
  sshKeys?: readonly string[];
  hostname?: string;
}

/** A VPS choice the checkout refused (400 validation_failed with the sentence). */
export class InvalidVpsChoiceError extends DomainError {
  override readonly name = 'InvalidVpsChoiceError';
  readonly code = 'validation_failed';
}

export const DEFAULT_VPS_OS = 'ubuntu-24.04';

/**
 * The buyer's choices for a VPS plan's order, checked; undefined for any other plan (which must
 * not carry them). A VPS order without them gets the default OS, a hostname from the buyer's name
 * and no key: its set-up waits for a key added from the dashboard. The keys are checked by
 * `parseKeys`: parseSshPublicKeys (domain/ssh-keys), which the caller loads with sshpk only when
 * there is a key to parse (use-cases/ssh-keys-on-demand.ts).
 */
export function vpsChoiceOf(
  category: Category,
  input: VpsChoiceInput | undefined,
  buyerName: string,
  parseKeys: (texts: readonly string[]) => string[],
): Pick<VpsRecord, 'os' | 'hostname' | 'sshKeys'> | undefined {
  if (category !== 'vps') {
    if (input !== undefined) {
      throw new InvalidVpsChoiceError('An OS, SSH keys and a hostname are only for a VPS plan.');
    }
    return undefined;
  }
  const os = input?.os ?? DEFAULT_VPS_OS;
  if (!isVpsOs(os)) {
    throw new InvalidVpsChoiceError(
      `Please choose one of ${VPS_OS_IDS.map((id) => VPS_OS_NAMES[id]).join(', ')}.`,
    );
  }
  const hostname = input?.hostname?.trim().toLowerCase() || hostnameFor(buyerName);
  if (!isHostname(hostname)) {
    throw new InvalidVpsChoiceError(
      'A hostname is up to 63 lowercase letters, digits and hyphens, not starting or ending with a hyphen (like asha-web-1).',
    );
  }
  return { os, hostname, sshKeys: parseKeys(input?.sshKeys ?? []) };
}
