/**
 * One contract for the TicketFiles port (D27 attachments), run against the in-memory files the
 * use-case specs use and against S3TicketFiles on the object storage stand-in, which checks
 * presigned URLs as S3 does: a browser's PUT to the signed address stores the file; a PUT of
 * another type or size, or after the address expired, is refused; the first bytes are read for
 * the type check; a presigned GET downloads the file under its name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startObjectStorageStandIn,
  type ObjectStorageStandIn,
} from '../../../infra/local/object-storage/server';
import { S3TicketFiles } from '../../../lambdas/adapters/s3/s3-ticket-files';
import type { TicketFiles } from '../../../lambdas/ports/ticket-files';
import { InMemoryTicketFiles } from '../../helpers/fakes/ticket-files';

interface Subject {
  files: TicketFiles;
  /** The browser's PUT to a presigned address: 'ok' or the refusal's status. */
  upload(url: string, key: string, bytes: Uint8Array, contentType: string): Promise<'ok' | number>;
  /** The browser following a presigned download: its bytes and Content-Disposition. */
  download(url: string, key: string): Promise<{ bytes: Uint8Array; disposition: string }>;
  /** Moves the stand-in's clock (undefined on the fake, which has no clock). */
  later?(ms: number): void;
  stop(): Promise<void>;
}

function fakeSubject(): Subject {
  const files = new InMemoryTicketFiles();
  return {
    files,
    async upload(url, key, bytes, contentType) {
      const signed = new URL(url).searchParams;
      if (signed.get('type') !== contentType || Number(signed.get('size')) !== bytes.length) {
        return 403;
      }
      files.put(key, bytes, contentType);
      return 'ok';
    },
    async download(url, key) {
      return {
        bytes: files.files.get(key)?.bytes ?? new Uint8Array(),
        disposition: new URL(url).searchParams.get('disposition') ?? '',
      };
    },
    async stop() {},
  };
}

const BUCKET = 'storefront-ticket-files';
const KEY = { accessKeyId: 'LOCALTICKETFILES0001', secretAccessKey: 'local-ticket-files-secret' };

async function standInSubject(): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ticket-files-contract-'));
  let offset = 0;
  const standIn: ObjectStorageStandIn = await startObjectStorageStandIn({
    port: 0,
    dataDir,
    adminAccessKeyId: 'LOCALADMINKEY0000001',
    adminSecretAccessKey: 'local-admin-secret',
    serviceBuckets: [{ bucket: BUCKET, ...KEY }],
    now: () => Date.now() + offset,
  });
  const s3 = new S3Client({
    endpoint: standIn.url,
    region: 'ap-south-1',
    forcePathStyle: true,
    credentials: KEY,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
  return {
    files: new S3TicketFiles(s3, () => BUCKET),
    async upload(url, _key, bytes, contentType) {
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: bytes,
      });
      await response.arrayBuffer();
      return response.ok ? 'ok' : response.status;
    },
    async download(url) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        disposition: response.headers.get('content-disposition') ?? '',
      };
    },
    later(ms) {
      offset += ms;
    },
    async stop() {
      s3.destroy();
      await standIn.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const pdf = new TextEncoder().encode('%PDF-1.7\n% a small PDF\n'.padEnd(2000, 'x'));
const key = 'ticket-files/buyer/u-1/AbCdEfGhIjKlMnOp';

describe.each([
  ['in memory', fakeSubject],
  ['S3 on the object storage stand-in', standInSubject],
])('TicketFiles (%s)', (_name, make) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await make();
  });
  afterEach(async () => {
    await subject.stop();
  });

  it('stores what is PUT to the presigned address and reads its first bytes and size', async () => {
    expect(await subject.files.stored(key, 512)).toBeUndefined();
    const url = await subject.files.uploadUrl(
      key,
      { contentType: 'application/pdf', size: pdf.length },
      600,
    );
    expect(await subject.upload(url, key, pdf, 'application/pdf')).toBe('ok');
    const stored = await subject.files.stored(key, 8);
    expect(stored?.size).toBe(pdf.length);
    expect(stored?.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(stored?.head)).toBe('%PDF-1.7');
  });

  it('refuses a PUT of another type or another size than was signed', async () => {
    const url = await subject.files.uploadUrl(
      key,
      { contentType: 'application/pdf', size: pdf.length },
      600,
    );
    expect(await subject.upload(url, key, pdf, 'text/html')).toBe(403);
    expect(await subject.upload(url, key, new Uint8Array(pdf.length + 1), 'application/pdf')).toBe(
      403,
    );
    expect(await subject.files.stored(key, 8)).toBeUndefined();
  });

  it('refuses a PUT after the address expired', async () => {
    if (!subject.later) return; // the fake has no clock
    const url = await subject.files.uploadUrl(
      key,
      { contentType: 'application/pdf', size: pdf.length },
      600,
    );
    subject.later(601_000);
    expect(await subject.upload(url, key, pdf, 'application/pdf')).toBe(403);
  });

  it('downloads through a presigned GET under the file name, and a removed file is gone', async () => {
    const url = await subject.files.uploadUrl(
      key,
      { contentType: 'application/pdf', size: pdf.length },
      600,
    );
    await subject.upload(url, key, pdf, 'application/pdf');
    const download = await subject.files.downloadUrl(
      key,
      { disposition: 'attachment; filename="invoice.pdf"', contentType: 'application/pdf' },
      300,
    );
    const got = await subject.download(download, key);
    expect(got.bytes).toEqual(pdf);
    expect(got.disposition).toBe('attachment; filename="invoice.pdf"');
    await subject.files.remove(key);
    expect(await subject.files.stored(key, 8)).toBeUndefined();
  });
});
