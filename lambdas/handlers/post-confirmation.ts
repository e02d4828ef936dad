import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { logger } from '../config/logger';
import { recordSignedUpUser } from '../use-cases/ensure-user';
import { usersStore } from './deps/stores';

const users = usersStore();

/** Cognito PostConfirmation: the users record (profile only; the password stays in Cognito, D1). */
export async function handler(
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const userId = attributes.sub ?? event.userName;
  await recordSignedUpUser(users, {
    userId,
    email: attributes.email ?? '',
    name: attributes.name ?? '',
    phone: attributes.phone_number ?? '',
    createdAt: new Date().toISOString(),
  });
  logger.info('User record written after sign-up', { userId });
  return event;
}
