import type { Row } from './layout';

/**
 * How a buyer reaches a delivered service: what the panel (WHM) answered for hosting, or what an
 * operator entered for a VPS, storage or a domain. Never a password (D18).
 */
export interface AccessDetails {
  username?: string;
  server?: string;
  nameservers?: readonly string[];
  /** The control panel's address (its login page; the dashboard signs the buyer in). */
  panelUrl?: string;
  /** Anything else an operator entered, label → value (an IP address, an SSH user, ...). */
  details?: Readonly<Record<string, string>>;
}

/** A mail refuses to carry what looks like a secret, even when an operator typed one in. */
export class SecretInMailError extends Error {
  override readonly name = 'SecretInMailError';
}

// A domain's transfer (EPP / auth) code is a secret too (D23): shown in the dashboard only.
const SECRET_LABEL =
  /pass(word|phrase|wd)?\b|secret|token|private.?key|\bpin\b|otp|\bepp\b|auth(ori[sz]ation)?.?code|transfer.?code/i;
const SECRET_VALUE = /(pass(word|wd)?|secret|token|epp|auth.?code)\s*[:=]/i;

export function hasAccessDetails(access: AccessDetails | undefined): access is AccessDetails {
  return (
    access !== undefined &&
    Boolean(
      access.username ||
      access.server ||
      access.panelUrl ||
      (access.nameservers?.length ?? 0) > 0 ||
      Object.keys(access.details ?? {}).length > 0,
    )
  );
}

export function accessRows(access: AccessDetails): Row[] {
  const rows: Row[] = [];
  if (access.username) rows.push({ label: 'Username', value: access.username });
  if (access.server) rows.push({ label: 'Server', value: access.server });
  if (access.nameservers?.length) {
    rows.push({ label: 'Nameservers', value: access.nameservers.join(', ') });
  }
  if (access.panelUrl) {
    rows.push({ label: 'Control panel', value: access.panelUrl, href: access.panelUrl });
  }
  for (const [label, value] of Object.entries(access.details ?? {})) {
    if (SECRET_LABEL.test(label) || SECRET_VALUE.test(value)) {
      // The label only: the value may be the secret itself.
      throw new SecretInMailError(
        `Access detail "${label}" looks like a secret; no mail carries one.`,
      );
    }
    rows.push({ label, value });
  }
  return rows;
}
