import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS, ROUTES, type FunctionId } from '../../infra/lib/definitions/functions';
import { ENV, TABLES, type TableId } from '../../lambdas/system/facts';
import { logicalIdOf, resourcesOfType, synthesise, type Synthesised } from './stack-fixture';

const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
/** The functions behind an API route: the ones that check the edge's origin secret (#26). */
const ROUTED = new Set<FunctionId>(ROUTES.map((route) => route.function));

const READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:BatchGetItem',
];

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** Logical ids a policy resource points at, through Ref, Fn::GetAtt and Fn::Join. */
function referencedIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.Ref === 'string') return record.Ref.startsWith('AWS::') ? [] : [record.Ref];
    const getAtt = record['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return [getAtt[0]];
    return Object.values(record).flatMap(referencedIds);
  }
  return [];
}

const actionsOf = (statement: Statement) =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

let synthesised: Synthesised;
let statementsByFunction: Record<FunctionId, Statement[]>;
let tableIds: Record<TableId, string>;

function actionsOn(functionId: FunctionId, logicalId: string): Set<string> {
  return new Set(
    statementsByFunction[functionId]
      .filter((statement) => referencedIds(statement.Resource).includes(logicalId))
      .flatMap(actionsOf),
  );
}

beforeAll(() => {
  synthesised = synthesise();
  const { stack, template } = synthesised;
  // A role's inline policy, and the managed "overflow" policies CDK adds when it grows too large.
  const policies = {
    ...resourcesOfType(template, 'AWS::IAM::Policy'),
    ...resourcesOfType(template, 'AWS::IAM::ManagedPolicy'),
  };
  statementsByFunction = {} as Record<FunctionId, Statement[]>;
  for (const id of Object.keys(FUNCTIONS) as FunctionId[]) {
    const roleId = logicalIdOf(stack, stack.lambdas.functions[id].role);
    statementsByFunction[id] = Object.values(policies)
      .filter((policy) => referencedIds(policy.Properties?.Roles).includes(roleId))
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      );
  }
  tableIds = Object.fromEntries(
    TABLES.map((table) => [table.id, logicalIdOf(stack, stack.data.tables[table.id])]),
  ) as Record<TableId, string>;
});

afterAll(() => synthesised.dispose());

