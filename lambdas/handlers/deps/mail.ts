import { ses } from '../../adapters/ses/clients';
import { SesMailer } from '../../adapters/ses/ses-mailer';
import { mailConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('sendEmail');

export const mailer = new SesMailer(ses, () => mailConfig().MAIL_FROM);
