import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COGNITO_TRIGGERS, ROUTES } from '../../infra/lib/definitions/functions';
import { API_THROTTLE } from '../../infra/lib/constructs/api';
import { MIN_PASSWORD_LENGTH } from '../../infra/lib/constructs/auth';
import {
  logicalIdOf,
  REGION,
  resourcesOfType,
  synthesise,
  type Synthesised,
} from './stack-fixture';

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
});
afterAll(() => synthesised.dispose());

function routeByKey(key: string) {
  const routes = resourcesOfType(synthesised.template, 'AWS::ApiGatewayV2::Route');
  return Object.values(routes).find((route) => route.Properties?.RouteKey === key);
}

describe('HTTP API routes', () => {
  it('has exactly the routes of the shared definitions', () => {
    const routes = resourcesOfType(synthesised.template, 'AWS::ApiGatewayV2::Route');
    const keys = Object.values(routes).map((route) => route.Properties?.RouteKey);
    expect(keys.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('guards every authenticated route with the Cognito JWT authorizer', () => {
    const { stack } = synthesised;
    const authorizers = resourcesOfType(synthesised.template, 'AWS::ApiGatewayV2::Authorizer');
    const [authorizerId] = Object.keys(authorizers);
    expect(Object.keys(authorizers)).toHaveLength(1);
    const authenticated = ROUTES.filter((r) => r.auth);
    expect(authenticated.length).toBeGreaterThan(0);
    for (const route of authenticated) {
      const resource = routeByKey(`${route.method} ${route.path}`);
      expect(resource?.Properties?.AuthorizationType, route.path).toBe('JWT');
      expect(resource?.Properties?.AuthorizerId, route.path).toEqual({ Ref: authorizerId });
    }
    const authorizer = authorizers[authorizerId!]?.Properties;
    expect(authorizer).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalIdOf(stack, stack.auth.client) }],
        Issuer: {
          'Fn::Join': [
            '',
            [
              `https://cognito-idp.${REGION}.amazonaws.com/`,
              { Ref: logicalIdOf(stack, stack.auth.userPool) },
            ],
          ],
        },
      },
    });
  });

  it('puts no authorizer on the webhook nor on any other public route', () => {
    const webhook = ROUTES.find((r) => r.path === '/api/webhooks/razorpay');
    expect(webhook?.auth).toBe(false);
    for (const route of ROUTES.filter((r) => !r.auth)) {
      const resource = routeByKey(`${route.method} ${route.path}`);
      expect(resource?.Properties?.AuthorizationType, route.path).toBe('NONE');
      expect(resource?.Properties?.AuthorizerId, route.path).toBeUndefined();
    }
  });

  it('sends each route to the Lambda its definition names', () => {
    const { stack, template } = synthesised;
    const integrations = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration');
    for (const route of ROUTES) {
      const target = routeByKey(`${route.method} ${route.path}`)?.Properties?.Target as {
        'Fn::Join': [string, [string, { Ref: string }]];
      };
      const integration = integrations[target['Fn::Join'][1][1].Ref]?.Properties;
      expect(integration?.IntegrationUri, route.path).toEqual({
        'Fn::GetAtt': [logicalIdOf(stack, stack.lambdas.functions[route.function].function), 'Arn'],
      });
      expect(integration?.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('answers no CORS preflight: the browser calls it on the site origin', () => {
    synthesised.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.absent(),
    });
  });

  it('throttles the default stage and writes JSON access logs', () => {
    const { stack, template } = synthesised;
    const stages = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(1);
    const stage = stages[0]!.Properties as Record<string, unknown>;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: API_THROTTLE.rateLimit,
      ThrottlingBurstLimit: API_THROTTLE.burstLimit,
    });
    const logs = stage.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(logs.DestinationArn).toEqual({
      'Fn::GetAtt': [logicalIdOf(stack, stack.api.accessLogs), 'Arn'],
    });
    const format = JSON.parse(logs.Format) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
  });

  it('gives every route its own throttle, the payment routes the most headroom', () => {
    const [stageId, stage] = Object.entries(
      resourcesOfType(synthesised.template, 'AWS::ApiGatewayV2::Stage'),
    )[0]!;
    const settings = stage.Properties?.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;

    expect(Object.keys(settings).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of ROUTES) {
      expect(settings[`${route.method} ${route.path}`]).toEqual({
        ThrottlingRateLimit: route.throttle.rateLimit,
        ThrottlingBurstLimit: route.throttle.burstLimit,
      });
    }
    const rate = (key: string) => settings[key]!.ThrottlingRateLimit;
    expect(rate('POST /api/contact')).toBeLessThan(rate('POST /api/checkout/verify'));
    expect(rate('POST /api/checkout/quote')).toBeLessThan(rate('POST /api/webhooks/razorpay'));
    // The stage names routes in its settings: it is created after them.
    const dependsOn = (stage as { DependsOn?: string[] }).DependsOn ?? [];
    const routeIds = Object.keys(resourcesOfType(synthesised.template, 'AWS::ApiGatewayV2::Route'));
    expect(dependsOn).toEqual(expect.arrayContaining(routeIds));
    expect(stageId).toBeTruthy();
  });
});

describe('Cognito', () => {
  it('lets buyers sign up with their email, an 8-character password, name and phone', () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: MIN_PASSWORD_LENGTH,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'email', Required: true }),
        Match.objectLike({ Name: 'name' }),
        Match.objectLike({ Name: 'phone_number' }),
      ]),
    });
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });

  it('calls the PreSignUp and PostConfirmation Lambdas of the definitions', () => {
    const { stack, template } = synthesised;
    const arn = (id: keyof typeof COGNITO_TRIGGERS) => ({
      'Fn::GetAtt': [
        logicalIdOf(stack, stack.lambdas.functions[COGNITO_TRIGGERS[id]].function),
        'Arn',
      ],
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: arn('preSignUp'),
        PostConfirmation: arn('postConfirmation'),
        CustomMessage: arn('customMessage'),
      },
    });
  });

  it('verifies the email at sign-up with a mailed code, and confirms nobody by itself (D28)', () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPool', {
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
    });
  });

  it('keeps the verified email until a changed one is verified, and lets the client write only the sign-up attributes', () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      WriteAttributes: Match.arrayEquals(['email', 'name', 'phone_number']),
    });
  });

  it('offers TOTP two-step sign-in, optional in the pool (operators are held to it by the API), no SMS', () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it("mails sign-up and password-reset codes through the store's SES identity, not Cognito's own sender", () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        SourceArn: Match.anyValue(),
      }),
    });
  });

  it('has the operators group whose members may use /api/admin', () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: 'operators',
    });
  });

  it('keeps the user pool when the stack is deleted', () => {
    synthesised.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('has a public app client with USER_PASSWORD_AUTH and SRP, no secret', () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      PreventUserExistenceErrors: 'ENABLED',
    });
  });
});
