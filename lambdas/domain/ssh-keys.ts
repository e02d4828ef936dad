/**
 * A buyer's SSH public keys (D24): what a VPS accepts as its only way in. Ed25519, ECDSA on
 * nistp256/384/521, and RSA of 2048 bits or more, in OpenSSH's one-line format, parsed by sshpk;
 * anything else is refused with a sentence that says what to paste instead. A private key pasted
 * by mistake is refused without being echoed or kept.
 */
import sshpk from 'sshpk';
import { DomainError } from './errors';

/** At most this many keys per VPS, each at most this long (a 16384-bit RSA key is ~2.8 kB). */
export const MAX_SSH_KEYS = 10;
export const MAX_SSH_KEY_LENGTH = 8192;

export class InvalidSshKeyError extends DomainError {
  override readonly name = 'InvalidSshKeyError';
  readonly code = 'invalid_ssh_key';
}

const NOT_A_KEY =
  'That is not an SSH public key. Paste the one line of your .pub file: it starts with ssh-ed25519, ecdsa-sha2-nistp256 or ssh-rsa.';

/** The key in OpenSSH's one-line format ("type base64 comment"), or InvalidSshKeyError. */
export function parseSshPublicKey(text: string): string {
  const line = text.trim();
  if (/PRIVATE KEY/i.test(line)) {
    throw new InvalidSshKeyError(
      'That is a private key: never share it, with us or anyone. Paste the public key instead: the one line of the file ending in .pub.',
    );
  }
  if (!line || line.length > MAX_SSH_KEY_LENGTH || /[\r\n]/.test(line)) {
    throw new InvalidSshKeyError(NOT_A_KEY);
  }
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(line, 'ssh');
  } catch {
    throw new InvalidSshKeyError(NOT_A_KEY);
  }
  switch (key.type) {
    case 'ed25519':
      break;
    case 'ecdsa':
      if (!['nistp256', 'nistp384', 'nistp521'].includes(String(key.curve))) {
        throw new InvalidSshKeyError(
          'We accept ECDSA keys on the nistp256, nistp384 and nistp521 curves. An Ed25519 key works everywhere: make one with ssh-keygen -t ed25519.',
        );
      }
      break;
    case 'rsa':
      if (key.size < 2048) {
        throw new InvalidSshKeyError(
          `That RSA key has ${key.size} bits; we accept RSA keys of 2048 bits or more. Make a new key with ssh-keygen -t ed25519.`,
        );
      }
      break;
    default:
      throw new InvalidSshKeyError(
        `${key.type.toUpperCase()} keys are no longer accepted by current servers. Make an Ed25519 key with ssh-keygen -t ed25519 and paste its .pub line.`,
      );
  }
  // The comment the buyer gave (often user@host) is kept: it tells their keys apart.
  return key.toString('ssh');
}

/** Every key parsed, duplicates dropped; at most MAX_SSH_KEYS. */
export function parseSshPublicKeys(texts: readonly string[]): string[] {
  const keys = texts.filter((text) => text.trim() !== '').map(parseSshPublicKey);
  const unique = keys.filter((key, i) => keys.findIndex((other) => sameKey(other, key)) === i);
  if (unique.length > MAX_SSH_KEYS) {
    throw new InvalidSshKeyError(`A server takes at most ${MAX_SSH_KEYS} SSH keys.`);
  }
  return unique;
}

/** The same key, whatever its comment. */
function sameKey(a: string, b: string): boolean {
  return a.split(' ').slice(0, 2).join(' ') === b.split(' ').slice(0, 2).join(' ');
}
