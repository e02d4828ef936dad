import { loginErrors, signupCopy, signupErrors } from '../../content/auth';

interface NamedError {
  name?: unknown;
  message?: unknown;
}

function describe(error: unknown): { name: string; message: string } {
  const e = (error ?? {}) as NamedError;
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

/** Cognito's sign-up errors as the reference product's messages. */
export function signupErrorMessage(error: unknown): string {
  const { name, message } = describe(error);
  if (name === 'UsernameExistsException' || name === 'AliasExistsException')
    return signupErrors.emailInUse;
  if (name === 'InvalidPasswordException') return signupErrors.weakPassword;
  if (name === 'InvalidParameterException') {
    if (/phone/i.test(message)) return signupCopy.invalidPhone;
    if (/email|username/i.test(message)) return signupErrors.invalidEmail;
    if (/password/i.test(message)) return signupErrors.weakPassword;
  }
  if (
    name === 'NotAuthorizedException' &&
    /sign ?up is not permitted|not enabled|not allowed/i.test(message)
  ) {
    return signupErrors.notAllowed;
  }
  return signupErrors.other;
}

/**
 * Cognito's sign-in errors as the reference's messages. A wrong password for a known user is
 * InvalidPasswordException in cognito-local. AWS answers NotAuthorizedException "Incorrect username
 * or password." both for a wrong password and (the pool hides whether a user exists) for an unknown
 * email, and cognito-local answers NotAuthorizedException for an unknown email: since neither says
 * which field is wrong, they get the spec's invalid-credential message.
 */
export function loginErrorMessage(error: unknown): string {
  const { name, message } = describe(error);
  if (name === 'UserNotFoundException') return loginErrors.notFound;
  if (TOO_MANY.has(name)) return loginErrors.tooMany;
  if (name === 'InvalidPasswordException') return loginErrors.wrongPassword;
  if (name === 'NotAuthorizedException') {
    if (/disabled/i.test(message)) return loginErrors.disabled;
    if (/attempts exceeded/i.test(message)) return loginErrors.tooMany;
    return loginErrors.invalidCredential;
  }
  if (name === 'InvalidParameterException' && /email|username/i.test(message)) {
    return loginErrors.invalidEmail;
  }
  return loginErrors.other;
}
