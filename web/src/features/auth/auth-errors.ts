import { loginErrors, signupCopy, signupErrors, verifyEmailErrors } from '../../content/auth';

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

/**
 * Whether sign-up failed only because the email has an account. The page then goes on to the code
 * step exactly as for a new account (D28): it never says whether an email has an account.
 */
export function isAccountExistsError(error: unknown): boolean {
  const { name } = describe(error);
  return name === 'UsernameExistsException' || name === 'AliasExistsException';
}

/** Cognito's sign-up errors as the reference product's messages (an existing email is not one). */
export function signupErrorMessage(error: unknown): string {
  const { name, message } = describe(error);
  if (name === 'InvalidPasswordException') return signupErrors.weakPassword;
  // The PreSignUp trigger's refusal of the name or phone (the rules Settings holds them to).
  if (name === 'UserLambdaValidationException') {
    if (/phone|mobile/i.test(message)) return signupCopy.invalidPhone;
    if (/name/i.test(message)) return signupErrors.nameTooLong;
  }
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
 * Cognito's sign-in errors as the reference's messages. Whether the email has an account never
 * shows (D28): a wrong password and an unknown email read the same. AWS, with
 * PreventUserExistenceErrors, answers both with NotAuthorizedException "Incorrect username or
 * password."; cognito-local (where the stand-in does not already make it so) answers
 * InvalidPasswordException for a wrong password and UserNotFoundException or
 * NotAuthorizedException for an unknown email: all of them get the one invalid-credential sentence.
 */
export function loginErrorMessage(error: unknown): string {
  const { name, message } = describe(error);
  if (TOO_MANY.has(name)) return loginErrors.tooMany;
  if (name === 'UserNotFoundException' || name === 'InvalidPasswordException')
    return loginErrors.invalidCredential;
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

/**
 * Confirming the sign-up code. An account that is already confirmed (AWS: NotAuthorizedException;
 * cognito-local: ExpiredCodeException, as it keeps no code) reads like a wrong or expired code,
 * never "this email has an account".
 */
export function confirmCodeErrorMessage(error: unknown): string {
  const { name } = describe(error);
  if (name === 'CodeMismatchException' || name === 'NotAuthorizedException')
    return verifyEmailErrors.wrongCode;
  if (name === 'UserNotFoundException') return verifyEmailErrors.wrongCode;
  if (name === 'ExpiredCodeException') return verifyEmailErrors.expiredCode;
  if (TOO_MANY.has(name)) return verifyEmailErrors.tooMany;
  return verifyEmailErrors.other;
}

/**
 * Asking for a new code: null when the page goes on as if one was sent. An unknown email or an
 * account already confirmed (InvalidParameterException) must look the same as a sent code.
 */
export function resendCodeErrorMessage(error: unknown): string | null {
  const { name } = describe(error);
  if (name === 'UserNotFoundException' || name === 'InvalidParameterException') return null;
  if (TOO_MANY.has(name)) return verifyEmailErrors.tooMany;
  return verifyEmailErrors.sendFailed;
}
