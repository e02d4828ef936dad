/** A raw MIME message parsed with mailparser (RFC 5322 headers, MIME parts, encodings). */
import { simpleParser } from 'mailparser';
import type { ParsedMail } from '../../ports/inbound-mail';

export async function parseMail(raw: Uint8Array): Promise<ParsedMail> {
  const parsed = await simpleParser(Buffer.from(raw), {
    skipImageLinks: true,
    skipTextLinks: true,
  });
  return {
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    ...(parsed.messageId ? { messageId: parsed.messageId } : {}),
  };
}
