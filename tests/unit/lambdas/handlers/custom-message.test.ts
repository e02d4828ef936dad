import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { makeHandler } from '../../../../lambdas/handlers/custom-message';

function event(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'ap-south-1',
    userPoolId: 'ap-south-1_Example1',
    userName: '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: { email: 'asha.verma@example.in' },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      linkParameter: '{##Click Here##}',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}

const handler = makeHandler({ siteUrl: () => 'https://shop.example.in' });

describe('Cognito CustomMessage', () => {
  it('words the password-reset mail and leaves the code for Cognito to fill in', async () => {
    const result = await handler(event('CustomMessage_ForgotPassword'));

    expect(result.response.emailSubject).toBe('Your password reset code');
    expect(result.response.emailMessage).toContain('{####}');
    expect(result.response.emailMessage).toContain('https://shop.example.in');
    expect(result.response.emailMessage).toMatch(/ignore this mail: your password stays/);
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_UpdateUserAttribute'] as const)(
    "keeps Cognito's own message for %s (a phone change mails nothing in AWS)",
    async (source) => {
      const result = await handler(event(source));

      expect(result.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
    },
  );
});
