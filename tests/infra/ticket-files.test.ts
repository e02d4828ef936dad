/**
 * The tickets' bucket (D27): private (public access blocked, TLS only, owner-enforced, encrypted),
 * kept on a stack's deletion, files deleted after their retention, raw inbound mail after 30 days,
 * CORS for the site's presigned PUTs only, named so that the site's CSP can name it, and no function but the tickets one may touch
 * attachments (the grants themselves: least-privilege.test.ts).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_FILES } from '../../lambdas/system/facts';
import { FUNCTIONS } from '../../infra/lib/definitions/functions';
import { logicalIdOf, synthesise, type Synthesised } from './stack-fixture';

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
});
afterAll(() => synthesised.dispose());

describe('ticket files bucket', () => {
  const bucket = () => {
    const { stack, template } = synthesised;
    const id = logicalIdOf(stack, stack.ticketFiles.bucket);
    return { id, resource: template.toJSON().Resources[id] };
  };

  it('is private, encrypted, owner-enforced and kept when the stack goes', () => {
    const { resource } = bucket();
    expect(resource.Type).toBe('AWS::S3::Bucket');
    expect(resource.DeletionPolicy).toBe('Retain');
    expect(resource.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(resource.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [
        { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      ],
    });
    expect(resource.Properties.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
    });
  });

  it('refuses any request without TLS', () => {
    const { id } = bucket();
    synthesised.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('deletes attachments after their retention and raw mail after 30 days', () => {
    const rules = bucket().resource.Properties.LifecycleConfiguration.Rules;
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Prefix: 'ticket-files/',
          ExpirationInDays: TICKET_FILES.attachmentRetentionDays,
          Status: 'Enabled',
        }),
        expect.objectContaining({
          Prefix: 'inbound-mail/',
          ExpirationInDays: 30,
          Status: 'Enabled',
        }),
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
      ]),
    );
  });

  it('lets the site’s pages alone PUT through presigned addresses (CORS)', () => {
    const { stack } = synthesised;
    expect(bucket().resource.Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedMethods: ['PUT'],
          AllowedOrigins: [stack.resolve(stack.site.url)],
          AllowedHeaders: ['content-type'],
          MaxAge: 3000,
        },
      ],
    });
    expect(JSON.stringify(stack.resolve(stack.site.url))).toContain('DomainName');
  });

  it('is named from the stack’s id, the name the site’s CSP allows uploads to', () => {
    const { stack } = synthesised;
    const uuid = { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] };
    expect(bucket().resource.Properties.BucketName).toEqual({
      'Fn::Join': ['', ['ticket-files-', uuid]],
    });
    expect(stack.resolve(stack.ticketFiles.endpoint)).toEqual({
      'Fn::Join': ['', ['https://ticket-files-', uuid, '.s3.ap-south-1.amazonaws.com']],
    });
  });

  it('is named to the tickets function alone', () => {
    const { stack } = synthesised;
    const named = Object.values(FUNCTIONS)
      .filter((definition) => {
        const fn = stack.lambdas.functions[definition.id];
        const variables = stack.resolve(
          (fn.function.node.defaultChild as { environment?: unknown }).environment,
        ) as { variables?: Record<string, unknown> } | undefined;
        return variables?.variables?.TICKET_FILES_BUCKET !== undefined;
      })
      .map((definition) => definition.id);
    expect(named.sort()).toEqual(
      Object.values(FUNCTIONS)
        .filter((d) => d.needs.includes('ticketFiles') || d.needs.includes('inboundMail'))
        .map((d) => d.id)
        .sort(),
    );
    expect(named).toContain('tickets');
  });

  it('lets SES write raw mail under inbound-mail/ only, for this account', () => {
    const { id } = bucket();
    synthesised.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'ses.amazonaws.com' },
            Action: 's3:PutObject',
            Condition: Match.objectLike({
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            }),
          }),
        ]),
      },
    });
  });
});

describe('replies by mail (SES receiving)', () => {
  it('makes a receipt rule only when TicketReplyAddress is set: store the raw mail, then the Lambda', () => {
    const { stack, template } = synthesised;
    const condition = stack.resolve(stack.inboundMail.condition.logicalId) as string;
    expect(template.toJSON().Conditions[condition]).toEqual({
      'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'TicketReplyAddress' }, ''] }],
    });
    const rules = template.findResources('AWS::SES::ReceiptRule');
    expect(Object.values(rules)).toHaveLength(1);
    const rule = Object.values(rules)[0] as {
      Condition: string;
      Properties: { Rule: Record<string, unknown> };
    };
    expect(rule.Condition).toBe(condition);
    expect(rule.Properties.Rule).toMatchObject({
      Enabled: true,
      Recipients: [{ Ref: 'TicketReplyAddress' }],
      ScanEnabled: true,
      TlsPolicy: 'Require',
      Actions: [
        {
          S3Action: {
            BucketName: { Ref: logicalIdOf(stack, stack.ticketFiles.bucket) },
            ObjectKeyPrefix: 'inbound-mail/',
          },
        },
        { LambdaAction: { InvocationType: 'Event' } },
      ],
    });
    for (const type of ['AWS::SES::ReceiptRuleSet', 'AWS::Lambda::Permission']) {
      const conditioned = Object.values(template.findResources(type)).filter(
        (r) => (r as { Condition?: string }).Condition === condition,
      );
      expect(conditioned.length, type).toBe(1);
    }
  });

  it('tells the ticket mails the grievance officer and the reply address (parameters)', () => {
    const { stack } = synthesised;
    for (const id of ['ticketMail', 'ticketDeadlines'] as const) {
      const fn = stack.lambdas.functions[id];
      const variables = (
        stack.resolve((fn.function.node.defaultChild as { environment?: unknown }).environment) as {
          variables: Record<string, unknown>;
        }
      ).variables;
      expect(variables.GRIEVANCE_EMAIL).toEqual({ Ref: 'GrievanceEmail' });
      expect(variables.TICKET_REPLY_ADDRESS).toEqual({ Ref: 'TicketReplyAddress' });
    }
  });

  it('keeps a mail the Lambda still fails on after its retries in a failure queue, alarmed', () => {
    const { stack, template } = synthesised;
    const queue = logicalIdOf(stack, stack.inboundMail.deadLetterQueue);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalIdOf(stack, stack.lambdas.functions.inboundMail.function) },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
    });
    const alarmed = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter((a) =>
      JSON.stringify(a).includes(queue),
    );
    expect(alarmed).toHaveLength(1);
  });
});
