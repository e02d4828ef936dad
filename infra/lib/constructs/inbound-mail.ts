import { Aws, CfnCondition, CfnResource, Fn, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnPermission } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { CfnReceiptRule, CfnReceiptRuleSet } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { TICKET_FILES } from '../../../lambdas/system/facts';
import { deadLetterQueue } from './dead-letter-queue';
import { ASYNC_INVOKE } from './events';
import type { StorefrontFunction } from './storefront-function';
import type { TicketFiles } from './ticket-files';

export interface InboundMailProps {
  /** The TicketReplyAddress parameter: empty, or the address buyers reply to. */
  replyAddress: string;
  ticketFiles: TicketFiles;
  inboundMail: StorefrontFunction;
}

/**
 * Replies by mail (D27): an SES receipt rule set with one rule for the reply address: scan it
 * (spam and virus verdicts), store the raw mail in the tickets' bucket under `inbound-mail/`, then
 * invoke the inbound-mail Lambda (asynchronously) with SES's verdicts. Made only when
 * TicketReplyAddress is set: SES receives mail in some regions only (README, Replies by mail), and
 * a rule set in a region without receiving fails the deploy. The rule set must then be made the
 * active one (`aws ses set-active-receipt-rule-set`), which CloudFormation cannot do, and the
 * address's domain needs an MX record to the region's `inbound-smtp` endpoint.
 */
export class InboundMail extends Construct {
  readonly condition: CfnCondition;
  readonly ruleSet: CfnReceiptRuleSet;
  readonly rule: CfnReceiptRule;
  /** A mail the Lambda still failed on after SES's invocation and its retries (alarmed). */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: InboundMailProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.deadLetterQueue = deadLetterQueue(this, 'Failed');
    props.inboundMail.function.configureAsyncInvoke({
      ...ASYNC_INVOKE,
      onFailure: new SqsDestination(this.deadLetterQueue),
    });
    this.condition = new CfnCondition(this, 'Receives', {
      expression: Fn.conditionNot(Fn.conditionEquals(props.replyAddress, '')),
    });
    const ruleSetName = `${stack.stackName}-tickets`;
    const ruleName = 'ticket-replies';
    const ruleArn = `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:receipt-rule-set/${ruleSetName}:receipt-rule/${ruleName}`;

    this.ruleSet = new CfnReceiptRuleSet(this, 'RuleSet', { ruleSetName });
    this.ruleSet.cfnOptions.condition = this.condition;

    // SES writes the raw mail, for this rule only (the confused-deputy conditions).
    const bucket = props.ticketFiles.bucket;
    bucket.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('ses.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`${TICKET_FILES.inboundMailPrefix}*`)],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': ruleArn },
        },
      }),
    );
    const invoke = new CfnPermission(this, 'SesInvoke', {
      action: 'lambda:InvokeFunction',
      functionName: props.inboundMail.function.functionArn,
      principal: 'ses.amazonaws.com',
      sourceAccount: Aws.ACCOUNT_ID,
      sourceArn: ruleArn,
    });
    invoke.cfnOptions.condition = this.condition;

    this.rule = new CfnReceiptRule(this, 'Rule', {
      ruleSetName,
      rule: {
        name: ruleName,
        enabled: true,
        recipients: [props.replyAddress],
        scanEnabled: true,
        tlsPolicy: 'Require',
        actions: [
          {
            s3Action: {
              bucketName: bucket.bucketName,
              objectKeyPrefix: TICKET_FILES.inboundMailPrefix,
            },
          },
          {
            lambdaAction: {
              functionArn: props.inboundMail.function.functionArn,
              invocationType: 'Event',
            },
          },
        ],
      },
    });
    this.rule.cfnOptions.condition = this.condition;
    // SES checks that it may write and invoke when the rule is made.
    this.rule.addResourceDependency(this.ruleSet);
    this.rule.addResourceDependency(invoke);
    const policy = bucket.policy?.node.defaultChild;
    if (policy instanceof CfnResource) this.rule.addResourceDependency(policy);
  }
}
