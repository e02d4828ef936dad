import { resetErrors } from '../../content/account';

function nameOf(error: unknown): { name: string; message: string } {
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

/**
 * Asking for a code: null when the page goes on as if a code was sent. An unknown email
 * (UserNotFoundException, which cognito-local answers; Cognito in AWS hides it itself) or an account
 * without a verified email must look exactly like success, or the page would tell anyone which
 * addresses have accounts.
 */
export function resetRequestError(error: unknown): string | null {
  const { name } = nameOf(error);
  if (name === 'UserNotFoundException' || name === 'InvalidParameterException') return null;
  if (TOO_MANY.has(name)) return resetErrors.tooMany;
  return resetErrors.sendFailed;
}

/** Setting the new password with the code. */
export function resetConfirmError(error: unknown): string {
  const { name, message } = nameOf(error);
  // An unknown email reaches this step too; it reads like a wrong code, never "no such account".
  if (name === 'CodeMismatchException' || name === 'UserNotFoundException') {
    return resetErrors.wrongCode;
  }
  if (name === 'ExpiredCodeException') return resetErrors.expiredCode;
  if (name === 'InvalidPasswordException') return resetErrors.weakPassword;
  // Cognito's own length check on the parameter, before its password policy.
  if (name === 'InvalidParameterException' && /password/i.test(message)) {
    return resetErrors.weakPassword;
  }
  if (TOO_MANY.has(name)) return resetErrors.tooMany;
  return resetErrors.other;
}
