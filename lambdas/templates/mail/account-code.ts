/**
 * The mails Cognito sends with a code (password reset, and an email change's verification). Cognito
 * puts the code where `{####}` stands, and sends the mail itself (through SES in AWS, to the local
 * mailbox locally): the code never passes through our code, our logs or our tables.
 */
import { escapeHtml } from './layout';

/** Cognito's placeholder for the code; a custom message must contain it. */
export const CODE_PLACEHOLDER = '{####}';

export type AccountCodePurpose = 'password_reset' | 'verify_email';

export function accountCodeMail(
  purpose: AccountCodePurpose,
  store: { siteUrl: string },
): { subject: string; html: string } {
  const intro =
    purpose === 'password_reset'
      ? 'We received a request to reset the password of your account. Enter this code on the reset page to choose a new password:'
      : 'Enter this code to confirm your new email address:';
  const outro =
    purpose === 'password_reset'
      ? 'The code works once and expires in one hour. If you did not ask to reset your password, ignore this mail: your password stays as it is.'
      : 'The code works once and expires in 24 hours. If you did not ask for this change, ignore this mail.';
  return {
    subject:
      purpose === 'password_reset' ? 'Your password reset code' : 'Confirm your new email address',
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${CODE_PLACEHOLDER}</p>` +
      `<p>${escapeHtml(outro)}</p>` +
      `<p><a href="${escapeHtml(store.siteUrl)}">${escapeHtml(store.siteUrl)}</a></p>`,
  };
}
