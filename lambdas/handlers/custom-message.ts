import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { siteConfig } from '../config/config';
import { passwordResetCodeMail, signUpCodeMail } from '../templates/mail/account-code';

/**
 * Cognito CustomMessage: the store's own wording, in its layout, for the mails that carry a code:
 * the sign-up code that verifies the email (D28; also when the buyer asks for a new one) and the
 * password-reset code. Cognito itself fills in the code and sends the mail. Any other message keeps
 * Cognito's default; locally, where cognito-local also "verifies" a changed phone number by mail
 * (Cognito in AWS sends nothing), such an unworded message goes nowhere
 * (infra/local/cognito-with-mailbox.mjs).
 */
export function makeHandler(deps: { siteUrl: () => string }) {
  return async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    const input = { siteUrl: deps.siteUrl(), name: event.request.userAttributes.name };
    const mail =
      event.triggerSource === 'CustomMessage_ForgotPassword'
        ? passwordResetCodeMail(input)
        : event.triggerSource === 'CustomMessage_SignUp' ||
            event.triggerSource === 'CustomMessage_ResendCode'
          ? signUpCodeMail(input)
          : undefined;
    if (!mail) return event;
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
    return event;
  };
}

export const handler = makeHandler({ siteUrl: () => siteConfig().SITE_URL });
