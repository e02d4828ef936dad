import * as z from 'zod/mini';
import { logger } from '../config/logger';
import { CONTROL_CHARACTERS } from '../domain/contact';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import {
  submitContactMessage,
  type SubmitContactMessageDeps,
} from '../use-cases/submit-contact-message';
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
});

/** POST /api/contact (docs/decisions.md D9): 202 once the message is stored. */
export function makeHandler(deps: SubmitContactMessageDeps) {
  return httpHandler(async (event) => {
    const input = parseJsonBody(event, contactBody);
    await submitContactMessage(deps, input, { sourceIp: event.requestContext.http.sourceIp });
    return json(202, { ok: true });
  });
}

export const handler = makeHandler({
  messages: messagesStore(),
  limits: rateLimiter(),
  events: eventPublisher,
  log: logger,
  now: () => new Date(),
});
