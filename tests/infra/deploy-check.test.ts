/**
 * Issue #31: the first `cdk deploy` on a fresh account. `npm run deploy:check`'s checks over the
 * synthesised ap-south-1 template (each item of the issue, each of which today's code failed),
 * the checks themselves on templates that break one rule each, the prerequisites' verdicts on
 * canned AWS CLI answers, and the README's Deploy section held to the template and the plan.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontApp, DEFAULT_REGION, STACK_NAME } from '../../infra/lib/app';
import {
  collisionFindings,
  logRetentionFindings,
  mailIdentityFindings,
  nameFindings,
  regionFindings,
  reservedConcurrencyFindings,
  stringFindings,
  type CfnTemplate,
} from '../../infra/lib/deploy/checks';
import {
  cleanupCommands,
  evaluateRazorpaySecret,
  EXAMPLE_INPUTS,
  firstDeploySteps,
  prerequisites,
  RAZORPAY_WEBHOOK_EVENTS,
  type ProbeResult,
} from '../../infra/lib/deploy/plan';
import { parseArgs, runCheck } from '../../infra/lib/deploy/run-check';
import { synthesiseForCheck, type SynthResult } from '../../infra/lib/deploy/synth';
import { FUNCTIONS } from '../../infra/lib/definitions/functions';
import { REPO_ROOT } from '../../infra/lib/paths';
import { TABLES } from '../../lambdas/system/facts';
import { fakeWebDist } from './stack-fixture';

const TARGET = { stackName: STACK_NAME, region: DEFAULT_REGION };
let webDistDir: string;
let outdir: string;
let synth: SynthResult;
let template: CfnTemplate;

beforeAll(() => {
  webDistDir = fakeWebDist();
  outdir = mkdtempSync(join(tmpdir(), 'storefront-deploy-check-'));
  // As the CDK CLI runs the app in a shell with no region: CDK_DEFAULT_REGION=us-east-1.
  synth = synthesiseForCheck({ outdir, bundle: false, webDistDir, cliDefaultRegion: 'us-east-1' });
  template = synth.template!;
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(webDistDir, { recursive: true, force: true });
});

const resources = (type: string) =>
  Object.entries(template.Resources).filter(([, r]) => r.Type === type);
const readme = () => readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
/** The README's "## Deploy to AWS" section, up to the next `## `. */
function deploySection(): string {
  const text = readme();
  const start = text.indexOf('## Deploy to AWS');
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe('npm run deploy:check over the ap-south-1 synth', () => {
  it('finds nothing: no annotation, no cdk-nag or schema finding, no check failing', () => {
    expect(synth.findings).toEqual([]);
  });

  it('(4) synthesises for ap-south-1 even when the CLI says us-east-1', () => {
    const { stack } = createStorefrontApp({
      context: { 'aws:cdk:bundling-stacks': [] },
      stack: { webDistDir },
    });
    expect(stack.region).toBe('ap-south-1');
    expect(regionFindings('us-east-1', TARGET)).toHaveLength(1);
    const other = createStorefrontApp({
      context: { 'aws:cdk:bundling-stacks': [], region: 'eu-west-1' },
      stack: { webDistDir },
    });
    expect(other.stack.region).toBe('eu-west-1');
  });

  it("(1) every IAM description is within IAM's character set", () => {
    expect(stringFindings(template)).toEqual([]);
    for (const [, role] of resources('AWS::IAM::Role')) {
      const description = role.Properties?.Description;
      if (typeof description === 'string') {
        // eslint-disable-next-line no-control-regex -- IAM's own set: tab, LF, CR, ASCII, Latin-1
        expect(description).toMatch(/^[\u0009\u000A\u000D\u0020-\u007E\u00A1-\u00FF]*$/);
      }
    }
  });

  it('(2) creates no SES identity: Cognito sends through the one verified before the deploy', () => {
    expect(resources('AWS::SES::EmailIdentity')).toEqual([]);
    expect(mailIdentityFindings(template)).toEqual([]);
    const pool = resources('AWS::Cognito::UserPool')[0]![1] as {
      Properties: Record<string, unknown>;
    };
    expect(pool.Properties.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: { Ref: 'SenderEmail' },
    });
    expect(JSON.stringify(pool.Properties.EmailConfiguration)).toContain('{"Ref":"SenderEmail"}');
  });

  it('(3) reserves no concurrency, in the template or the definitions', () => {
    expect(reservedConcurrencyFindings(template)).toEqual([]);
    for (const definition of Object.values(FUNCTIONS)) {
      expect(definition.reservedConcurrency, definition.id).toBeUndefined();
    }
  });

  it('names nothing that a second stack in the account would collide with', () => {
    expect(nameFindings(template, TARGET)).toEqual([]);
    expect(resources('AWS::Events::EventBus')[0]![1].Properties?.Name).toBe('storefront');
    const cloudFront = [
      ...resources('AWS::CloudFront::ResponseHeadersPolicy').map(
        ([, r]) => (r.Properties?.ResponseHeadersPolicyConfig as { Name: string }).Name,
      ),
      ...resources('AWS::CloudFront::OriginAccessControl').map(
        ([, r]) => (r.Properties?.OriginAccessControlConfig as { Name: string }).Name,
      ),
    ];
    expect(cloudFront).toHaveLength(2);
    for (const name of cloudFront) expect(name).toContain(`${STACK_NAME}-${DEFAULT_REGION}-`);
  });

  it("gives every Lambda, the three of CDK's custom resources included, a log group with a retention", () => {
    expect(logRetentionFindings(template)).toEqual([]);
  });

  it("keeps no placeholder Razorpay keys: the secret is the operator's, by its ARN", () => {
    const secrets = resources('AWS::SecretsManager::Secret');
    expect(secrets.map(([, r]) => String(r.Properties?.Description)).sort()).toEqual([
      expect.stringContaining('LogicBoxes'),
      expect.stringContaining('Object storage'),
      expect.stringContaining('Proxmox VE'),
      // The edge's origin secret (#26): generated, never the operator's to fill in.
      expect.stringContaining('x-origin-verify'),
      expect.stringContaining('WHM'),
    ]);
    expect(JSON.stringify(template)).not.toContain('REPLACE_ME"');
    for (const [, fn] of resources('AWS::Lambda::Function')) {
      const env = (
        fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined
      )?.Variables;
      if (env?.RAZORPAY_SECRET_ARN)
        expect(env.RAZORPAY_SECRET_ARN).toEqual({ Ref: 'RazorpaySecretArn' });
    }
  });

  it('gives the web client no OAuth flow and no callback URL', () => {
    const client = resources('AWS::Cognito::UserPoolClient')[0]![1];
    expect(client.Properties?.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.Properties?.CallbackURLs).toBeUndefined();
    expect(client.Properties?.AllowedOAuthFlows).toBeUndefined();
  });
});

