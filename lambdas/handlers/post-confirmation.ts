import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { logger } from '../config/logger';
import type { LogPort } from '../ports/logger';
import type { UsersStore } from '../ports/users';
import { usersStore } from './deps/stores';

export interface PostConfirmationDeps {
  users: UsersStore;
  log: LogPort;
  now: () => Date;
}

/**
 * Cognito PostConfirmation: the users record (profile only; the password stays in Cognito,
 * docs/decisions.md D1).
 */
export function makeHandler(deps: PostConfirmationDeps) {
  return async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const attributes = event.request.userAttributes;
    const userId = attributes.sub ?? event.userName;
    await deps.users.createUserIfMissing({
      userId,
      email: attributes.email ?? '',
      name: attributes.name ?? '',
      phone: attributes.phone_number ?? '',
      createdAt: deps.now().toISOString(),
    });
    deps.log.info('User record written after sign-up', { userId });
    return event;
  };
}

export const handler = makeHandler({ users: usersStore(), log: logger, now: () => new Date() });
