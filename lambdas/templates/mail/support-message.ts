/** The contact form's message as the support inbox receives it; Reply-To is the sender. */
import { formatDateTime } from './format';
import { paragraph, quote, renderMail, rows, type MailContent } from './layout';

export interface SupportMessageMailInput {
  messageId: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  /** The ticket the message opened (D27): in the subject, so replies thread by it. */
  ticketNumber?: string;
}

export function supportMessageMail(message: SupportMessageMailInput): MailContent {
  return renderMail({
    subject: `${message.ticketNumber ? `[${message.ticketNumber}] ` : ''}Contact form: ${message.name}`,
    preheader: message.message.slice(0, 120),
    heading: 'A message from the contact form',
    noGreeting: true,
    blocks: [
      rows([
        { label: 'From', value: `${message.name} <${message.email}>` },
        { label: 'Received', value: formatDateTime(message.createdAt) },
        ...(message.ticketNumber ? [{ label: 'Ticket', value: message.ticketNumber }] : []),
        { label: 'Reference', value: message.messageId },
      ]),
      quote(message.message),
      paragraph(
        message.ticketNumber
          ? 'Answer it from the console, under Tickets, so the sender can follow it in their dashboard.'
          : 'Reply to this mail to answer the sender.',
      ),
    ],
    footer: 'Sent by the contact form of the store.',
  });
}
