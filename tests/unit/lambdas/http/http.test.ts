import { describe, expect, it } from 'vitest';
import {
  InvalidMonthsError,
  InvalidPromoCodeError,
  PlanNotFoundError,
} from '../../../../lambdas/domain/errors';
import { errorResponse } from '../../../../lambdas/http/error-response';
import { header, MAX_BODY_BYTES, rawBody } from '../../../../lambdas/http/request';
import {
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from '../../../../lambdas/http/request-errors';
import {
  InvalidSignatureError,
  OrderNotFoundError,
  PaymentProviderError,
  PaymentUnderReviewError,
} from '../../../../lambdas/use-cases/errors';
import { RecordingLog } from '../../../helpers/fakes/stores';

describe('the one error → HTTP mapping', () => {
  it.each([
    [new PlanNotFoundError('x'), 404, 'plan_not_found'],
    [new InvalidMonthsError(6), 400, 'invalid_months'],
    [new InvalidPromoCodeError('x'), 400, 'invalid_promo_code'],
    [new ValidationError('Please check these fields: email.'), 400, 'validation_failed'],
    [new InvalidSignatureError(), 400, 'invalid_signature'],
    [new OrderNotFoundError(), 404, 'order_not_found'],
    [new UnauthorizedError(), 401, 'unauthorized'],
    [new PayloadTooLargeError(), 413, 'payload_too_large'],
    [new PaymentUnderReviewError(), 409, 'payment_under_review'],
    [new PaymentProviderError(), 502, 'payment_provider_unavailable'],
  ])('maps %o to %i %s with a readable sentence', (error, status, code) => {
    const result = errorResponse(error, new RecordingLog());

    expect(result.statusCode).toBe(status);
    const body = JSON.parse(result.body ?? '') as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(/^[A-Z].+\.$/);
  });

  it('answers anything unexpected with 500 internal_error and logs it, without a stack in the body', () => {
    const log = new RecordingLog();
    const error = new TypeError("Cannot read properties of undefined (reading 'x')");

    const result = errorResponse(error, log);

    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('TypeError');
    expect(result.body).not.toContain('reading');
    expect(log.lines).toMatchObject([{ level: 'error' }]);
  });
});

describe('request reading', () => {
  it('accepts exactly 64 KB and refuses one byte more', () => {
    expect(rawBody({ body: 'x'.repeat(MAX_BODY_BYTES), isBase64Encoded: false })).toHaveLength(
      MAX_BODY_BYTES,
    );
    expect(() => rawBody({ body: 'x'.repeat(MAX_BODY_BYTES + 1), isBase64Encoded: false })).toThrow(
      PayloadTooLargeError,
    );
    // Multi-byte characters count as bytes, not characters.
    expect(() =>
      rawBody({ body: 'é'.repeat(MAX_BODY_BYTES / 2 + 1), isBase64Encoded: false }),
    ).toThrow(PayloadTooLargeError);
  });

  it('decodes base64 bodies to the exact bytes sent', () => {
    const bytes = Buffer.from('{"a":"₹"}');

    expect(rawBody({ body: bytes.toString('base64'), isBase64Encoded: true }).equals(bytes)).toBe(
      true,
    );
  });

  it('reads headers whatever their case', () => {
    expect(header({ headers: { 'X-Razorpay-Signature': 'abc' } }, 'x-razorpay-signature')).toBe(
      'abc',
    );
    expect(header({ headers: {} }, 'x-razorpay-signature')).toBeUndefined();
  });
});
