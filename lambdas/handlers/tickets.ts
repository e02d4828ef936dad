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
import {
  ATTACHMENT_ID_PATTERN,
  ATTACHMENT_LIMITS,
  AttachmentNotFoundError,
} from '../domain/ticket-attachments';
import { callerOf, totpOperatorOf } from '../http/auth';
import type { SecondFactors } from '../ports/second-factor';
import type { TicketFiles } from '../ports/ticket-files';
import { httpHandler } from '../http/http-handler';
import { parseJsonBody } from '../http/request';
import { NotFoundRouteError, ValidationError } from '../http/request-errors';
import { json } from '../http/response';
import {
  attachmentDownload,
  collectAttachments,
  requestAttachmentUpload,
} from '../use-cases/tickets/attachments';
import {
  findOwnTicket,
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
import { ticketFiles, ticketsStore } from './deps/tickets';

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

/** Files a message names: the uploads' ids as `…/ticket-attachments` answered them. */
const attachmentRefs = z.optional(
  z
    .array(
      z.strictObject({
        id: oneLineText(64),
        fileName: z.string().check(z.minLength(1), z.maxLength(300)),
        contentType: oneLineText(100),
        // As the upload's answer had it; what counts is the size stored.
        size: z.optional(z.number()),
      }),
    )
    .check(
      z.maxLength(ATTACHMENT_LIMITS.perMessage, {
        message: `at most ${ATTACHMENT_LIMITS.perMessage} files to one message`,
      }),
    ),
);
const uploadBody = z.strictObject({
  fileName: z.string().check(z.minLength(1), z.maxLength(300)),
  contentType: oneLineText(100),
  size: z.number().check(z.int(), z.positive()),
});
const newTicketBody = z.strictObject({
  subject: oneLineText(TICKET_LIMITS.subjectMaxChars),
  category: z.enum(TICKET_CATEGORIES),
  message: messageText,
  serviceId: z.optional(oneLineText(100)),
  attachments: attachmentRefs,
});
const replyBody = z.strictObject({ message: messageText, attachments: attachmentRefs });
const supportReplyBody = z.strictObject({
  message: messageText,
  resolve: z.optional(z.boolean()),
  internal: z.optional(z.boolean()),
  attachments: attachmentRefs,
});
const queueFilter = z.enum(['open', 'overdue']);

function ticketNumberOf(event: APIGatewayProxyEventV2): string {
  const number = normalizeTicketNumber(event.pathParameters?.number ?? '');
  if (!number) throw new TicketNotFoundError();
  return number;
}

function attachmentIdOf(event: APIGatewayProxyEventV2): string {
  const id = event.pathParameters?.attachmentId ?? '';
  if (!ATTACHMENT_ID_PATTERN.test(id)) throw new AttachmentNotFoundError();
  return id;
}

export interface TicketsHandlerDeps extends OpenTicketDeps {
  /** Whether an operator's account has TOTP on (D28): every /api/admin route asks. */
  secondFactors: SecondFactors;
  /** The attachments' bucket. */
  files: TicketFiles;
}

/**
 * Tickets (D27): a signed-in buyer's (/api/me/tickets…) and the console's (/api/admin/tickets…,
 * operators with TOTP only: totpOperatorOf() asks the token's group and the account's MFA).
 */
export function makeHandler(deps: TicketsHandlerDeps) {
  return httpHandler(async (event) => {
    switch (event.routeKey) {
      case 'POST /api/me/ticket-attachments': {
        const caller = callerOf(event);
        const input = parseJsonBody(event, uploadBody);
        const uploader = { kind: 'buyer', userId: caller.userId } as const;
        return json(201, await requestAttachmentUpload(deps, uploader, input));
      }
      case 'GET /api/me/tickets/{number}/attachments/{attachmentId}': {
        const caller = callerOf(event);
        const ticket = await findOwnTicket(deps, caller, ticketNumberOf(event));
        const messages = await deps.tickets.listMessages(ticket.ticketId);
        // The buyer's thread: a file on an internal note is not found.
        const visible = messages.filter((m) => !m.internal);
        return json(200, await attachmentDownload(deps, visible, attachmentIdOf(event)));
      }
      case 'POST /api/me/tickets': {
        const caller = callerOf(event);
        const { attachments: refs, ...input } = parseJsonBody(event, newTicketBody);
        const attachments = await collectAttachments(
          deps,
          { kind: 'buyer', userId: caller.userId },
          refs,
        );
        const ticket = await openTicket(deps, {
          ...input,
          attachments,
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
        const { message, attachments: refs } = parseJsonBody(event, replyBody);
        // Looked for first: a number that is not theirs is not found, whatever the files.
        await findOwnTicket(deps, caller, number);
        const attachments = await collectAttachments(
          deps,
          { kind: 'buyer', userId: caller.userId },
          refs,
        );
        return json(201, {
          ticket: await replyAsBuyer(deps, caller, number, message, { attachments }),
        });
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
      case 'POST /api/admin/ticket-attachments': {
        await totpOperatorOf(event, deps.secondFactors);
        const input = parseJsonBody(event, uploadBody);
        return json(201, await requestAttachmentUpload(deps, { kind: 'support' }, input));
      }
      case 'GET /api/admin/tickets/{number}/attachments/{attachmentId}': {
        await totpOperatorOf(event, deps.secondFactors);
        const ticket = await deps.tickets.findByNumber(ticketNumberOf(event));
        if (!ticket) throw new TicketNotFoundError();
        const messages = await deps.tickets.listMessages(ticket.ticketId);
        return json(200, await attachmentDownload(deps, messages, attachmentIdOf(event)));
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
        const { attachments: refs, ...input } = parseJsonBody(event, supportReplyBody);
        const attachments = await collectAttachments(deps, { kind: 'support' }, refs);
        return json(201, {
          ticket: await replyAsSupport(deps, operator, number, { ...input, attachments }),
        });
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
  files: ticketFiles(),
  log: logger,
  now: () => new Date(),
});
