/**
 * The mails about the account itself (D28): the sign-in email was changed (to the old address, so
 * a change its owner did not make is noticed), and the account was deleted (to the address it had).
 */
import { formatDateTime } from './format';
import { note, paragraph, renderMail, rows, type MailContent } from './layout';

export interface EmailChangedMailInput {
  name: string;
  from: string;
  to: string;
  at: string;
  siteUrl: string;
}

/** To the old address, after the new one was verified with its code. */
export function emailChangedMail(input: EmailChangedMailInput): MailContent {
  return renderMail({
    subject: 'Your sign-in email was changed',
    preheader: `From now on you sign in with ${input.to}.`,
    heading: 'Your sign-in email was changed',
    greetName: input.name,
    blocks: [
      paragraph(
        'The email address of your account was changed. Receipts, invoices and reminders now go to the new address, and you sign in with it.',
      ),
      rows([
        { label: 'Old address', value: input.from },
        { label: 'New address', value: input.to },
        { label: 'Changed', value: formatDateTime(input.at) },
      ]),
      note(
        'If you did not make this change, reply to this mail or contact support at once: we will help you get your account back.',
      ),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because this address was the sign-in email of an account.',
  });
}

export interface AccountDeletedMailInput {
  name: string;
  at: string;
  siteUrl: string;
}

/** To the account's address, once its sign-in and personal data are gone. */
export function accountDeletedMail(input: AccountDeletedMailInput): MailContent {
  return renderMail({
    subject: 'Your account is deleted',
    preheader: 'Your sign-in and personal details are deleted.',
    heading: 'Your account is deleted',
    greetName: input.name,
    blocks: [
      paragraph(
        `As you asked on ${formatDateTime(input.at)}, we deleted your account: you can no longer sign in, and your name, phone number and billing details are gone from it.`,
      ),
      paragraph(
        'Your tax invoices, credit notes and payment records stay with us for 72 months, as GST law requires; they are not used for anything else.',
      ),
      note('You are welcome back any time: signing up again opens a new, empty account.'),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because you deleted your account.',
  });
}
