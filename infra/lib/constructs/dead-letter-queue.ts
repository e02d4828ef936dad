import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';

/**
 * A queue that keeps what could not be delivered, for 14 days (SQS's longest), encrypted and
 * reachable over TLS only. The monitoring alarms on any message in it.
 */
export function deadLetterQueue(scope: Construct, id: string): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(
    queue,
    'AwsSolutions-SQS3',
    'This queue is itself a dead-letter queue: the end of the line, watched by an alarm.',
  );
  return queue;
}
