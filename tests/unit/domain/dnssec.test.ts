/**
 * DS records as the Enterprise domain card sends them (lambdas/domain/dnssec.ts): each field's
 * range, the algorithms and digest types the registries accept, the digest's length per type, the
 * id a route names a record by, and the limit per name. Each refusal is a sentence.
 */
import { describe, expect, it } from 'vitest';
import {
  assertDsRecordFits,
  dsRecordId,
  MAX_DS_RECORDS,
  parseDsRecord,
  parseDsRecordId,
} from '../../../lambdas/domain/dnssec';

const SHA1 = 'a'.repeat(40);
const SHA256 = 'E2D3C916F6DEEAC73294E8268FB5885044A833FC5459588F4A9184CFC41A5766';
const SHA384 = '0123456789abcdef'.repeat(6);
const good = { keyTag: 2371, algorithm: 13, digestType: 2, digest: SHA256 };

function refusal(input: unknown): string {
  try {
    parseDsRecord(input);
  } catch (error) {
    expect(error).toMatchObject({ code: 'validation_failed' });
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('parseDsRecord', () => {
  it('accepts each digest type at its length, in either case, with spaces as DNS hosts print them', () => {
    expect(
      parseDsRecord({ ...good, digest: `${SHA256.slice(0, 32)} ${SHA256.slice(32)}` }),
    ).toEqual(good);
    expect(parseDsRecord({ ...good, digestType: 1, digest: SHA1 }).digest).toBe(SHA1.toUpperCase());
    expect(parseDsRecord({ ...good, digestType: 4, digest: SHA384 }).digest).toBe(
      SHA384.toUpperCase(),
    );
    // Numbers typed into a form arrive as strings.
    expect(parseDsRecord({ ...good, keyTag: '0', algorithm: '15', digestType: '2' })).toEqual({
      ...good,
      keyTag: 0,
      algorithm: 15,
    });
    expect(parseDsRecord({ ...good, keyTag: 65_535 }).keyTag).toBe(65_535);
  });

  it('refuses a key tag outside 0-65535 or not whole', () => {
    for (const keyTag of [-1, 65_536, 1.5, 'abc', undefined]) {
      expect(refusal({ ...good, keyTag })).toMatch(/^Key tag: a whole number from 0 to 65535/);
    }
  });

  it('reads a number typed into the form with spaces around it, and digits only', () => {
    expect(parseDsRecord({ ...good, keyTag: ' 2371 ' }).keyTag).toBe(2371);
    for (const keyTag of ['', null, '1e3', [2371]]) {
      expect(refusal({ ...good, keyTag })).toBe(
        'Key tag: a whole number from 0 to 65535, as your DNS host shows it.',
      );
    }
  });

  it('names every algorithm the registries accept when it refuses one', () => {
    expect(refusal({ ...good, algorithm: 7 })).toBe(
      'Algorithm: choose one the registries accept: 8 (RSA/SHA-256), 10 (RSA/SHA-512), 13 (ECDSA P-256/SHA-256), 14 (ECDSA P-384/SHA-384), 15 (Ed25519), 16 (Ed448).',
    );
  });

  it('accepts only algorithms 8, 10, 13, 14, 15 and 16', () => {
    for (const algorithm of [8, 10, 13, 14, 15, 16]) {
      expect(parseDsRecord({ ...good, algorithm }).algorithm).toBe(algorithm);
    }
    for (const algorithm of [1, 5, 7, 12, 17, 253, undefined]) {
      expect(refusal({ ...good, algorithm })).toMatch(/^Algorithm: choose one the registries/);
    }
  });

  it('accepts digest types 1, 2 and 4 only, each with its own length of hex', () => {
    for (const digestType of [0, 3, 5, undefined]) {
      expect(refusal({ ...good, digestType })).toBe(
        'Digest type: choose 1 (SHA-1), 2 (SHA-256) or 4 (SHA-384).',
      );
    }
    expect(refusal({ ...good, digest: SHA1 })).toBe(
      'Digest: a SHA-256 digest is 64 hexadecimal characters (0-9, A-F).',
    );
    expect(refusal({ ...good, digestType: 1, digest: SHA256 })).toMatch(/SHA-1 digest is 40/);
    expect(refusal({ ...good, digestType: 4, digest: SHA256 })).toMatch(/SHA-384 digest is 96/);
    expect(refusal({ ...good, digest: `${SHA256.slice(0, 63)}G` })).toMatch(/hexadecimal/);
    expect(refusal({ ...good, digest: undefined })).toMatch(/hexadecimal/);
  });
});

describe('the id a route names a DS record by', () => {
  it('is the four fields, and reads back to them', () => {
    const id = dsRecordId({ ...good, digest: SHA256.toLowerCase() });
    expect(id).toBe(`2371-13-2-${SHA256}`);
    expect(parseDsRecordId(id)).toEqual(good);
    expect(parseDsRecordId('2371-13-2-xyz')).toBeUndefined();
    expect(parseDsRecordId('')).toBeUndefined();
  });

  it('reads back the widest numbers an id holds, and nothing around an id', () => {
    const widest = { keyTag: 65_535, algorithm: 253, digestType: 255, digest: SHA256 };
    expect(parseDsRecordId(dsRecordId(widest))).toEqual(widest);
    // A delete must not remove a record named by an id with more around it.
    const id = dsRecordId(good);
    expect(parseDsRecordId(`x${id}`)).toBeUndefined();
    expect(parseDsRecordId(`${id}-x`)).toBeUndefined();
  });
});

describe('assertDsRecordFits', () => {
  it(`refuses a record published already and more than ${MAX_DS_RECORDS}`, () => {
    expect(() => assertDsRecordFits([], good)).not.toThrow();
    expect(() => assertDsRecordFits([good], { ...good })).toThrow(
      'This DS record is published already.',
    );
    const full = [1, 2, 3, 4].map((keyTag) => ({ ...good, keyTag }));
    expect(() => assertDsRecordFits(full.slice(0, 3), { ...good, keyTag: 9 })).not.toThrow();
    expect(() => assertDsRecordFits(full, { ...good, keyTag: 9 })).toThrow(
      /at most 4 DS records: delete one/,
    );
  });
});

describe('what a domain tier change takes away and brings (#29)', () => {
  it('privacy from Premium, DNSSEC from Enterprise', async () => {
    const { tierFeaturesGained, tierFeaturesLost } =
      await import('../../../lambdas/domain/domain-tiers');
    expect(tierFeaturesLost('enterprisedomain', 'basicdomain')).toEqual(['privacy', 'dnssec']);
    expect(tierFeaturesLost('enterprisedomain', 'premiumdomain')).toEqual(['dnssec']);
    expect(tierFeaturesLost('premiumdomain', 'basicdomain')).toEqual(['privacy']);
    expect(tierFeaturesLost('basicdomain', 'enterprisedomain')).toEqual([]);
    expect(tierFeaturesGained('basicdomain', 'enterprisedomain')).toEqual(['privacy', 'dnssec']);
    expect(tierFeaturesGained('premiumdomain', 'enterprisedomain')).toEqual(['dnssec']);
  });
});
