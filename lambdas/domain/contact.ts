/**
 * The contact form's rules (docs/decisions.md D9): how many messages one sender and one address
 * may send before a pause, and how long a message is kept (the privacy policy's three years for
 * support records).
 */
import { DomainError } from './errors';

export interface RateLimit {
  /** Messages allowed in one window. */
  limit: number;
  windowSeconds: number;
}

export const CONTACT_LIMITS = {
  /** Per client address (the request's source IP). */
  perSender: { limit: 5, windowSeconds: 60 * 60 },
  /** Per email address given in the form, whichever client sends it. */
  perAddress: { limit: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/** Support records are kept three years (the privacy policy), then expire. */
export const MESSAGE_RETENTION_SECONDS = 3 * 365 * 24 * 60 * 60;

/** Name and email go into a mail's headers: no control characters (CR/LF would inject headers). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export class TooManyRequestsError extends DomainError {
  override readonly name = 'TooManyRequestsError';
  readonly code = 'too_many_requests';
  constructor() {
    super(
      'You have sent several messages in a short time. Please wait an hour before sending another; we reply to every message we have received.',
    );
  }
}
