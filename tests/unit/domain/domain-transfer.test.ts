/**
 * A domain transferred in (D23, lambdas/domain/domain-transfer.ts): only a new domain order for
 * one year transfers, and the auth code is kept as the current registrar issued it.
 */
import { describe, expect, it } from 'vitest';
import { transferAuthCodeOf } from '../../../lambdas/domain/domain-transfer';

const order = { category: 'domain', months: 12, renewal: false, domain: 'asharao.com' };

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('accepted');
}

describe('transferAuthCodeOf', () => {
  it('keeps the auth code without the spaces around it', () => {
    expect(transferAuthCodeOf(order, '  Xy7#kP2!q  ')).toBe('Xy7#kP2!q');
  });

  it('transfers a domain only, on a new order, for one year', () => {
    expect(
      refusal(() => transferAuthCodeOf({ ...order, category: 'hosting' }, 'Xy7#kP2!q')),
    ).toEqual({
      code: 'transfer_not_applicable',
      message: 'Only a domain can be transferred in.',
    });
    expect(refusal(() => transferAuthCodeOf({ ...order, renewal: true }, 'Xy7#kP2!q'))).toEqual({
      code: 'transfer_not_applicable',
      message: 'asharao.com is registered with us already: renew it from your dashboard instead.',
    });
    expect(
      refusal(() => transferAuthCodeOf({ ...order, renewal: true, domain: undefined }, 'Xy7#kP2!q'))
        .message,
    ).toBe('This domain is registered with us already: renew it from your dashboard instead.');
    expect(refusal(() => transferAuthCodeOf({ ...order, months: 24 }, 'Xy7#kP2!q'))).toEqual({
      code: 'transfer_not_applicable',
      message: 'A transfer adds one year to the name at the registry, so it is bought for 1 year.',
    });
  });

  it.each(['abc12', 'Xy7 kP2!q', 'x'.repeat(65), 'Xy7#kP2é'])(
    'refuses the auth code %j with a sentence',
    (authCode) => {
      expect(refusal(() => transferAuthCodeOf(order, authCode))).toEqual({
        code: 'invalid_auth_code',
        message:
          'Please enter the auth code (EPP code) your current registrar gave you: 6 to 64 letters, digits or symbols, without spaces.',
      });
    },
  );
});
