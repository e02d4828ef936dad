import { ses } from '../../adapters/ses/clients';
import { SesMailer } from '../../adapters/ses/ses-mailer';
import { mailConfig } from '../../config/config';

export const mailer = new SesMailer(ses, () => mailConfig().MAIL_FROM);