describe("the checks catch what today's code did", () => {
  it("a curly apostrophe in an IAM role description: the string rule and CDK's schema check", () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-iam-'));
    const app = new App({
      outdir: dir,
      postCliContext: { '@aws-cdk/core:validateAgainstDefaultRules': true },
    });
    const stack = new Stack(app, 'Storefront', { env: { region: DEFAULT_REGION } });
    new Role(stack, 'InvokeRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler invokes the storefront’s scheduled jobs',
    });
    expect(() => app.synth()).toThrow(/does not match pattern/);
    const roles = JSON.parse(
      readFileSync(join(dir, 'Storefront.template.json'), 'utf8'),
    ) as CfnTemplate;
    expect(stringFindings(roles)[0]?.message).toContain('refused: ’');
    rmSync(dir, { recursive: true, force: true });
  });

  it('an SES identity the same template creates and the pool sends through', () => {
    const broken: CfnTemplate = {
      Resources: {
        MailSender: {
          Type: 'AWS::SES::EmailIdentity',
          Properties: { EmailIdentity: { Ref: 'SenderEmail' } },
        },
        Pool: {
          Type: 'AWS::Cognito::UserPool',
          Properties: {
            EmailConfiguration: {
              EmailSendingAccount: 'DEVELOPER',
              SourceArn: {
                'Fn::Join': ['', ['arn:aws:ses:ap-south-1:1:identity/', { Ref: 'SenderEmail' }]],
              },
            },
          },
        },
      },
    };
    expect(mailIdentityFindings(broken)).toHaveLength(1);
  });

  it('reserved concurrency, fixed names and a Lambda logging nowhere kept', () => {
    const broken: CfnTemplate = {
      Resources: {
        Support: { Type: 'AWS::Lambda::Function', Properties: { ReservedConcurrentExecutions: 1 } },
        Bus: { Type: 'AWS::Events::EventBus', Properties: { Name: 'shop' } },
        Headers: {
          Type: 'AWS::CloudFront::ResponseHeadersPolicy',
          Properties: {
            ResponseHeadersPolicyConfig: { Name: 'StorefrontSiteSecurityHeadersDDE1F3A5' },
          },
        },
      },
    };
    expect(reservedConcurrencyFindings(broken)[0]?.message).toContain('L-B99A9384');
    expect(nameFindings(broken, TARGET).map((f) => f.where)).toEqual([
      'Bus.Name',
      'Headers.ResponseHeadersPolicyConfig.Name',
    ]);
    expect(logRetentionFindings(broken).map((f) => f.where)).toEqual(['Support']);
  });

  it("a bucket's name: global, so a literal is refused; the stack id's UUID makes it unique", () => {
    const bucket = (name: unknown): CfnTemplate => ({
      Resources: { Files: { Type: 'AWS::S3::Bucket', Properties: { BucketName: name } } },
    });
    const uuidPart = { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] };
    const withUuid = { 'Fn::Join': ['', ['ticket-files-', uuidPart]] };
    // The id's first part ("arn:aws:cloudformation:<region>:<account>:stack") is every stack's.
    const withArnPrefix = {
      'Fn::Join': [
        '',
        ['files-', { 'Fn::Select': [0, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }],
      ],
    };
    expect(nameFindings(bucket('storefront-files'), TARGET)).toHaveLength(1);
    expect(nameFindings(bucket(withArnPrefix), TARGET)).toHaveLength(1);
    expect(nameFindings(bucket(withUuid), TARGET)).toEqual([]);
    expect(
      collisionFindings(bucket(withUuid), bucket(withUuid), ['global'], 'a second stack'),
    ).toEqual([]);
    expect(
      collisionFindings(bucket('files'), bucket('files'), ['global'], 'a second stack'),
    ).toHaveLength(1);
  });

  it('a name a second stack gives the same: the fixed bus name `storefront`', () => {
    const bus = (name: string): CfnTemplate => ({
      Resources: {
        EventsBus45DE4339: { Type: 'AWS::Events::EventBus', Properties: { Name: name } },
      },
    });
    // Today's: the same for any stack; ours: the stack's name, lowercase.
    expect(
      collisionFindings(bus('storefront'), bus('storefront'), ['region'], 'a second stack'),
    ).toHaveLength(1);
    expect(
      collisionFindings(bus('storefront'), bus('storefrontsecond'), ['region'], 'a second stack'),
    ).toEqual([]);
  });
});

