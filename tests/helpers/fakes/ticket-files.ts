/**
 * Ticket attachments in memory (the port's contract spec runs it beside S3TicketFiles on the
 * object storage stand-in): an "upload" is `put`, as a browser's PUT to the presigned address.
 */
import type { StoredTicketFile, TicketFiles } from '../../../lambdas/ports/ticket-files';

export class InMemoryTicketFiles implements TicketFiles {
  readonly files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  readonly removed: string[] = [];

  /** The browser's upload. */
  put(key: string, bytes: Uint8Array | string, contentType: string): void {
    this.files.set(key, {
      bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
      contentType,
    });
  }

  async uploadUrl(
    key: string,
    file: { contentType: string; size: number },
    expiresSeconds: number,
  ): Promise<string> {
    return `memory://ticket-files/${key}?type=${encodeURIComponent(file.contentType)}&size=${file.size}&expires=${expiresSeconds}`;
  }

  async stored(key: string, headBytes: number): Promise<StoredTicketFile | undefined> {
    const file = this.files.get(key);
    if (!file) return undefined;
    return {
      size: file.bytes.length,
      contentType: file.contentType,
      head: file.bytes.subarray(0, headBytes),
    };
  }

  async downloadUrl(
    key: string,
    download: { disposition: string; contentType: string },
    expiresSeconds: number,
  ): Promise<string> {
    return `memory://ticket-files/${key}?disposition=${encodeURIComponent(download.disposition)}&expires=${expiresSeconds}`;
  }

  async remove(key: string): Promise<void> {
    this.files.delete(key);
    this.removed.push(key);
  }
}
