import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { siteConfig } from '../config/config';
import { accountCodeMail, type AccountCodePurpose } from '../templates/mail/account-code';

const PURPOSES: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AccountCodePurpose>> = {
  CustomMessage_ForgotPassword: 'password_reset',
  CustomMessage_UpdateUserAttribute: 'verify_email',
  CustomMessage_VerifyUserAttribute: 'verify_email',
};

/**
 * Cognito CustomMessage: the store's own wording for the mails Cognito sends with a code. Cognito
 * itself fills in the code and sends the mail; any other message keeps Cognito's default.
 */
export function makeHandler(deps: { siteUrl: () => string }) {
  return async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    const purpose = PURPOSES[event.triggerSource];
    if (!purpose) return event;
    const mail = accountCodeMail(purpose, { siteUrl: deps.siteUrl() });
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
    return event;
  };
}

export const handler = makeHandler({ siteUrl: () => siteConfig().SITE_URL });
