/**
 * A hosting account was suspended on the panel 7 days after it expired (D17). Nothing is deleted;
 * renewing unsuspends it.
 */
import { formatInr, type Paise } from '../../domain/money';
import { contactLink, formatDate, periodWords, renewLink, serviceName } from './format';
import { button, list, note, paragraph, renderMail, rows, type MailContent } from './layout';

export interface ServiceSuspendedMailInput {
  name: string;
  planId: string;
  planName: string;
  domain?: string;
  expiredOn: string;
  suspendedOn: string;
  /** The buyer's own renewal: `renewalMonths` at the renewal price, discount and GST included. */
  renewalPricePaise: Paise;
  /** The period that price is for: the buyer's own (a monthly buyer renews a month). */
  renewalMonths: number;
  siteUrl: string;
}

export function serviceSuspendedMail(input: ServiceSuspendedMailInput): MailContent {
  const service = serviceName(input);
  const expired = formatDate(input.expiredOn);
  const suspended = formatDate(input.suspendedOn);
  return renderMail({
    subject: `Your ${input.planName} is suspended`,
    preheader: 'Your files and mail are kept. Renew to bring your site back.',
    heading: `Your ${input.planName} is suspended`,
    greetName: input.name,
    blocks: [
      paragraph(
        `Your ${service} expired on ${expired} and was not renewed, so we suspended it on ${suspended}. Your site is offline, but your files, databases and mail are kept: nothing has been deleted.`,
      ),
      paragraph('To bring it back:'),
      list(
        [
          'Open "Renew now" below (or Renew on your dashboard).',
          'Choose a period and pay.',
          'Your account is unsuspended as soon as the payment is confirmed.',
        ],
        { ordered: true },
      ),
      rows([
        { label: 'Service', value: service },
        { label: 'Expired on', value: expired },
        { label: 'Suspended on', value: suspended },
        {
          label: 'Renewal price',
          value: `${formatInr(input.renewalPricePaise)} for ${periodWords(input.renewalMonths)}, GST included`,
        },
      ]),
      button('Renew now', renewLink(input.siteUrl, { ...input, months: input.renewalMonths })),
      note(
        `We never delete a suspended account automatically. Questions? ${contactLink(input.siteUrl)}`,
      ),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a service of yours was suspended.',
  });
}
