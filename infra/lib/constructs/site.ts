import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type CfnBucket,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { CUSTOM_RESOURCE_LOG_RETENTION, logAutoDeleteObjects } from './custom-resource-logs';
import {
  awsOrigins,
  contentSecurityPolicy,
  SECURITY_HEADERS,
} from '../definitions/security-headers';
import { apiGateFunctionCode } from './api-gate';
import { spaRoutingFor } from './spa-routing';
import { ROUTES } from '../definitions/functions';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../../../lambdas/system/facts';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** How long CloudFront keeps `GET /api/plans*` (the Lambda says 60 s; this caps it). */
export const PLANS_CACHE_TTL = { default: Duration.seconds(60), max: Duration.minutes(5) } as const;

const FRAME_OPTIONS = { DENY: HeadersFrameOption.DENY } as const;
const REFERRER_POLICIES = {
  'strict-origin-when-cross-origin': HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
} as const;

export interface SiteProps {
  /** The web build (`npm run build`), prerendered routes and assets. */
  webDistDir: string;
  httpApi: HttpApi;
  userPool: UserPool;
  userPoolClient: UserPoolClient;
  /** Razorpay's public key id, for config.json (Checkout needs it in the browser). */
  razorpayKeyId: string;
  /** The tickets' file bucket's endpoint, which pages upload attachments to (connect-src). */
  ticketUploadsOrigin: string;
  /** What CloudFront sends the API in `x-origin-verify` (edge.ts), by a dynamic reference. */
  originSecret: ISecret;
  /** The web ACL (us-east-1) in front of the whole distribution (edge.ts). */
  webAclArn: string;
}

/**
 * CloudFront's policies and origin access controls are named per account, not per region: their
 * names carry the stack's name and region, so a second stack (another name, or the same name in
 * another region) never collides with this one.
 */
export function cloudFrontNameFor(stack: Stack, what: string): string {
  return `${stack.stackName}-${stack.region}-${what}`;
}

/**
 * The storefront's one origin: CloudFront serves the SPA from a private bucket (origin access
 * control) and forwards `/api/*` to the HTTP API, so the browser never makes a cross-origin call.
 */
