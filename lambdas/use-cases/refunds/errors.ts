/** The refunds' errors with the API's codes (lambdas/http/error-response.ts maps them). */
import { refusal } from '../refusal';

/** Also for another buyer's service: whether it exists is not the caller's business. */
export class CancelServiceNotFoundError extends refusal(
  'CancelServiceNotFoundError',
  'service_not_found',
  'We could not find that service in your account. Please open it from your dashboard.',
) {}

export class NotRefundableError extends refusal(
  'NotRefundableError',
  'not_refundable',
  'Domain registrations are not refundable: the registry charges for a domain as soon as it is ordered.',
) {}

export class RefundWindowClosedError extends refusal(
  'RefundWindowClosedError',
  'refund_window_closed',
  'The 30-day money-back guarantee for this service has ended, so it cannot be cancelled for a refund. Please contact support if you need help.',
) {}

/**
 * Another attempt holds a live claim on this step of the refund and has not finished it: thrown
 * so that the bus retries; once the claim's lease is over, a retry takes it over.
 */
export class RefundStepInProgressError extends Error {
  override readonly name = 'RefundStepInProgressError';
  constructor(
    readonly refundKey: string,
    readonly step: string,
  ) {
    super(`Step ${step} of refund ${refundKey} is held by another attempt; retry later.`);
  }
}
