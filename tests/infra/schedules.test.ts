/**
 * Scheduled jobs in AWS (infra/lib/constructs/schedules.ts), built from a test-only job because
 * SCHEDULES names the stack's real jobs as their Lambdas arrive: one EventBridge Scheduler schedule
 * per job on its cron in its time zone, the Scheduled Event that the local stack sends too (its
 * time the run's scheduled time), a role only Scheduler may take that may invoke only the job, a
 * dead-letter queue for runs that cannot be delivered and a failure queue for runs that fail, and
 * no unacknowledged cdk-nag finding.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Schedules } from '../../infra/lib/constructs/schedules';
import { StorefrontFunction } from '../../infra/lib/constructs/storefront-function';
import {
  FUNCTIONS,
  SCHEDULES,
  scheduledJobEvent,
  type ScheduleDefinition,
} from '../../infra/lib/definitions/functions';
import { addNagChecks } from '../../infra/lib/nag';
import { REGION, resourcesOfType, synthesise } from './stack-fixture';

const TINY_JOB: ScheduleDefinition = {
  name: 'tiny-job',
  function: 'plans',
  expression: 'cron(0 9 * * ? *)',
  timeZone: 'Asia/Kolkata',
  description: 'a test-only job',
};

let outdir: string;
let stack: Stack;
let template: Template;
let schedules: Schedules;
let fn: StorefrontFunction;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'storefront-schedules-'));
  const app = new App({
    outdir,
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  stack = new Stack(app, 'Jobs', { env: { region: REGION, account: '123456789012' } });
  fn = new StorefrontFunction(stack, 'Plans', { definition: FUNCTIONS.plans });
  schedules = new Schedules(stack, 'Schedules', {
    functions: { plans: fn },
    schedules: [TINY_JOB],
  });
  addNagChecks(app);
  app.synth();
  template = Template.fromStack(stack);
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ref = (construct: { node: { defaultChild?: unknown } }) =>
  stack.resolve((construct.node.defaultChild as { ref: string }).ref) as { Ref: string };
const arnOf = (construct: { node: { defaultChild?: unknown } }) => ({
  'Fn::GetAtt': [ref(construct).Ref, 'Arn'],
});

describe('a scheduled job in AWS', () => {
  it('is one schedule on its cron, read in its time zone, with no flexible window', () => {
    const all = Object.values(resourcesOfType(template, 'AWS::Scheduler::Schedule'));
    expect(all).toHaveLength(1);
    expect(all[0]!.Properties).toMatchObject({
      ScheduleExpression: 'cron(0 9 * * ? *)',
      ScheduleExpressionTimezone: 'Asia/Kolkata',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Description: 'a test-only job',
    });
  });

  it('invokes the job’s Lambda with the Scheduled Event the local stack sends, its time the scheduled time', () => {
    const [schedule] = Object.values(resourcesOfType(template, 'AWS::Scheduler::Schedule'));
    const target = schedule!.Properties!.Target as {
      Arn: unknown;
      Input: string;
      RetryPolicy: unknown;
      DeadLetterConfig: { Arn: unknown };
    };
    expect(target.Arn).toEqual(arnOf(fn.function));
    expect(JSON.parse(target.Input)).toEqual(
      scheduledJobEvent(TINY_JOB, {
        time: '<aws.scheduler.scheduled-time>',
        id: '<aws.scheduler.execution-id>',
        scheduleArn: '<aws.scheduler.schedule-arn>',
        account: '123456789012',
        region: REGION,
      }),
    );
    expect(target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 4 });
    expect(target.DeadLetterConfig.Arn).toEqual(arnOf(schedules.deadLetterQueues[0]!));
  });

  it('uses a role only Scheduler may take, for this account, that may invoke the job and write its dead letters', () => {
    const [schedule] = Object.values(resourcesOfType(template, 'AWS::Scheduler::Schedule'));
    const roleId = (schedule!.Properties!.Target as { RoleArn: { 'Fn::GetAtt': string[] } })
      .RoleArn['Fn::GetAtt'][0]!;
    const role = resourcesOfType(template, 'AWS::IAM::Role')[roleId]!;
    expect(role.Properties!.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' } },
        },
      ],
    });
    const policies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties!.Roles).includes(roleId),
    );
    const statements = policies.flatMap(
      (p) => (p.Properties!.PolicyDocument as { Statement: { Action: unknown }[] }).Statement,
    );
    expect(statements.map((s) => s.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'sqs:SendMessage',
    ]);
  });

  it('sends a run whose handler keeps failing to the function’s failure queue, and hands both queues to the alarms', () => {
    const configs = Object.values(resourcesOfType(template, 'AWS::Lambda::EventInvokeConfig'));
    expect(configs).toHaveLength(1);
    expect(configs[0]!.Properties).toMatchObject({
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: arnOf(schedules.deadLetterQueues[1]!) } },
    });
    expect(schedules.deadLetterQueues).toHaveLength(2);
    expect(schedules.targets).toEqual([fn]);
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    // A synth with a validation plugin writes the report, findings or none (then
    // `pluginReports: []`): a missing or unreadable report fails here, never reads as "none".
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { violations: { ruleName: string }[] }[];
    };
    expect(report.pluginReports.flatMap((r) => r.violations.map((v) => v.ruleName))).toEqual([]);
  });
});

describe('the stack’s jobs', () => {
  it('has one schedule per SCHEDULES entry, each naming a function of the stack', () => {
    const synthesised = synthesise();
    try {
      const count = Object.keys(
        resourcesOfType(synthesised.template, 'AWS::Scheduler::Schedule'),
      ).length;
      expect(count).toBe(SCHEDULES.length);
      for (const job of SCHEDULES) expect(Object.keys(FUNCTIONS)).toContain(job.function);
    } finally {
      synthesised.dispose();
    }
  });
});
