/**
 * What `npm run deploy:check` reads in a synthesised template before anything reaches AWS: each
 * check is a pure function of the template (and what the synth reported), so the tests run them
 * over the ap-south-1 synth and over small templates that break one rule each.
 */

/** One reason the deploy would fail, or would leave the store broken. */
export interface Finding {
  check: CheckId;
  /** Logical id, construct path or parameter. */
  where: string;
  message: string;
}

export type CheckId =
  | 'region'
  | 'annotation'
  | 'validation'
  | 'strings'
  | 'reserved-concurrency'
  | 'names'
  | 'mail-identity'
  | 'log-retention';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Parameters?: Record<string, unknown>;
}

/** The stack the check expects: its name and the region it must be synthesised for. */
export interface Target {
  stackName: string;
  region: string;
}

/** The synthesised stack's region must be the target's, whatever CDK_DEFAULT_REGION says. */
export function regionFindings(synthesisedRegion: string | undefined, target: Target): Finding[] {
  if (synthesisedRegion === target.region) return [];
  return [
    {
      check: 'region',
      where: target.stackName,
      message: `synthesised for ${synthesisedRegion ?? 'no region (environment-agnostic)'}, not ${target.region}: cdk deploy would deploy it there (the CDK CLI sets CDK_DEFAULT_REGION to us-east-1 when the shell names none).`,
    },
  ];
}

/** A metadata entry of the cloud assembly (`aws:cdk:warning`, `aws:cdk:error`, ...). */
export interface MetadataEntry {
  type: string;
  data?: unknown;
}

/** Every warning and error CDK (or a construct, or a cdk-nag pack run as Aspects) annotated. */
export function annotationFindings(metadata: Record<string, readonly MetadataEntry[]>): Finding[] {
  const findings: Finding[] = [];
  for (const [path, entries] of Object.entries(metadata)) {
    for (const entry of entries) {
      if (entry.type !== 'aws:cdk:warning' && entry.type !== 'aws:cdk:error') continue;
      findings.push({
        check: 'annotation',
        where: path,
        message: `${entry.type === 'aws:cdk:error' ? 'error' : 'warning'}: ${String(entry.data)}`,
      });
    }
  }
  return findings;
}

/** cdk.out/validation-report.json: the plugins' findings (cdk-nag, CloudFormation Validate). */
export interface ValidationReport {
  pluginReports?: {
    pluginName: string;
    violations: {
      ruleName: string;
      description: string;
      severity?: string;
      violatingConstructs?: { constructPath?: string }[];
    }[];
  }[];
}

/** Every violation of every validation plugin, whatever its severity: a warning is a failure. */
export function validationFindings(report: ValidationReport | undefined): Finding[] {
  return (report?.pluginReports ?? []).flatMap((plugin) =>
    plugin.violations.map((violation) => ({
      check: 'validation' as const,
      where:
        violation.violatingConstructs?.map((c) => c.constructPath).join(', ') || plugin.pluginName,
      message: `${plugin.pluginName} ${violation.ruleName} (${violation.severity ?? 'error'}): ${violation.description}`,
    })),
  );
}

/** IAM's character set for descriptions (and CloudFormation's schema for them). */
// eslint-disable-next-line no-control-regex -- tab, LF and CR are exactly what IAM allows
const IAM_DESCRIPTION = /^[\u0009\u000A\u000D\u0020-\u007E\u00A1-\u00FF]*$/;

interface StringRule {
  type: string;
  /** Dotted path under Properties. */
  path: string;
  maxLength: number;
  pattern?: RegExp;
  accepts: string;
}

/**
 * What each resource type accepts in its names and descriptions, where the stack sets them. The
 * synth's own schema check (CloudFormation Validate) covers every property too; these are the
 * ones a storefront change is most likely to break, checked here whatever the CDK version does.
 */