describe('least privilege: each Lambda gets exactly what its definition names', () => {
  it('the dashboard Lambda cannot write the orders table', () => {
    const onOrders = actionsOn('dashboard', tableIds.orders);
    expect(onOrders).toContain('dynamodb:Query');
    for (const action of WRITE_ACTIONS) expect(onOrders).not.toContain(action);
  });

  it('the plans Lambda can only read the plans table, and touches nothing else but its logs and the origin secret', () => {
    const { stack } = synthesised;
    const ownLogs = logicalIdOf(stack, stack.lambdas.functions.plans.logGroup);
    const originSecret = logicalIdOf(stack, stack.edge.originSecret);
    const statements = statementsByFunction.plans;
    for (const statement of statements) {
      const ids = referencedIds(statement.Resource);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect([tableIds.plans, ownLogs, originSecret]).toContain(id);
    }
    const onPlans = actionsOn('plans', tableIds.plans);
    expect(onPlans).toContain('dynamodb:GetItem');
    for (const action of WRITE_ACTIONS) expect(onPlans).not.toContain(action);
  });

  it.each(Object.keys(FUNCTIONS) as FunctionId[])(
    '%s: table actions match its definition, table by table',
    (functionId) => {
      const definition = FUNCTIONS[functionId];
      for (const table of TABLES) {
        const actions = actionsOn(functionId, tableIds[table.id]);
        const access = definition.tables[table.id];
        const reads = READ_ACTIONS.filter((a) => actions.has(a));
        const writes = WRITE_ACTIONS.filter((a) => actions.has(a));
        if (!access) expect([...actions], `${functionId} on ${table.id}`).toEqual([]);
        if (access === 'read') {
          expect(reads, `${functionId} reads ${table.id}`).toContain('dynamodb:GetItem');
          expect(writes, `${functionId} must not write ${table.id}`).toEqual([]);
        }
        if (access === 'write') {
          expect(writes, `${functionId} writes ${table.id}`).toEqual([
            'dynamodb:PutItem',
            'dynamodb:UpdateItem',
          ]);
          expect(reads, `${functionId} must not read ${table.id}`).toEqual([]);
        }
        if (access === 'readWrite') {
          expect(reads).toContain('dynamodb:GetItem');
          // No function deletes or batch-writes here: never DeleteItem or BatchWriteItem.
          expect(writes, `${functionId} on ${table.id}`).toEqual([
            'dynamodb:PutItem',
            'dynamodb:UpdateItem',
          ]);
        }
        if (access === 'readWriteDelete') {
          expect(reads).toContain('dynamodb:GetItem');
          expect(writes, `${functionId} on ${table.id}`).toEqual([
            'dynamodb:PutItem',
            'dynamodb:UpdateItem',
            'dynamodb:DeleteItem',
          ]);
        }
        if (access === 'readAppend') {
          // The audit trail: new items only, never an update or a delete.
          expect(reads, `${functionId} reads ${table.id}`).toContain('dynamodb:Query');
          expect(writes, `${functionId} only appends to ${table.id}`).toEqual(['dynamodb:PutItem']);
        }
      }
    },
  );

  it.each(Object.keys(FUNCTIONS) as FunctionId[])(
    '%s: every statement names only resources it was given, never "*"',
    (functionId) => {
      const { stack } = synthesised;
      const definition = FUNCTIONS[functionId];
      const allowed = new Set<string>([
        logicalIdOf(stack, stack.lambdas.functions[functionId].logGroup),
        ...Object.keys(definition.tables).map((id) => tableIds[id as TableId]),
      ]);
      if (definition.needs.includes('razorpaySecrets')) {
        // The operator's secret, by the ARN the RazorpaySecretArn parameter gives (issue #31).
        allowed.add(stack.resolve(stack.payments.secretArnParameter.logicalId) as string);
      }
      if (definition.needs.includes('publishEvents')) {
        allowed.add(logicalIdOf(stack, stack.events.bus));
      }
      if (definition.needs.includes('scheduleFollowUps')) {
        // Schedules in the follow-ups' group, and the role Scheduler takes (E31).
        allowed.add(stack.getLogicalId(stack.followUps.group));
        allowed.add(logicalIdOf(stack, stack.followUps.role));
      }
      if (
        definition.needs.includes('updateUserAttributes') ||
        definition.needs.includes('readMfaSettings') ||
        definition.needs.includes('deleteUsers')
      ) {
        allowed.add(logicalIdOf(stack, stack.auth.userPool));
      }
      if (definition.needs.includes('whmSecret')) {
        allowed.add(logicalIdOf(stack, stack.provisioning.whmSecret));
      }
      if (ROUTED.has(functionId)) allowed.add(logicalIdOf(stack, stack.edge.originSecret));
      if (definition.needs.includes('registrarSecret')) {
        allowed.add(logicalIdOf(stack, stack.provisioning.registrarSecret));
      }
      if (definition.needs.includes('proxmoxSecret')) {
        allowed.add(logicalIdOf(stack, stack.provisioning.proxmoxSecret));
      }
      if (definition.needs.includes('storageSecret')) {
        allowed.add(logicalIdOf(stack, stack.provisioning.storageSecret));
      }
      if (definition.needs.includes('ticketFiles') || definition.needs.includes('inboundMail')) {
        allowed.add(logicalIdOf(stack, stack.ticketFiles.bucket));
      }
      if (stack.events.targets.some((target) => target.definition.id === functionId)) {
        // Its failure queue (the async-invoke onFailure destination).
        for (const queue of stack.events.deadLetterQueues) allowed.add(logicalIdOf(stack, queue));
      }
      if (functionId === 'inboundMail') {
        // SES invokes it asynchronously: a mail it still fails on goes to its failure queue.
        allowed.add(logicalIdOf(stack, stack.inboundMail.deadLetterQueue));
      }
      if (stack.schedules.targets.some((target) => target.definition.id === functionId)) {
        // A scheduled job's failure queue (its async-invoke onFailure destination).
        for (const queue of stack.schedules.deadLetterQueues)
          allowed.add(logicalIdOf(stack, queue));
      }
      for (const statement of statementsByFunction[functionId]) {
        expect(statement.Resource).not.toEqual('*');
        for (const id of referencedIds(statement.Resource)) {
          expect([...allowed], `${functionId}: ${actionsOf(statement).join(',')}`).toContain(id);
        }
      }
    },
  );

  it.each(Object.keys(FUNCTIONS) as FunctionId[])(
    '%s: secrets, events and mail only where the definition needs them',
    (functionId) => {
      const { stack } = synthesised;
      const { needs } = FUNCTIONS[functionId];
      const secret = actionsOn(
        functionId,
        stack.resolve(stack.payments.secretArnParameter.logicalId) as string,
      );
      const bus = actionsOn(functionId, logicalIdOf(stack, stack.events.bus));
      // Sending: on the account's identities (the sandbox checks the recipient's too), from the
      // sender address alone (issue #31).
      const sending = statementsByFunction[functionId].filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('ses:')),
      );
      for (const statement of sending) {
        expect(JSON.stringify(statement.Resource)).toContain(':identity/*');
        expect((statement as Statement & { Condition?: unknown }).Condition).toEqual({
          StringEquals: { 'ses:FromAddress': { Ref: 'SenderEmail' } },
        });
      }
      const sender = new Set(sending.flatMap(actionsOf));
      expect(secret.has('secretsmanager:GetSecretValue')).toBe(needs.includes('razorpaySecrets'));
      // The WHM token: its value only, and only for the functions that call WHM.
      const whm = actionsOn(functionId, logicalIdOf(stack, stack.provisioning.whmSecret));
      expect([...whm]).toEqual(
        needs.includes('whmSecret') ? ['secretsmanager:GetSecretValue'] : [],
      );
      // The edge's origin secret (#26): its value only, for every function behind an API route.
      const origin = actionsOn(functionId, logicalIdOf(stack, stack.edge.originSecret));
      expect([...origin]).toEqual(ROUTED.has(functionId) ? ['secretsmanager:GetSecretValue'] : []);
      // The registrar's API key (D23): likewise, only for the functions that call the registrar.
      const registrar = actionsOn(
        functionId,
        logicalIdOf(stack, stack.provisioning.registrarSecret),
      );
      expect([...registrar]).toEqual(
        needs.includes('registrarSecret') ? ['secretsmanager:GetSecretValue'] : [],
      );
      // The Proxmox VE token (D24): likewise, only for the functions that converge a VPS.
      const proxmox = actionsOn(functionId, logicalIdOf(stack, stack.provisioning.proxmoxSecret));
      expect([...proxmox]).toEqual(
        needs.includes('proxmoxSecret') ? ['secretsmanager:GetSecretValue'] : [],
      );
      // The object storage's admin keys (D24): only for the functions that call RGW.
      const storage = actionsOn(functionId, logicalIdOf(stack, stack.provisioning.storageSecret));
      expect([...storage]).toEqual(
        needs.includes('storageSecret') ? ['secretsmanager:GetSecretValue'] : [],
      );
      // The tickets' bucket (D27): attachments for the tickets function, the raw inbound mail for
      // the inbound-mail function, each on its own prefix, nothing on the bucket itself.
      const bucketStatements = statementsByFunction[functionId].filter((statement) =>
        referencedIds(statement.Resource).includes(logicalIdOf(stack, stack.ticketFiles.bucket)),
      );
      const onBucket = bucketStatements.map((statement) => ({
        actions: actionsOf(statement).sort(),
        resource: JSON.stringify(statement.Resource),
      }));
      expect(onBucket).toEqual([
        ...(needs.includes('ticketFiles')
          ? [
              {
                actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
                resource: expect.stringContaining('/ticket-files/*'),
              },
            ]
          : []),
        ...(needs.includes('inboundMail')
          ? [{ actions: ['s3:GetObject'], resource: expect.stringContaining('/inbound-mail/*') }]
          : []),
      ]);
      expect(bus.has('events:PutEvents')).toBe(needs.includes('publishEvents'));
      expect(sender.has('ses:SendEmail')).toBe(needs.includes('sendEmail'));
      expect(sender.has('ses:SendRawEmail')).toBe(needs.includes('sendEmail'));
      // The profile's name and phone (D19), an operator's MFA settings (D28), and nothing else
      // of the user pool.
      const pool = actionsOn(functionId, logicalIdOf(stack, stack.auth.userPool));
      expect([...pool].sort()).toEqual(
        [
          ...(needs.includes('updateUserAttributes')
            ? ['cognito-idp:AdminUpdateUserAttributes']
            : []),
          ...(needs.includes('readMfaSettings') ? ['cognito-idp:AdminGetUser'] : []),
          ...(needs.includes('deleteUsers') ? ['cognito-idp:AdminDeleteUser'] : []),
        ].sort(),
      );
      const all = statementsByFunction[functionId].flatMap(actionsOf);
      expect(all.filter((a) => a.startsWith('ses:')).length > 0).toBe(needs.includes('sendEmail'));
    },
  );
});

