/**
 * A raw MIME message parsed with mailparser (RFC 5322 headers, MIME parts, encodings). mailparser
 * and libmime are patched at install (patches/, docs/decisions.md E36) to load what only some mails
 * need on first use: other charsets' decoders, HTML to text, link finding. Only `text` is read
 * here, so the text's HTML rendering (and with it link finding) is skipped.
 */
import { simpleParser } from 'mailparser';
import type { ParsedMail } from '../../ports/inbound-mail';

export async function parseMail(raw: Uint8Array): Promise<ParsedMail> {
  const parsed = await simpleParser(Buffer.from(raw), {
    skipImageLinks: true,
    skipTextLinks: true,
    skipTextToHtml: true,
  });
  return {
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    ...(parsed.messageId ? { messageId: parsed.messageId } : {}),
  };
}
