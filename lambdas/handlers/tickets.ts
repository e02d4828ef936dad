import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { logger } from '../config/logger';
import { CONTROL_CHARACTERS } from '../domain/contact';
import {
  MESSAGE_CONTROL_CHARACTERS,
  normalizeTicketNumber,
  TICKET_CATEGORIES,
  TICKET_LIMITS,
  TicketNotFoundError,
} from '../domain/tickets';
import { callerOf, totpOperatorOf } from '../http/auth';
import type { SecondFactors } from '../ports/second-factor';
import { httpHandler } from '../http/http-handler';
import { parseJsonBody } from '../http/request';
import { NotFoundRouteError, ValidationError } from '../http/request-errors';
import { json } from '../http/response';
import {
  getOwnTicket,
  listOwnTickets,
  reopenAsBuyer,
  replyAsBuyer,
  resolveAsBuyer,
} from '../use-cases/tickets/buyer-tickets';
import { openTicket, type OpenTicketDeps } from '../use-cases/tickets/open-ticket';
import {
  assignTicketToSelf,
  getTicketForOperator,
  listTicketQueue,
  listTicketsOfCustomer,
  replyAsSupport,
} from '../use-cases/tickets/operator-tickets';
import { documentCounters } from './deps/counters';
import { eventPublisher } from './deps/events';
import { secondFactors } from './deps/second-factors';
import { rateLimiter, servicesStore } from './deps/stores';
import { ticketsStore } from './deps/tickets';

const oneLineText = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => !CONTROL_CHARACTERS.test(value), { message: 'must be one line of text' }),
  );

/** A message: line breaks and tabs kept, other control characters refused. */
export const messageText = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(TICKET_LIMITS.messageMaxChars),
  z.refine((value) => !MESSAGE_CONTROL_CHARACTERS.test(value), {
    message: 'must not contain control characters',
  }),
);

const newTicketBody = z.strictObject({
  subject: oneLineText(TICKET_LIMITS.subjectMaxChars),
  category: z.enum(TICKET_CATEGORIES),
  message: messageText,
  serviceId: z.optional(oneLineText(100)),
});
const replyBody = z.strictObject({ message: messageText });
const supportReplyBody = z.strictObject({
  message: messageText,
  resolve: z.optional(z.boolean()),
  internal: z.optional(z.boolean()),
});
const queueFilter = z.enum(['open', 'overdue']);

function ticketNumberOf(event: APIGatewayProxyEventV2): string {
  const number = normalizeTicketNumber(event.pathParameters?.number ?? '');
  if (!number) throw new TicketNotFoundError();
  return number;
}

export interface TicketsHandlerDeps extends OpenTicketDeps {
  /** Whether an operator's account has TOTP on (D28): every /api/admin route asks. */
  secondFactors: SecondFactors;
}

/**
 * Tickets (D27): a signed-in buyer's (/api/me/tickets…) and the console's (/api/admin/tickets…,
 * operators with TOTP only: totpOperatorOf() asks the token's group and the account's MFA).
 */
export function makeHandler(deps: TicketsHandlerDeps) {
  return httpHandler(async (event) => {
    switch (event.routeKey) {
      case 'POST /api/me/tickets': {
        const caller = callerOf(event);
        const input = parseJsonBody(event, newTicketBody);
        const ticket = await openTicket(deps, {
          ...input,
          email: caller.email,
          name: caller.name || caller.email,
          userId: caller.userId,
          source: 'dashboard',
        });
        return json(201, { ticket });
      }
      case 'GET /api/me/tickets':
        return json(200, { tickets: await listOwnTickets(deps, callerOf(event)) });
      case 'GET /api/me/tickets/{number}':
        return json(200, {
          ticket: await getOwnTicket(deps, callerOf(event), ticketNumberOf(event)),
        });
      case 'POST /api/me/tickets/{number}/replies': {
        const caller = callerOf(event);
        const number = ticketNumberOf(event);
        const { message } = parseJsonBody(event, replyBody);
        return json(201, { ticket: await replyAsBuyer(deps, caller, number, message) });
      }
      case 'POST /api/me/tickets/{number}/resolve':
        return json(200, {
          ticket: await resolveAsBuyer(deps, callerOf(event), ticketNumberOf(event)),
        });
      case 'POST /api/me/tickets/{number}/reopen':
        return json(200, {
          ticket: await reopenAsBuyer(deps, callerOf(event), ticketNumberOf(event)),
        });
      case 'GET /api/admin/tickets': {
        await totpOperatorOf(event, deps.secondFactors);
        const email = event.queryStringParameters?.email;
        if (email !== undefined) {
          // The customer page (every status), by the address the tickets were opened with.
          const address = z.email().safeParse(email.trim());
          if (!address.success) throw new ValidationError('email must be an email address.');
          return json(200, { tickets: await listTicketsOfCustomer(deps, address.data) });
        }
        const filter = queueFilter.safeParse(event.queryStringParameters?.status ?? 'open');
        if (!filter.success) throw new ValidationError('status must be one of: open, overdue.');
        return json(200, { tickets: await listTicketQueue(deps, filter.data) });
      }
      case 'GET /api/admin/tickets/{number}':
        await totpOperatorOf(event, deps.secondFactors);
        return json(200, { ticket: await getTicketForOperator(deps, ticketNumberOf(event)) });
      case 'POST /api/admin/tickets/{number}/assign': {
        const operator = await totpOperatorOf(event, deps.secondFactors);
        return json(200, {
          ticket: await assignTicketToSelf(deps, operator, ticketNumberOf(event)),
        });
      }
      case 'POST /api/admin/tickets/{number}/replies': {
        const operator = await totpOperatorOf(event, deps.secondFactors);
        const number = ticketNumberOf(event);
        const input = parseJsonBody(event, supportReplyBody);
        return json(201, { ticket: await replyAsSupport(deps, operator, number, input) });
      }
      default:
        throw new NotFoundRouteError();
    }
  });
}

export const handler = makeHandler({
  tickets: ticketsStore(),
  counters: documentCounters(),
  events: eventPublisher,
  limits: rateLimiter(),
  services: servicesStore(),
  secondFactors,
  log: logger,
  now: () => new Date(),
});
