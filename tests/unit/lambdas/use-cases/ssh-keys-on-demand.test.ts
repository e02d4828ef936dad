/**
 * The checkout's SSH-key parser, loaded with sshpk only when the request carries a key
 * (lambdas/use-cases/ssh-keys-on-demand.ts): with a key it is parseSshPublicKeys itself; without,
 * it gives what parseSshPublicKeys gives blank lines, and refuses to stand in for it on a key.
 */
import { describe, expect, it } from 'vitest';
import { parseSshPublicKeys } from '../../../../lambdas/domain/ssh-keys';
import { sshKeysParserFor } from '../../../../lambdas/use-cases/ssh-keys-on-demand';
import { sshPublicKey } from '../../../helpers/ssh-keys';

describe('the SSH-key parser on demand', () => {
  const key = sshPublicKey('ed25519');

  it('is parseSshPublicKeys when a key is given', async () => {
    expect(await sshKeysParserFor([key])).toBe(parseSshPublicKeys);
    expect(await sshKeysParserFor(['', `  ${key}`])).toBe(parseSshPublicKeys);
  });

  it('gives no keys for none or blank lines, as parseSshPublicKeys does', async () => {
    for (const texts of [undefined, [], ['', '  ']]) {
      const parse = await sshKeysParserFor(texts);
      expect(parse(texts ?? [])).toEqual(parseSshPublicKeys(texts ?? []));
      expect(parse(texts ?? [])).toEqual([]);
    }
  });

  it('never drops a key it was not loaded for', async () => {
    const parse = await sshKeysParserFor([]);
    expect(() => parse([key])).toThrow(/loaded for none/);
  });
});
