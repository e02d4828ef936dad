/**
 * Razorpay reported a refund failed. We retry it and an operator is alerted; the buyer only needs
 * to know the money is still coming (D16).
 */
import { formatInr } from '../../domain/money';
import { contactLink, dashboardLink, serviceName } from './format';
import { button, note, paragraph, renderMail, rows, type MailContent } from './layout';
import { refundRows, type RefundFacts } from './refund-notice';

export interface RefundFailedRetryingMailInput extends RefundFacts {
  siteUrl: string;
}

export function refundFailedRetryingMail(input: RefundFailedRetryingMailInput): MailContent {
  const amount = formatInr(input.amountPaise);
  const service = serviceName(input);
  return renderMail({
    subject: `Your refund of ${amount} is delayed`,
    preheader: 'We are retrying it. You do not need to do anything.',
    heading: 'Your refund is delayed',
    greetName: input.name,
    blocks: [
      paragraph(
        `Razorpay could not complete the refund of ${amount} for ${service}. We are retrying it, and our team has been told and is following it up.`,
      ),
      paragraph(
        "You do not need to do anything. We'll email you as soon as the refund is processed.",
      ),
      rows(refundRows(input, service)),
      button('Go to your dashboard', dashboardLink(input.siteUrl)),
      note(
        `Questions? Write to us at ${contactLink(input.siteUrl)} and quote the refund reference.`,
      ),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a payment of yours is being refunded.',
  });
}
