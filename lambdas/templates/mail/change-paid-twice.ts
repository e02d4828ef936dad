/**
 * A plan change paid twice (D26; two tabs, or Pay pressed again): the first payment changed the
 * plan, and this second one is refunded in full at once. No invoice was issued for it.
 */
import { dashboardLink, serviceName } from './format';
import { button, note, paragraph, renderMail, rows, type MailContent } from './layout';
import { refundRows, type RefundFacts } from './refund-notice';

export interface ChangePaidTwiceMailInput extends RefundFacts {
  /** The plan the service was changed to by the first payment. */
  toPlanName: string;
  siteUrl: string;
}

export function changePaidTwiceMail(input: ChangePaidTwiceMailInput): MailContent {
  const service = serviceName(input);
  const money = refundRows(input, service);
  const amount = money.at(-1)!.value;
  return renderMail({
    subject: `You paid twice for your change to ${input.toPlanName}: ${amount} is being refunded`,
    preheader: `Your plan is changed once. The second payment of ${amount} is on its way back to you.`,
    heading: 'We are refunding your second payment',
    greetName: input.name,
    blocks: [
      paragraph(
        `Your ${service} was already changed to ${input.toPlanName} by your first payment, so we received a second payment for the same change. We have asked Razorpay to refund it in full to the card, UPI or bank account you paid with.`,
      ),
      rows(money),
      paragraph(
        'Your plan and its renewal date are as the first payment made them. Your bank may take 5–7 working days to show the refund.',
      ),
      button('See it on your dashboard', dashboardLink(input.siteUrl)),
      note('You do not need to do anything.'),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a payment of yours is being refunded.',
  });
}
