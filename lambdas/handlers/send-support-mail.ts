import type { Context, EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { contactConfig, supportMailLeaseMs } from '../config/config';
import { logger } from '../config/logger';
import type { SupportMessageReceivedDetail } from '../domain/api';
import { sendSupportMail, type SendSupportMailDeps } from '../use-cases/send-support-mail';
import { mailer } from './deps/mail';
import { messagesStore } from './deps/stores';

const detailSchema = z.strictObject({
  messageId: z.string().check(z.minLength(1), z.maxLength(100)),
}) satisfies z.ZodMiniType<SupportMessageReceivedDetail>;

export class MalformedEventError extends Error {
  override readonly name = 'MalformedEventError';
}

/**
 * EventBridge SupportMessageReceived → the support inbox. Throws to make the bus retry; what still
 * fails lands in the dead-letter queue, which alarms. A malformed event is never dropped silently.
 */
export function makeHandler(deps: SendSupportMailDeps) {
  return async (
    event: EventBridgeEvent<'SupportMessageReceived', unknown>,
    context?: Context,
  ): Promise<{ outcome: string }> => {
    logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
    try {
      const parsed = detailSchema.safeParse(event.detail);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(detail)');
        throw new MalformedEventError(
          `SupportMessageReceived detail is malformed: ${fields.join(', ')}`,
        );
      }
      return { outcome: await sendSupportMail(deps, parsed.data.messageId) };
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  messages: messagesStore(),
  mailer,
  supportEmail: () => contactConfig().SUPPORT_EMAIL,
  log: logger,
  now: () => new Date(),
  leaseMs: supportMailLeaseMs,
});
