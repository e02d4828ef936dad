/**
 * Real OpenSSH public keys for tests, made fresh with node:crypto and written in OpenSSH's format
 * by sshpk (the library the storefront validates keys with).
 */
import { generateKeyPairSync } from 'node:crypto';
import sshpk from 'sshpk';

export type TestKeyType =
  'ed25519' | 'rsa-2048' | 'rsa-1024' | 'ecdsa-256' | 'ecdsa-384' | 'ecdsa-521' | 'dsa';

const CURVES = { 'ecdsa-256': 'P-256', 'ecdsa-384': 'P-384', 'ecdsa-521': 'P-521' } as const;

export function sshPublicKey(type: TestKeyType = 'ed25519', comment = 'asha@laptop'): string {
  const { publicKey } =
    type === 'ed25519'
      ? generateKeyPairSync('ed25519')
      : type.startsWith('rsa')
        ? generateKeyPairSync('rsa', { modulusLength: Number(type.slice(4)) })
        : type === 'dsa'
          ? generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 })
          : generateKeyPairSync('ec', { namedCurve: CURVES[type as keyof typeof CURVES] });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const key = sshpk.parseKey(pem, 'pem');
  key.comment = comment;
  return key.toString('ssh');
}
