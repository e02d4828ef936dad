/** The contact form's message as the support inbox receives it; Reply-To is the sender. */
import { formatDateTime } from './format';
import { paragraph, quote, renderMail, rows, type MailContent } from './layout';

export interface SupportMessageMailInput {
  messageId: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export function supportMessageMail(message: SupportMessageMailInput): MailContent {
  return renderMail({
    subject: `Contact form: ${message.name}`,
    preheader: message.message.slice(0, 120),
    heading: 'A message from the contact form',
    noGreeting: true,
    blocks: [
      rows([
        { label: 'From', value: `${message.name} <${message.email}>` },
        { label: 'Received', value: formatDateTime(message.createdAt) },
        { label: 'Reference', value: message.messageId },
      ]),
      quote(message.message),
      paragraph('Reply to this mail to answer the sender.'),
    ],
    footer: 'Sent by the contact form of the store.',
  });
}
