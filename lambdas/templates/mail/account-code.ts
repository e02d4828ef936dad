/**
 * The mails Cognito sends with a code: the one that verifies the email at sign-up (D28) and the
 * password-reset one. Cognito puts the code where `{####}` stands and sends the mail itself
 * (through SES in AWS, to the local mailbox locally): the code never passes through our code, our
 * logs or our tables. Both are in the store's layout, with a greeting, like every other mail.
 */
import { note, paragraph, renderMail, type Block } from './layout';

/** Cognito's placeholder for the code; a custom message must contain it. */
export const CODE_PLACEHOLDER = '{####}';

/** The subject of the sign-up code mail (tests read the code out of it). */
export const SIGN_UP_CODE_SUBJECT = 'Your verification code';
export const PASSWORD_RESET_CODE_SUBJECT = 'Your password reset code';
export const EMAIL_CHANGE_CODE_SUBJECT = 'Confirm your new email address';

interface CodeMailInput {
  siteUrl: string;
  /** The account's name, for the greeting; absent greets without one. */
  name?: string;
}

/** The code, large: a paragraph of its own so that it is easy to read and copy. */
const codeBlock: Block = { type: 'heading', text: CODE_PLACEHOLDER };

function codeMail(
  input: CodeMailInput,
  parts: { subject: string; heading: string; before: string; after: string; footer: string },
): { subject: string; html: string } {
  const mail = renderMail({
    subject: parts.subject,
    preheader: parts.before,
    heading: parts.heading,
    greetName: input.name,
    blocks: [paragraph(parts.before), codeBlock, note(parts.after)],
    siteUrl: input.siteUrl,
    footer: parts.footer,
  });
  return { subject: mail.subject, html: mail.html };
}

/** Sent when someone signs up (and again on "Send a new code"): proves the address is theirs. */
export function signUpCodeMail(input: CodeMailInput): { subject: string; html: string } {
  return codeMail(input, {
    subject: SIGN_UP_CODE_SUBJECT,
    heading: 'Confirm your email address',
    before:
      'Thank you for creating an account. Enter this code on the sign-up page to confirm that this email address is yours:',
    after:
      'The code expires in 24 hours. If you did not create an account, ignore this mail: no account is opened without the code.',
    footer: 'You get this mail because someone signed up with this email address.',
  });
}

export function passwordResetCodeMail(input: CodeMailInput): { subject: string; html: string } {
  return codeMail(input, {
    subject: PASSWORD_RESET_CODE_SUBJECT,
    heading: 'Reset your password',
    before:
      'We received a request to reset the password of your account. Enter this code on the reset page to choose a new password:',
    after:
      'The code works once and expires in one hour. If you did not ask to reset your password, ignore this mail: your password stays as it is.',
    footer: 'You get this mail because someone asked to reset the password of your account.',
  });
}

/**
 * Sent to the new address when a buyer changes their sign-in email (D28): the old one stays the
 * sign-in until this code is entered in Settings.
 */
export function emailChangeCodeMail(input: CodeMailInput): { subject: string; html: string } {
  return codeMail(input, {
    subject: EMAIL_CHANGE_CODE_SUBJECT,
    heading: 'Confirm your new email address',
    before:
      'You asked to sign in with this email address from now on. Enter this code in Settings to confirm that it is yours:',
    after:
      'Until you enter it, you keep signing in with your old address. If you did not ask for this, ignore this mail: nothing changes without the code.',
    footer: 'You get this mail because someone asked to use this address for an account.',
  });
}