export const STRING_RULES: readonly StringRule[] = [
  {
    type: 'AWS::IAM::Role',
    path: 'Description',
    maxLength: 1000,
    pattern: IAM_DESCRIPTION,
    accepts: 'tab, newline, ASCII and Latin-1 only (no curly quotes, dashes or ₹)',
  },
  {
    type: 'AWS::IAM::Role',
    path: 'RoleName',
    maxLength: 64,
    pattern: /^[\w+=,.@-]+$/,
    accepts: 'letters, digits and +=,.@_-',
  },
  {
    type: 'AWS::IAM::ManagedPolicy',
    path: 'Description',
    maxLength: 1000,
    pattern: IAM_DESCRIPTION,
    accepts: 'tab, newline, ASCII and Latin-1 only',
  },
  {
    type: 'AWS::Lambda::Function',
    path: 'Description',
    maxLength: 256,
    accepts: 'at most 256 characters',
  },
  {
    type: 'AWS::Lambda::Function',
    path: 'FunctionName',
    maxLength: 64,
    pattern: /^[a-zA-Z0-9_-]+$/,
    accepts: 'letters, digits, - and _',
  },
  {
    type: 'AWS::CloudFront::Distribution',
    path: 'DistributionConfig.Comment',
    maxLength: 128,
    accepts: 'at most 128 characters',
  },
  {
    type: 'AWS::CloudFront::ResponseHeadersPolicy',
    path: 'ResponseHeadersPolicyConfig.Name',
    maxLength: 128,
    pattern: /^[A-Za-z0-9_-]+$/,
    accepts: 'letters, digits, - and _',
  },
  {
    type: 'AWS::CloudFront::CachePolicy',
    path: 'CachePolicyConfig.Name',
    maxLength: 128,
    pattern: /^[A-Za-z0-9_-]+$/,
    accepts: 'letters, digits, - and _',
  },
  {
    type: 'AWS::CloudFront::OriginAccessControl',
    path: 'OriginAccessControlConfig.Name',
    maxLength: 64,
    accepts: 'at most 64 characters',
  },
  {
    type: 'AWS::CloudFront::Function',
    path: 'Name',
    maxLength: 64,
    pattern: /^[a-zA-Z0-9_-]+$/,
    accepts: 'letters, digits, - and _',
  },
  {
    type: 'AWS::Events::EventBus',
    path: 'Name',
    maxLength: 256,
    pattern: /^[/.\-_A-Za-z0-9]+$/,
    accepts: 'letters, digits and /._-',
  },
  {
    type: 'AWS::Events::Rule',
    path: 'Description',
    maxLength: 512,
    accepts: 'at most 512 characters',
  },
  {
    type: 'AWS::Scheduler::Schedule',
    path: 'Description',
    maxLength: 512,
    accepts: 'at most 512 characters',
  },
  {
    type: 'AWS::CloudWatch::Alarm',
    path: 'AlarmDescription',
    maxLength: 1024,
    accepts: 'at most 1024 characters',
  },
  {
    type: 'AWS::SecretsManager::Secret',
    path: 'Description',
    maxLength: 2048,
    accepts: 'at most 2048 characters',
  },
  {
    type: 'AWS::SNS::Topic',
    path: 'DisplayName',
    maxLength: 100,
    accepts: 'at most 100 characters',
  },
];

function at(properties: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = properties;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Strings outside what their resource type accepts (values that are not literals are skipped). */
export function stringFindings(template: CfnTemplate): Finding[] {
  const findings: Finding[] = [];
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    for (const rule of STRING_RULES) {
      if (rule.type !== resource.Type) continue;
      const value = at(resource.Properties, rule.path);
      if (typeof value !== 'string') continue;
      const bad = [...value].filter((c) => rule.pattern && !rule.pattern.test(c));
      if ([...value].length > rule.maxLength || (rule.pattern && !rule.pattern.test(value))) {
        findings.push({
          check: 'strings',
          where: `${logicalId}.${rule.path}`,
          message: `${resource.Type} ${rule.path} accepts ${rule.accepts}, at most ${rule.maxLength}: ${JSON.stringify(value)} (${[...value].length} characters${bad.length ? `; refused: ${[...new Set(bad)].join(' ')}` : ''})`,
        });
      }
    }
  }
  return findings;
}

/** Any reserved concurrency: a new account's quota (10) cannot grant one (Lambda keeps 100 unreserved). */
export function reservedConcurrencyFindings(template: CfnTemplate): Finding[] {
  return Object.entries(template.Resources)
    .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
    .filter(([, r]) => r.Properties?.ReservedConcurrentExecutions !== undefined)
    .map(([logicalId, r]) => ({
      check: 'reserved-concurrency' as const,
      where: logicalId,
      message: `reserves ${JSON.stringify(r.Properties?.ReservedConcurrentExecutions)} concurrent executions: Lambda keeps 100 of the account's quota unreserved, so this needs a quota of at least 100 + every reservation, and a new account's is 10 (aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000). Remove the reservation.`,
    }));
}

