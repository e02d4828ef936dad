import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../lambdas/domain/errors';
import { errorResponse } from '../../../../lambdas/http/error-response';
import * as adminErrors from '../../../../lambdas/use-cases/admin/errors';
import * as useCaseErrors from '../../../../lambdas/use-cases/errors';
import * as refundErrors from '../../../../lambdas/use-cases/refunds/errors';
import { RecordingLog } from '../../../helpers/fakes/stores';

/** Every refusal the use cases declare, made as a use case would make it. */
const REFUSALS: readonly DomainError[] = [
  ...Object.values(useCaseErrors).map((Refusal) => new Refusal()),
  new adminErrors.OrderNotInReviewError('paid'),
  new adminErrors.ResolutionInProgressError(),
  new adminErrors.PaymentStateConflictError(
    'Razorpay shows this payment as refunded; it cannot be captured.',
  ),
  new adminErrors.StuckItemNotFoundError(),
  new adminErrors.CustomerQueryError(),
  new adminErrors.ServiceNotWaitingError(),
  new adminErrors.AccessDetailsRefusedError('"Root password" looks like a secret.'),
  new adminErrors.NotRedrivableError(),
  new adminErrors.ServiceEndedError(),
  new adminErrors.AdminServiceNotFoundError(),
  new adminErrors.ServiceNotRemovableError(
    'This service has not ended: only an ended service is removed.',
  ),
  new adminErrors.ServiceBusyError(),
  new adminErrors.ServiceActionRefusedError('This service has ended, so it cannot be suspended.'),
  new adminErrors.ServiceActionInputError('Say which payment to refund (paymentId).'),
  new adminErrors.ServicePaymentNotFoundError(),
  new adminErrors.ReportRangeError('to must be the same day as from or later.'),
  new adminErrors.CustomerNotFoundError(),
  new adminErrors.MailNotFoundError(),
  new adminErrors.MailNotResendableError('it held a single-use link.'),
  new refundErrors.CancelServiceNotFoundError(),
  new refundErrors.NotRefundableError(),
  new refundErrors.RefundWindowClosedError(),
];

function answer(error: unknown): { status: number; code: string; message: string } {
  const result = errorResponse(error, new RecordingLog());
  const body = JSON.parse(result.body ?? '') as { error: { code: string; message: string } };
  // No status at all would be a bug too: 0 fails every check below.
  return { status: result.statusCode ?? 0, ...body.error };
}

describe('the use cases’ refusals', () => {
  it('are all listed here (a new one gets a row above)', () => {
    const declared = [useCaseErrors, adminErrors, refundErrors]
      .flatMap((module) => Object.values(module))
      .filter((value) => value.prototype instanceof DomainError);
    expect(REFUSALS.map((error) => error.constructor)).toEqual(expect.arrayContaining(declared));
    expect(REFUSALS).toHaveLength(declared.length);
  });

  it.each(REFUSALS.map((error) => [error.constructor.name, error] as const))(
    '%s keeps its own name (the bundle is minified) and answers with its code, not a 500',
    (className, error) => {
      expect(error.name).toBe(className);
      expect(error).toBeInstanceOf(DomainError);

      const { status, code, message } = answer(error);

      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(status).not.toBe(500);
      expect(code).toBe(error.code);
      expect(message).toBe(error.message);
    },
  );

  it('makes the sentence from what the use case knows', () => {
    const notInReview = new adminErrors.OrderNotInReviewError('paid');

    expect(answer(notInReview)).toEqual({
      status: 409,
      code: 'order_not_in_review',
      message: 'This order is not waiting for review (it is paid); there is nothing to resolve.',
    });
    expect(notInReview.status).toBe('paid');
    expect(
      answer(new adminErrors.AccessDetailsRefusedError('"Root password" looks like a secret.')),
    ).toEqual({
      status: 400,
      code: 'validation_failed',
      message:
        '"Root password" looks like a secret. Give the buyer a way to set their own password instead.',
    });
    expect(answer(new refundErrors.CancelServiceNotFoundError())).toEqual({
      status: 404,
      code: 'service_not_found',
      message:
        'We could not find that service in your account. Please open it from your dashboard.',
    });
  });
});
