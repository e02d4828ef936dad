/**
 * Where ticket attachments live (D27): a private bucket (S3 in AWS, the object storage stand-in
 * locally). Browsers upload and download directly with short-lived presigned addresses; the
 * server only signs them and looks at what was uploaded.
 */
export interface StoredTicketFile {
  size: number;
  contentType: string;
  /** The file's first bytes (up to the number asked for). */
  head: Uint8Array;
}

export interface TicketFiles {
  /**
   * A presigned PUT of exactly this type and size (Content-Type and Content-Length are signed, so
   * S3 refuses any other), valid for `expiresSeconds`.
   */
  uploadUrl(
    key: string,
    file: { contentType: string; size: number },
    expiresSeconds: number,
  ): Promise<string>;
  /** What is stored under `key`, with its first `headBytes` bytes; undefined when nothing is. */
  stored(key: string, headBytes: number): Promise<StoredTicketFile | undefined>;
  /** A presigned GET that downloads the file under this name, valid for `expiresSeconds`. */
  downloadUrl(
    key: string,
    download: { disposition: string; contentType: string },
    expiresSeconds: number,
  ): Promise<string>;
  /** Removes a file that failed its checks (nothing there is fine). */
  remove(key: string): Promise<void>;
}
