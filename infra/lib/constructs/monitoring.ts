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
import { ALARMED_LOG_MESSAGES } from '../../../lambdas/system/facts';
import { acknowledge } from '../nag';
import type { StorefrontFunction } from './storefront-function';

/** What the webhook use case logs (Powertools' `message`) when a signature does not verify. */
export const WEBHOOK_SIGNATURE_REJECTED_MESSAGE = ALARMED_LOG_MESSAGES.webhookSignatureRejected;
export const METRIC_NAMESPACE = 'Storefront';

/** The reconciler's log message when it repaired anything (lambdas/use-cases/reconcile-payments.ts). */
export const RECONCILER_REPAIRED_MESSAGE = ALARMED_LOG_MESSAGES.reconcilerRepaired;

/**
 * Each alarm names the page of the operator's console (on the store's own site, for an operator)
 * that shows what to do about it.
 */
export const CONSOLE = {
  stuck:
    'Open /admin/stuck on the store: it lists each mail, refund or setup that failed, what failed and when, with a Redrive button (consumers act once, so a redrive never sends twice).',
  orders:
    'Open /admin/orders on the store: payments a rejected webhook did not confirm wait there (Awaiting payment, In review) to be resolved.',
  today:
    'Open /admin/today on the store: it shows the orders in review and the stuck work a failure left, each a click away.',
} as const;

export interface MonitoringProps {
  alarmEmail: string;
  deadLetterQueues: readonly Queue[];
  httpApi: HttpApi;
  /** The functions whose every error matters (the welcome mail). */
  watchedFunctions: readonly StorefrontFunction[];
  /** The webhook's function: its rejected signatures are counted from its logs. */
  webhook: StorefrontFunction;
  /** The payments reconciler: what it repairs is counted from its logs. */
  reconciler: StorefrontFunction;
  /** The tickets' deadlines check (D27): the overdue tickets are counted from its logs. */
  ticketDeadlines: StorefrontFunction;
  /** The refunds worker: refunds it hands to a person are counted from its logs. */
  refundsWorker: StorefrontFunction;
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

    // On each message that arrives, not on the messages waiting: a dead letter stays 14 days (no
    // one's code deletes it; the console redrives from the tables), and an alarm on the queue's
    // depth would stay in ALARM all that time and mail nothing for a later failure. This one
    // mails for every new failure and goes back to OK by itself.
    for (const queue of props.deadLetterQueues) {
      this.alarm(`${queue.node.id}NotEmpty`, {
        description: `A message arrived in the dead-letter queue ${queue.node.path} (kept 14 days). ${CONSOLE.stuck}`,
        metric: queue.metricNumberOfMessagesSent({
          period: Duration.minutes(1),
          statistic: 'Sum',
        }),
      });
    }

    this.alarm('Api5xx', {
      description: `The API answered 5xx: a fault of ours (the API answers 500 only for our own faults); the cause is in the Lambda's logs. ${CONSOLE.today}`,
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
      description: `A Razorpay webhook failed signature verification: check that the webhook secret in Razorpay matches the stack secret, or look for forged calls. ${CONSOLE.orders}`,
      metric: rejected.metric({ period: Duration.minutes(5), statistic: 'Sum' }),
    });

    // The reconciler logs 'Reconciler repaired' with the count whenever the normal path dropped
    // something (a purchase not announced, a paid order not fulfilled, a support mail not queued).
    const repaired = new MetricFilter(this, 'ReconcilerRepairedFilter', {
      logGroup: props.reconciler.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', RECONCILER_REPAIRED_MESSAGE),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'ReconcilerRepaired',
      metricValue: '$.repaired',
      defaultValue: 0,
    });
    this.alarm('ReconcilerRepaired', {
      description: `The payments reconciler repaired something the normal path dropped (a purchase not announced, a payment not fulfilled, a support mail not queued): it was put right, but the cause is in the verify, webhook or contact Lambdas' logs. ${CONSOLE.orders}`,
      metric: repaired.metric({ period: Duration.minutes(15), statistic: 'Sum' }),
    });

