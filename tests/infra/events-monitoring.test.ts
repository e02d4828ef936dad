import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_RULES, FUNCTIONS, ROUTES } from '../../infra/lib/definitions/functions';
import { ASYNC_INVOKE, EVENT_DELIVERY } from '../../infra/lib/constructs/events';
import {
  RECONCILER_REPAIRED_MESSAGE,
  WEBHOOK_SIGNATURE_REJECTED_MESSAGE,
} from '../../infra/lib/constructs/monitoring';
import { handleRazorpayWebhook } from '../../lambdas/use-cases/handle-razorpay-webhook';
import { reconcilePayments } from '../../lambdas/use-cases/reconcile-payments';
import { InMemoryMessagesStore } from '../helpers/fakes/stores';
import { fakeWorld } from '../helpers/fakes/world';
import { logicalIdOf, resourcesOfType, synthesise, type Synthesised } from './stack-fixture';

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
});
afterAll(() => synthesised.dispose());

const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });

describe('EventBridge', () => {
  it('has the storefront bus', () => {
    synthesised.template.hasResourceProperties('AWS::Events::EventBus', { Name: 'storefront' });
  });

  it.each(EVENT_RULES.map((rule) => [rule.id, rule] as const))(
    '%s: the pattern, its Lambda, retries, a dead-letter queue',
    (_id, definition) => {
      const { stack, template } = synthesised;
      const rules = Object.values(resourcesOfType(template, 'AWS::Events::Rule'));
      const fn = stack.lambdas.functions[definition.target];
      // One rule per consumer: PurchaseCompleted has two (the welcome mail, provisioning).
      const rule = rules.find(
        (r) =>
          JSON.stringify(r.Properties?.EventPattern) === JSON.stringify(definition.eventPattern) &&
          JSON.stringify((r.Properties?.Targets as { Arn: unknown }[])[0]?.Arn) ===
            JSON.stringify(getAtt(logicalIdOf(stack, fn.function))),
      );
      expect(rule).toBeDefined();
      expect(rule!.Properties?.EventBusName).toEqual({ Ref: logicalIdOf(stack, stack.events.bus) });
      const [target] = rule!.Properties?.Targets as {
        Arn: unknown;
        RetryPolicy: unknown;
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [string, string] } };
      }[];
      expect(target!.Arn).toEqual(getAtt(logicalIdOf(stack, fn.function)));
      expect(target!.RetryPolicy).toEqual({
        MaximumRetryAttempts: EVENT_DELIVERY.retryAttempts,
        MaximumEventAgeInSeconds: EVENT_DELIVERY.maxEventAge.toSeconds(),
      });
      expect(EVENT_DELIVERY.retryAttempts).toBeGreaterThan(0);
      const dlqId = target!.DeadLetterConfig.Arn['Fn::GetAtt'][0];
      expect(resourcesOfType(template, 'AWS::SQS::Queue')[dlqId]).toBeDefined();
    },
  );

  it('sends a welcome mail that keeps failing to its own failure queue', () => {
    const { stack, template } = synthesised;
    const welcome = stack.lambdas.functions.sendWelcomeEmail;
    const configs = Object.values(resourcesOfType(template, 'AWS::Lambda::EventInvokeConfig'));
    const config = configs.find(
      (c) =>
        JSON.stringify(c.Properties?.FunctionName) ===
        JSON.stringify({ Ref: logicalIdOf(stack, welcome.function) }),
    );
    expect(config?.Properties).toMatchObject({
      MaximumRetryAttempts: ASYNC_INVOKE.retryAttempts,
      MaximumEventAgeInSeconds: ASYNC_INVOKE.maxEventAge.toSeconds(),
      DestinationConfig: {
        OnFailure: { Destination: expect.objectContaining({ 'Fn::GetAtt': expect.any(Array) }) },
      },
    });
  });

  it('keeps dead letters encrypted, for 14 days, over TLS only', () => {
    const { template } = synthesised;
    const queues = resourcesOfType(template, 'AWS::SQS::Queue');
    expect(Object.keys(queues).length).toBeGreaterThanOrEqual(2);
    for (const queue of Object.values(queues)) {
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 1_209_600,
      });
    }
    const policies = Object.values(resourcesOfType(template, 'AWS::SQS::QueuePolicy'));
    for (const id of Object.keys(queues)) {
      const policy = policies.find((p) => JSON.stringify(p.Properties?.Queues).includes(id));
      expect(JSON.stringify(policy?.Properties?.PolicyDocument)).toContain(
        '"aws:SecureTransport":"false"',
      );
    }
  });
});

