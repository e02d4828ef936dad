/**
 * The mails of auto-renew (D25): the pre-debit notice (RBI: at least 24 hours before a debit, with
 * the amount, the date, the service, the mandate's reference and a way to opt out), a failed
 * debit, the pay link for a renewal above the e-mandate limit, a mandate revoked at the bank, and
 * auto-renew turned off. The mandate is named as the buyer knows it ("Visa •••• 4242", a masked
 * UPI id): never a card number or a token id.
 */
import { formatInr, type Paise } from '../../domain/money';
import { dashboardLink, formatDate, monthsText, renewLink, serviceName } from './format';
import { button, note, paragraph, renderMail, rows, type MailContent } from './layout';

interface AutoRenewMailBase {
  name: string;
  planId: string;
  planName: string;
  domain?: string;
  siteUrl: string;
}

interface WithMandate {
  /** "Visa •••• 4242" or "pr••••••@okhdfc". */
  mandateLabel: string;
}

const FOOTER = 'You get this mail because auto-renew was set up for a service of yours.';

export interface PreDebitNoticeInput extends AutoRenewMailBase, WithMandate {
  amountPaise: Paise;
  /** The period the debit renews it for. */
  months: number;
  /** The earliest the debit is made (at least 24 hours after this mail). */
  debitOn: string;
  renewalDate: string;
  /** Our reference of this debit (the service and renewal date), to quote to support. */
  reference: string;
  /** The signed one-click link that turns auto-renew off. */
  optOutUrl: string;
}

export function preDebitNoticeMail(input: PreDebitNoticeInput): MailContent {
  const amount = formatInr(input.amountPaise);
  const debitOn = formatDate(input.debitOn);
  const service = serviceName(input);
  return renderMail({
    subject: `${amount} will be debited on ${debitOn} to renew your ${input.planName}`,
    preheader: `Auto-renew: ${amount}, GST included, from ${input.mandateLabel} on ${debitOn}. One click stops it.`,
    heading: 'Your auto-renew debit is coming up',
    greetName: input.name,
    blocks: [
      paragraph(
        `As you asked, we will renew your ${service} for ${monthsText(input.months)} by debiting ${input.mandateLabel}. Nothing is taken before ${debitOn}.`,
      ),
      rows([
        { label: 'Service', value: service },
        { label: 'Amount', value: `${amount}, GST included` },
        {
          label: 'Debit on',
          value: `${debitOn} or a day after, before ${formatDate(input.renewalDate)}`,
        },
        { label: 'Paid from', value: input.mandateLabel },
        { label: 'Reference', value: input.reference },
      ]),
      paragraph(
        'Do not want it? Turn auto-renew off with the button below before the debit date; no debit is made and your service runs until its renewal date.',
      ),
      button('Turn auto-renew off', input.optOutUrl),
      note(
        `You can also turn it off on your service's card: ${dashboardLink(input.siteUrl)}. A tax invoice is mailed after the debit.`,
      ),
    ],
    siteUrl: input.siteUrl,
    footer: FOOTER,
  });
}

export interface DebitFailedInput extends AutoRenewMailBase, WithMandate {
  amountPaise: Paise;
  renewalDate: string;
  /** True while another attempt will be made before the renewal date. */
  retrying: boolean;
}

export function debitFailedMail(input: DebitFailedInput): MailContent {
  const amount = formatInr(input.amountPaise);
  const date = formatDate(input.renewalDate);
  const service = serviceName(input);
  return renderMail({
    subject: `We could not renew your ${input.planName}: the debit failed`,
    preheader: `The debit of ${amount} from ${input.mandateLabel} did not go through. Renew by ${date} to keep it running.`,
    heading: 'Your auto-renew debit did not go through',
    greetName: input.name,
    blocks: [
      paragraph(
        `We tried to debit ${amount} from ${input.mandateLabel} to renew your ${service}, and the bank declined it. Nothing was taken.`,
      ),
      paragraph(
        input.retrying
          ? `We will try again once a day until ${date}. To be sure, you can pay now with any method.`
          : `There is no time left to try again before ${date}. Pay now with any method to keep it running.`,
      ),
      button('Renew now', renewLink(input.siteUrl, input)),
      note(`Your services: ${dashboardLink(input.siteUrl)}`),
    ],
    siteUrl: input.siteUrl,
    footer: FOOTER,
  });
}

export interface PayLinkInput extends AutoRenewMailBase {
  amountPaise: Paise;
  renewalDate: string;
  /** The limit the amount is above: ₹15,000 or the mandate's maximum. */
  limitPaise: Paise;
}

export function payLinkMail(input: PayLinkInput): MailContent {
  const amount = formatInr(input.amountPaise);
  const date = formatDate(input.renewalDate);
  const service = serviceName(input);
  return renderMail({
    subject: `Renew your ${input.planName}: this renewal needs your approval`,
    preheader: `${amount} is above what auto-renew may debit without you (${formatInr(input.limitPaise)}). Pay by ${date}.`,
    heading: 'This renewal needs your approval',
    greetName: input.name,
    blocks: [
      paragraph(
        `Renewing your ${service} costs ${amount}, GST included, which is above ${formatInr(input.limitPaise)}: the most auto-renew may debit without you approving it (RBI's rule for automatic debits). So we have not debited anything.`,
      ),
      paragraph(`Pay with one click below before ${date} to keep it running.`),
      button('Renew now', renewLink(input.siteUrl, input)),
      note(`Your services: ${dashboardLink(input.siteUrl)}`),
    ],
    siteUrl: input.siteUrl,
    footer: FOOTER,
  });
}

export interface AutoRenewOffInput extends AutoRenewMailBase, WithMandate {
  renewalDate: string;
  /** Why: the buyer turned it off, or the bank ended the mandate. */
  reason: 'buyer' | 'bank';
}

export function autoRenewOffMail(input: AutoRenewOffInput): MailContent {
  const date = formatDate(input.renewalDate);
  const service = serviceName(input);
  const byBank = input.reason === 'bank';
  return renderMail({
    subject: byBank
      ? `Auto-renew stopped for your ${input.planName}: the mandate was cancelled`
      : `Auto-renew is off for your ${input.planName}`,
    preheader: `Nothing will be debited. Your service runs until ${date}.`,
    heading: byBank ? 'Your bank cancelled the auto-renew mandate' : 'Auto-renew is off',
    greetName: input.name,
    blocks: [
      paragraph(
        byBank
          ? `The mandate on ${input.mandateLabel} for your ${service} was cancelled at your bank or app, so auto-renew is now off. Nothing will be debited.`
          : `You turned auto-renew off for your ${service}. We cancelled the mandate on ${input.mandateLabel}; nothing will be debited.`,
      ),
      rows([
        { label: 'Service', value: service },
        { label: 'Runs until', value: date },
      ]),
      paragraph('Renew by hand before that date, or turn auto-renew on again from its card.'),
      button('Renew now', renewLink(input.siteUrl, input)),
      note(`Your services: ${dashboardLink(input.siteUrl)}`),
    ],
    siteUrl: input.siteUrl,
    footer: FOOTER,
  });
}
