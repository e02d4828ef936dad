import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** What the operator replaces after the first deploy (README, Deploy). */
export const RAZORPAY_SECRET_PLACEHOLDERS = {
  keyId: 'rzp_test_REPLACE_ME',
  keySecret: 'REPLACE_ME',
} as const;

/**
 * Razorpay's credentials: one Secrets Manager secret holding JSON
 * `{"keyId", "keySecret", "webhookSecret"}`, read by the payment Lambdas at cold start.
 *
 * The stack creates it, so a deploy never needs a secret on the command line or in a template.
 * It generates a strong `webhookSecret` (the operator pastes it into Razorpay's webhook form) and
 * leaves placeholders for the key id and key secret, which the operator puts in from Razorpay's
 * dashboard with `aws secretsmanager put-secret-value`. CloudFormation generates the value only
 * when it creates the secret, so later deploys keep what the operator wrote.
 */
export class Payments extends Construct {
  readonly razorpaySecret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.razorpaySecret = new Secret(this, 'RazorpaySecret', {
      description:
        'Razorpay credentials, JSON {"keyId","keySecret","webhookSecret"}: put in the key id and key secret from the Razorpay dashboard; paste webhookSecret into the Razorpay webhook.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify(RAZORPAY_SECRET_PLACEHOLDERS),
        generateStringKey: 'webhookSecret',
        excludePunctuation: true,
        passwordLength: 40,
      },
    });
    acknowledge(
      this.razorpaySecret,
      'AwsSolutions-SMG4',
      'Razorpay issues and rotates these keys in its own dashboard; there is no API a rotation Lambda could call. The README tells how to rotate them by hand.',
    );
  }
}
