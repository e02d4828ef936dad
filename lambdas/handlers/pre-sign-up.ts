import type { PreSignUpTriggerEvent } from 'aws-lambda';

/** Cognito PreSignUp: a new user is confirmed at once and can sign in straight away. */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
}
