import type { CfnResource } from 'aws-cdk-lib';
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ROUTES, type FunctionId } from '../definitions/functions';
import { acknowledge } from '../nag';
import type { StorefrontFunction } from './storefront-function';

/**
 * The stage's default rates (per second), for a route without its own; every route of ROUTES has
 * its own (THROTTLES), so a flood of one route never throttles another.
 */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** One JSON line per request, in HTTP API's own context variables; no header, no body. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  userAgent: '$context.identity.userAgent',
} as const;

export interface ApiProps {
  functions: Record<FunctionId, StorefrontFunction>;
  userPool: UserPool;
  userPoolClient: UserPoolClient;
}

/**
 * The HTTP API behind CloudFront's `/api/*`: the routes of the shared definitions, the Cognito
 * JWT authorizer on those that need a buyer, none on the webhook (its signature is its proof).
 *
 * No CORS: the browser calls it on the site's own origin through CloudFront. Payloads: API
 * Gateway caps a request at 10 MB (not configurable on HTTP APIs); the handlers answer 413 above
 * 64 KB (lambdas/http/request.ts).
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'Http', {
      description: 'Storefront API, served on the site through CloudFront under /api',
      createDefaultStage: false,
      // Same origin behind CloudFront: a browser never needs a CORS answer.
      corsPreflight: undefined,
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const { region } = Stack.of(this);
    const buyer = new HttpJwtAuthorizer(
      'CognitoBuyer',
      `https://cognito-idp.${region}.amazonaws.com/${props.userPool.userPoolId}`,
      { jwtAudience: [props.userPoolClient.userPoolClientId] },
    );
    const anyone = new HttpNoneAuthorizer();

    const integrations = new Map<FunctionId, HttpLambdaIntegration>();
    // RouteSettings is a JSON map in CloudFormation: CDK passes its keys through as written.
    const routeSettings: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    > = {};
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    for (const route of ROUTES) {
      routeSettings[`${route.method} ${route.path}`] = {
        ThrottlingRateLimit: route.throttle.rateLimit,
        ThrottlingBurstLimit: route.throttle.burstLimit,
      };
      let integration = integrations.get(route.function);
      if (!integration) {
        integration = new HttpLambdaIntegration(
          `${route.function}Integration`,
          props.functions[route.function].function,
        );
        integrations.set(route.function, integration);
      }
      const authorizer: IHttpRouteAuthorizer = route.auth ? buyer : anyone;
      const [created] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        authorizer,
      });
      // A stage's route settings may name only routes that exist already.
      if (created) cfnStage.addResourceDependency(created.node.defaultChild as CfnResource);
      if (!route.auth && created) {
        acknowledge(
          created,
          'AwsSolutions-APIG4',
          `${route.method} ${route.path} is public by design (docs/api.md, Routes)${
            route.path.includes('webhooks')
              ? ': Razorpay cannot send a Cognito token; the handler verifies its HMAC signature before reading the body'
              : ''
          }.`,
        );
      }
    }
    cfnStage.routeSettings = routeSettings;
  }
}
