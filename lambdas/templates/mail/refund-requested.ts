/**
 * A refund has started (D16): the buyer cancelled within 30 days, an operator refunded an order,
 * or a refund was made in Razorpay's dashboard. The service has ended. A domain name someone else
 * registered before we could (D23) gets its own subject and opening: the name was taken, so it is
 * not the buyer's, every rupee comes back, and another name can be searched.
 */
import { formatInr, type Paise } from '../../domain/money';
import { dashboardLink, formatDate, serviceName, siteLink } from './format';
import { button, note, paragraph, renderMail, rows, type MailContent } from './layout';
import { refundRows, type RefundFacts } from './refund-notice';

export interface RefundRequestedMailInput extends RefundFacts {
  origin: 'buyer' | 'operator' | 'razorpay';
  requestedAt: string;
  /** What was paid, when part of it is not refunded (a bundle's domain registration). */
  paidPaise?: Paise;
  /** Why the refund is less than what was paid, e.g. "Domain registration". */
  deduction?: { label: string; amountPaise: Paise };
  /** A cancelled renewal: the service runs on until this date, which an earlier payment covers. */
  serviceRunsUntil?: string;
  /** A paid domain name someone else registered first (D23): the refund is why it is not theirs. */
  domainTaken?: boolean;
  /**
   * Premium/Enterprise Hosting's free first-year domain (D23): it was free, so nothing is kept
   * back for it, and it stays the buyer's until its first year ends.
   */
  freeDomain?: string;
  siteUrl: string;
}

export function refundRequestedMail(input: RefundRequestedMailInput): MailContent {
  const amount = formatInr(input.amountPaise);
  const service = serviceName(input);
  const opening =
    input.origin === 'buyer'
      ? `You cancelled your ${service} on ${formatDate(input.requestedAt)}. We have asked Razorpay to refund ${amount} to the card, UPI or bank account you paid with.`
      : `We are refunding ${amount} of your payment for ${service} to the card, UPI or bank account you paid with.`;
  if (input.domainTaken && input.domain) return domainTakenMail(input, input.domain, amount);
  const money = refundRows(input, service);
  if (input.paidPaise !== undefined && input.deduction) {
    // Before the refund amount, so the figures read as a sum.
    money.splice(
      money.length - 1,
      0,
      { label: 'Paid', value: formatInr(input.paidPaise) },
      {
        label: `${input.deduction.label} (not refunded)`,
        value: formatInr(input.deduction.amountPaise),
      },
    );
  }
  return renderMail({
    subject: `Your refund of ${amount} has started`,
    preheader: `${amount} for ${input.planName} is on its way back to you.`,
    heading: 'Your refund has started',
    greetName: input.name,
    blocks: [
      paragraph(opening),
      paragraph(
        input.serviceRunsUntil
          ? `Your service stays active until ${formatDate(input.serviceRunsUntil)}, which your earlier payment covers. A credit note will be issued for the refund.`
          : 'The service has ended. A credit note will be issued for the refund.',
      ),
      rows(money),
      ...(input.freeDomain
        ? [
            paragraph(
              `Your free domain ${input.freeDomain} was free, so nothing is kept back for it: it stays yours until its first year ends, on its own card in your dashboard. Renew it there if you want to keep it after that.`,
            ),
          ]
        : []),
      paragraph(
        "We'll email you again when Razorpay has processed the refund. Your bank may then take 5–7 working days to show it.",
      ),
      button('See it on your dashboard', dashboardLink(input.siteUrl)),
      note('You do not need to do anything.'),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a payment of yours is being refunded.',
  });
}

/** "Your name was taken": the domain is not the buyer's, and the whole payment comes back (D23). */
function domainTakenMail(
  input: RefundRequestedMailInput,
  domain: string,
  amount: string,
): MailContent {
  return renderMail({
    subject: `${domain} was registered by someone else: your ${amount} is being refunded`,
    preheader: `${domain} was taken before we could register it. Your ${amount} is on its way back.`,
    heading: `${domain} was taken before we could register it`,
    greetName: input.name,
    blocks: [
      paragraph(
        `Someone else registered ${domain} moments before we could register it for you, so it is not yours. We are sorry. We are refunding the full ${amount} you paid to the card, UPI or bank account you paid with.`,
      ),
      rows(refundRows(input, serviceName(input))),
      paragraph(
        "We'll email you again when Razorpay has processed the refund. Your bank may then take 5–7 working days to show it. A credit note will be issued for the refund.",
      ),
      button('Search for another name', siteLink(input.siteUrl, '/domains')),
      note('You do not need to do anything to get your money back.'),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a payment of yours is being refunded.',
  });
}
