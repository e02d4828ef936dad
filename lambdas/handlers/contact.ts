import * as z from 'zod/mini';
import { contactConfig } from '../config/config';
import { logger } from '../config/logger';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import { submitContactMessage } from '../use-cases/submit-contact-message';
import { httpHandler } from './deps/http';
import { mailer } from './deps/mail';
import { messagesStore } from './deps/stores';

const contactBody = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  email: z.email().check(z.maxLength(254)),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
});

const deps = {
  messages: messagesStore(),
  mailer,
  supportEmail: () => contactConfig().SUPPORT_EMAIL,
  log: logger,
  now: () => new Date(),
};

/** POST /api/contact (D9). */
export const handler = httpHandler(async (event) => {
  await submitContactMessage(deps, parseJsonBody(event, contactBody));
  return json(202, { ok: true });
});
