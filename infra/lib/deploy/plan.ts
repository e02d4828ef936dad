/**
 * The first deploy, step by step, as data: `npm run deploy -- --dry-run` prints it, `npm run
 * deploy:check -- --live` runs its probes, and the tests hold the README's Deploy section to the
 * very same commands, so the two cannot drift apart.
 */
import { DEFAULT_REGION, STACK_NAME } from '../app';

/** What the operator gives (the deploy's `--parameters`), or the README's examples. */
export interface DeployInputs {
  region: string;
  stackName: string;
  /** `<ACCOUNT>` until the credentials name it. */
  account: string;
  senderEmail: string;
  testInbox: string;
  razorpaySecretArn: string;
  razorpayKeyId: string;
  /** Of the template (its CheckBootstrapVersion rule). */
  requiredBootstrapVersion: number;
  /** Sum of the template's reserved concurrency (0: none). */
  reservedConcurrency: number;
}

/** The README's placeholders. */
export const EXAMPLE_INPUTS: DeployInputs = {
  region: DEFAULT_REGION,
  stackName: STACK_NAME,
  account: '<ACCOUNT>',
  senderEmail: 'orders@your-domain.in',
  testInbox: 'you@example.com',
  razorpaySecretArn: '<RazorpaySecretArn>',
  razorpayKeyId: 'rzp_test_XXXXXXXXXXXXXX',
  requiredBootstrapVersion: 6,
  reservedConcurrency: 0,
};

/** What `aws …` answered. */
export interface ProbeResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export type Verdict = { state: 'ok' | 'warn' | 'fail'; detail: string };

/** One thing the account must have before `cdk deploy`, which the template cannot show. */
export interface Prerequisite {
  id: string;
  title: string;
  why: string;
  /** `aws` arguments that show the state (none: a person must look). */
  probe?: string[];
  evaluate?: (result: ProbeResult) => Verdict;
  /** The commands that put it right. */
  fix: string[];
  /** What a person must click; no command can. */
  click?: string;
}

/** Webhook events the handler reads (lambdas/adapters/razorpay-api/webhook-events.ts). */
export const RAZORPAY_WEBHOOK_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'refund.created',
  'refund.processed',
  'refund.failed',
  'payment.dispute.created',
  'payment.dispute.won',
  'payment.dispute.lost',
  // Auto-renew's mandates (D25).
  'token.confirmed',
  'token.paused',
  'token.cancelled',
  'token.rejected',
] as const;

/** Lambda's quota code for concurrent executions (Service Quotas). */
export const LAMBDA_CONCURRENCY_QUOTA_CODE = 'L-B99A9384';

const text = (r: ProbeResult) => r.stdout.trim();
const failed = (r: ProbeResult, detail: string): Verdict => ({
  state: 'fail',
  detail: `${detail}${r.stderr.trim() ? ` (${r.stderr.trim().split('\n')[0]})` : ''}`,
});

