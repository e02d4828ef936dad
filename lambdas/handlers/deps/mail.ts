import { ses } from '../../adapters/ses/clients';
import { SesMailer } from '../../adapters/ses/ses-mailer';
import { mailConfig } from '../../config/config';
import { logger } from '../../config/logger';
import { LoggedMailer } from '../../use-cases/logged-mailer';
import { mailLog } from './stores';
import { wiring } from './wiring';

wiring.needs.add('sendEmail');

/** SES, through the one writer of the customers' mail logs (issue #27). */
export const mailer = new LoggedMailer(
  new SesMailer(ses, () => mailConfig().MAIL_FROM),
  mailLog(),
  logger,
);
