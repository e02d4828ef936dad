/** The raw mail SES receiving stored in the tickets' bucket under `inbound-mail/<messageId>`. */
import { GetObjectCommand, S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import type { RawMailStore } from '../../ports/inbound-mail';
import { TICKET_FILES } from '../../system/facts';

/** SES's ids are letters and digits; anything else never names one of its objects. */
const SES_MESSAGE_ID = /^[A-Za-z0-9._-]{1,200}$/;

export class S3RawMail implements RawMailStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: () => string,
  ) {}

  async read(messageId: string): Promise<Uint8Array | undefined> {
    if (!SES_MESSAGE_ID.test(messageId)) return undefined;
    try {
      const object = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.bucket(),
          Key: `${TICKET_FILES.inboundMailPrefix}${messageId}`,
        }),
      );
      return await object.Body?.transformToByteArray();
    } catch (error) {
      if (
        error instanceof S3ServiceException &&
        (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
      ) {
        return undefined;
      }
      throw error;
    }
  }
}
