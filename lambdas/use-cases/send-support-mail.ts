import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import type { MessagesStore } from '../ports/messages';
import { supportMessageMail } from '../templates/mail/support-message';

export interface SendSupportMailDeps {
  messages: MessagesStore;
  mailer: Mailer;
  supportEmail: () => string;
  log: LogPort;
  now: () => Date;
  /** How long a claim holds before a retry may take over a crashed attempt's. */
  leaseMs: number;
}

export class ContactMessageNotFoundError extends Error {
  override readonly name = 'ContactMessageNotFoundError';
}

/**
 * Mails one stored contact message to the support inbox, at most once: a claim with a lease, as
 * the welcome mail does. A failed send gives the claim back and throws, so the bus retries and
 * finally dead-letters it; a duplicate delivery while another attempt is sending is no error.
 */
export async function sendSupportMail(
  deps: SendSupportMailDeps,
  messageId: string,
): Promise<'sent' | 'already_sent' | 'in_progress'> {
  const claim = await deps.messages.claimMail(messageId, deps.now(), deps.leaseMs);
  if (claim === 'sent') return 'already_sent';
  if (claim === 'busy') return 'in_progress';

  const message = await deps.messages.getMessage(messageId);
  if (!message) throw new ContactMessageNotFoundError(`No contact message ${messageId}`);
  try {
    await deps.mailer.send({
      to: deps.supportEmail(),
      replyTo: message.email,
      ...supportMessageMail(message),
    });
  } catch (error) {
    await deps.messages.releaseMail(messageId);
    throw error;
  }
  await deps.messages.markMailed(messageId, deps.now());
  deps.log.info('Contact message mailed to support', { messageId });
  return 'sent';
}
