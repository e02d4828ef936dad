import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingMail } from '../../ports/mail';

/**
 * A mail with attachments as one MIME message for SES's SendRawEmail (multipart/mixed around the
 * text and HTML alternatives, encoded headers for ₹ and names), built by nodemailer's
 * MailComposer. Its own module so that only the function that sends attachments (the welcome
 * mail's invoice PDF) bundles nodemailer: docs/decisions.md E29.
 */
export function composeMimeMessage(mail: OutgoingMail, from: string): Promise<Buffer> {
  return new MailComposer({
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((file) => ({
      filename: file.fileName,
      contentType: file.contentType,
      content: Buffer.from(file.content),
    })),
  })
    .compile()
    .build();
}
