import type { PreSignUpTriggerEvent } from 'aws-lambda';

/**
 * Cognito PreSignUp. A new account is not confirmed here: Cognito mails a code to the address and
 * the account is confirmed only with it (D28), so nobody can sign up with someone else's email.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  event.response.autoConfirmUser = false;
  event.response.autoVerifyEmail = false;
  return event;
}