describe('the account prerequisites (deploy:check --live)', () => {
  const answer = (stdout: string, exitCode = 0, stderr = ''): ProbeResult => ({
    exitCode,
    stdout,
    stderr,
  });
  const byId = Object.fromEntries(
    prerequisites({ ...EXAMPLE_INPUTS, razorpayKeyId: 'rzp_test_abc' }).map((p) => [p.id, p]),
  );

  it('covers bootstrap, the SES identity and sandbox, the concurrency quota, CloudFront and the secret', () => {
    expect(Object.keys(byId)).toEqual([
      'credentials',
      'bootstrap',
      'ses-sender',
      'ses-sandbox',
      'lambda-concurrency',
      'cloudfront-verified',
      'razorpay-secret',
      'stack-state',
    ]);
  });

  it('reads each answer', () => {
    expect(byId.bootstrap!.evaluate!(answer('5\n')).state).toBe('fail');
    expect(byId.bootstrap!.evaluate!(answer('30\n')).state).toBe('ok');
    expect(byId.bootstrap!.evaluate!(answer('', 254, 'ParameterNotFound')).state).toBe('fail');
    expect(byId['ses-sender']!.evaluate!(answer('False\n')).state).toBe('fail');
    expect(byId['ses-sender']!.evaluate!(answer('True\n')).state).toBe('ok');
    expect(byId['ses-sandbox']!.evaluate!(answer('False\n')).state).toBe('warn');
    expect(byId['lambda-concurrency']!.evaluate!(answer('10\n')).state).toBe('warn');
    expect(byId['lambda-concurrency']!.evaluate!(answer('1000\n')).state).toBe('ok');
    expect(byId['stack-state']!.evaluate!(answer('ROLLBACK_COMPLETE\n')).state).toBe('fail');
    expect(
      byId['stack-state']!.evaluate!(answer('', 254, 'Stack with id Storefront does not exist'))
        .state,
    ).toBe('ok');
  });

  it("a reservation makes a new account's quota of 10 a failure, and says what to ask for", () => {
    const quota = prerequisites({ ...EXAMPLE_INPUTS, reservedConcurrency: 1 }).find(
      (p) => p.id === 'lambda-concurrency',
    )!;
    expect(quota.evaluate!(answer('10\n'))).toMatchObject({
      state: 'fail',
      detail: expect.stringContaining('101'),
    });
    expect(quota.fix.join(' ')).toContain('--quota-code L-B99A9384');
  });

  it('the secret: three keys, no placeholder, its keyId the RazorpayKeyId parameter; never printed', () => {
    const secret = (value: object) => answer(JSON.stringify(value));
    const good = { keyId: 'rzp_test_abc', keySecret: 's3cr3t', webhookSecret: 'w3bh00k' };
    expect(evaluateRazorpaySecret(secret(good), 'rzp_test_abc')).toMatchObject({ state: 'ok' });
    expect(evaluateRazorpaySecret(secret(good), 'rzp_test_abc').detail).not.toContain('s3cr3t');
    expect(evaluateRazorpaySecret(secret(good), 'rzp_live_xyz')).toMatchObject({ state: 'fail' });
    expect(
      evaluateRazorpaySecret(secret({ ...good, keySecret: 'REPLACE_ME' }), 'rzp_test_abc').state,
    ).toBe('fail');
    expect(evaluateRazorpaySecret(secret({ keyId: 'rzp_test_abc' }), 'rzp_test_abc').state).toBe(
      'fail',
    );
  });

  it('with --live, a missing prerequisite stops the deploy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-live-'));
    const args = parseArgs([
      '--live',
      '--parameters',
      'SenderEmail=orders@shop.in',
      '--parameters=RazorpayKeyId=rzp_test_abc',
    ]);
    expect(args.parameters).toEqual({
      SenderEmail: 'orders@shop.in',
      RazorpayKeyId: 'rzp_test_abc',
    });
    const asked: string[] = [];
    const outcome = runCheck(args, {
      outdir: dir,
      bundle: false,
      webDistDir,
      aws: (a) => {
        asked.push(a.join(' '));
        return a[0] === 'sesv2' && a[1] === 'get-email-identity'
          ? answer('False\n')
          : answer('', 255, 'no network');
      },
    });
    expect(outcome.findings).toEqual([]);
    expect(outcome.ok).toBe(false);
    expect(asked.some((a) => a.includes('--email-identity orders@shop.in'))).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("the README's Deploy section, held to the template and the plan", () => {
  it('shows every command of the first deploy, and of cleaning up after a failed one', () => {
    const section = deploySection();
    const commands = [
      ...firstDeploySteps(EXAMPLE_INPUTS).flatMap((step) => step.commands),
      ...cleanupCommands(EXAMPLE_INPUTS),
    ];
    for (const command of commands) expect(section, command).toContain(command);
  });

  it('lists every webhook event the handler reads, payment.authorized included', () => {
    const source = readFileSync(
      join(REPO_ROOT, 'lambdas/adapters/razorpay-api/webhook-events.ts'),
      'utf8',
    );
    const handled = [...source.matchAll(/_EVENTS = new Set\(\[([^\]]*)\]/g)].flatMap((m) =>
      [...m[1]!.matchAll(/'([a-z_.]+)'/g)].map((e) => e[1]),
    );
    expect([...handled].sort()).toEqual([...RAZORPAY_WEBHOOK_EVENTS].sort());
    for (const event of RAZORPAY_WEBHOOK_EVENTS) expect(deploySection()).toContain(`\`${event}\``);
  });

  it('counts, in the cost table, the alarms, secrets, custom metrics and tables the template has', () => {
    const section = deploySection();
    const alarms = resources('AWS::CloudWatch::Alarm').length;
    const secrets = resources('AWS::SecretsManager::Secret').length + 1; // + the Razorpay secret, the operator's
    const metrics = new Set(
      resources('AWS::Logs::MetricFilter').map(
        ([, r]) => (r.Properties?.MetricTransformations as { MetricName: string }[])[0]!.MetricName,
      ),
    ).size;
    const tables = resources('AWS::DynamoDB::Table').length;
    expect(tables).toBe(TABLES.length);
    const cost = section.slice(section.indexOf('### Cost'), section.indexOf('### Teardown'));
    expect(cost, 'README Cost: update the alarm count').toContain(`${alarms} alarms`);
    expect(cost, 'README Cost: update the secret count').toContain(`${secrets} secrets`);
    expect(cost, 'README Cost: update the custom-metric count').toContain(
      `${metrics} custom metrics`,
    );
    expect(cost, 'README Cost: update the table count').toContain(`${tables} tables`);
  });

  it('names in the teardown list what the stack keeps: every retained table, the logs bucket, the pool', () => {
    const teardown = deploySection().slice(deploySection().indexOf('### Teardown'));
    const retained = Object.entries(
      (
        JSON.parse(readFileSync(synth.templatePath!, 'utf8')) as {
          Resources: Record<string, { Type: string; DeletionPolicy?: string }>;
        }
      ).Resources,
    )
      .filter(([, r]) => r.DeletionPolicy === 'Retain')
      .map(([, r]) => r.Type);
    const tables = retained.filter((t) => t === 'AWS::DynamoDB::Table').length;
    expect(tables).toBe(TABLES.length);
    expect(teardown).toContain(`**The ${tables} DynamoDB tables**`);
    for (const table of TABLES) expect(teardown, table.id).toContain(`\`${table.id}\``);
    expect(new Set(retained)).toEqual(
      new Set(['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool']),
    );
    expect(teardown).toContain('**The logs bucket**');
    expect(teardown).toContain('**The Cognito user pool**');
  });
});