export class Site extends Construct {
  readonly distribution: Distribution;
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  /** `https://{distribution domain}`, no trailing slash. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    if (!existsSync(join(props.webDistDir, 'index.html'))) {
      throw new Error(
        `The web build is missing (${join(props.webDistDir, 'index.html')} not found). Run \`npm run build\` first: the stack uploads web/dist to S3.`,
      );
    }
    const stack = Stack.of(this);
    const { region } = stack;

    this.logsBucket = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are delivered with an ACL grant.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.logsBucket,
      'AwsSolutions-S1',
      'This bucket receives the access logs of the site bucket and of CloudFront; logging it into itself would loop.',
    );

    this.bucket = new Bucket(this, 'Web', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/',
      // Only the build's output lives here; a deploy writes it again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    logAutoDeleteObjects(this, this.bucket);

    const routing = new CloudFrontFunction(this, 'SpaRouting', {
      comment: 'Maps page paths to their prerendered HTML',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRoutingFor(props.webDistDir)),
    });

    const apiGate = new CloudFrontFunction(this, 'ApiGate', {
      comment: 'Refuses tokenless calls to signed-in routes; passes the viewer address on',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(apiGateFunctionCode(ROUTES)),
    });

    // The same definition the local gateway sends (infra/lib/definitions/security-headers.ts).
    const { strictTransportSecurity: hsts } = SECURITY_HEADERS;
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: cloudFrontNameFor(stack, 'SecurityHeaders'),
      comment: 'HSTS, CSP (Razorpay Checkout, Cognito), no framing, no sniffing',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
          includeSubdomains: hsts.includeSubdomains,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(
            awsOrigins(region, [props.ticketUploadsOrigin]),
          ),
          override: true,
        },
        // nosniff is the only value X-Content-Type-Options has.
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: FRAME_OPTIONS[SECURITY_HEADERS.frameOptions], override: true },
        referrerPolicy: {
          referrerPolicy: REFERRER_POLICIES[SECURITY_HEADERS.referrerPolicy],
          override: true,
        },
      },
    });

    const plansCache = new CachePolicy(this, 'PlansCache', {
      comment: 'GET /api/plans*: the catalog, the same for everyone, briefly cached',
      defaultTtl: PLANS_CACHE_TTL.default,
      maxTtl: PLANS_CACHE_TTL.max,
      minTtl: Duration.seconds(0),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // https://{id}.execute-api.{region}.amazonaws.com → the host name alone.
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const apiOrigin = new HttpOrigin(apiDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // The edge's proof (#26): the API's handlers refuse a request without it, so a call to the
      // execute-api address, which skips this distribution, gets 403. A dynamic reference: the
      // value is resolved by CloudFormation, in neither the template nor its logs.
      customHeaders: {
        [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap(),
      },
    });
    const apiBehavior = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
      compress: true,
    };

    this.distribution = new Distribution(this, 'Cdn', {
      comment: 'Storefront: the SPA and /api',
      // AWS WAF: per-address rate limits on /api (edge.ts).
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Includes the edge locations in India.
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessControl: new S3OriginAccessControl(this, 'SiteAccess', {
            originAccessControlName: cloudFrontNameFor(stack, 'SiteAccess'),
            description: 'CloudFront reads the site bucket, signed (SigV4)',
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: routing }],
      },
      // Order matters: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        '/api/plans*': {
          ...apiBehavior,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: plansCache,
        },
        '/api/*': {
          ...apiBehavior,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Tokenless calls to the signed-in routes end here; the viewer's address goes on.
          functionAssociations: [
            { eventType: FunctionEventType.VIEWER_REQUEST, function: apiGate },
          ],
        },
      },
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The storefront sells to buyers in India and abroad; no country is excluded.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      "The distribution uses CloudFront's default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; a custom domain with an ACM certificate and TLSv1.2_2021 is the README's next step.",
    );
    this.url = `https://${this.distribution.distributionDomainName}`;

    const config = {
      region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      apiBase: '/api',
      razorpay: { keyId: props.razorpayKeyId, checkoutScript: RAZORPAY_CHECKOUT_SCRIPT },
    };
    // BucketDeployment's handler (one Lambda for both deployments) logs here, not into a log
    // group Lambda would make with no retention.
    const deploymentLogs = new LogGroup(this, 'DeploymentLogs', {
      retention: CUSTOM_RESOURCE_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const build = Source.asset(props.webDistDir);
    // Hashed assets first, cached for a year and never pruned (an open tab may still ask for
    // the previous ones); then the pages and config.json, revalidated on every visit.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [build],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      logGroup: deploymentLogs,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [build, Source.jsonData('config.json', config)],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup: deploymentLogs,
    });
    pages.node.addDependency(assets);
    acknowledgeDeploymentHandler(pages, this.bucket);
  }
}

/**
 * BucketDeployment's handler is one Lambda that CDK shares across the stack's deployments; CDK
 * writes its role and picks its runtime.
 */
function acknowledgeDeploymentHandler(deployment: BucketDeployment, target: Bucket): void {
  const role = deployment.handlerRole;
  const handler = role.node.scope;
  const { region } = Stack.of(deployment);
  if (handler) {
    acknowledge(
      handler,
      'AwsSolutions-L1',
      "CDK's BucketDeployment chooses its own handler's runtime (the AWS CLI on Python); it runs only during deploys.",
    );
  }
  acknowledge(
    role,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "CDK's BucketDeployment handler writes its own logs with the AWS managed basic execution policy.",
  );
  const wildcards = [
    'Action::s3:GetObject*',
    'Action::s3:GetBucket*',
    'Action::s3:List*',
    'Action::s3:DeleteObject*',
    'Action::s3:Abort*',
    `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*`,
    `Resource::<${Stack.of(target).getLogicalId(target.node.defaultChild as CfnBucket)}.Arn>/*`,
    'Resource::*',
  ];
  for (const finding of wildcards) {
    acknowledge(
      role,
      `AwsSolutions-IAM5[${finding}]`,
      "CDK's BucketDeployment handler copies the build from the CDK assets bucket into the site bucket and prunes old files: it reads and writes every object under those two prefixes only, and CloudFront invalidation (Resource::*) has no narrower resource.",
    );
  }
}