/**
 * Physical names the stack gives. `region`: unique in the account's region; `account`: one
 * namespace for the whole account (CloudFront's, IAM's); `global`: every account's (S3).
 */
export const NAMED_RESOURCES: readonly {
  type: string;
  path: string;
  scope: 'region' | 'account' | 'global';
}[] = [
  { type: 'AWS::Events::EventBus', path: 'Name', scope: 'region' },
  { type: 'AWS::Events::Rule', path: 'Name', scope: 'region' },
  { type: 'AWS::Lambda::Function', path: 'FunctionName', scope: 'region' },
  { type: 'AWS::DynamoDB::Table', path: 'TableName', scope: 'region' },
  { type: 'AWS::SQS::Queue', path: 'QueueName', scope: 'region' },
  { type: 'AWS::SNS::Topic', path: 'TopicName', scope: 'region' },
  { type: 'AWS::Logs::LogGroup', path: 'LogGroupName', scope: 'region' },
  { type: 'AWS::SecretsManager::Secret', path: 'Name', scope: 'region' },
  { type: 'AWS::Scheduler::Schedule', path: 'Name', scope: 'region' },
  { type: 'AWS::Scheduler::ScheduleGroup', path: 'Name', scope: 'region' },
  { type: 'AWS::CloudWatch::Alarm', path: 'AlarmName', scope: 'region' },
  { type: 'AWS::Cognito::UserPoolDomain', path: 'Domain', scope: 'region' },
  {
    type: 'AWS::CloudFront::ResponseHeadersPolicy',
    path: 'ResponseHeadersPolicyConfig.Name',
    scope: 'account',
  },
  { type: 'AWS::CloudFront::CachePolicy', path: 'CachePolicyConfig.Name', scope: 'account' },
  {
    type: 'AWS::CloudFront::OriginRequestPolicy',
    path: 'OriginRequestPolicyConfig.Name',
    scope: 'account',
  },
  {
    type: 'AWS::CloudFront::OriginAccessControl',
    path: 'OriginAccessControlConfig.Name',
    scope: 'account',
  },
  { type: 'AWS::CloudFront::Function', path: 'Name', scope: 'account' },
  { type: 'AWS::IAM::Role', path: 'RoleName', scope: 'account' },
  { type: 'AWS::IAM::ManagedPolicy', path: 'ManagedPolicyName', scope: 'account' },
  { type: 'AWS::S3::Bucket', path: 'BucketName', scope: 'global' },
];

/**
 * The stack id's UUID (`arn:…:stack/<name>/<uuid>`, its third part split on "/"): CloudFormation
 * makes it for this one stack, so a name carrying it is unique in every account and region. Only
 * the UUID counts: the id's other parts are the same for every stack of the account.
 */
const STACK_UUID = JSON.stringify({
  'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }],
});

function carriesStackUuid(value: unknown): boolean {
  return JSON.stringify(value).includes(STACK_UUID);
}

function mentionsStack(value: unknown): boolean {
  return (
    JSON.stringify(value).includes('"AWS::StackName"') ||
    JSON.stringify(value).includes('"AWS::StackId"')
  );
}

/**
 * A name that is not unique per stack: a second stack (another name, or the same name in another
 * region for the account-wide namespaces) would collide with it. A literal must carry the stack's
 * name (any case: the bus is the stack's name in lowercase) and, account-wide, the region.
 */
export function nameFindings(template: CfnTemplate, target: Target): Finding[] {
  const findings: Finding[] = [];
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    for (const rule of NAMED_RESOURCES) {
      if (rule.type !== resource.Type) continue;
      const value = at(resource.Properties, rule.path);
      if (value === undefined) continue;
      const where = `${logicalId}.${rule.path}`;
      if (rule.scope === 'global') {
        if (carriesStackUuid(value)) continue;
        findings.push({
          check: 'names',
          where,
          message: `${resource.Type} names are global to every AWS account: leave ${rule.path} to CloudFormation.`,
        });
        continue;
      }
      if (typeof value !== 'string') {
        if (!mentionsStack(value))
          findings.push({
            check: 'names',
            where,
            message: `${JSON.stringify(value)} does not derive from the stack's name or id.`,
          });
        continue;
      }
      const lower = value.toLowerCase();
      const missing = [
        ...(lower.includes(target.stackName.toLowerCase())
          ? []
          : [`the stack's name (${target.stackName})`]),
        ...(rule.scope === 'account' && !value.includes(target.region)
          ? [`the region (${target.region}): ${resource.Type} names are account-wide`]
          : []),
      ];
      if (missing.length)
        findings.push({
          check: 'names',
          where,
          message: `${JSON.stringify(value)} would collide with a second stack in the account: it lacks ${missing.join(' and ')}.`,
        });
    }
  }
  return findings;
}