describe("converge's follow-ups (E31): EventBridge Scheduler, and nothing more", () => {
  it.each(Object.keys(FUNCTIONS) as FunctionId[])(
    '%s: creates schedules in the follow-ups’ group and passes Scheduler’s role only if its definition says so, and nothing else of Scheduler or IAM',
    (functionId) => {
      const { stack } = synthesised;
      const needs = FUNCTIONS[functionId].needs.includes('scheduleFollowUps');
      const statements = statementsByFunction[functionId].filter((statement) =>
        actionsOf(statement).some((a) => a.startsWith('scheduler:') || a.startsWith('iam:')),
      );
      const groupId = stack.getLogicalId(stack.followUps.group);
      const roleId = logicalIdOf(stack, stack.followUps.role);
      expect(
        statements.map((statement) => ({
          actions: actionsOf(statement),
          resource: JSON.stringify(statement.Resource),
          condition: (statement as Statement & { Condition?: unknown }).Condition,
        })),
      ).toEqual(
        needs
          ? [
              {
                actions: ['scheduler:CreateSchedule'],
                // Only schedules in the group: `schedule/<group>/*`.
                resource: expect.stringMatching(
                  new RegExp(`:schedule/",\\{"Ref":"${groupId}"\\},"/\\*"`),
                ),
                condition: undefined,
              },
              {
                actions: ['iam:PassRole'],
                resource: JSON.stringify({ 'Fn::GetAtt': [roleId, 'Arn'] }),
                condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
              },
            ]
          : [],
      );
    },
  );

  it('Scheduler’s role may only put events on the storefront bus, and only Scheduler of this account takes it', () => {
    const { stack, template } = synthesised;
    const roleId = logicalIdOf(stack, stack.followUps.role);
    const role = resourcesOfType(template, 'AWS::IAM::Role')[roleId];
    expect(role?.Properties?.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        },
      ],
    });
    expect(role?.Properties?.ManagedPolicyArns).toBeUndefined();
    const statements = Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
      .filter((policy) => referencedIds(policy.Properties?.Roles).includes(roleId))
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      );
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'events:PutEvents',
        Resource: { 'Fn::GetAtt': [logicalIdOf(stack, stack.events.bus), 'Arn'] },
      },
    ]);
  });

  it('the follow-ups’ group is named after the stack', () => {
    const { stack, template } = synthesised;
    const group = resourcesOfType(template, 'AWS::Scheduler::ScheduleGroup')[
      stack.getLogicalId(stack.followUps.group)
    ];
    expect(group?.Properties).toEqual({ Name: `${stack.stackName.toLowerCase()}-follow-ups` });
  });
});

