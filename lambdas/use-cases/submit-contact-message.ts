import { randomUUID } from 'node:crypto';
import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import type { MessagesStore } from '../ports/messages';
import { escapeHtml } from './html';

export interface SubmitContactMessageDeps {
  messages: MessagesStore;
  mailer: Mailer;
  supportEmail: () => string;
  log: LogPort;
  now: () => Date;
  newId?: () => string;
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

/**
 * Stores the message first, so nothing is lost, then emails the support inbox with the sender as
 * Reply-To (D9). A failed mail fails the request, so the visitor is told and can send again.
 */
export async function submitContactMessage(
  deps: SubmitContactMessageDeps,
  input: ContactInput,
): Promise<{ messageId: string }> {
  const supportInbox = deps.supportEmail();
  const messageId = (deps.newId ?? randomUUID)();
  const createdAt = deps.now().toISOString();
  await deps.messages.saveMessage({ messageId, ...input, createdAt });
  await deps.mailer.send({
    to: supportInbox,
    replyTo: input.email,
    subject: `Contact form: ${input.name}`,
    text: `From: ${input.name} <${input.email}>\nReceived: ${createdAt}\nReference: ${messageId}\n\n${input.message}\n`,
    html:
      `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;<br>` +
      `<strong>Received:</strong> ${escapeHtml(createdAt)}<br><strong>Reference:</strong> ${messageId}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  });
  deps.log.info('Contact message stored and sent to support', { messageId });
  return { messageId };
}
