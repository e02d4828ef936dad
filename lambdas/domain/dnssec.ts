/**
 * DNSSEC on Enterprise Domain (D23, issue #23): the DS (delegation signer) records a buyer
 * publishes at the registry for a zone they sign elsewhere, checked before the registrar is asked.
 * A DS record is a key tag (0-65535), an algorithm from IANA's "DNS Security Algorithm Numbers"
 * that the registries accept for signing (8, 10, 13, 14, 15, 16), a digest type from IANA's
 * "Delegation Signer (DS) Resource Record Type Digest Algorithms" (1 SHA-1, 2 SHA-256,
 * 4 SHA-384) and the digest, hex of that type's length. Pure: no I/O.
 */
import { DomainSettingsError } from './domain-settings';

/** The signing algorithms a DS record may name, with the names a buyer's DNS host shows. */
export const DS_ALGORITHMS = [
  { number: 8, name: 'RSA/SHA-256' },
  { number: 10, name: 'RSA/SHA-512' },
  { number: 13, name: 'ECDSA P-256/SHA-256' },
  { number: 14, name: 'ECDSA P-384/SHA-384' },
  { number: 15, name: 'Ed25519' },
  { number: 16, name: 'Ed448' },
] as const;

/** The digest types a DS record may name, and the hex length of each digest. */
export const DS_DIGEST_TYPES = [
  { number: 1, name: 'SHA-1', hexLength: 40 },
  { number: 2, name: 'SHA-256', hexLength: 64 },
  { number: 4, name: 'SHA-384', hexLength: 96 },
] as const;

/** At most this many DS records on one name (a key roll needs two; a handful is plenty). */
export const MAX_DS_RECORDS = 4;

/** The domain plans whose buyers may publish DS records. */
export const DNSSEC_PLAN_IDS: readonly string[] = ['enterprisedomain'];

export interface DsRecordInput {
  keyTag: number;
  algorithm: number;
  digestType: number;
  /** Uppercase hex. */
  digest: string;
}

export interface DsRecord extends DsRecordInput {
  /** Stable while the record exists; what a delete names: `keyTag-algorithm-digestType-digest`. */
  id: string;
}

/** The id a DS record is named by in a route: its four fields, which identify it. */
export function dsRecordId(record: DsRecordInput): string {
  return `${record.keyTag}-${record.algorithm}-${record.digestType}-${record.digest.toUpperCase()}`;
}

/** The record an id names, or undefined when the id is not one `dsRecordId` gives. */
export function parseDsRecordId(id: string): DsRecordInput | undefined {
  const match = /^(\d{1,5})-(\d{1,3})-(\d{1,3})-([0-9A-Fa-f]{40,96})$/.exec(id);
  if (!match) return undefined;
  return {
    keyTag: Number(match[1]),
    algorithm: Number(match[2]),
    digestType: Number(match[3]),
    digest: (match[4] as string).toUpperCase(),
  };
}

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/** A DS record as the card sends it, validated; each refusal a sentence (400 validation_failed). */
export function parseDsRecord(input: unknown): DsRecordInput {
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const keyTag = wholeNumber(fields.keyTag);
  if (keyTag === undefined || keyTag < 0 || keyTag > 65_535) {
    throw new DomainSettingsError(
      'Key tag: a whole number from 0 to 65535, as your DNS host shows it.',
    );
  }
  const algorithm = wholeNumber(fields.algorithm);
  if (!DS_ALGORITHMS.some((a) => a.number === algorithm)) {
    throw new DomainSettingsError(
      `Algorithm: choose one the registries accept: ${DS_ALGORITHMS.map((a) => `${a.number} (${a.name})`).join(', ')}.`,
    );
  }
  const digestType = DS_DIGEST_TYPES.find((d) => d.number === wholeNumber(fields.digestType));
  if (!digestType) {
    throw new DomainSettingsError('Digest type: choose 1 (SHA-1), 2 (SHA-256) or 4 (SHA-384).');
  }
  const digest = typeof fields.digest === 'string' ? fields.digest.replace(/\s+/g, '') : '';
  if (!/^[0-9A-Fa-f]*$/.test(digest) || digest.length !== digestType.hexLength) {
    throw new DomainSettingsError(
      `Digest: a ${digestType.name} digest is ${digestType.hexLength} hexadecimal characters (0-9, A-F).`,
    );
  }
  return {
    keyTag,
    algorithm: algorithm as number,
    digestType: digestType.number,
    digest: digest.toUpperCase(),
  };
}

/** Refuses a record already published, or one past the limit. */
export function assertDsRecordFits(
  existing: readonly DsRecordInput[],
  record: DsRecordInput,
): void {
  const id = dsRecordId(record);
  if (existing.some((r) => dsRecordId(r) === id)) {
    throw new DomainSettingsError('This DS record is published already.');
  }
  if (existing.length >= MAX_DS_RECORDS) {
    throw new DomainSettingsError(
      `A domain holds at most ${MAX_DS_RECORDS} DS records: delete one you no longer use first.`,
    );
  }
}
