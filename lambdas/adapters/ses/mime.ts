/**
 * A mail with attachments as one MIME message (RFC 2045/2046/2047), for SES v1's SendRawEmail:
 * multipart/mixed holding a multipart/alternative (the text and the HTML body) and each attachment
 * in base64. Headers other than ASCII (a subject with ₹, a name) are RFC 2047 encoded words.
 */
import { randomBytes } from 'node:crypto';
import type { MailAttachment } from '../../ports/mail';

export interface RawMailInput {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments: readonly MailAttachment[];
}

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

/** A header value as it may be written: as is when printable ASCII, else base64 encoded words. */
export function headerValue(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  if (ASCII_PRINTABLE.test(clean)) return clean;
  // Encoded words of at most 75 characters: 45 bytes of UTF-8 each, never splitting a character.
  const words: string[] = [];
  let chunk = '';
  for (const char of clean) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ');
}

/** Base64 in lines of 76 characters, as MIME requires. */
function base64Lines(content: Uint8Array | string): string {
  const encoded = Buffer.from(content).toString('base64');
  return (encoded.match(/.{1,76}/g) ?? []).join('\r\n');
}

/** A file name safe inside a quoted header parameter. */
function quotedFileName(name: string): string {
  return name.replace(/["\\\r\n]/g, '_');
}

function boundary(): string {
  return `=_part_${randomBytes(12).toString('hex')}`;
}

export function rawMessage(mail: RawMailInput): string {
  const mixed = boundary();
  const alternative = boundary();
  const lines = [
    `From: ${headerValue(mail.from)}`,
    `To: ${headerValue(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${headerValue(mail.replyTo)}`] : []),
    `Subject: ${headerValue(mail.subject)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    '',
    `--${alternative}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.text),
    `--${alternative}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.html),
    `--${alternative}--`,
  ];
  for (const file of mail.attachments) {
    const name = quotedFileName(file.fileName);
    lines.push(
      `--${mixed}`,
      `Content-Type: ${file.contentType}; name="${name}"`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(file.content),
    );
  }
  lines.push(`--${mixed}--`, '');
  return lines.join('\r\n');
}