/**
 * The same names, synthesised as a second stack (another name; for the account-wide namespaces,
 * the same name in another region): a name both give is fixed, and the two stacks would collide.
 */
export function collisionFindings(
  template: CfnTemplate,
  second: CfnTemplate,
  scopes: readonly ('region' | 'account' | 'global')[],
  secondName: string,
): Finding[] {
  const findings: Finding[] = [];
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    for (const rule of NAMED_RESOURCES) {
      if (rule.type !== resource.Type || !scopes.includes(rule.scope)) continue;
      const value = at(resource.Properties, rule.path);
      if (value === undefined) continue;
      const other = at(second.Resources[logicalId]?.Properties, rule.path);
      // The same template text, but a value CloudFormation makes unique to each stack.
      if (carriesStackUuid(value)) continue;
      if (JSON.stringify(other) === JSON.stringify(value)) {
        findings.push({
          check: 'names',
          where: `${logicalId}.${rule.path}`,
          message: `${JSON.stringify(value)} is the same for ${secondName}: the two would collide.`,
        });
      }
    }
  }
  return findings;
}

/**
 * Cognito sending through an SES identity the same template creates: CreateUserPool refuses an
 * identity SES has not verified yet, and nobody can verify it before the deploy (the creation
 * would then fail as existing). The identity must exist and be verified beforehand.
 */
export function mailIdentityFindings(template: CfnTemplate): Finding[] {
  const identities = Object.entries(template.Resources).filter(
    ([, r]) => r.Type === 'AWS::SES::EmailIdentity',
  );
  const pools = Object.entries(template.Resources).filter(
    ([, r]) =>
      r.Type === 'AWS::Cognito::UserPool' &&
      at(r.Properties, 'EmailConfiguration.EmailSendingAccount') === 'DEVELOPER',
  );
  const findings: Finding[] = [];
  for (const [poolId, pool] of pools) {
    const sourceArn = JSON.stringify(at(pool.Properties, 'EmailConfiguration.SourceArn'));
    for (const [identityId, identity] of identities) {
      const name = JSON.stringify(at(identity.Properties, 'EmailIdentity'));
      if (
        sourceArn.includes(`"${identityId}"`) ||
        (name !== undefined && sourceArn.includes(name.replace(/^"|"$/g, '')))
      ) {
        findings.push({
          check: 'mail-identity',
          where: `${poolId} → ${identityId}`,
          message:
            'the user pool sends through an SES identity this deploy creates: CreateUserPool refuses it until someone clicks the verification link SES mails, within minutes. Verify the identity before the deploy and import it.',
        });
      }
    }
  }
  return findings;
}

/**
 * Every Lambda, CDK's own included, logs to a log group of the stack that has a retention; one
 * that does not gets `/aws/lambda/<name>` from Lambda, kept forever and left by `cdk destroy`.
 */
export function logRetentionFindings(template: CfnTemplate): Finding[] {
  const findings: Finding[] = [];
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const ref = at(resource.Properties, 'LoggingConfig.LogGroup') as { Ref?: string } | undefined;
    const group = ref?.Ref ? template.Resources[ref.Ref] : undefined;
    if (
      group?.Type === 'AWS::Logs::LogGroup' &&
      typeof group.Properties?.RetentionInDays === 'number'
    )
      continue;
    findings.push({
      check: 'log-retention',
      where: logicalId,
      message:
        'this Lambda has no log group of the stack with a retention: Lambda would create /aws/lambda/<name>, kept forever and left behind by cdk destroy.',
    });
  }
  return findings;
}

/** Every check over one synthesised stack. */
export function templateFindings(input: {
  template: CfnTemplate;
  metadata: Record<string, readonly MetadataEntry[]>;
  report: ValidationReport | undefined;
  region: string | undefined;
  target: Target;
}): Finding[] {
  return [
    ...regionFindings(input.region, input.target),
    ...annotationFindings(input.metadata),
    ...validationFindings(input.report),
    ...stringFindings(input.template),
    ...reservedConcurrencyFindings(input.template),
    ...nameFindings(input.template, input.target),
    ...mailIdentityFindings(input.template),
    ...logRetentionFindings(input.template),
  ];
}
