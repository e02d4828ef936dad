import type { StoredContactMessage } from '../../ports/messages';
import { escapeHtml } from '../../use-cases/html';

/** The contact form's message as the support inbox receives it; Reply-To is the sender. */
export function supportMessageMail(message: StoredContactMessage): {
  subject: string;
  text: string;
  html: string;
} {
  return {
    subject: `Contact form: ${message.name}`,
    text:
      `From: ${message.name} <${message.email}>\nReceived: ${message.createdAt}\n` +
      `Reference: ${message.messageId}\n\n${message.message}\n`,
    html:
      `<p><strong>From:</strong> ${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;<br>` +
      `<strong>Received:</strong> ${escapeHtml(message.createdAt)}<br>` +
      `<strong>Reference:</strong> ${escapeHtml(message.messageId)}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  };
}
