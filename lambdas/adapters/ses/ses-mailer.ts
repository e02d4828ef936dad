import { SendEmailCommand, SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import type { Mailer, OutgoingMail } from '../../ports/mail';
import { rawMessage } from './mime';

/**
 * SES v1 (aws-ses-v2-local supports both calls): SendEmail for one HTML and one text body, and
 * SendRawEmail with a MIME message (./mime.ts) when the mail carries attachments.
 */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESClient,
    private readonly from: () => string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    if (mail.attachments?.length) {
      const source = this.from();
      await this.client.send(
        new SendRawEmailCommand({
          Source: source,
          Destinations: [mail.to],
          RawMessage: {
            Data: Buffer.from(rawMessage({ ...mail, from: source, attachments: mail.attachments })),
          },
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
