/**
 * The object-storage stand-in answers a browser's CORS as S3 does with a bucket CORS configuration
 * (the tickets' bucket: PUT from the site's origin only): a preflight from the site is allowed with
 * the rule's methods and the requested header, one from another origin, for another method or
 * header, or to a bucket without CORS is refused 403; the PUT itself carries the allow-origin
 * header for the site and none for another origin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startObjectStorageStandIn,
  type ObjectStorageStandIn,
} from '../../../infra/local/object-storage/server';
import { S3TicketFiles } from '../../../lambdas/adapters/s3/s3-ticket-files';

const SITE = 'http://127.0.0.1:8080';
const BUCKET = 'storefront-ticket-files';
const KEY = { accessKeyId: 'LOCALTICKETFILES0001', secretAccessKey: 'local-ticket-files-secret' };
const key = 'ticket-files/buyer/u-1/AbCdEfGhIjKlMnOp';

let standIn: ObjectStorageStandIn;
let dataDir: string;
let s3: S3Client;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'object-storage-cors-'));
  standIn = await startObjectStorageStandIn({
    port: 0,
    dataDir,
    adminAccessKeyId: 'LOCALADMINKEY0000001',
    adminSecretAccessKey: 'local-admin-secret',
    serviceBuckets: [
      {
        bucket: BUCKET,
        ...KEY,
        cors: [
          {
            allowedOrigins: [SITE],
            allowedMethods: ['PUT'],
            allowedHeaders: ['content-type'],
            maxAgeSeconds: 3000,
          },
        ],
      },
      { bucket: 'no-cors-bucket', accessKeyId: 'LOCALNOCORS000000001', secretAccessKey: 'x' },
    ],
  });
  s3 = new S3Client({
    endpoint: standIn.url,
    region: 'ap-south-1',
    forcePathStyle: true,
    credentials: KEY,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
});

afterAll(async () => {
  s3.destroy();
  await standIn.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function preflight(path: string, origin: string, method = 'PUT', headers = 'content-type') {
  return fetch(`${standIn.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });
}

describe('the object-storage stand-in’s CORS', () => {
  it('allows the site’s preflight for a PUT with its Content-Type', async () => {
    const answer = await preflight(`/${BUCKET}/${key}`, SITE);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(answer.headers.get('access-control-allow-methods')).toBe('PUT');
    expect(answer.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(answer.headers.get('access-control-max-age')).toBe('3000');
    expect(answer.headers.get('vary')).toContain('Origin');
  });

  it('refuses a preflight from another origin, for another method or header, or without CORS', async () => {
    const refused = [
      await preflight(`/${BUCKET}/${key}`, 'https://evil.example'),
      await preflight(`/${BUCKET}/${key}`, SITE, 'DELETE'),
      await preflight(`/${BUCKET}/${key}`, SITE, 'PUT', 'content-type, x-amz-acl'),
      await preflight(`/no-cors-bucket/${key}`, SITE),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(await answer.text()).toContain('<Code>AccessForbidden</Code>');
    }
  });

  it('marks the presigned PUT’s answer for the site, and not for another origin', async () => {
    const files = new S3TicketFiles(s3, () => BUCKET);
    const bytes = new TextEncoder().encode('%PDF-1.7 cors');
    const put = async (origin: string) => {
      const url = await files.uploadUrl(
        key,
        { contentType: 'application/pdf', size: bytes.length },
        600,
      );
      return fetch(url, {
        method: 'PUT',
        headers: { origin, 'content-type': 'application/pdf' },
        body: bytes,
      });
    };

    const fromSite = await put(SITE);
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE);
    const fromElsewhere = await put('https://evil.example');
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});
