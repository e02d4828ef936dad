import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
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
import {
  TABLES,
  type KeyAttribute,
  type TableDefinition,
  type TableId,
} from '../../../lambdas/system/facts';
import { catalogSeedPuts, planDelete } from '../definitions/catalog-seed';
import { acknowledge } from '../nag';
import { toPascalCase } from '../names';
import { CUSTOM_RESOURCE_LOG_RETENTION } from './custom-resource-logs';

function attribute(key: KeyAttribute): Attribute {
  return { name: key.name, type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER };
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
   * The catalog seed's calls (infra/lib/definitions/catalog-seed.ts, which the local stack sends
   * too), one SDK-call custom resource per plan: CloudFormation runs a plan's PutItem again only
   * when its seed changes, and its DeleteItem when the plan leaves the catalog. The PutItem's
   * condition refusing means the row is that seed already.
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

    // The SDK-call Lambda (one for all the plans) logs here, with a retention.
    const logGroup = new LogGroup(this, 'CatalogSeedLogs', {
      retention: CUSTOM_RESOURCE_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const puts = catalogSeedPuts(plans.tableName);
    CATALOG.forEach((plan, index) => {
      const put: AwsSdkCall = {
        service: 'DynamoDB',
        action: 'PutItem',
        parameters: puts[index],
        physicalResourceId: PhysicalResourceId.of(`plan-${plan.id}`),
        ignoreErrorCodesMatching: 'ConditionalCheckFailedException',
      };
      new AwsCustomResource(this, `SeedPlan-${plan.id}`, {
        resourceType: 'Custom::CatalogPlan',
        onCreate: put,
        onUpdate: put,
        onDelete: {
          service: 'DynamoDB',
          action: 'DeleteItem',
          parameters: planDelete(plans.tableName, plan.id),
        },
        role,
        logGroup,
        installLatestAwsSdk: false,
      });
    });
  }
}
