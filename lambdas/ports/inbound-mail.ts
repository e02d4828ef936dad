/**
 * Replies by mail (D27): the raw mail SES receiving stored (S3 in AWS, the object storage
 * stand-in locally) and what a parser makes of it.
 */
export interface RawMailStore {
  /** The raw MIME message stored under this SES message id; undefined when there is none. */
  read(messageId: string): Promise<Uint8Array | undefined>;
}

/** What the reply needs of a parsed mail. */
export interface ParsedMail {
  /** The From header's value as written (`"Asha" <asha@example.in>`). */
  from: string;
  subject: string;
  /** The plain-text body (a text/html-only mail: its text as the parser renders it). */
  text: string;
  /** The Message-ID header, or the receiving service's id when there is none. */
  messageId?: string;
}

export type MailParser = (raw: Uint8Array) => Promise<ParsedMail>;
