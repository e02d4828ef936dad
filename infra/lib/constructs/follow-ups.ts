import { ArnFormat, Stack, Token } from 'aws-cdk-lib';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/**
 * The follow-ups' schedule group, named after its stack as the bus is (`storefront-follow-ups`
 * for the stack `Storefront`), so a second stack in the account and region has its own.
 */
export function followUpGroupNameFor(stackName: string): string {
  return `${stackName.toLowerCase()}-follow-ups`;
}

export interface FollowUpsProps {
  bus: IEventBus;
}

/**
 * Converge's own next pass (E31): EventBridge Scheduler's one-time schedules, each putting a
 * ServiceChanged on the bus at its time, live in a schedule group of their own. Scheduler takes a
 * role that may only put events on this bus; converge's function may only create schedules in
 * this group and pass that role to Scheduler (grantCreate). Nothing may update, delete or read
 * them: a schedule deletes itself once it has run (`ActionAfterCompletion: DELETE`).
 */
export class FollowUps extends Construct {
  readonly group: CfnScheduleGroup;
  /** The role Scheduler takes to put the follow-up's event on the bus. */
  readonly role: Role;
  /** The group's name (FOLLOW_UP_GROUP). */
  readonly groupName: string;

  constructor(scope: Construct, id: string, props: FollowUpsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.group = new CfnScheduleGroup(this, 'Group', {
      name: followUpGroupNameFor(stack.stackName),
    });
    this.groupName = this.group.ref;
    // Only Scheduler, on behalf of this account, may take this role.
    this.role = new Role(this, 'PutEventsRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      description: "EventBridge Scheduler puts converge's follow-ups on the storefront's bus",
    });
    props.bus.grantPutEventsTo(this.role);
  }

  /** The ARN of every schedule in the group (`schedule/<group>/*`). */
  get schedulesArn(): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.ref}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /**
   * A function's role may CreateSchedule in the group, and pass Scheduler's role to Scheduler:
   * nothing more.
   */
  grantCreate(grantee: Role): void {
    grantee.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule'],
        resources: [this.schedulesArn],
      }),
    );
    grantee.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    const stack = Stack.of(this);
    const groupId = stack.getLogicalId(this.group);
    // cdk-nag names a concrete region or account as it is, a deploy-time one as its pseudo.
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    acknowledge(
      grantee,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${region}:${account}:schedule/<${groupId}>/*]`,
      "A follow-up's schedule is named when it is asked for (the service and the minute): the wildcard is the follow-ups' own group, where the function may only create schedules.",
    );
  }
}
