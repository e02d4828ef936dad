import { ses } from '../../adapters/ses/clients';
import { SesMailer, type MimeComposer } from '../../adapters/ses/ses-mailer';
import { mailConfig } from '../../config/config';
import { logger } from '../../config/logger';
import { LoggedMailer } from '../../use-cases/logged-mailer';
import { mailLog } from './stores';
import { wiring } from './wiring';

wiring.needs.add('sendEmail');

/**
 * SES, through the one writer of the customers' mail logs (issue #27). Given a MIME composer, it
 * also sends mails with attachments (mail-with-attachments.ts).
 */
export function loggedSesMailer(composeMime?: MimeComposer): LoggedMailer {
  return new LoggedMailer(
    new SesMailer(ses, () => mailConfig().MAIL_FROM, composeMime),
    mailLog(),
    logger,
  );
}

/** The mailer of every function that sends no attachments (all but the welcome mail's). */
export const mailer = loggedSesMailer();
