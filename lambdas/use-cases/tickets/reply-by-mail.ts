/**
 * A buyer's reply by mail (D27): SES receiving stored the raw mail and invoked the inbound-mail
 * Lambda. The mail is threaded by the `[TKT-…]` in its subject and appended as the buyer's reply
 * (support is mailed, as for a reply from the dashboard) only when it comes from the ticket's own
 * address and the receiving service vouches for that address. Anything else is ignored and
 * logged, never answered: a reply to a forged sender would mail a stranger.
 */
import { TooManyRequestsError } from '../../domain/contact';
import {
  addressOf,
  senderAuthenticated,
  spamOrVirus,
  stripQuotedReply,
  type InboundRefusal,
  type MailVerdicts,
} from '../../domain/inbound-mail';
import {
  MESSAGE_CONTROL_CHARACTERS,
  TICKET_LIMITS,
  TicketClosedError,
  TicketTooLongError,
  ticketNumberIn,
  ticketStatusAt,
} from '../../domain/tickets';
import type { MailParser, RawMailStore } from '../../ports/inbound-mail';
import { replyAsBuyer } from './buyer-tickets';
import type { TicketDeps } from './open-ticket';

export interface ReplyByMailDeps extends TicketDeps {
  rawMail: RawMailStore;
  parse: MailParser;
}

export interface InboundMailNotice {
  /** SES's id of the mail: its raw copy is stored under it. */
  messageId: string;
  verdicts: MailVerdicts;
}

export type ReplyByMailOutcome =
  | { outcome: 'replied'; ticketNumber: string }
  | { outcome: 'ignored'; reason: InboundRefusal | 'not_stored' | 'too_many_replies' };

const CONTROL_CHARACTERS = new RegExp(MESSAGE_CONTROL_CHARACTERS.source, 'g');
const CUT_NOTE = '\n\n[Cut at 5,000 characters: the rest of this mail was not kept.]';

export async function replyByMail(
  deps: ReplyByMailDeps,
  notice: InboundMailNotice,
): Promise<ReplyByMailOutcome> {
  const ignore = (
    reason: InboundRefusal | 'not_stored' | 'too_many_replies',
    details: Record<string, unknown> = {},
  ): ReplyByMailOutcome => {
    // Who sent it stays out of the log (a forged address is someone's); the domain helps.
    deps.log.warn('Inbound mail ignored', { reason, sesMessageId: notice.messageId, ...details });
    return { outcome: 'ignored', reason };
  };
  if (spamOrVirus(notice.verdicts)) return ignore('spam_or_virus');
  const raw = await deps.rawMail.read(notice.messageId);
  if (!raw) return ignore('not_stored');
  const mail = await deps.parse(raw);

  const ticketNumber = ticketNumberIn(mail.subject);
  if (!ticketNumber) return ignore('no_ticket_number');
  const ticket = await deps.tickets.findByNumber(ticketNumber);
  if (!ticket) return ignore('ticket_not_found', { ticketNumber });
  const sender = addressOf(mail.from);
  if (sender !== ticket.email) {
    return ignore('sender_not_owner', { ticketNumber, senderDomain: sender?.split('@')[1] });
  }
  if (!senderAuthenticated(notice.verdicts)) {
    return ignore('sender_not_authenticated', {
      ticketNumber,
      spf: notice.verdicts.spf,
      dkim: notice.verdicts.dkim,
      dmarc: notice.verdicts.dmarc,
    });
  }
  if (ticketStatusAt(ticket, deps.now()) === 'closed') return ignore('ticket_closed');

  let body = stripQuotedReply(mail.text).replace(CONTROL_CHARACTERS, '');
  if (!body) return ignore('empty_reply', { ticketNumber });
  if (body.length > TICKET_LIMITS.messageMaxChars) {
    body = body.slice(0, TICKET_LIMITS.messageMaxChars - CUT_NOTE.length) + CUT_NOTE;
  }
  const inboundMessageId = mail.messageId ?? notice.messageId;
  const thread = await deps.tickets.listMessages(ticket.ticketId);
  if (thread.some((m) => m.inboundMessageId === inboundMessageId)) {
    return ignore('duplicate', { ticketNumber });
  }

  const caller = {
    // A contact-form ticket has no account: its replies by mail count against its address.
    userId: ticket.userId ?? `email#${ticket.email}`,
    email: ticket.email,
    name: ticket.name,
    phone: '',
  };
  try {
    await replyAsBuyer(deps, caller, ticketNumber, body, { viaMail: { inboundMessageId } });
  } catch (error) {
    if (error instanceof TicketClosedError) return ignore('ticket_closed', { ticketNumber });
    if (error instanceof TicketTooLongError) return ignore('ticket_too_long', { ticketNumber });
    if (error instanceof TooManyRequestsError) return ignore('too_many_replies', { ticketNumber });
    throw error;
  }
  deps.log.info('Ticket reply by mail', { ticketNumber });
  return { outcome: 'replied', ticketNumber };
}
