import { SendEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import type { Mailer, OutgoingMail } from '../../ports/mail';

/** SES v1 SendEmail (aws-ses-v2-local supports it): one HTML and one text body. */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESClient,
    private readonly from: () => string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
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
