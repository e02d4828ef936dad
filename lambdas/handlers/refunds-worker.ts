import type { Context, EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { refundLeaseMs, siteConfig } from '../config/config';
import { logger } from '../config/logger';
import type { LogPort } from '../ports/logger';
import { completeRefund, type CompleteRefundDeps } from '../use-cases/refunds/complete-refund';
import {
  requestRefund,
  retryFailedRefund,
  type RequestRefundDeps,
} from '../use-cases/refunds/request-refund';
import { documentCounters } from './deps/counters';
import { mailer } from './deps/mail';
import { paymentGateway } from './deps/payments';
import { purchasesStore, refundsStore, servicesStore } from './deps/stores';

export type RefundsWorkerDeps = RequestRefundDeps & CompleteRefundDeps & { log: LogPort };

const text = z.string().check(z.minLength(1));
// Not strict: a field a newer publisher adds must not dead-letter the worker.
const refundRef = z.object({ userId: text, refundKey: text });
const failedRef = z.object({ userId: text, refundKey: text, attempt: z.int().check(z.positive()) });

export type RefundsWorkerEvent = EventBridgeEvent<
  'RefundRequested' | 'RefundFailed' | 'RefundCompleted',
  unknown
>;

/** A detail that fails its schema: thrown, so the bus retries and then dead-letters it. */
export class MalformedRefundEventError extends Error {
  override readonly name = 'MalformedRefundEventError';
}

function parse<S extends z.ZodMiniType>(schema: S, event: RefundsWorkerEvent): z.infer<S> {
  const parsed = schema.safeParse(event.detail);
  if (!parsed.success) {
    // Field names only: a detail's values may be personal data.
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(detail)'}: ${i.code}`);
    throw new MalformedRefundEventError(
      `${event['detail-type']} is malformed: ${issues.join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * The refunds worker (D16), on the bus: RefundRequested and RefundFailed ask Razorpay (once, by
 * the receipt) and mail the buyer; RefundCompleted issues the credit note and mails. (An ended
 * service is suspended on the panel by converge, D22.) Throws to make the bus retry.
 */
export function makeHandler(deps: RefundsWorkerDeps) {
  return async (event: RefundsWorkerEvent, context?: Context): Promise<{ outcome: string }> => {
    logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
    try {
      switch (event['detail-type']) {
        case 'RefundRequested':
          return { outcome: await requestRefund(deps, parse(refundRef, event)) };
        case 'RefundFailed':
          return { outcome: await retryFailedRefund(deps, parse(failedRef, event)) };
        case 'RefundCompleted':
          return { outcome: await completeRefund(deps, parse(refundRef, event)) };
        default:
          deps.log.warn('Event the refunds worker does not handle; ignored', {
            detailType: String(event['detail-type']),
          });
          return { outcome: 'ignored' };
      }
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  refunds: refundsStore(),
  purchases: purchasesStore(),
  services: servicesStore(),
  counters: documentCounters(),
  gateway: paymentGateway,
  mailer,
  siteUrl: () => siteConfig().SITE_URL,
  log: logger,
  now: () => new Date(),
  get leaseMs() {
    return refundLeaseMs();
  },
});
