import { RemovalPolicy } from 'aws-cdk-lib';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { OPERATORS_GROUP } from '../../../lambdas/system/facts';
import { COGNITO_TRIGGERS, type FunctionId } from '../definitions/functions';
import { acknowledge } from '../nag';
import type { StorefrontFunction } from './storefront-function';

/**
 * Eight characters at least (D28; the sign-up, reset and Settings forms say the same), no
 * character classes. An account with a shorter password from before still signs in with it.
 */
export const MIN_PASSWORD_LENGTH = 8;

const TRIGGER_OPERATIONS: Record<keyof typeof COGNITO_TRIGGERS, UserPoolOperation> = {
  preSignUp: UserPoolOperation.PRE_SIGN_UP,
  postConfirmation: UserPoolOperation.POST_CONFIRMATION,
  customMessage: UserPoolOperation.CUSTOM_MESSAGE,
};

export interface AuthProps {
  functions: Record<FunctionId, StorefrontFunction>;
  /**
   * The SES sender, verified before the deploy (Mail imports it): Cognito mails its codes from it,
   * not from its own address, and refuses to create the pool if SES has not verified it.
   */
  senderEmail: string;
}

/**
 * Cognito: buyers sign up with their email and sign in with it. Cognito mails a code to the
 * address and the account is confirmed only with it (D28); PostConfirmation then writes the user
 * record. The pool holds the accounts, so it outlives the stack.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // The sign-up code goes to the email (worded by the CustomMessage trigger); confirming it
      // verifies the address, so nobody signs up with someone else's email (D28).
      autoVerify: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      // A changed email takes effect only once its code is confirmed: until then sign-in, mail
      // and the token keep the verified one (D28).
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: MIN_PASSWORD_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // Two-step sign-in with an authenticator app (TOTP): buyers may turn it on in Settings;
      // operators must, or every /api/admin route answers 403 mfa_required (D28). No SMS.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Sign-up and reset codes go out through the store's SES identity, worded by CustomMessage.
      email: UserPoolEmail.withSES({ fromEmail: props.senderEmail }),
      // Free for the first 10,000 monthly active users.
      featurePlan: FeaturePlan.ESSENTIALS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const [trigger, functionId] of Object.entries(COGNITO_TRIGGERS) as [
      keyof typeof COGNITO_TRIGGERS,
      FunctionId,
    ][]) {
      this.userPool.addTrigger(TRIGGER_OPERATIONS[trigger], props.functions[functionId].function);
    }
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'Eight characters at least (D28) with no character classes, which push people to predictable patterns; length is what the sign-up, reset and Settings forms ask for and say.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is optional for buyers (TOTP, which they may turn on in Settings) and required of operators by the API itself: every /api/admin route answers 403 mfa_required for an account without TOTP (D28).',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Threat protection needs the Cognito Plus feature plan, billed per monthly active user; not worth it at this scale (README, Cost).',
    );

    // Its members use the operator's console; add one with the AWS CLI line in the README.
    new CfnUserPoolGroup(this, 'Operators', {
      userPoolId: this.userPool.userPoolId,
      groupName: OPERATORS_GROUP,
      description: "The store's operators: the console at /admin and the /api/admin routes.",
    });

    this.client = this.userPool.addClient('Web', {
      // The SPA holds no secret; USER_PASSWORD_AUTH is what the local Cognito stand-in supports.
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      // What a signed-in buyer's own token may change in Cognito: the sign-up attributes only.
      // Name and phone change through the API (Settings, validated); no other attribute is theirs.
      writeAttributes: new ClientAttributes().withStandardAttributes({
        email: true,
        fullname: true,
        phoneNumber: true,
      }),
      // The SPA signs in through the API calls above, never through the hosted UI: no OAuth flows,
      // scopes or callback URLs (CDK's defaults would allow the code flow to https://example.com).
      disableOAuth: true,
    });
  }
}
