import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

export interface MailProps {
  /** The sender address (a parameter): SES verifies it by a link it mails there. */
  senderEmail: string;
  /** Where contact-form messages go. */
  supportEmail: string;
}

/** SES: the sender identity the welcome mail and the contact form send from. */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly senderEmail: string;
  readonly supportEmail: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    this.supportEmail = props.supportEmail;
    this.identity = new EmailIdentity(this, 'Sender', {
      identity: Identity.email(props.senderEmail),
    });
  }

  /** ses:SendEmail and ses:SendRawEmail, as the sender identity only. */
  grantSend(grantee: IGrantable): void {
    this.identity.grantSendEmail(grantee);
  }
}