    // Services whose provider has differed from their desired state for 15 minutes (D22): the
    // reconciler logs how many with every run that finds any, and hands each to converge again.
    const outOfStep = new MetricFilter(this, 'ServicesOutOfStepFilter', {
      logGroup: props.reconciler.logGroup,
      filterPattern: FilterPattern.stringValue(
        '$.message',
        '=',
        ALARMED_LOG_MESSAGES.servicesOutOfStep,
      ),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'ServicesOutOfStep',
      metricValue: '$.count',
      defaultValue: 0,
    });
    this.alarm('ServicesOutOfStep', {
      description: `Services have been out of step for 15 minutes or more: a provider (the hosting panel) does not match what the service should be (live, suspended or removed), usually because the provider is down or refused. Each is converged again every 15 minutes; see Stuck, Out of step in the operator's console for what is wanted, what is and the last error. ${CONSOLE.orders}`,
      metric: outOfStep.metric({ period: Duration.minutes(15), statistic: 'Maximum' }),
    });

    // Tickets past a deadline (D27): the hourly check logs how many with every run that finds any.
    const overdueTickets = new MetricFilter(this, 'TicketsOverdueFilter', {
      logGroup: props.ticketDeadlines.logGroup,
      filterPattern: FilterPattern.stringValue(
        '$.message',
        '=',
        ALARMED_LOG_MESSAGES.ticketsOverdue,
      ),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'TicketsOverdue',
      metricValue: '$.count',
      defaultValue: 0,
    });
    this.alarm('TicketsOverdue', {
      description: `Support tickets are past a deadline: a first response (24 hours), or a grievance's acknowledgement (48 hours) or resolution (one month, the E-Commerce Rules 2020). The grievance officer was mailed for each overdue grievance. Open /admin/tickets on the store: overdue tickets are red in the queue, soonest due first.`,
      metric: overdueTickets.metric({ period: Duration.hours(1), statistic: 'Maximum' }),
    });

    // Money going back (D16), counted from the logs of the function that sees it.
    const refundAlarms = [
      [
        'RefundFailed',
        props.webhook,
        ALARMED_LOG_MESSAGES.refundFailed,
        'Razorpay reported a refund failed. The store tries it again (up to 3 attempts) and has told the buyer; check the refund in the Razorpay dashboard.',
      ],
      [
        'RefundNeedsOperator',
        props.refundsWorker,
        ALARMED_LOG_MESSAGES.refundNeedsOperator,
        'A refund cannot be made or failed every attempt: pay the buyer back another way, or fix it in the Razorpay dashboard.',
      ],
      [
        'OutsideRefund',
        props.webhook,
        ALARMED_LOG_MESSAGES.outsideRefund,
        'A refund was made in the Razorpay dashboard, not through the store. A full refund ended its service; a partial one waits for a person to decide about the service.',
      ],
      [
        'DisputeOpened',
        props.webhook,
        ALARMED_LOG_MESSAGES.disputeOpened,
        "A buyer's bank opened a dispute (chargeback) on a payment: answer it in the Razorpay dashboard. The service it paid for is suspended until the dispute is decided: won runs it again, lost ends it.",
      ],
    ] as const;
    for (const [name, fn, message, description] of refundAlarms) {
      const filter = new MetricFilter(this, `${name}Filter`, {
        logGroup: fn.logGroup,
        filterPattern: FilterPattern.stringValue('$.message', '=', message),
        metricNamespace: METRIC_NAMESPACE,
        metricName: name,
        metricValue: '1',
        defaultValue: 0,
      });
      this.alarm(name, {
        description: `${description} ${CONSOLE.stuck}`,
        metric: filter.metric({ period: Duration.minutes(5), statistic: 'Sum' }),
      });
    }

    for (const fn of props.watchedFunctions) {
      this.alarm(`${fn.node.id}Errors`, {
        description: `The ${fn.definition.id} Lambda failed; its events are retried, then kept in its failure queue. ${CONSOLE.stuck}`,
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
