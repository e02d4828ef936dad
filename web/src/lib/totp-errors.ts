import { totpErrors } from '../content/auth';

function describe(error: unknown): { name: string; message: string } {
  const e = (error ?? {}) as { name?: unknown; message?: unknown };
  return {
    name: typeof e.name === 'string' ? e.name : '',
    message: typeof e.message === 'string' ? e.message : '',
  };
}

const TOO_MANY = new Set([
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
]);

/** A TOTP code refused, at sign-in or when setting it up. */
export function totpErrorMessage(error: unknown): string {
  const { name, message } = describe(error);
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException')
    return totpErrors.wrongCode;
  if (name === 'ExpiredCodeException') return totpErrors.wrongCode;
  if (TOO_MANY.has(name)) return totpErrors.tooMany;
  if (name === 'NotAuthorizedException' && /session/i.test(message))
    return totpErrors.sessionExpired;
  if (name === 'SignInException' || /session/i.test(message)) return totpErrors.sessionExpired;
  return totpErrors.other;
}
