/** Razorpay processed a refund; a credit note records it (D15, D16). */
import { formatInr } from '../../domain/money';
import { dashboardLink, formatDate, serviceName } from './format';
import { button, paragraph, renderMail, rows, type MailContent } from './layout';
import { refundRows, type RefundFacts } from './refund-notice';

export interface RefundCompletedMailInput extends RefundFacts {
  completedAt: string;
  creditNoteNumber?: string;
  siteUrl: string;
}

export function refundCompletedMail(input: RefundCompletedMailInput): MailContent {
  const amount = formatInr(input.amountPaise);
  const service = serviceName(input);
  return renderMail({
    subject: `Your refund of ${amount} is processed`,
    preheader: 'Your bank may take 5–7 working days to show it.',
    heading: 'Your refund is processed',
    greetName: input.name,
    blocks: [
      paragraph(
        `Razorpay processed your refund of ${amount} for ${service} on ${formatDate(input.completedAt)}. Your bank may take 5–7 working days to show it in your account.`,
      ),
      rows([
        ...refundRows(input, service),
        ...(input.creditNoteNumber
          ? [{ label: 'Credit note', value: input.creditNoteNumber }]
          : []),
      ]),
      ...(input.creditNoteNumber
        ? [
            paragraph(
              `Your credit note ${input.creditNoteNumber} is in Payments on your dashboard, as a PDF.`,
            ),
          ]
        : []),
      button('Go to your dashboard', dashboardLink(input.siteUrl)),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a payment of yours was refunded.',
  });
}