export function prerequisites(inputs: DeployInputs): Prerequisite[] {
  const { region, stackName, senderEmail } = inputs;
  const r = `--region ${region}`;
  const minQuota = inputs.reservedConcurrency > 0 ? 100 + inputs.reservedConcurrency : 1;
  return [
    {
      id: 'credentials',
      title: 'AWS credentials for the target account',
      why: 'every command below, and the deploy, act as them',
      probe: ['sts', 'get-caller-identity', '--query', 'Account', '--output', 'text'],
      evaluate: (res) =>
        res.exitCode === 0 && /^\d{12}$/.test(text(res))
          ? { state: 'ok', detail: `account ${text(res)}` }
          : failed(res, 'no credentials'),
      fix: ['aws configure sso   # or export AWS_PROFILE=… for a profile that has them'],
    },
    {
      id: 'bootstrap',
      title: `CDK bootstrap stack, version ${inputs.requiredBootstrapVersion} or later, in ${region}`,
      why: 'cdk deploy uploads the Lambdas and the site to its bucket; the template refuses an older one',
      probe: [
        'ssm',
        'get-parameter',
        '--region',
        region,
        '--name',
        '/cdk-bootstrap/hnb659fds/version',
        '--query',
        'Parameter.Value',
        '--output',
        'text',
      ],
      evaluate: (res) => {
        if (res.exitCode !== 0) return failed(res, `${region} is not bootstrapped`);
        const version = Number(text(res));
        return version >= inputs.requiredBootstrapVersion
          ? { state: 'ok', detail: `version ${version}` }
          : {
              state: 'fail',
              detail: `version ${version}, the template needs ${inputs.requiredBootstrapVersion}`,
            };
      },
      fix: [`npx cdk bootstrap aws://${inputs.account}/${region}`],
    },
    {
      id: 'ses-sender',
      title: `SES identity ${senderEmail} verified in ${region}`,
      why: 'Cognito refuses to create the user pool with an unverified sender, and the stack uses the identity rather than creating it',
      probe: [
        'sesv2',
        'get-email-identity',
        '--region',
        region,
        '--email-identity',
        senderEmail,
        '--query',
        'VerifiedForSendingStatus',
        '--output',
        'text',
      ],
      evaluate: (res) => {
        if (res.exitCode !== 0) return failed(res, `no SES identity ${senderEmail} in ${region}`);
        return text(res) === 'True'
          ? { state: 'ok', detail: 'verified' }
          : { state: 'fail', detail: 'created but not verified yet: click the link SES mailed' };
      },
      fix: [`aws sesv2 create-email-identity ${r} --email-identity ${senderEmail}`],
      click: `the link in the mail "Amazon Web Services – Email Address Verification Request in region Asia Pacific (Mumbai)" sent to ${senderEmail} (within 24 hours)`,
    },
    {
      id: 'ses-sandbox',
      title: 'SES production access (out of the sandbox)',
      why: 'in the sandbox SES mails verified addresses only, 200 a day: buyers get no welcome mail and no sign-up code',
      probe: [
        'sesv2',
        'get-account',
        '--region',
        region,
        '--query',
        'ProductionAccessEnabled',
        '--output',
        'text',
      ],
      evaluate: (res) => {
        if (res.exitCode !== 0) return failed(res, 'SES did not answer');
        return text(res) === 'True'
          ? { state: 'ok', detail: 'production access' }
          : {
              state: 'warn',
              detail: `sandbox: only verified inboxes get mail; verify yours (${inputs.testInbox}) to test, and request production access before buyers come`,
            };
      },
      fix: [
        `aws sesv2 create-email-identity ${r} --email-identity ${inputs.testInbox}`,
        `aws sesv2 put-account-details ${r} --production-access-enabled --mail-type TRANSACTIONAL --website-url https://<SiteUrl> --use-case-description "Order confirmations, sign-up codes and support replies of a hosting store; no marketing" --contact-language EN`,
      ],
      click: `the verification link SES mails to ${inputs.testInbox}; AWS answers the production-access request by mail, usually within a day`,
    },
    {
      id: 'lambda-concurrency',
      title: `Lambda concurrency quota in ${region}`,
      why: `the template reserves ${inputs.reservedConcurrency} (it needs a quota of at least ${minQuota}); a new account's quota is 10, shared by all 20-odd functions, which throttles a burst of buyers`,
      probe: [
        'lambda',
        'get-account-settings',
        '--region',
        region,
        '--query',
        'AccountLimit.ConcurrentExecutions',
        '--output',
        'text',
      ],
      evaluate: (res) => {
        if (res.exitCode !== 0) return failed(res, 'Lambda did not answer');
        const quota = Number(text(res));
        if (quota < minQuota)
          return { state: 'fail', detail: `quota ${quota}, the template needs ${minQuota}` };
        return quota < 100
          ? {
              state: 'warn',
              detail: `quota ${quota}: enough to deploy; ask for 1,000 before launch`,
            }
          : { state: 'ok', detail: `quota ${quota}` };
      },
      fix: [
        `aws service-quotas request-service-quota-increase ${r} --service-code lambda --quota-code ${LAMBDA_CONCURRENCY_QUOTA_CODE} --desired-value 1000`,
      ],
    },
    {
      id: 'cloudfront-verified',
      title: 'CloudFront allowed for the account',
      why: 'AWS may refuse a new account\'s first distribution ("Your account must be verified before you can add new CloudFront resources") until it has verified the account; no API shows this beforehand',
      fix: [],
      click:
        'only if the deploy fails with that message: AWS Support Center → Create case → Account and billing → ask for the account to be verified for CloudFront; when AWS confirms, clean up the failed deploy (below) and deploy again',
    },
    {
      id: 'razorpay-secret',
      title: 'Razorpay secret created, and its keyId is RazorpayKeyId',
      why: 'the payment Lambdas read it from their first request; the stack uses it rather than creating one with placeholder keys',
      probe: [
        'secretsmanager',
        'get-secret-value',
        '--region',
        region,
        '--secret-id',
        inputs.razorpaySecretArn,
        '--query',
        'SecretString',
        '--output',
        'text',
      ],
      evaluate: (res) => evaluateRazorpaySecret(res, inputs.razorpayKeyId),
      fix: [
        `aws secretsmanager create-secret ${r} --name ${stackName.toLowerCase()}/razorpay --secret-string file:///tmp/razorpay.json --query ARN --output text`,
      ],
    },
    {
      id: 'stack-state',
      title: `No failed ${stackName} stack in the way`,
      why: 'a first deploy that rolled back leaves the stack in ROLLBACK_COMPLETE, which must be deleted (and its retained tables, bucket and pool cleaned up) before the next',
      probe: [
        'cloudformation',
        'describe-stacks',
        '--region',
        region,
        '--stack-name',
        stackName,
        '--query',
        'Stacks[0].StackStatus',
        '--output',
        'text',
      ],
      evaluate: (res) => {
        if (res.exitCode !== 0) {
          return /does not exist/.test(res.stderr)
            ? { state: 'ok', detail: 'no stack yet: a first deploy' }
            : failed(res, 'CloudFormation did not answer');
        }
        const status = text(res);
        if (status === 'ROLLBACK_COMPLETE' || status.endsWith('_FAILED'))
          return { state: 'fail', detail: `${status}: clean up the failed deploy first (README)` };
        if (status.endsWith('_IN_PROGRESS'))
          return { state: 'fail', detail: `${status}: wait for it` };
        return { state: 'ok', detail: `${status}: an update` };
      },
      fix: [cleanupCommands(inputs)[0]!],
    },
  ];
}

