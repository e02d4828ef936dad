import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { handler as postConfirmation } from '../../../../lambdas/handlers/post-confirmation';
import { handler as preSignUp } from '../../../../lambdas/handlers/pre-sign-up';
import { resetWorld, world } from './handler-world';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);

describe('Cognito triggers', () => {
  beforeEach(() => resetWorld());

  it('PreSignUp confirms the user and verifies the email at once', async () => {
    const result = await preSignUp(loadEvent<PreSignUpTriggerEvent>('cognito/pre-sign-up.json'));

    expect(result.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
  });

  it('PostConfirmation writes the users record without any password', async () => {
    const event = loadEvent<PostConfirmationTriggerEvent>('cognito/post-confirmation.json');

    const result = await postConfirmation(event);

    expect(result).toEqual(event);
    const record = world.users.items.get('5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c');
    expect(record).toEqual({
      userId: '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c',
      name: 'Asha Verma',
      email: 'asha.verma@example.in',
      phone: '+919876543210',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('PostConfirmation keeps an existing record (a second confirmation changes nothing)', async () => {
    const event = loadEvent<PostConfirmationTriggerEvent>('cognito/post-confirmation.json');
    await postConfirmation(event);
    const first = world.users.items.get('5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c');

    event.request.userAttributes.name = 'Changed';
    await postConfirmation(event);

    expect(world.users.items.get('5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c')).toEqual(first);
  });
});
