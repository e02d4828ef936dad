/**
 * The mail Cognito sends with a password-reset code. Cognito puts the code where `{####}` stands
 * and sends the mail itself (through SES in AWS, to the local mailbox locally): the code never
 * passes through our code, our logs or our tables. The store never changes a login email, so no
 * other code mail is worded here (Cognito keeps its default for anything else).
 */
import { escapeHtml } from './layout';

/** Cognito's placeholder for the code; a custom message must contain it. */
export const CODE_PLACEHOLDER = '{####}';

export function passwordResetCodeMail(store: { siteUrl: string }): {
  subject: string;
  html: string;
} {
  return {
    subject: 'Your password reset code',
    html:
      `<p>${escapeHtml('We received a request to reset the password of your account. Enter this code on the reset page to choose a new password:')}</p>` +
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${CODE_PLACEHOLDER}</p>` +
      `<p>${escapeHtml('The code works once and expires in one hour. If you did not ask to reset your password, ignore this mail: your password stays as it is.')}</p>` +
      `<p><a href="${escapeHtml(store.siteUrl)}">${escapeHtml(store.siteUrl)}</a></p>`,
  };
}
