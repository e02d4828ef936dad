import { describe, expect, it } from 'vitest';
import {
  InvalidSshKeyError,
  parseSshPublicKey,
  parseSshPublicKeys,
} from '../../../lambdas/domain/ssh-keys';
import { hostnameFor, isHostname } from '../../../lambdas/domain/vps';
import { InvalidVpsChoiceError, vpsChoiceOf } from '../../../lambdas/domain/vps-choice';
import { sshPublicKey } from '../../helpers/ssh-keys';

describe('SSH public keys (D24)', () => {
  it.each(['ed25519', 'ecdsa-256', 'ecdsa-384', 'rsa-2048'] as const)('accepts %s', (type) => {
    const key = sshPublicKey(type, 'asha@laptop');
    expect(parseSshPublicKey(`  ${key}  `)).toBe(key);
  });

  it('refuses RSA under 2048 bits, saying how many bits it has', () => {
    expect(() => parseSshPublicKey(sshPublicKey('rsa-1024'))).toThrow(
      /That RSA key has 1024 bits; we accept RSA keys of 2048 bits or more/,
    );
  });

  it('refuses a private key without repeating it', () => {
    const pasted =
      '-----BEGIN OPENSSH PRIVATE KEY-----b3BlbnNzaC1rZXktdjEAAAAA-----END OPENSSH PRIVATE KEY-----';
    let error: unknown;
    try {
      parseSshPublicKey(pasted);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidSshKeyError);
    expect((error as Error).message).toMatch(/That is a private key: never share it/);
    expect((error as Error).message).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA');
  });

  it.each([
    'hello',
    'ssh-ed25519 not-base64!!',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA',
    `${'ssh-ed25519 AAAA'}\nssh-rsa AAAA`,
  ])('refuses %j with a sentence and code invalid_ssh_key', (text) => {
    expect(() => parseSshPublicKey(text)).toThrow(InvalidSshKeyError);
    try {
      parseSshPublicKey(text);
    } catch (error) {
      expect((error as InvalidSshKeyError).code).toBe('invalid_ssh_key');
      expect((error as Error).message).toMatch(/^That is not an SSH public key\./);
    }
  });

  it('accepts ECDSA on nistp521 too', () => {
    const key = sshPublicKey('ecdsa-521');
    expect(parseSshPublicKey(key)).toBe(key);
  });

  it('takes a key pasted with the line break its .pub file ends with', () => {
    const key = sshPublicKey('ed25519');
    expect(parseSshPublicKey(`${key}\n`)).toBe(key);
  });

  it('refuses a DSA key, saying what to make instead', () => {
    expect(() => parseSshPublicKey(sshPublicKey('dsa'))).toThrow(
      'DSA keys are no longer accepted by current servers. Make an Ed25519 key with ssh-keygen -t ed25519 and paste its .pub line.',
    );
  });

  it('takes a line of up to 8,192 characters (a long comment), and refuses a longer one', () => {
    const key = sshPublicKey('ed25519', 'c');
    const longest = `${key}${'c'.repeat(8192 - key.length)}`;
    expect(longest).toHaveLength(8192);
    expect(parseSshPublicKey(longest)).toBe(longest);
    expect(() => parseSshPublicKey(`${longest}c`)).toThrow(/^That is not an SSH public key\./);
  });

  it('takes up to 10 keys for a server, and says so past that', () => {
    const keys = Array.from({ length: 11 }, (_, i) => sshPublicKey('ed25519', `key${i}`));
    expect(parseSshPublicKeys(keys.slice(0, 10))).toHaveLength(10);
    expect(() => parseSshPublicKeys(keys)).toThrow('A server takes at most 10 SSH keys.');
  });

  it('drops blank lines and a key given twice (whatever its comment)', () => {
    const key = sshPublicKey('ed25519', 'a@b');
    const again = key.replace('a@b', 'other');
    expect(parseSshPublicKeys([key, '', '  ', again])).toEqual([key]);
  });
});

describe('a VPS order’s choices', () => {
  const key = sshPublicKey('ed25519');

  it('keeps the OS, the keys and the hostname, lowercased', () => {
    expect(
      vpsChoiceOf(
        'vps',
        { os: 'debian-12', sshKeys: [key], hostname: 'Web-1' },
        'Asha',
        parseSshPublicKeys,
      ),
    ).toEqual({
      os: 'debian-12',
      hostname: 'web-1',
      sshKeys: [key],
    });
  });

  it('defaults: Ubuntu, a hostname from the buyer’s name, no key (set-up waits for one)', () => {
    expect(vpsChoiceOf('vps', undefined, 'Asha Verma', parseSshPublicKeys)).toEqual({
      os: 'ubuntu-24.04',
      hostname: 'asha-verma-vps',
      sshKeys: [],
    });
    expect(hostnameFor('Ünïcode Nämé!')).toBe('unicode-name-vps');
    expect(hostnameFor('  ')).toBe('my-vps');
  });

  it('makes a default hostname of at most 40 characters of the name, one hyphen between words', () => {
    expect(hostnameFor('Asha  &  Verma')).toBe('asha-verma-vps');
    expect(hostnameFor('a'.repeat(60))).toBe(`${'a'.repeat(40)}-vps`);
    // Cut at 40 on the hyphen between two words: the hyphen goes too.
    expect(hostnameFor(`${'a'.repeat(39)} Verma`)).toBe(`${'a'.repeat(39)}-vps`);
  });

  it('takes a hostname as text only', () => {
    expect(isHostname('asha-web-1')).toBe(true);
    expect(isHostname(42)).toBe(false);
  });

  it.each([
    [
      { os: 'windows-11' },
      /Please choose one of Ubuntu 24.04 LTS, Debian 12, AlmaLinux 9, Rocky Linux 9/,
    ],
    [{ os: 'debian-12', hostname: '-bad' }, /A hostname is up to 63/],
    [{ os: 'debian-12', hostname: 'a.b' }, /A hostname is up to 63/],
  ])('refuses %j', (input, message) => {
    expect(() => vpsChoiceOf('vps', input, 'Asha', parseSshPublicKeys)).toThrow(
      InvalidVpsChoiceError,
    );
    expect(() => vpsChoiceOf('vps', input, 'Asha', parseSshPublicKeys)).toThrow(message);
  });

  it('refuses VPS choices on another plan, and gives none for it', () => {
    expect(() => vpsChoiceOf('hosting', { os: 'debian-12' }, 'Asha', parseSshPublicKeys)).toThrow(
      /only for a VPS plan/,
    );
    expect(vpsChoiceOf('hosting', undefined, 'Asha', parseSshPublicKeys)).toBeUndefined();
  });
});
