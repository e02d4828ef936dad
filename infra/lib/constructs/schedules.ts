import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  SCHEDULES,
  scheduledJobEvent,
  type FunctionId,
  type ScheduleDefinition,
} from '../definitions/functions';
import { toPascalCase } from '../names';
import { acknowledge } from '../nag';
import { ASYNC_INVOKE } from './events';
import { deadLetterQueue } from './dead-letter-queue';
import type { StorefrontFunction } from './storefront-function';

/**
 * Scheduler retries invoking a job's Lambda this often, for at most this long (a run an hour late
 * is still worth doing; a later one waits for the next fire time).
 */
export const SCHEDULE_DELIVERY = { retryAttempts: 4, maxEventAge: Duration.hours(1) } as const;

export interface SchedulesProps {
  functions: Readonly<Partial<Record<FunctionId, StorefrontFunction>>>;
  /** The jobs; SCHEDULES, the list the local stack runs too, unless a test gives its own. */
  schedules?: readonly ScheduleDefinition[];
}

/**
 * One EventBridge Scheduler schedule per scheduled job, on its cron in its time zone, invoking the
 * job's Lambda with the Scheduled Event the local stack also sends (scheduledJobEvent, its `time`
 * the run's scheduled time). A run Scheduler cannot deliver lands in a dead-letter queue; a run
 * whose handler keeps failing lands in the function's failure queue. The monitoring alarms on both.
 */
export class Schedules extends Construct {
  readonly schedules: Schedule[] = [];
  /** Every dead-letter queue here, for the alarms. */
  readonly deadLetterQueues: Queue[] = [];
  /** The functions the schedules invoke, for the error alarms (unless an event rule has them). */
  readonly targets: StorefrontFunction[] = [];

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const definitions = props.schedules ?? SCHEDULES;
    if (!definitions.length) return;
    const { account, region } = Stack.of(this);

    // Only Scheduler, on behalf of this account, may take this role.
    const role = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': account } },
      }),
      description: "EventBridge Scheduler invokes the storefront's scheduled jobs",
    });
    const undelivered = deadLetterQueue(this, 'Undelivered');
    this.deadLetterQueues.push(undelivered);

    for (const definition of definitions) {
      const target = props.functions[definition.function];
      if (!target)
        throw new Error(
          `The ${definition.name} schedule's function ${definition.function} is not in the stack.`,
        );
      const event = scheduledJobEvent(definition, {
        time: ContextAttribute.scheduledTime,
        id: ContextAttribute.executionId,
        scheduleArn: ContextAttribute.scheduleArn,
        account,
        region,
      });
      this.schedules.push(
        new Schedule(this, toPascalCase(definition.name), {
          description: definition.description,
          schedule: ScheduleExpression.expression(
            definition.expression,
            TimeZone.of(definition.timeZone),
          ),
          target: new LambdaInvoke(target.function, {
            ...SCHEDULE_DELIVERY,
            role,
            deadLetterQueue: undelivered,
            input: ScheduleTargetInput.fromObject(event),
          }),
        }),
      );
      const fnId = Stack.of(this).getLogicalId(target.function.node.defaultChild as CfnFunction);
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*]`,
        'CDK grants lambda:InvokeFunction on the scheduled function and its versions (ARN:*); the role may invoke nothing else.',
      );
      // An event rule may have given the function its failure queue already.
      const configured = target.function.node.tryFindChild('EventInvokeConfig');
      if (!configured && !this.targets.includes(target)) {
        const failed = deadLetterQueue(this, `${definition.function}Failed`);
        target.function.configureAsyncInvoke({
          ...ASYNC_INVOKE,
          onFailure: new SqsDestination(failed),
        });
        this.deadLetterQueues.push(failed);
        this.targets.push(target);
      }
    }
  }
}
