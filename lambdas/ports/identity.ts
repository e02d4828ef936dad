/**
 * The identity provider's record of a buyer (Cognito's user attributes): the name and phone
 * number it puts in the buyer's next ID token, kept in step with the users record.
 */
import { DomainError } from '../domain/errors';

export interface IdentityAttributes {
  name?: string;
  /** E.164, e.g. +919876543210. */
  phone?: string;
}

export interface IdentityDirectory {
  /** Sets the given attributes of the user the token's `sub` names; the others stay as they are. */
  updateAttributes(userId: string, attributes: IdentityAttributes): Promise<void>;
  /** Deletes the user: no sign-in works after it (D28). Deleting one already gone does nothing. */
  deleteUser(userId: string): Promise<void>;
}

/** The provider refused the values themselves (Cognito's InvalidParameterException). */
export class IdentityAttributesRejectedError extends DomainError {
  override readonly name = 'IdentityAttributesRejectedError';
  readonly code = 'validation_failed';
  constructor() {
    super('We could not save that name or phone number. Please check them and try again.');
  }
}

/** The provider throttled the change (Cognito's TooManyRequestsException, LimitExceededException). */
export class IdentityBusyError extends DomainError {
  override readonly name = 'IdentityBusyError';
  readonly code = 'too_many_requests';
  constructor() {
    super('Too many changes in a short time. Please wait a minute and try again.');
  }
}
