import { Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { CfnTable, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  FUNCTIONS,
  ROUTES,
  type FunctionDefinition,
  type FunctionId,
  type TableAccess,
} from '../definitions/functions';
import { ENV, TABLES, type TableDefinition, type TableId } from '../../../lambdas/system/facts';
import { acknowledge } from '../nag';
import { toPascalCase } from '../names';
import type { FollowUps } from './follow-ups';
import type { Mail } from './mail';
import type { TicketFiles } from './ticket-files';
import { StorefrontFunction } from './storefront-function';

export interface LambdasProps {
  tables: Record<TableId, Table>;
  bus: IEventBus;
  razorpaySecret: ISecret;
  mail: Mail;
  /** The hosting panel's API credentials (WHM_SECRET_ARN). */
  whmSecret: ISecret;
  /** The domain registrar's API credentials (REGISTRAR_SECRET_ARN). */
  registrarSecret: ISecret;
  /** The VPS platform's API token, templates and address pool (PROXMOX_SECRET_ARN). */
  proxmoxSecret: ISecret;
  /** The object storage's admin credentials (STORAGE_SECRET_ARN). */
  storageSecret: ISecret;
  /** What the services-delivering functions are told (stack parameters). */
  hosting: { placeholderDomain: string; controlPanelUrl: string };
  /** The tickets' private bucket: attachments and raw inbound mail (TICKET_FILES_BUCKET). */
  ticketFiles: TicketFiles;
  /** Stack parameters for the ticket mails (D27); empty strings when unset. */
  tickets: { grievanceEmail: string; replyAddress: string };
  /** Converge's follow-ups' schedule group and the role Scheduler takes (E31). */
  followUps: FollowUps;
}

/** The environment a function gets: exactly the names of what it may use (lambdas/config). */
export function environmentFor(
  definition: FunctionDefinition,
  props: LambdasProps,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const table of TABLES) {
    if (definition.tables[table.id]) environment[table.envVar] = props.tables[table.id].tableName;
  }
  if (definition.needs.includes('publishEvents')) {
    environment[ENV.eventBusName] = props.bus.eventBusName;
  }
  if (definition.needs.includes('scheduleFollowUps')) {
    environment[ENV.followUpGroup] = props.followUps.groupName;
    environment[ENV.followUpRoleArn] = props.followUps.role.roleArn;
    environment[ENV.eventBusArn] = props.bus.eventBusArn;
  }
  if (definition.needs.includes('razorpaySecrets')) {
    environment[ENV.razorpaySecretArn] = props.razorpaySecret.secretArn;
  }
  if (definition.needs.includes('sendEmail')) {
    environment[ENV.mailFrom] = props.mail.senderEmail;
    environment[ENV.supportEmail] = props.mail.supportEmail;
  }
  if (definition.ticketMailSettings) {
    environment[ENV.grievanceEmail] = props.tickets.grievanceEmail;
    environment[ENV.ticketReplyAddress] = props.tickets.replyAddress;
  }
  if (definition.needs.includes('ticketFiles') || definition.needs.includes('inboundMail')) {
    environment[ENV.ticketFilesBucket] = props.ticketFiles.bucket.bucketName;
  }
  if (definition.needs.includes('whmSecret')) {
    environment[ENV.whmSecretArn] = props.whmSecret.secretArn;
  }
  if (definition.needs.includes('registrarSecret')) {
    environment[ENV.registrarSecretArn] = props.registrarSecret.secretArn;
  }
  if (definition.needs.includes('proxmoxSecret')) {
    environment[ENV.proxmoxSecretArn] = props.proxmoxSecret.secretArn;
  }
  if (definition.needs.includes('storageSecret')) {
    environment[ENV.storageSecretArn] = props.storageSecret.secretArn;
  }
  if (definition.deliversServices) {
    environment[ENV.hostingPlaceholderDomain] = props.hosting.placeholderDomain;
    // Empty when the operator gave none: the Lambda then names no panel address.
    environment[ENV.controlPanelUrl] = props.hosting.controlPanelUrl;
  }
  return environment;
}

/** Writes without deletes: CDK's grantWriteData would add DeleteItem and BatchWriteItem. */
const PUT_UPDATE = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];

const TABLE_GRANTS: Record<TableAccess, (table: Table, fn: StorefrontFunction) => void> = {
  read: (table, fn) => table.grantReadData(fn.function),
  write: (table, fn) => table.grant(fn.function, ...PUT_UPDATE),
  readWrite: (table, fn) => {
    table.grantReadData(fn.function);
    table.grant(fn.function, ...PUT_UPDATE);
  },
  readWriteDelete: (table, fn) => {
    table.grantReadData(fn.function);
    table.grant(fn.function, ...PUT_UPDATE, 'dynamodb:DeleteItem');
  },
  // Reads and new items only: no UpdateItem or DeleteItem, so an entry can never change.
  readAppend: (table, fn) => {
    table.grantReadData(fn.function);
    table.grant(fn.function, 'dynamodb:PutItem');
  },
};

/**
 * Every Lambda of the shared definitions, each with the environment and the grants its
 * definition names and nothing more (least privilege).
 */
export class Lambdas extends Construct {
  readonly functions: Record<FunctionId, StorefrontFunction>;

