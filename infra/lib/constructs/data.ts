import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  Table,
  TableEncryption,
  type Attribute,
} from 'aws-cdk-lib/aws-dynamodb';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  AwsCustomResource,
  PhysicalResourceId,
  type AwsSdkCall,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { CATALOG } from '../../../lambdas/domain/catalog';
import type { Plan } from '../../../lambdas/domain/plan';
import {
  TABLES,
  type KeyAttribute,
  type TableDefinition,
  type TableId,
} from '../../../lambdas/system/facts';
import { acknowledge } from '../nag';
import { toPascalCase } from '../names';

function attribute(key: KeyAttribute): Attribute {
  return { name: key.name, type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER };
}

/** DynamoDB's attribute-value JSON for a plain value (what the SDK's marshall does). */
export function toAttributeValue(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value === null) return { NULL: true };
  if (Array.isArray(value)) return { L: value.map(toAttributeValue) };
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return { M: Object.fromEntries(entries.map(([k, v]) => [k, toAttributeValue(v)])) };
  }
  throw new Error(`Cannot store ${typeof value} in DynamoDB`);
}

/** A catalog plan as the plans table holds it: the plan plus its place in the listing. */
export function planItem(plan: Plan, sortOrder: number): Record<string, unknown> {
  const { M } = toAttributeValue({ ...plan, sortOrder }) as { M: Record<string, unknown> };
  return M;
}

/**
 * The tables, built from the shared definitions (the local stack builds the same ones), and the
 * catalog seeded into the plans table at deploy.
 *
 * Every table is on demand, recoverable to any second of the last 35 days, protected from
 * deletion and retained when the stack goes: orders and purchases are money records.
 */
export class Data extends Construct {
  readonly tables: Record<TableId, Table>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const tables: Partial<Record<TableId, Table>> = {};
    for (const definition of TABLES as readonly TableDefinition[]) {
      tables[definition.id as TableId] = this.table(definition);
    }
    this.tables = tables as Record<TableId, Table>;
    this.seedCatalog(this.tables.plans);
  }

  private table(definition: TableDefinition): Table {
    const table = new Table(this, toPascalCase(definition.id), {
      partitionKey: attribute(definition.partitionKey),
      sortKey: definition.sortKey ? attribute(definition.sortKey) : undefined,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: definition.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of definition.globalSecondaryIndexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        sortKey: index.sortKey ? attribute(index.sortKey) : undefined,
      });
    }
    return table;
  }

  /**
   * One PutItem per plan, through the SDK-call custom resource: CloudFormation runs a plan's call
   * again only when that plan changes, and deletes the row when a plan leaves the catalog.
   */
  private seedCatalog(plans: Table): void {
    const role = new Role(this, 'CatalogSeedRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Writes the plan catalog into the plans table at deploy',
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole'),
      ],
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
        resources: [plans.tableArn],
      }),
    );
    acknowledge(
      role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'The seed Lambda needs only to write its own CloudWatch logs, which is exactly what this AWS managed policy grants.',
    );

    CATALOG.forEach((plan, sortOrder) => {
      const put: AwsSdkCall = {
        service: 'DynamoDB',
        action: 'PutItem',
        parameters: { TableName: plans.tableName, Item: planItem(plan, sortOrder) },
        physicalResourceId: PhysicalResourceId.of(`plan-${plan.id}`),
      };
      new AwsCustomResource(this, `SeedPlan-${plan.id}`, {
        resourceType: 'Custom::CatalogPlan',
        onCreate: put,
        onUpdate: put,
        onDelete: {
          service: 'DynamoDB',
          action: 'DeleteItem',
          parameters: { TableName: plans.tableName, Key: { id: { S: plan.id } } },
        },
        role,
        installLatestAwsSdk: false,
      });
    });
  }
}
