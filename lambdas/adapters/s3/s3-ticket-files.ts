/**
 * Ticket attachments on S3 (D27): presigned PUT and GET through @aws-sdk/s3-request-presigner,
 * HeadObject and a ranged GetObject to check an upload. The same calls run on the object storage
 * stand-in locally (S3 with SigV4, path-style; docs/toolchain.md).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StoredTicketFile, TicketFiles } from '../../ports/ticket-files';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    error.$metadata.httpStatusCode === 404);

export class S3TicketFiles implements TicketFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: () => string,
  ) {}

  /**
   * Content-Type and Content-Length are signed: a PUT of another type or size does not match the
   * signature. (The client must not add a checksum of the empty body: see ticketFilesClient.)
   */
  uploadUrl(
    key: string,
    file: { contentType: string; size: number },
    expiresSeconds: number,
  ): Promise<string> {
    return getSignedUrl(
      this.s3,
      new PutObjectCommand({
        Bucket: this.bucket(),
        Key: key,
        ContentType: file.contentType,
        ContentLength: file.size,
      }),
      { expiresIn: expiresSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
    );
  }

  async stored(key: string, headBytes: number): Promise<StoredTicketFile | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket(), Key: key }));
      const start = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.bucket(),
          Key: key,
          Range: `bytes=0-${headBytes - 1}`,
        }),
      );
      const bytes = (await start.Body?.transformToByteArray()) ?? new Uint8Array();
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? '',
        // A store that ignores Range answers the whole file: only its start is looked at.
        head: bytes.subarray(0, headBytes),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  downloadUrl(
    key: string,
    download: { disposition: string; contentType: string },
    expiresSeconds: number,
  ): Promise<string> {
    return getSignedUrl(
      this.s3,
      new GetObjectCommand({
        Bucket: this.bucket(),
        Key: key,
        ResponseContentDisposition: download.disposition,
        ResponseContentType: download.contentType,
      }),
      { expiresIn: expiresSeconds },
    );
  }

  async remove(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket(), Key: key }));
  }
}
