import { Duration, Stack } from 'aws-cdk-lib';
import { EventBus, Rule, type EventPattern } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_RULES, type FunctionId } from '../definitions/functions';
import { deadLetterQueue } from './dead-letter-queue';
import type { StorefrontFunction } from './storefront-function';

/** EventBridge retries delivering an event to its target this often, for at most this long. */
export const EVENT_DELIVERY = { retryAttempts: 8, maxEventAge: Duration.hours(2) } as const;
/** Then Lambda runs the delivered event this many more times when the handler throws. */
export const ASYNC_INVOKE = { retryAttempts: 2, maxEventAge: Duration.hours(2) } as const;

/**
 * The bus is named after its stack, lowercase: `storefront` for the stack `Storefront` (the name
 * docs/api.md gives), another for a second stack in the same account and region, which a fixed
 * name would collide with. The Lambdas are told the name (EVENT_BUS_NAME).
 */
export function eventBusNameFor(stackName: string): string {
  return stackName.toLowerCase();
}

/** EventBridge's JSON pattern (`detail-type`) in CDK's spelling (`detailType`). */
export function toEventPattern(raw: Readonly<Record<string, unknown>>): EventPattern {
  const { 'detail-type': detailType, ...rest } = raw;
  return { ...rest, ...(detailType ? { detailType } : {}) } as EventPattern;
}

export interface EventsProps {
  functions: Record<FunctionId, StorefrontFunction>;
}

/**
 * The `storefront` bus and its rules (from the shared definitions). An event that cannot be
 * delivered lands in the rule's dead-letter queue; an event whose handler keeps failing lands in
 * the target function's failure queue. The monitoring alarms on both.
 */
export class Events extends Construct {
  readonly bus: EventBus;
  /** Every dead-letter queue here, for the alarms. */
  readonly deadLetterQueues: Queue[] = [];
  /** The functions the rules invoke, for the error alarms. */
  readonly targets: StorefrontFunction[] = [];

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', {
      eventBusName: eventBusNameFor(Stack.of(this).stackName),
    });
  }

  /** Adds the rules; called once the functions exist. */
  addRules({ functions }: EventsProps): void {
    for (const definition of EVENT_RULES) {
      const target = functions[definition.target];
      const undelivered = deadLetterQueue(this, `${definition.id}Undelivered`);
      new Rule(this, definition.id, {
        eventBus: this.bus,
        description: `${definition.eventPattern['detail-type'].join(', ')} → ${definition.target}`,
        eventPattern: toEventPattern(definition.eventPattern),
        targets: [
          new LambdaFunction(target.function, {
            ...EVENT_DELIVERY,
            deadLetterQueue: undelivered,
          }),
        ],
      });
      this.deadLetterQueues.push(undelivered);

      if (!this.targets.includes(target)) {
        const failed = deadLetterQueue(this, `${definition.target}Failed`);
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
