import { Aws, CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Code,
  Function as LambdaFunction,
  Runtime,
  type CfnFunction,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { CUSTOM_RESOURCE_LOG_RETENTION } from './custom-resource-logs';
import { WEB_ACL_HANDLER_CODE } from './web-acl-handler';

/** Where every CloudFront web ACL lives, whatever the stack's region. */
export const WEB_ACL_REGION = 'us-east-1';

/**
 * The per-address limits at the edge (#26, docs/decisions.md E26), per viewer address over WAF's
 * shortest window (60 s). Each is far above what a buyer does by hand, since many buyers in India
 * share one address behind their carrier's NAT: a dashboard load is about 10 API calls, a checkout
 * a few dozen quotes as the buyer types; the API's own per-route throttles stay the whole API's.
 */
export const EDGE_LIMITS = {
  windowSeconds: 60,
  /** Any `/api/*` request but Razorpay's webhooks (a blocked webhook would only come later). */
  api: 300,
  /** POSTs that send mail or make Razorpay orders: `/api/contact`, `/api/checkout/*`. */
  forms: 60,
} as const;

/** What a blocked viewer reads (the SPA shows an API error's message). */
export const EDGE_LIMIT_MESSAGE =
  'Too many requests from your address in the last minute. Please wait a minute and try again.';

type Json = Record<string, unknown>;

function startsWith(path: string): Json {
  return {
    ByteMatchStatement: {
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      SearchString: path,
      TextTransformations: [{ Priority: 0, Type: 'NONE' }],
    },
  };
}

function visibility(metricName: string): Json {
  return { SampledRequestsEnabled: true, CloudWatchMetricsEnabled: true, MetricName: metricName };
}

function rateRule(name: string, priority: number, limit: number, scopeDown: Json): Json {
  return {
    Name: name,
    Priority: priority,
    Action: {
      Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } },
    },
    Statement: {
      RateBasedStatement: {
        Limit: limit,
        EvaluationWindowSec: EDGE_LIMITS.windowSeconds,
        AggregateKeyType: 'IP',
        ScopeDownStatement: scopeDown,
      },
    },
    VisibilityConfig: visibility(name),
  };
}

/**
 * The web ACL as WAF's CreateWebACL/UpdateWebACL take it (scope CLOUDFRONT): allow by default; two
 * per-address rate rules that block with 429; AWS's common rule set in count mode only (it
 * reports what it would block, in CloudWatch and the sampled requests, and blocks nothing, so
 * it can never refuse the SPA or a buyer's request).
 */
export function webAclDefinition(name: string): Json {
  return {
    Name: name,
    Scope: 'CLOUDFRONT',
    Description: 'Storefront edge: per-address rate limits on /api, common rules counted only',
    DefaultAction: { Allow: {} },
    CustomResponseBodies: {
      'too-many-requests': {
        ContentType: 'APPLICATION_JSON',
        Content: JSON.stringify({
          error: { code: 'too_many_requests', message: EDGE_LIMIT_MESSAGE },
        }),
      },
    },
    Rules: [
      rateRule('api-per-address', 0, EDGE_LIMITS.api, {
        AndStatement: {
          Statements: [
            startsWith('/api/'),
            { NotStatement: { Statement: startsWith('/api/webhooks/') } },
          ],
        },
      }),
      rateRule('forms-per-address', 1, EDGE_LIMITS.forms, {
        AndStatement: {
          Statements: [
            {
              ByteMatchStatement: {
                FieldToMatch: { Method: {} },
                PositionalConstraint: 'EXACTLY',
                SearchString: 'POST',
                TextTransformations: [{ Priority: 0, Type: 'NONE' }],
              },
            },
            {
              OrStatement: {
                Statements: [startsWith('/api/contact'), startsWith('/api/checkout/')],
              },
            },
          ],
        },
      }),
      {
        Name: 'aws-common-rules-counted',
        Priority: 2,
        OverrideAction: { Count: {} },
        Statement: {
          ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' },
        },
        VisibilityConfig: visibility('aws-common-rules-counted'),
      },
    ],
    VisibilityConfig: visibility(name),
  };
}

/**
 * The edge's own resources (#26):
 * - the origin secret: a generated value CloudFront sends the API in `x-origin-verify` (a
 *   CloudFormation dynamic reference, so the value is in neither the template nor its logs) and
 *   the API's handlers check (lambdas/http/edge-origin.ts);
 * - the web ACL in us-east-1, made by a deploy-time Lambda (web-acl-handler.ts) so that the stack
 *   stays one stack and `cdk deploy` one command, with no second bootstrap in us-east-1.
 */
