import { randomUUID } from 'node:crypto';
import { CONTACT_LIMITS, MESSAGE_RETENTION_SECONDS, TooManyRequestsError } from '../domain/contact';
import type { TicketCategory } from '../domain/tickets';
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
  /**
   * Opens the message's ticket (D27) and answers its number; the limits above are already taken.
   * Without it (older wiring) the message is only stored and mailed, as before.
   */
  openTicket?: (input: ContactInput) => Promise<string>;
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
  /** The form's hidden honeypot field: people leave it empty, form-filling bots do not. */
  website?: string;
  /** What the message is about (D27); the form's default is a sales question. */
  category?: TicketCategory;
}

export type ContactOutcome =
  | { outcome: 'accepted'; messageId: string; ticketNumber?: string }
  | { outcome: 'ignored' }
  | { outcome: 'accepted_unqueued'; messageId: string; ticketNumber?: string };

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

  // The ticket first, so that the support inbox's mail carries its number (D27). A ticket that
  // cannot be opened does not lose the message: it is stored and mailed without a number.
  let ticketNumber: string | undefined;
  if (deps.openTicket) {
    try {
      ticketNumber = await deps.openTicket(input);
    } catch (error) {
      deps.log.error('Contact message kept without a ticket', { error });
    }
  }
  const messageId = (deps.newId ?? randomUUID)();
  await deps.messages.saveMessage({
    messageId,
    name: input.name,
    email: input.email,
    message: input.message,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + MESSAGE_RETENTION_SECONDS,
    ...(ticketNumber ? { ticketNumber } : {}),
  });
  const numbered = ticketNumber ? { ticketNumber } : {};
  try {
    await deps.events.publish('SupportMessageReceived', { messageId });
  } catch (error) {
    // Stored, so accepted: the reconciler queues stored messages that were never mailed.
    deps.log.error('Contact message stored but its mail was not queued', { messageId, error });
    return { outcome: 'accepted_unqueued', messageId, ...numbered };
  }
  deps.log.info('Contact message stored and its mail queued', { messageId });
  return { outcome: 'accepted', messageId, ...numbered };
}
