import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { siteConfig } from '../config/config';
import { passwordResetCodeMail } from '../templates/mail/account-code';

/**
 * Cognito CustomMessage: the store's own wording for the password-reset code mail. Cognito itself
 * fills in the code and sends the mail. Any other message keeps Cognito's default; locally, where
 * cognito-local also "verifies" a changed phone number by mail (Cognito in AWS, auto-verifying
 * email only, sends nothing), such an unworded message goes nowhere (infra/local/cognito-with-mailbox.mjs).
 */
export function makeHandler(deps: { siteUrl: () => string }) {
  return async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
    const mail = passwordResetCodeMail({ siteUrl: deps.siteUrl() });
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
    return event;
  };
}

export const handler = makeHandler({ siteUrl: () => siteConfig().SITE_URL });
