import { settingsCopy as copy } from '../../../content/account';

const TOO_MANY = new Set([
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
]);

/**
 * Cognito's ChangePassword errors, readably. A wrong current password is NotAuthorizedException
 * ("Incorrect username or password.") in AWS and InvalidPasswordException ("Invalid password") in
 * cognito-local; AWS uses InvalidPasswordException for a new password its policy refuses, and
 * says so ("did not conform with policy").
 */
export function passwordChangeError(error: unknown): string {
  const e = (error ?? {}) as { name?: unknown; message?: unknown };
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (TOO_MANY.has(name)) return copy.passwordTooMany;
  if (name === 'NotAuthorizedException') {
    if (/attempts exceeded/i.test(message)) return copy.passwordTooMany;
    return /incorrect|password/i.test(message) ? copy.wrongCurrentPassword : copy.sessionEnded;
  }
  if (name === 'InvalidPasswordException') {
    return /conform|policy|long enough|length/i.test(message)
      ? copy.weakPassword
      : copy.wrongCurrentPassword;
  }
  if (name === 'InvalidParameterException') {
    return /previous/i.test(message) ? copy.wrongCurrentPassword : copy.weakPassword;
  }
  if (name === 'UserUnAuthenticatedException') return copy.sessionEnded;
  return copy.passwordFailed;
}