/** Never prints the secret: only whether it holds the three keys and which key id. */
export function evaluateRazorpaySecret(res: ProbeResult, expectedKeyId: string): Verdict {
  if (res.exitCode !== 0) return failed(res, 'the secret cannot be read');
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(res.stdout) as Record<string, unknown>;
  } catch {
    return {
      state: 'fail',
      detail: 'the secret is not JSON {"keyId","keySecret","webhookSecret"}',
    };
  }
  const missing = ['keyId', 'keySecret', 'webhookSecret'].filter(
    (key) =>
      typeof value[key] !== 'string' ||
      !(value[key] as string).trim() ||
      /REPLACE/i.test(value[key] as string),
  );
  if (missing.length)
    return { state: 'fail', detail: `missing or placeholder: ${missing.join(', ')}` };
  const keyId = value.keyId as string;
  if (!/^rzp_(test|live)_[A-Za-z0-9]+$/.test(keyId))
    return { state: 'fail', detail: `keyId ${keyId} is not a Razorpay key id` };
  if (keyId !== expectedKeyId)
    return {
      state: 'fail',
      detail: `keyId ${keyId} differs from the RazorpayKeyId parameter ${expectedKeyId}: Checkout would open with one key and the server sign with the other`,
    };
  return { state: 'ok', detail: `keyId ${keyId}, keySecret and webhookSecret set` };
}

/**
 * A first deploy that failed leaves its retained resources (the tables, deletion-protected; the
 * logs bucket; the user pool if it got that far) as DELETE_SKIPPED in the rolled-back stack:
 * delete them, then the stack.
 */
export function cleanupCommands(inputs: Pick<DeployInputs, 'region' | 'stackName'>): string[] {
  const { region, stackName } = inputs;
  const skipped = (type: string) =>
    `aws cloudformation list-stack-resources --region ${region} --stack-name ${stackName} --query "StackResourceSummaries[?ResourceStatus=='DELETE_SKIPPED' && ResourceType=='${type}'].PhysicalResourceId" --output text`;
  return [
    `aws cloudformation list-stack-resources --region ${region} --stack-name ${stackName} --query "StackResourceSummaries[?ResourceStatus=='DELETE_SKIPPED'].[ResourceType,PhysicalResourceId]" --output table`,
    `for t in $(${skipped('AWS::DynamoDB::Table')}); do aws dynamodb update-table --region ${region} --table-name "$t" --no-deletion-protection-enabled >/dev/null && aws dynamodb delete-table --region ${region} --table-name "$t" >/dev/null && echo "deleted $t"; done`,
    `for b in $(${skipped('AWS::S3::Bucket')}); do aws s3 rb "s3://$b" --force --region ${region}; done`,
    `for p in $(${skipped('AWS::Cognito::UserPool')}); do aws cognito-idp delete-user-pool --region ${region} --user-pool-id "$p"; done`,
    `aws cloudformation delete-stack --region ${region} --stack-name ${stackName} && aws cloudformation wait stack-delete-complete --region ${region} --stack-name ${stackName}`,
  ];
}

/** The deploy command, with the README's example values or the operator's. */
export function deployCommand(inputs: DeployInputs, extra: readonly string[] = []): string {
  return [
    'npm run deploy --',
    `--parameters SenderEmail=${inputs.senderEmail}`,
    '--parameters AlarmEmail=ops@your-domain.in',
    `--parameters RazorpaySecretArn=${inputs.razorpaySecretArn}`,
    `--parameters RazorpayKeyId=${inputs.razorpayKeyId}`,
    ...extra,
  ].join(' ');
}

