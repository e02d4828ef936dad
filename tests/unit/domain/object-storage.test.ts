/**
 * How a storage service is named on the provider and what it may hold (D24,
 * lambdas/domain/object-storage.ts): the bucket in S3's alphabet, the quota in decimal bytes.
 */
import { describe, expect, it } from 'vitest';
import {
  storageBucketFor,
  storageQuotaBytesOf,
  storageUidFor,
} from '../../../lambdas/domain/object-storage';

describe('storageBucketFor', () => {
  it('is the service id in lowercase letters, digits and hyphens, the same each time', () => {
    expect(storageBucketFor('svc_01HZX3K9ABC')).toBe('svc-01hzx3k9abc');
    expect(storageBucketFor('svc_01HZX3K9ABC')).toBe(storageBucketFor('svc_01HZX3K9ABC'));
    expect(storageUidFor('svc_01HZX3K9ABC')).toBe('svc_01HZX3K9ABC');
  });

  it('starts and ends with a letter or digit, and is 3 to 63 characters long', () => {
    expect(storageBucketFor('__ab__')).toBe('ab0');
    expect(storageBucketFor('a')).toBe('a00');
    expect(storageBucketFor('_')).toBe('000');
    expect(storageBucketFor(`svc_${'x'.repeat(70)}`)).toBe(`svc-${'x'.repeat(59)}`);
  });
});

describe('storageQuotaBytesOf', () => {
  it('is the plan’s storage in decimal gigabytes, and none for a plan that sells no space', () => {
    expect(storageQuotaBytesOf({ specs: { storageGb: 100 } })).toBe(100_000_000_000);
    expect(storageQuotaBytesOf({ specs: {} })).toBeUndefined();
    expect(storageQuotaBytesOf({})).toBeUndefined();
  });
});
