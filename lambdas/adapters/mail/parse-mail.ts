/**
 * A raw MIME message parsed with postal-mime (RFC 5322 headers, MIME parts, encodings; other
 * charsets decoded by the runtime's TextDecoder, so it carries no tables). A mail with no
 * text/plain part but an HTML one takes its text from html-to-text, loaded on first such mail,
 * with the defaults mailparser renders an HTML-only mail's text with (docs/decisions.md E36).
 */
import PostalMime, { type Address } from 'postal-mime';
import type { ParsedMail } from '../../ports/inbound-mail';

export async function parseMail(raw: Uint8Array): Promise<ParsedMail> {
  const email = await PostalMime.parse(raw, { rfc822Attachments: true });
  const messageId = email.messageId?.trim();
  return {
    from: email.from ? addressText(email.from) : '',
    subject: email.subject?.trim() ?? '',
    // postal-mime leaves `text` out only when no part was text/plain.
    text: email.text ?? (email.html ? await htmlToText(email.html) : ''),
    ...(messageId ? { messageId: inAngleBrackets(messageId) } : {}),
  };
}

async function htmlToText(html: string): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html);
}

/** An address as mailparser writes it: `"Asha Rao" <asha@example.in>`, or the bare address. */
function addressText(address: Address): string {
  if (address.group) {
    const members = address.group.map(addressText).join(', ');
    return `${address.name ? `"${address.name}": ` : ''}${members};`;
  }
  return address.name ? `"${address.name}" <${address.address}>` : address.address;
}

function inAngleBrackets(id: string): string {
  return `${id.startsWith('<') ? '' : '<'}${id}${id.endsWith('>') ? '' : '>'}`;
}
