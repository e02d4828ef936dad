import { CfnResource, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * How long the deploy-time Lambdas CDK adds (the catalog seed's SDK calls, BucketDeployment, the
 * site bucket's auto-delete) keep their logs: long enough to read why a deploy failed. Without a
 * log group of their own, Lambda makes `/aws/lambda/<name>` on first run, kept forever, and left
 * behind by `cdk destroy`.
 */
export const CUSTOM_RESOURCE_LOG_RETENTION = RetentionDays.ONE_MONTH;

/** CDK's construct id of the provider behind every `autoDeleteObjects: true` bucket in a stack. */
const AUTO_DELETE_PROVIDER_ID = 'Custom::S3AutoDeleteObjectsCustomResourceProvider';

/**
 * The auto-delete provider's Lambda (CDK's own, with no log group option) sends its logs to a log
 * group of the stack, with a retention, through the function's LoggingConfig. Its role is CDK's,
 * with the AWS managed basic execution policy, which may write to it.
 */
export function logAutoDeleteObjects(scope: Construct, bucket: Bucket): LogGroup {
  const stack = Stack.of(bucket);
  const provider = stack.node.tryFindChild(AUTO_DELETE_PROVIDER_ID);
  const handler = provider?.node.tryFindChild('Handler');
  if (!(handler instanceof CfnResource) || handler.cfnResourceType !== 'AWS::Lambda::Function') {
    throw new Error(
      `No ${AUTO_DELETE_PROVIDER_ID} Lambda in the stack: did ${bucket.node.path} lose autoDeleteObjects, or did CDK rename its provider?`,
    );
  }
  const existing = scope.node.tryFindChild('AutoDeleteObjectsLogs');
  if (existing instanceof LogGroup) return existing;
  const logs = new LogGroup(scope, 'AutoDeleteObjectsLogs', {
    retention: CUSTOM_RESOURCE_LOG_RETENTION,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  handler.addPropertyOverride('LoggingConfig.LogGroup', logs.logGroupName);
  return logs;
}
