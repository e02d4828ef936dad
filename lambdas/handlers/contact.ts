import * as z from 'zod/mini';
import { VIEWER_ADDRESS_HEADER } from '../system/facts';
import { logger } from '../config/logger';
import { CONTROL_CHARACTERS } from '../domain/contact';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import { TICKET_CATEGORIES } from '../domain/tickets';
import {
  submitContactMessage,
  type ContactInput,
  type SubmitContactMessageDeps,
} from '../use-cases/submit-contact-message';
import { openTicket, type OpenTicketDeps } from '../use-cases/tickets/open-ticket';
import { documentCounters } from './deps/counters';
import { ticketsStore } from './deps/tickets';
import { eventPublisher } from './deps/events';
import { httpHandler } from '../http/http-handler';
import { messagesStore, rateLimiter } from './deps/stores';

const noControlCharacters = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), {
  message: 'must be one line of text',
});

const contactBody = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), noControlCharacters),
  email: z.email().check(z.maxLength(254), noControlCharacters),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
  // The honeypot: a field people never see (docs/api.md, POST /api/contact).
  website: z.optional(z.string().check(z.maxLength(500))),
  // What it is about (D27): the ticket's category; a sales question when not said.
  category: z.optional(z.enum(TICKET_CATEGORIES)),
});

/**
 * POST /api/contact (docs/decisions.md D9, D27): 202 once the message is stored, with the number of
 * the ticket it opened.
 */
export function makeHandler(deps: SubmitContactMessageDeps) {
  return httpHandler(async (event) => {
    const input = parseJsonBody(event, contactBody);
    // The viewer's address as the edge saw it (API Gateway's sourceIp is CloudFront's there).
    const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
    const result = await submitContactMessage(deps, input, {
      sourceIp: viewer || event.requestContext.http.sourceIp,
    });
    return json(202, {
      ok: true,
      ...(result.outcome !== 'ignored' && result.ticketNumber
        ? { ticketNumber: result.ticketNumber }
        : {}),
    });
  });
}

/** The contact form's ticket: its subject is the message's first line, shortened. */
export function contactTicketOpener(deps: OpenTicketDeps) {
  return async (input: ContactInput): Promise<string> => {
    const firstLine =
      input.message
        .split('\n')
        .find((line) => line.trim())
        ?.trim() ?? '';
    const subject =
      firstLine.length > 80 ? `${firstLine.slice(0, 79).trimEnd()}…` : firstLine || 'Message';
    const ticket = await openTicket(
      deps,
      {
        email: input.email,
        name: input.name,
        subject: subject.replace(new RegExp(CONTROL_CHARACTERS.source, 'gu'), ' '),
        category: input.category ?? 'sales',
        message: input.message,
        source: 'contact',
      },
      { limitsChecked: true },
    );
    return ticket.number;
  };
}

const limits = rateLimiter();
export const handler = makeHandler({
  messages: messagesStore(),
  limits,
  events: eventPublisher,
  log: logger,
  now: () => new Date(),
  openTicket: contactTicketOpener({
    tickets: ticketsStore(),
    counters: documentCounters(),
    events: eventPublisher,
    limits,
    log: logger,
    now: () => new Date(),
  }),
});
