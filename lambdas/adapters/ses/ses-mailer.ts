import { SendEmailCommand, SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Mailer, OutgoingMail } from '../../ports/mail';

/**
 * SES v1 (aws-ses-v2-local supports both calls): SendEmail for one HTML and one text body, and
 * SendRawEmail when the mail carries attachments, its MIME message (multipart/mixed around the
 * text and HTML alternatives, encoded headers for ₹ and names) built by nodemailer's MailComposer.
 */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESClient,
    private readonly from: () => string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    if (mail.attachments?.length) {
      const source = this.from();
      const message = await new MailComposer({
        from: source,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      })
        .compile()
        .build();
      await this.client.send(
        new SendRawEmailCommand({
          Source: source,
          Destinations: [mail.to],
          RawMessage: { Data: message },
        }),
      );
      return;
    }
    await this.client.send(
      new SendEmailCommand({
        Source: this.from(),
        Destination: { ToAddresses: [mail.to] },
        ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
        Message: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Html: { Data: mail.html, Charset: 'UTF-8' },
            Text: { Data: mail.text, Charset: 'UTF-8' },
          },
        },
      }),
    );
  }
}