  constructor(scope: Construct, id: string, props: LambdasProps) {
    super(scope, id);
    const functions: Partial<Record<FunctionId, StorefrontFunction>> = {};
    for (const definition of Object.values(FUNCTIONS)) {
      const fn = new StorefrontFunction(this, toPascalCase(definition.id), {
        definition,
        environment: environmentFor(definition, props),
      });
      for (const [tableId, access] of Object.entries(definition.tables) as [
        TableId,
        TableAccess,
      ][]) {
        TABLE_GRANTS[access](props.tables[tableId], fn);
        acknowledgeIndexGrant(fn, tableId, props.tables[tableId]);
      }
      if (definition.needs.includes('razorpaySecrets')) props.razorpaySecret.grantRead(fn.function);
      if (definition.needs.includes('publishEvents')) props.bus.grantPutEventsTo(fn.function);
      if (definition.needs.includes('scheduleFollowUps')) props.followUps.grantCreate(fn.role);
      if (definition.needs.includes('sendEmail')) props.mail.grantSend(fn.function);
      if (definition.needs.includes('ticketFiles')) props.ticketFiles.grantAttachments(fn.function);
      if (definition.needs.includes('inboundMail')) props.ticketFiles.grantInboundMail(fn.function);
      if (definition.needs.includes('whmSecret')) {
        // Reading the value is all it does: no DescribeSecret, no other secret.
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [props.whmSecret.secretArn],
          }),
        );
      }
      if (definition.needs.includes('registrarSecret')) {
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [props.registrarSecret.secretArn],
          }),
        );
      }
      if (definition.needs.includes('proxmoxSecret')) {
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [props.proxmoxSecret.secretArn],
          }),
        );
      }
      if (definition.needs.includes('storageSecret')) {
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [props.storageSecret.secretArn],
          }),
        );
      }
      functions[definition.id] = fn;
    }
    this.functions = functions as Record<FunctionId, StorefrontFunction>;
  }

  /**
   * The user pool, for the functions that keep its attributes in step ('updateUserAttributes'),
   * read an account's MFA settings ('readMfaSettings') or delete an account ('deleteUsers'): its id
   * and those admin actions on it. The
   * pool exists only after the Lambdas (its triggers are among them), hence a step of its own.
   */
  addUserPool(userPool: IUserPool): void {
    for (const fn of Object.values(this.functions)) {
      const needs = fn.definition.needs;
      const actions = [
        ...(needs.includes('updateUserAttributes')
          ? ['cognito-idp:AdminUpdateUserAttributes']
          : []),
        // The operator's MFA settings (D28).
        ...(needs.includes('readMfaSettings') ? ['cognito-idp:AdminGetUser'] : []),
        // A buyer deleting their own account (D28).
        ...(needs.includes('deleteUsers') ? ['cognito-idp:AdminDeleteUser'] : []),
      ];
      if (actions.length === 0) continue;
      fn.function.addEnvironment(ENV.userPoolId, userPool.userPoolId);
      userPool.grant(fn.function, ...actions);
    }
  }

  /** The seller on tax invoices (sellerParameters), for the functions that name it. */
  addSeller(seller: Record<string, string>): void {
    for (const fn of Object.values(this.functions)) {
      if (!fn.definition.needs.includes('sellerDetails')) continue;
      for (const [name, value] of Object.entries(seller)) fn.function.addEnvironment(name, value);
    }
  }

  /**
   * The edge's proof (#26): every function behind an API route reads the origin secret (its ARN in
   * ORIGIN_SECRET_ARN, GetSecretValue on it alone) and refuses a request without it
   * (lambdas/http/edge-origin.ts). Only those: no other function takes HTTP requests.
   */
  addOriginSecret(secret: ISecret): void {
    const routed = new Set<FunctionId>(ROUTES.map((route) => route.function));
    for (const fn of Object.values(this.functions)) {
      if (!routed.has(fn.definition.id)) continue;
      fn.function.addEnvironment(ENV.originSecretArn, secret.secretArn);
      fn.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [secret.secretArn],
        }),
      );
    }
  }

  /**
   * The site's address, for the links in mail. Only the mail senders get it: the distribution
   * sits in front of the API, so giving it to every API Lambda would be one more edge to keep
   * an eye on for cycles, for nothing.
   */
  addSiteUrl(siteUrl: string): void {
    for (const fn of Object.values(this.functions)) {
      if (!fn.definition.needs.includes('sendEmail') && !fn.definition.linksToSite) continue;
      fn.function.addEnvironment(ENV.siteUrl, siteUrl);
    }
  }
}

/**
 * CDK grants a table's data together with its indexes (`<table>/index/*`), which cdk-nag reports
 * as a wildcard. The indexes belong to the granted table only, with the same access.
 */
function acknowledgeIndexGrant(fn: StorefrontFunction, tableId: TableId, table: Table): void {
  const definition: TableDefinition | undefined = TABLES.find((t) => t.id === tableId);
  const indexes = definition?.globalSecondaryIndexes ?? [];
  if (indexes.length === 0) return;
  const logicalId = Stack.of(table).getLogicalId(table.node.defaultChild as CfnTable);
  acknowledge(
    fn.role,
    `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
    `The wildcard names the indexes of the ${tableId} table only (${indexes
      .map((index) => index.indexName)
      .join(', ')}), which the function queries with the access it has on the table.`,
  );
}
