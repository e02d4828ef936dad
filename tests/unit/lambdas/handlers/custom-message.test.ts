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
      userAttributes: { email: 'asha.verma@example.in', name: 'Asha Verma' },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      linkParameter: '{##Click Here##}',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}

const handler = makeHandler({ siteUrl: () => 'https://shop.example.in' });

describe('Cognito CustomMessage', () => {
  it('words the password-reset mail in the store layout and leaves the code for Cognito to fill in', async () => {
    const result = await handler(event('CustomMessage_ForgotPassword'));

    expect(result.response.emailSubject).toBe('Your password reset code');
    expect(result.response.emailMessage).toContain('{####}');
    expect(result.response.emailMessage).toContain('Hello Asha Verma,');
    expect(result.response.emailMessage).toContain('https://shop.example.in');
    expect(result.response.emailMessage).toMatch(/ignore this mail: your password stays/);
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'] as const)(
    'words the sign-up code mail for %s in the store layout, greeting the buyer by name (D28)',
    async (source) => {
      const result = await handler(event(source));

      expect(result.response.emailSubject).toBe('Your verification code');
      const html = result.response.emailMessage ?? '';
      expect(html).toContain('{####}');
      expect(html.split('{####}')).toHaveLength(2);
      expect(html).toContain('Hello Asha Verma,');
      expect(html).toContain('Hosting Storefront');
      expect(html).toContain('https://shop.example.in');
      expect(html).toMatch(/no account is opened without the code/);
      // Cognito refuses a custom message over 20,000 characters.
      expect(html.length).toBeLessThan(20_000);
    },
  );

  it('greets without a name when the account has none', async () => {
    const e = event('CustomMessage_ForgotPassword');
    delete e.request.userAttributes.name;
    const result = await handler(e);

    expect(result.response.emailMessage).toContain('Hello,');
  });

  it.each(['CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute'] as const)(
    'words the code that confirms a new sign-in email for %s (D28)',
    async (source) => {
      const result = await handler(event(source));

      expect(result.response.emailSubject).toBe('Confirm your new email address');
      expect(result.response.emailMessage).toContain('Enter this code in Settings');
      expect(result.response.emailMessage?.split('{####}')).toHaveLength(2);
    },
  );

  it("keeps Cognito's own message for any other source", async () => {
    const result = await handler(event('CustomMessage_Authentication' as never));

    expect(result.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});
