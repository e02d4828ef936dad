import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { parseProfileUpdate, ProfileValidationError } from '../domain/profile';

/**
 * Cognito PreSignUp. A new account is not confirmed here: Cognito mails a code to the address and
 * the account is confirmed only with it (D28), so nobody can sign up with someone else's email.
 * The name and the phone number follow the rules Settings holds them to (D28, D19): a name of up to
 * 100 characters, an Indian mobile number in E.164 (+91 and ten digits). A sign-up that breaks
 * them fails with the rule's sentence (Cognito answers UserLambdaValidationException with it).
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const attributes = event.request.userAttributes;
  try {
    const parsed = parseProfileUpdate({
      name: attributes.name ?? '',
      ...(attributes.phone_number !== undefined ? { phone: attributes.phone_number } : {}),
    });
    // Cognito keeps the number as given: only the form Settings stores is accepted.
    if (attributes.phone_number !== undefined && parsed.phone !== attributes.phone_number)
      throw new ProfileValidationError([
        {
          field: 'phone',
          label: 'Phone number',
          message: 'Please give the phone number as +91 and ten digits, e.g. +919876543210.',
        },
      ]);
  } catch (error) {
    if (error instanceof ProfileValidationError) throw new Error(error.message, { cause: error });
    throw error;
  }
  event.response.autoConfirmUser = false;
  event.response.autoVerifyEmail = false;
  return event;
}
