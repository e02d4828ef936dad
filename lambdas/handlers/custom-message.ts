import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { siteConfig } from '../config/config';
import {
  emailChangeCodeMail,
  passwordResetCodeMail,
  signUpCodeMail,
} from '../templates/mail/account-code';

/**
 * Cognito CustomMessage: the store's own wording, in its layout, for the mails that carry a code:
 * the sign-up code that verifies the email (D28; also when the buyer asks for a new one), the
 * password-reset code, and the code that confirms a new sign-in email (UpdateUserAttribute, and
 * VerifyUserAttribute when the buyer asks for a new one). The only attribute a buyer verifies is
 * the email: the pool auto-verifies nothing else, and the name and phone change through the API.
 * Cognito itself fills in the code and sends the mail. Any other message keeps Cognito's default.
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
          : event.triggerSource === 'CustomMessage_UpdateUserAttribute' ||
              event.triggerSource === 'CustomMessage_VerifyUserAttribute'
            ? emailChangeCodeMail(input)
            : undefined;
    if (!mail) return event;
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
    return event;
  };
}

export const handler = makeHandler({ siteUrl: () => siteConfig().SITE_URL });