describe('the Lambdas themselves', () => {
  it.each(Object.keys(FUNCTIONS) as FunctionId[])(
    '%s: Node.js 22 on arm64, its memory and timeout, its log group, only its environment',
    (functionId) => {
      const { stack, template } = synthesised;
      const definition = FUNCTIONS[functionId];
      const fn = stack.lambdas.functions[functionId];
      const resource = resourcesOfType(template, 'AWS::Lambda::Function')[
        logicalIdOf(stack, fn.function)
      ];
      const properties = resource?.Properties as Record<string, unknown>;
      expect(properties.Runtime).toBe('nodejs22.x');
      expect(properties.Architectures).toEqual(['arm64']);
      expect(properties.MemorySize).toBe(definition.memoryMb);
      expect(properties.Timeout).toBe(definition.timeoutSeconds);
      expect(properties.LoggingConfig).toEqual({
        LogGroup: { Ref: logicalIdOf(stack, fn.logGroup) },
      });
      const variables = (properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
      // No NODE_OPTIONS: source maps are not read at run time (sdk-bundling.ts, cold start).
      expect(variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'storefront',
        POWERTOOLS_LOG_LEVEL: 'INFO',
      });
      const expected = new Set([
        'POWERTOOLS_SERVICE_NAME',
        'POWERTOOLS_LOG_LEVEL',
        ...TABLES.filter((t) => definition.tables[t.id]).map((t) => t.envVar),
        ...(definition.needs.includes('publishEvents') ? ['EVENT_BUS_NAME'] : []),
        ...(definition.needs.includes('scheduleFollowUps')
          ? ['FOLLOW_UP_GROUP', 'FOLLOW_UP_ROLE_ARN', 'EVENT_BUS_ARN']
          : []),
        ...(definition.needs.includes('razorpaySecrets') ? ['RAZORPAY_SECRET_ARN'] : []),
        ...(definition.needs.includes('sendEmail') ? ['MAIL_FROM', 'SUPPORT_EMAIL'] : []),
        ...(definition.needs.includes('updateUserAttributes') ||
        definition.needs.includes('readMfaSettings') ||
        definition.needs.includes('deleteUsers')
          ? ['USER_POOL_ID']
          : []),
        ...(definition.needs.includes('sendEmail') || definition.linksToSite ? ['SITE_URL'] : []),
        ...(definition.needs.includes('whmSecret') ? ['WHM_SECRET_ARN'] : []),
        ...(definition.needs.includes('registrarSecret') ? ['REGISTRAR_SECRET_ARN'] : []),
        ...(definition.needs.includes('proxmoxSecret') ? ['PROXMOX_SECRET_ARN'] : []),
        ...(definition.needs.includes('storageSecret') ? ['STORAGE_SECRET_ARN'] : []),
        ...(ROUTED.has(definition.id) ? ['ORIGIN_SECRET_ARN'] : []),
        ...(definition.ticketMailSettings ? ['GRIEVANCE_EMAIL', 'TICKET_REPLY_ADDRESS'] : []),
        ...(definition.needs.includes('ticketFiles') || definition.needs.includes('inboundMail')
          ? ['TICKET_FILES_BUCKET']
          : []),
        ...(definition.needs.includes('sellerDetails')
          ? Object.values(ENV).filter((name) => name.startsWith('SELLER_'))
          : []),
        ...(definition.deliversServices ? ['HOSTING_PLACEHOLDER_DOMAIN', 'CONTROL_PANEL_URL'] : []),
      ]);
      expect(new Set(Object.keys(variables))).toEqual(expected);
      for (const table of TABLES.filter((t) => definition.tables[t.id])) {
        expect(variables[table.envVar]).toEqual({ Ref: tableIds[table.id] });
      }
    },
  );

  it('every function log group keeps its logs for a month', () => {
    const { stack, template } = synthesised;
    const groups = resourcesOfType(template, 'AWS::Logs::LogGroup');
    for (const fn of Object.values(stack.lambdas.functions)) {
      expect(groups[logicalIdOf(stack, fn.logGroup)]?.Properties?.RetentionInDays).toBe(30);
    }
  });
});
