import { SendEmailCommand, SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import type { Mailer, OutgoingMail } from '../../ports/mail';

/** Builds a mail with attachments as one raw MIME message (mime-message.ts's composeMimeMessage). */
export type MimeComposer = (mail: OutgoingMail, from: string) => Promise<Buffer>;

/**
 * SES v1 (aws-ses-v2-local supports both calls): SendEmail for one HTML and one text body, and
 * SendRawEmail when the mail carries attachments, its MIME message built by the composer the
 * mailer was given. Only the function that sends attachments is given one (nodemailer is some
 * 135 KB of every bundle that holds it, E29); without it a mail with attachments is refused
 * before anything is sent.
 */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESClient,
    private readonly from: () => string,
    private readonly composeMime?: MimeComposer,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    if (mail.attachments?.length) {
      if (!this.composeMime) {
        throw new Error(
          'This mailer sends no attachments: wire the function with mailerWithAttachments (lambdas/handlers/deps/mail-with-attachments.ts).',
        );
      }
      const source = this.from();
      const message = await this.composeMime(mail, source);
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
