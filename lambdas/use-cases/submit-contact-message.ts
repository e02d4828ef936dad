import { randomUUID } from 'node:crypto';
import { CONTACT_LIMITS, MESSAGE_RETENTION_SECONDS, TooManyRequestsError } from '../domain/contact';
import type { EventPublisher } from '../ports/events';
import type { LogPort } from '../ports/logger';
import type { MessagesStore } from '../ports/messages';
import type { RateLimiter } from '../ports/rate-limits';

export interface SubmitContactMessageDeps {
  messages: MessagesStore;
  limits: RateLimiter;
  events: EventPublisher;
  log: LogPort;
  now: () => Date;
  newId?: () => string;
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
  /** The form's hidden honeypot field: people leave it empty, form-filling bots do not. */
  website?: string;
}

export type ContactOutcome =
  | { outcome: 'accepted'; messageId: string }
  | { outcome: 'ignored' }
  | { outcome: 'accepted_unqueued'; messageId: string };

/**
 * Accepts a contact message (docs/decisions.md D9): refuses a sender or address over its limit,
 * stores the message (so nothing accepted is lost), then queues its mail to the support inbox as a
 * `SupportMessageReceived` event, which its own consumer sends. Support mail never shares a Lambda
 * or a retry queue with buyers' mail, and a slow or failing SES never fails the visitor's request.
 */
export async function submitContactMessage(
  deps: SubmitContactMessageDeps,
  input: ContactInput,
  sender: { sourceIp: string },
): Promise<ContactOutcome> {
  if (input.website) {
    deps.log.warn('Contact form honeypot was filled; message ignored');
    return { outcome: 'ignored' };
  }
  const now = deps.now();
  const allowed =
    (await deps.limits.consume(`contact#ip#${sender.sourceIp}`, CONTACT_LIMITS.perSender, now)) &&
    (await deps.limits.consume(
      `contact#email#${input.email.toLowerCase()}`,
      CONTACT_LIMITS.perAddress,
      now,
    ));
  if (!allowed) throw new TooManyRequestsError();

  const messageId = (deps.newId ?? randomUUID)();
  await deps.messages.saveMessage({
    messageId,
    name: input.name,
    email: input.email,
    message: input.message,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + MESSAGE_RETENTION_SECONDS,
  });
  try {
    await deps.events.publish('SupportMessageReceived', { messageId });
  } catch (error) {
    // Stored, so accepted: the reconciler queues stored messages that were never mailed.
    deps.log.error('Contact message stored but its mail was not queued', { messageId, error });
    return { outcome: 'accepted_unqueued', messageId };
  }
  deps.log.info('Contact message stored and its mail queued', { messageId });
  return { outcome: 'accepted', messageId };
}