/** A step of the first deploy: what to run, what to click. */
export interface Step {
  title: string;
  commands: string[];
  click?: string;
}

/** The first deploy in the order it needs, from a fresh account to a first test payment. */
export function firstDeploySteps(inputs: DeployInputs): Step[] {
  const pre = Object.fromEntries(prerequisites(inputs).map((p) => [p.id, p]));
  const probe = (id: string) => `aws ${pre[id]!.probe!.map(shellQuote).join(' ')}`;
  const { region, stackName } = inputs;
  return [
    { title: 'Check the stack offline', commands: ['npm install', 'npm run deploy:check'] },
    { title: 'Credentials (the region is pinned: ap-south-1)', commands: [probe('credentials')] },
    { title: 'Bootstrap the region', commands: [...pre.bootstrap!.fix, probe('bootstrap')] },
    {
      title: 'Verify the sender in SES, before the deploy',
      commands: [...pre['ses-sender']!.fix, probe('ses-sender')],
      click: pre['ses-sender']!.click,
    },
    {
      title: 'SES sandbox: verify your test inbox; request production access',
      commands: [...pre['ses-sandbox']!.fix, probe('ses-sandbox')],
      click: pre['ses-sandbox']!.click,
    },
    {
      title: 'Lambda concurrency quota',
      commands: [probe('lambda-concurrency'), ...pre['lambda-concurrency']!.fix],
    },
    {
      title: 'CloudFront verification (new accounts)',
      commands: [],
      click: pre['cloudfront-verified']!.click,
    },
    {
      title: 'Create the Razorpay secret',
      commands: [
        `aws secretsmanager get-random-password --region ${region} --exclude-punctuation --password-length 40 --query RandomPassword --output text`,
        'umask 077; cat > /tmp/razorpay.json',
        ...pre['razorpay-secret']!.fix,
        'rm /tmp/razorpay.json',
      ],
    },
    {
      title: 'Rehearse: every check, with the account',
      commands: [
        deployCommand(inputs, ['--dry-run']),
        `npm run deploy:check -- --live --parameters SenderEmail=${inputs.senderEmail} --parameters RazorpaySecretArn=${inputs.razorpaySecretArn} --parameters RazorpayKeyId=${inputs.razorpayKeyId}`,
      ],
    },
    { title: 'Deploy', commands: [deployCommand(inputs)] },
    {
      title: 'Confirm the alarm subscription',
      commands: [],
      click: 'the "AWS Notification - Subscription Confirmation" link mailed to AlarmEmail',
    },
    {
      title: 'Point the store at your WHM server, before selling hosting',
      commands: [
        `aws cloudformation describe-stacks --region ${region} --stack-name ${stackName} --query "Stacks[0].Outputs[?OutputKey=='WhmSecretArn'].OutputValue" --output text`,
        `aws secretsmanager put-secret-value --region ${region} --secret-id "$WHM_SECRET_ARN" --secret-string file:///tmp/whm.json`,
        // The domain registrar (D23): the LogicBoxes reseller id and API key, before selling domains.
        `aws cloudformation describe-stacks --region ${region} --stack-name ${stackName} --query "Stacks[0].Outputs[?OutputKey=='RegistrarSecretArn'].OutputValue" --output text`,
        `aws secretsmanager put-secret-value --region ${region} --secret-id "$REGISTRAR_SECRET_ARN" --secret-string file:///tmp/registrar.json`,
        // The VPS platform (D24): the Proxmox VE token, node, OS templates and IPv4 ranges.
        `aws cloudformation describe-stacks --region ${region} --stack-name ${stackName} --query "Stacks[0].Outputs[?OutputKey=='ProxmoxSecretArn'].OutputValue" --output text`,
        `aws secretsmanager put-secret-value --region ${region} --secret-id "$PROXMOX_SECRET_ARN" --secret-string file:///tmp/proxmox.json`,
      ],
    },
    {
      title: 'Razorpay webhook',
      commands: [
        `aws cloudformation describe-stacks --region ${region} --stack-name ${stackName} --query "Stacks[0].Outputs[?OutputKey=='RazorpayWebhookUrl'].OutputValue" --output text`,
      ],
      click: `Razorpay Dashboard → Account & Settings → Webhooks → Add New Webhook: the RazorpayWebhookUrl output, the secret's webhookSecret, and the events ${RAZORPAY_WEBHOOK_EVENTS.join(', ')}`,
    },
    {
      title: 'A first test payment',
      commands: [],
      click:
        'sign up on SiteUrl with your verified test inbox, buy a plan in Razorpay Test mode (UPI success@razorpay), see it on the dashboard and the welcome mail arrive',
    },
  ];
}

/** Quotes an argument for a POSIX shell when it needs it. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
