/**
 * Real OpenSSH public keys for tests, made fresh with node:crypto and written in OpenSSH's format
 * by sshpk (the library the storefront validates keys with).
 */
import { generateKeyPairSync } from 'node:crypto';
import sshpk from 'sshpk';

export type TestKeyType = 'ed25519' | 'rsa-2048' | 'rsa-1024' | 'ecdsa-256' | 'ecdsa-384';

export function sshPublicKey(type: TestKeyType = 'ed25519', comment = 'asha@laptop'): string {
  const { publicKey } =
    type === 'ed25519'
      ? generateKeyPairSync('ed25519')
      : type.startsWith('rsa')
        ? generateKeyPairSync('rsa', { modulusLength: Number(type.slice(4)) })
        : generateKeyPairSync('ec', { namedCurve: type === 'ecdsa-256' ? 'P-256' : 'P-384' });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const key = sshpk.parseKey(pem, 'pem');
  key.comment = comment;
  return key.toString('ssh');
}
