import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface MailProps {
  /** The sender address (a parameter): an SES identity verified before the deploy. */
  senderEmail: string;
  /** Where contact-form messages go. */
  supportEmail: string;
}

/** The actions a mail-sending Lambda is given: SES v1's SendEmail (lambdas/adapters/ses). */
export const SEND_ACTIONS = ['ses:SendEmail', 'ses:SendRawEmail'] as const;

/**
 * SES: the sender identity the welcome mail, the contact form and Cognito's code mails send from.
 *
 * The identity is **imported, not created**: the operator verifies the address before the first
 * deploy (README, Deploy, step 2; `npm run deploy:check` asks SES whether it is). Cognito refuses
 * to create a user pool that sends through an unverified identity, so an identity made by the
 * same deploy fails it unless someone clicks SES's link within minutes, and verifying it
 * beforehand makes that creation fail as existing. An imported identity also outlives the stack
 * like any account-level setting (a domain identity with DKIM is the same one command earlier).
 */
export class Mail extends Construct {
  readonly identity: IEmailIdentity;
  readonly senderEmail: string;
  readonly supportEmail: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    this.supportEmail = props.supportEmail;
    this.identity = EmailIdentity.fromEmailIdentityName(this, 'Sender', props.senderEmail);
  }

  /**
   * ses:SendEmail and ses:SendRawEmail, from the sender address only. SES authorises a send
   * against every identity it involves: the sender's, and in the sandbox the recipient's too (a
   * verified inbox is an identity of its own), so the grant is on the account's identities, held
   * to the one From address by `ses:FromAddress`.
   */
  grantSend(grantee: IGrantable): void {
    const { region, account, partition } = Stack.of(this);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...SEND_ACTIONS],
        resources: [`arn:${partition}:ses:${region}:${account}:identity/*`],
        conditions: { StringEquals: { 'ses:FromAddress': this.senderEmail } },
      }),
    );
    const principal = grantee.grantPrincipal;
    if (!Construct.isConstruct(principal)) return;
    acknowledge(
      principal,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:${region}:<AWS::AccountId>:identity/*]`,
      "SES checks a send against the recipient's identity as well as the sender's in the sandbox; the ses:FromAddress condition holds the grant to the store's sender address.",
    );
  }
}