describe('alarms', () => {
  function alarms() {
    return Object.values(resourcesOfType(synthesised.template, 'AWS::CloudWatch::Alarm')).map(
      (a) => a.Properties as Record<string, unknown>,
    );
  }

  it('all go to the SNS topic, which mails the alarm address and refuses plain HTTP', () => {
    const { stack, template } = synthesised;
    const topic = { Ref: logicalIdOf(stack, stack.monitoring.topic) };
    for (const alarm of alarms()) expect(alarm.AlarmActions).toEqual([topic]);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: { Ref: 'AlarmEmail' },
      TopicArn: topic,
    });
    const [policy] = Object.values(resourcesOfType(template, 'AWS::SNS::TopicPolicy'));
    expect(JSON.stringify(policy?.Properties?.PolicyDocument)).toContain(
      '"aws:SecureTransport":"false"',
    );
  });

  it('fire on every message that arrives in a dead-letter queue, and clear by themselves', () => {
    const { stack } = synthesised;
    // Not on the queue's depth: a dead letter stays 14 days, and an alarm in ALARM all that time
    // would mail nothing for a later failure (issue #31).
    expect(alarms().some((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible')).toBe(false);
    for (const queue of [...stack.events.deadLetterQueues, ...stack.schedules.deadLetterQueues]) {
      const alarm = alarms().find(
        (a) =>
          a.MetricName === 'NumberOfMessagesSent' &&
          a.Statistic === 'Sum' &&
          a.TreatMissingData === 'notBreaching' &&
          JSON.stringify(a.Dimensions).includes(logicalIdOf(stack, queue)),
      );
      expect(alarm, queue.node.path).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('fire on API 5xx answers', () => {
    const { stack } = synthesised;
    const alarm = alarms().find((a) => a.MetricName === '5xx');
    expect(alarm).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Sum',
      Threshold: 1,
      Dimensions: [{ Name: 'ApiId', Value: { Ref: logicalIdOf(stack, stack.api.httpApi) } }],
    });
  });

  it('fire on welcome-mail Lambda errors', () => {
    const { stack } = synthesised;
    const welcome = stack.lambdas.functions.sendWelcomeEmail;
    const alarm = alarms().find(
      (a) =>
        a.MetricName === 'Errors' &&
        JSON.stringify(a.Dimensions) ===
          JSON.stringify([
            { Name: 'FunctionName', Value: { Ref: logicalIdOf(stack, welcome.function) } },
          ]),
    );
    expect(alarm).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 1 });
  });

  it('fire on webhook signature failures, counted from the webhook Lambda JSON logs', () => {
    const { stack, template } = synthesised;
    const webhookRoute = ROUTES.find((r) => r.path === '/api/webhooks/razorpay')!;
    const webhook = stack.lambdas.functions[webhookRoute.function];
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalIdOf(stack, webhook.logGroup) },
      FilterPattern: `{ $.message = "${WEBHOOK_SIGNATURE_REJECTED_MESSAGE}" }`,
      MetricTransformations: [
        Match.objectLike({ MetricName: 'WebhookSignatureRejected', MetricValue: '1' }),
      ],
    });
    expect(alarms().find((a) => a.MetricName === 'WebhookSignatureRejected')).toMatchObject({
      Threshold: 1,
    });
  });

  it('count the message the webhook handler really logs', async () => {
    // Powertools writes the first argument as `message`: a forged delivery logs exactly it.
    const world = fakeWorld();

    await expect(
      handleRazorpayWebhook(world, {
        rawBody: Buffer.from('{"event":"payment.captured"}'),
        signature: 'forged',
        eventId: 'evt_forged',
      }),
    ).rejects.toThrow();

    expect(world.log.lines.map((line) => line.message)).toContain(
      WEBHOOK_SIGNATURE_REJECTED_MESSAGE,
    );
    expect(FUNCTIONS.razorpayWebhook.entry).toBe('lambdas/handlers/razorpay-webhook.ts');
  });

  it('count the message the payments reconciler logs when it repairs something', async () => {
    const world = fakeWorld();
    const order = await world.givenOrder();
    world.gateway.givenPayment({
      id: 'pay_reconciled1',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
    });

    await reconcilePayments(
      { ...world, messages: new InMemoryMessagesStore() },
      new Date(world.now().getTime() + 60 * 60 * 1000),
    );

    expect(world.log.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: RECONCILER_REPAIRED_MESSAGE }),
    );
  });
});

describe('outputs', () => {
  it('give the site, API and webhook URLs on the CloudFront domain, and the Cognito ids', () => {
    const { stack, template } = synthesised;
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    const domain = getAtt(logicalIdOf(stack, stack.site.distribution), 'DomainName');
    expect(outputs.SiteUrl?.Value).toEqual({ 'Fn::Join': ['', ['https://', domain]] });
    expect(outputs.ApiUrl?.Value).toEqual({ 'Fn::Join': ['', ['https://', domain, '/api']] });
    expect(outputs.RazorpayWebhookUrl?.Value).toEqual({
      'Fn::Join': ['', ['https://', domain, '/api/webhooks/razorpay']],
    });
    expect(outputs.UserPoolId?.Value).toEqual({ Ref: logicalIdOf(stack, stack.auth.userPool) });
    expect(outputs.UserPoolClientId?.Value).toEqual({ Ref: logicalIdOf(stack, stack.auth.client) });
    expect(outputs.OrdersTableName?.Value).toEqual({
      Ref: logicalIdOf(stack, stack.data.tables.orders),
    });
  });
});
