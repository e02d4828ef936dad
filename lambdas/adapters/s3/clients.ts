import { S3Client } from '@aws-sdk/client-s3';

/**
 * The tickets' bucket (D27), built once per cold start: locally the object storage stand-in at
 * AWS_ENDPOINT_URL_S3, path-style. No checksum is computed unless S3 requires one: a presigned
 * PUT must not carry the checksum of an empty body (docs/toolchain.md, S3 presigned URLs).
 */
export function ticketFilesClient(): S3Client {
  return new S3Client({
    forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 2000, requestTimeout: 8000 },
    maxAttempts: 2,
  });
}
