/** A service reached its renewal date unrenewed (D17: the notice on the day it expires). */
import { formatInr, type Paise } from '../../domain/money';
import type { Category } from '../../domain/plan';
import { formatDate, periodWords, renewLink, serviceName } from './format';
import { button, note, paragraph, renderMail, rows, type Block, type MailContent } from './layout';

export interface ServiceExpiredMailInput {
  name: string;
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
  expiredOn: string;
  /** When a hosting account is suspended unless renewed (D17); absent for other services. */
  suspendsOn?: string;
  /** The buyer's own renewal: `renewalMonths` at the renewal price, discount and GST included. */
  renewalPricePaise: Paise;
  /** The period that price is for: the buyer's own (a monthly buyer renews a month). */
  renewalMonths: number;
  siteUrl: string;
}

export function serviceExpiredMail(input: ServiceExpiredMailInput): MailContent {
  const expired = formatDate(input.expiredOn);
  const service = serviceName(input);
  const consequence: Block = input.suspendsOn
    ? paragraph(
        `Your site keeps running until ${formatDate(input.suspendsOn)}; after that the account is suspended until it is renewed. Nothing is deleted.`,
      )
    : input.category === 'domain'
      ? paragraph('Renew it soon to keep the name: an expired domain stops working.')
      : paragraph('Renew it to keep using it. Nothing is deleted.');
  return renderMail({
    subject: `Your ${input.planName} has expired`,
    preheader: `It expired on ${expired}. Renew it to keep it.`,
    heading: `Your ${input.planName} has expired`,
    greetName: input.name,
    blocks: [
      paragraph(`Your ${service} expired on ${expired}.`),
      consequence,
      rows([
        { label: 'Service', value: service },
        { label: 'Expired on', value: expired },
        {
          label: 'Renewal price',
          value: `${formatInr(input.renewalPricePaise)} for ${periodWords(input.renewalMonths)}, GST included`,
        },
      ]),
      button('Renew now', renewLink(input.siteUrl, { ...input, months: input.renewalMonths })),
      note('Already renewed? Then ignore this mail: your dashboard shows the new renewal date.'),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a service of yours has expired.',
  });
}