export class Edge extends Construct {
  readonly originSecret: Secret;
  /** The web ACL's ARN, which the distribution's `webAclId` takes. */
  readonly webAclArn: string;
  readonly webAclName: string;
  readonly webAclHandler: LambdaFunction;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);

    this.originSecret = new Secret(this, 'OriginSecret', {
      description:
        'The value CloudFront sends the storefront API in x-origin-verify; the API refuses calls without it (#26).',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      "The origin secret only proves a request came through CloudFront; it opens no data. Rotating it means CloudFront's header and the Lambdas changing together (docs/decisions.md E26), which a rotation Lambda cannot do alone.",
    );

    this.webAclName = `${stack.stackName}-${stack.region}-Edge`;
    const webAclArns = `arn:${Aws.PARTITION}:wafv2:${WEB_ACL_REGION}:${Aws.ACCOUNT_ID}:global/webacl/${this.webAclName}/*`;
    const managedRuleSets = `arn:${Aws.PARTITION}:wafv2:${WEB_ACL_REGION}:${Aws.ACCOUNT_ID}:global/managedruleset/*/*`;

    const logGroup = new LogGroup(this, 'WebAclLogs', {
      retention: CUSTOM_RESOURCE_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'WebAclRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description:
        "Makes, changes and deletes the storefront's own CloudFront web ACL, nothing else",
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: [
          'wafv2:CreateWebACL',
          'wafv2:GetWebACL',
          'wafv2:UpdateWebACL',
          'wafv2:DeleteWebACL',
        ],
        resources: [webAclArns],
      }),
    );
    // A web ACL that names a managed rule group is authorised against it too.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['wafv2:CreateWebACL', 'wafv2:UpdateWebACL'],
        resources: [managedRuleSets],
      }),
    );
    logGroup.grantWrite(role);
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:wafv2:${WEB_ACL_REGION}:<AWS::AccountId>:global/webacl/${this.webAclName}/*]`,
      "WAF gives a web ACL an id only when it is made; the wildcard stands for that id under this stack's own ACL name.",
    );
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:wafv2:${WEB_ACL_REGION}:<AWS::AccountId>:global/managedruleset/*/*]`,
      "Creating or updating a web ACL that names AWS's common rule set is authorised against managed rule sets; no narrower resource names AWS's own rule groups.",
    );

    this.webAclHandler = new LambdaFunction(this, 'WebAclHandler', {
      description: "Makes the storefront's CloudFront web ACL in us-east-1 (deploy time only)",
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline(WEB_ACL_HANDLER_CODE),
      // Deleting waits for CloudFront to let go of the ACL (up to 10 minutes).
      timeout: Duration.minutes(14),
      memorySize: 256,
      role,
      logGroup,
    });
    acknowledge(
      this.webAclHandler,
      'AwsSolutions-L1',
      "Node.js 22, the storefront's runtime (storefront-function.ts); the code is inline and uses the runtime's own AWS SDK.",
    );

    const provider = new Provider(this, 'WebAclProvider', {
      onEventHandler: this.webAclHandler,
      logGroup,
    });
    acknowledgeProvider(provider, this.webAclHandler);

    const webAcl = new CustomResource(this, 'WebAcl', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::CloudFrontWebAcl',
      properties: { WebAcl: JSON.stringify(webAclDefinition(this.webAclName)) },
    });
    this.webAclArn = webAcl.getAttString('Arn');
  }
}

/** CDK's Provider framework: its own small Lambda that answers CloudFormation. */
function acknowledgeProvider(provider: Provider, handler: LambdaFunction): void {
  const framework = provider.node.tryFindChild('framework-onEvent');
  if (!framework) return;
  const handlerId = Stack.of(handler).getLogicalId(handler.node.defaultChild as CfnFunction);
  acknowledge(
    framework,
    'AwsSolutions-L1',
    "CDK's Provider framework chooses its own Lambda's runtime; it runs only during deploys.",
  );
  acknowledge(
    framework,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "CDK's Provider framework writes its own logs with the AWS managed basic execution policy.",
  );
  acknowledge(
    framework,
    `AwsSolutions-IAM5[Resource::<${handlerId}.Arn>:*]`,
    "CDK's Provider framework may invoke the web ACL Lambda's versions; nothing else.",
  );
}
