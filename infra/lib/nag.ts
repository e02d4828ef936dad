import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges one cdk-nag finding on a construct (and what it contains), with the reason a
 * reviewer reads. `finding` is the rule id, with the finding's detail in brackets where the rule
 * reports several (`AwsSolutions-IAM5[Resource::*]`): cdk-nag 3 matches them one by one.
 */
export function acknowledge(scope: IConstruct, finding: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: finding, reason });
}

/** cdk-nag's AwsSolutions pack as a CDK validation plugin: an unacknowledged finding fails synth. */
export function addNagChecks(app: IConstruct): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}
