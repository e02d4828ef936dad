import { DomainError } from '../domain/errors';

export class ValidationError extends DomainError {
  override readonly name = 'ValidationError';
  readonly code = 'validation_failed';
}

export class PayloadTooLargeError extends DomainError {
  override readonly name = 'PayloadTooLargeError';
  readonly code = 'payload_too_large';
  constructor() {
    super('That request is too large. Please shorten it and try again.');
  }
}

export class UnauthorizedError extends DomainError {
  override readonly name = 'UnauthorizedError';
  readonly code = 'unauthorized';
  constructor() {
    super('Please sign in to continue.');
  }
}

export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
  readonly code = 'forbidden';
  constructor() {
    super("This part of the store is for the store's operators only.");
  }
}

export class NotFoundRouteError extends DomainError {
  override readonly name = 'NotFoundRouteError';
  readonly code = 'not_found';
  constructor() {
    super('There is nothing at this address.');
  }
}
