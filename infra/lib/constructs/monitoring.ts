import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StorefrontFunction } from './storefront-function';

/** What the webhook use case logs (Powertools' `message`) when a signature does not verify. */
export const WEBHOOK_SIGNATURE_REJECTED_MESSAGE = 'Webhook signature rejected';
export const METRIC_NAMESPACE = 'Storefront';

export interface MonitoringProps {
  alarmEmail: string;
  deadLetterQueues: readonly Queue[];
  httpApi: HttpApi;
  /** The functions whose every error matters (the welcome mail). */
  watchedFunctions: readonly StorefrontFunction[];
  /** The webhook's function: its rejected signatures are counted from its logs. */
  webhook: StorefrontFunction;
}

/**
 * Alarms that need a person, all to one SNS topic with an email subscription: anything in a
 * dead-letter queue, API 5xx answers, webhook signatures that do not verify (a wrong webhook
 * secret, or someone forging payments), and welcome mails that fail.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', {
      displayName: 'Storefront alarms',
      enforceSSL: true,
    });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notices carry only an alarm name and a metric value. CloudWatch cannot publish to a topic under the AWS-managed SNS key, and a customer-managed key would cost more than the topic.',
    );
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    for (const queue of props.deadLetterQueues) {
      this.alarm(`${queue.node.id}NotEmpty`, {
        description: `A message is waiting in the dead-letter queue ${queue.node.path}: inspect it and redrive it.`,
        metric: queue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: 'Maximum',
        }),
      });
    }

    this.alarm('Api5xx', {
      description:
        'The API answered 5xx: a fault of ours (the API answers 500 only for our own faults).',
      metric: props.httpApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
    });

    const rejected = new MetricFilter(this, 'WebhookSignatureRejectedFilter', {
      logGroup: props.webhook.logGroup,
      filterPattern: FilterPattern.stringValue(
        '$.message',
        '=',
        WEBHOOK_SIGNATURE_REJECTED_MESSAGE,
      ),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'WebhookSignatureRejected',
      metricValue: '1',
      defaultValue: 0,
    });
    this.alarm('WebhookSignatureRejected', {
      description:
        'A Razorpay webhook failed signature verification: check that the webhook secret in Razorpay matches the stack secret, or look for forged calls.',
      metric: rejected.metric({ period: Duration.minutes(5), statistic: 'Sum' }),
    });

    for (const fn of props.watchedFunctions) {
      this.alarm(`${fn.node.id}Errors`, {
        description: `The ${fn.definition.id} Lambda failed; its events are retried, then kept in its failure queue.`,
        metric: fn.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      });
    }
  }

  private alarm(id: string, props: { description: string; metric: IMetric }): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: props.description,
      metric: props.metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
