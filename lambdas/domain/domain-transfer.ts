/**
 * A domain transferred in from another registrar (D23): the order gives the auth code (EPP code)
 * the buyer's current registrar issued. A transfer adds one year to the name at the registry, so
 * it is bought for one year at the plan's yearly price (docs/decisions-domains.md). Only a new
 * domain order transfers; a name the buyer holds with us already is renewed instead.
 */
import { DomainError } from './errors';

/** EPP auth codes are printable ASCII without spaces; registries issue 6 to 32 (some up to 64). */
const AUTH_CODE = /^[\x21-\x7e]{6,64}$/;

export class InvalidAuthCodeError extends DomainError {
  override readonly name = 'InvalidAuthCodeError';
  readonly code = 'invalid_auth_code';
  constructor() {
    super(
      'Please enter the auth code (EPP code) your current registrar gave you: 6 to 64 letters, digits or symbols, without spaces.',
    );
  }
}

export class TransferNotApplicableError extends DomainError {
  override readonly name = 'TransferNotApplicableError';
  readonly code = 'transfer_not_applicable';
}

/** The order's auth code as it is kept (trimmed), or the sentence why it cannot be used. */
export function transferAuthCodeOf(
  order: { category: string; months: number; renewal: boolean; domain?: string | undefined },
  authCode: string,
): string {
  if (order.category !== 'domain') {
    throw new TransferNotApplicableError('Only a domain can be transferred in.');
  }
  if (order.renewal) {
    throw new TransferNotApplicableError(
      `${order.domain ?? 'This domain'} is registered with us already: renew it from your dashboard instead.`,
    );
  }
  if (order.months !== 12) {
    throw new TransferNotApplicableError(
      'A transfer adds one year to the name at the registry, so it is bought for 1 year.',
    );
  }
  const code = authCode.trim();
  if (!AUTH_CODE.test(code)) throw new InvalidAuthCodeError();
  return code;
}
