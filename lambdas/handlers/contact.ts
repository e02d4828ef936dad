import { z } from 'zod';
import { contactConfig } from '../config/config';
import { logger } from '../config/logger';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import { submitContactMessage } from '../use-cases/submit-contact-message';
import { httpHandler } from './deps/http';
import { mailer } from './deps/mail';
import { messagesStore } from './deps/stores';

const contactBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  message: z.string().trim().min(1).max(5000),
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
