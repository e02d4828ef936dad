import { composeMimeMessage } from '../../adapters/ses/mime-message';
import { loggedSesMailer } from './mail';

/**
 * The mailer of the function that sends attachments (the welcome mail's tax invoice PDF): SES's
 * SendRawEmail with a MIME message built by nodemailer, which no other function bundles (E29).
 */
export const mailerWithAttachments = loggedSesMailer(composeMimeMessage);
