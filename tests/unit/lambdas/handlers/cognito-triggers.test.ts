import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { makeHandler } from '../../../../lambdas/handlers/post-confirmation';
import { handler as preSignUp } from '../../../../lambdas/handlers/pre-sign-up';
import { fakeWorld } from '../../../helpers/fakes/world';

describe('Cognito triggers', () => {
  let world: ReturnType<typeof fakeWorld>;
  let postConfirmation: ReturnType<typeof makeHandler>;
  beforeEach(() => {
    world = fakeWorld();
    postConfirmation = makeHandler(world);
  });

  it('PreSignUp confirms nobody: the email is verified with the code Cognito mails (D28)', async () => {
    const result = await preSignUp(loadEvent<PreSignUpTriggerEvent>('cognito/pre-sign-up.json'));

    expect(result.response).toMatchObject({ autoConfirmUser: false, autoVerifyEmail: false });
  });

  it.each([
    ['an empty name', { name: '  ' }, /Please enter your name/],
    ['a name over 100 characters', { name: 'A'.repeat(101) }, /up to 100 characters/],
    ['a number that is not an Indian mobile', { phone_number: '+14155550123' }, /Indian mobile/],
    ['a mobile number not in E.164', { phone_number: '98765 43210' }, /\+91 and ten digits/],
  ])('PreSignUp refuses %s with the sentence Settings uses', async (_what, change, message) => {
    const event = loadEvent<PreSignUpTriggerEvent>('cognito/pre-sign-up.json');
    Object.assign(event.request.userAttributes, change);

    await expect(preSignUp(event)).rejects.toThrow(message);
  });

  it('PreSignUp takes a sign-up without a phone number', async () => {
    const event = loadEvent<PreSignUpTriggerEvent>('cognito/pre-sign-up.json');
    delete event.request.userAttributes.phone_number;

    await expect(preSignUp(event)).resolves.toMatchObject({
      response: { autoConfirmUser: false },
    });
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
      createdAt: world.now().toISOString(),
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
