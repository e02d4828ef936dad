import { CfnParameter } from 'aws-cdk-lib';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** The keys the payment Lambdas read from the secret (lambdas/config). */
export const RAZORPAY_SECRET_KEYS = ['keyId', 'keySecret', 'webhookSecret'] as const;

/** A complete Secrets Manager ARN (with its random suffix), as `create-secret` prints it. */
export const SECRET_ARN_PATTERN =
  '^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:[0-9]{12}:secret:[A-Za-z0-9/_+=.@-]+-[A-Za-z0-9]{6}$';

/**
 * Razorpay's credentials: one Secrets Manager secret holding JSON
 * `{"keyId", "keySecret", "webhookSecret"}`, read by the payment Lambdas at cold start.
 *
 * The operator creates it **before** the first deploy, from a file (README, Deploy, step 3), and
 * gives its ARN as the `RazorpaySecretArn` parameter: the stack never holds placeholder keys that
 * the Lambdas would use live (every order a 502 and an alarm until someone replaced them), and a
 * deploy never needs a secret on the command line or in a template. `npm run deploy` checks,
 * before deploying, that the secret has the three keys and that its keyId is the `RazorpayKeyId`
 * parameter written to config.json. The secret is the operator's: it outlives the stack.
 */
export class Payments extends Construct {
  readonly razorpaySecret: ISecret;
  /** The `RazorpaySecretArn` parameter: the Lambdas' RAZORPAY_SECRET_ARN. */
  readonly secretArnParameter: CfnParameter;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secretArnParameter = new CfnParameter(scope, 'RazorpaySecretArn', {
      type: 'String',
      allowedPattern: SECRET_ARN_PATTERN,
      constraintDescription:
        'the complete ARN of the Secrets Manager secret you created for Razorpay (create-secret prints it)',
      description:
        'The Secrets Manager secret holding Razorpay\'s JSON {"keyId","keySecret","webhookSecret"}, created before the deploy (README, Deploy).',
    });
    acknowledge(
      scope,
      'CloudFormation-Validate::W2509',
      "RazorpaySecretArn is the secret's ARN, not the secret: nothing to hide with NoEcho (the outputs and the Lambdas' environment show it anyway).",
    );
    this.razorpaySecret = Secret.fromSecretCompleteArn(
      this,
      'RazorpaySecret',
      this.secretArnParameter.valueAsString,
    );
  }
}
