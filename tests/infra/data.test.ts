import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../lambdas/domain/catalog';
import { TABLES, type TableDefinition } from '../../lambdas/system/facts';
import {
  catalogSeedPuts,
  planItem,
  toAttributeValue,
} from '../../infra/lib/definitions/catalog-seed';
import { logicalIdOf, resourcesOfType, synthesise, type Synthesised } from './stack-fixture';

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
});
afterAll(() => synthesised.dispose());

const definitions = TABLES as readonly TableDefinition[];

describe('DynamoDB tables', () => {
  it('builds one table per shared definition', () => {
    const tables = resourcesOfType(synthesised.template, 'AWS::DynamoDB::Table');
    expect(Object.keys(tables)).toHaveLength(TABLES.length);
  });

  it.each(definitions.map((d) => [d.id, d] as const))(
    '%s: on demand, point-in-time recovery, deletion protection, retained, keys and indexes',
    (_id, definition) => {
      const { stack, template } = synthesised;
      const logicalId = logicalIdOf(stack, stack.data.tables[definition.id as never]);
      const resource = template.toJSON().Resources[logicalId] as {
        DeletionPolicy: string;
        UpdateReplacePolicy: string;
        Properties: Record<string, unknown>;
      };
      expect(resource.DeletionPolicy).toBe('Retain');
      expect(resource.UpdateReplacePolicy).toBe('Retain');
      const p = resource.Properties;
      expect(p.BillingMode).toBe('PAY_PER_REQUEST');
      expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(p.DeletionProtectionEnabled).toBe(true);
      expect(p.KeySchema).toEqual([
        { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
        ...(definition.sortKey
          ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }]
          : []),
      ]);
      if (definition.timeToLiveAttribute) {
        expect(p.TimeToLiveSpecification).toEqual({
          AttributeName: definition.timeToLiveAttribute,
          Enabled: true,
        });
      } else {
        expect(p.TimeToLiveSpecification).toBeUndefined();
      }
      const indexes = (p.GlobalSecondaryIndexes ?? []) as {
        IndexName: string;
        KeySchema: unknown;
      }[];
      expect(indexes.map((i) => i.IndexName).sort()).toEqual(
        (definition.globalSecondaryIndexes ?? []).map((i) => i.indexName).sort(),
      );
      for (const index of definition.globalSecondaryIndexes ?? []) {
        expect(indexes.find((i) => i.IndexName === index.indexName)?.KeySchema).toEqual([
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
        ]);
      }
    },
  );
});

describe('the catalog seed', () => {
  interface SdkCall {
    action: string;
    parameters: {
      TableName: string;
      Item?: Record<string, unknown>;
      Key?: unknown;
      ConditionExpression?: string;
      ExpressionAttributeValues?: unknown;
    };
    ignoreErrorCodesMatching?: string;
  }

  /** The SDK call of a seed resource, with the table reference put back as a marker. */
  function call(value: unknown): SdkCall {
    const join = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    const text = join[1].map((part) => (typeof part === 'string' ? part : 'TABLE')).join('');
    return JSON.parse(text) as SdkCall;
  }

  it('puts every plan of the catalog into the plans table, in catalog order', () => {
    const seeds = Object.values(resourcesOfType(synthesised.template, 'Custom::CatalogPlan'));
    expect(seeds).toHaveLength(CATALOG.length);
    const { stack } = synthesised;
    const plansTable = logicalIdOf(stack, stack.data.tables.plans);
    const planIdOf = (seed: (typeof seeds)[number]) =>
      (call(seed.Properties?.Create).parameters.Item?.id as { S: string } | undefined)?.S;
    const byPlan = new Map(seeds.map((seed) => [planIdOf(seed), seed] as const));
    for (const [index, plan] of CATALOG.entries()) {
      const seed = byPlan.get(plan.id);
      expect(seed, plan.id).toBeDefined();
      const create = call(seed!.Properties?.Create);
      expect(create.action).toBe('PutItem');
      expect(create.parameters.Item).toEqual(planItem(plan, index));
      expect(create.parameters.Item?.sortOrder).toEqual({ N: String(index) });
      // The shared seed's own call: the same condition the local stack sends; refused = unchanged.
      const { TableName: _table, ...shared } = catalogSeedPuts('TABLE')[index]!;
      const { TableName: _synthTable, ...synthesised } = create.parameters;
      expect(synthesised).toEqual(shared);
      expect(create.ignoreErrorCodesMatching).toBe('ConditionalCheckFailedException');
      expect(call(seed!.Properties?.Update)).toEqual(create);
      expect(call(seed!.Properties?.Delete).action).toBe('DeleteItem');
      const tableRef = (seed!.Properties?.Create as { 'Fn::Join': [string, unknown[]] })[
        'Fn::Join'
      ][1].find((part) => typeof part !== 'string');
      expect(tableRef).toEqual({ Ref: plansTable });
    }
  });

  it('lets the seed write the plans table and nothing else', () => {
    const { stack, template } = synthesised;
    const plansArn = { 'Fn::GetAtt': [logicalIdOf(stack, stack.data.tables.plans), 'Arn'] };
    const policies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).filter(
      (p) =>
        JSON.stringify(p.Properties?.PolicyDocument).includes('dynamodb:PutItem') &&
        JSON.stringify(p.Properties?.Roles).includes('CatalogSeedRole'),
    );
    expect(policies).toHaveLength(1);
    expect((policies[0]!.Properties?.PolicyDocument as { Statement: unknown[] }).Statement).toEqual(
      [
        {
          Action: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
          Effect: 'Allow',
          Resource: plansArn,
        },
      ],
    );
  });

  it('marks each plan with the hash of its seed, which changes with the plan and its place', () => {
    const [first, second] = CATALOG;
    const hash = (plan: typeof first, order: number) => planItem(plan!, order).seedHash.S;
    expect(hash(first, 0)).toMatch(/^[0-9a-f]{16}$/);
    expect(hash(first, 0)).toBe(hash(first, 0));
    expect(hash(first, 1)).not.toBe(hash(first, 0));
    expect(hash({ ...first!, monthlyPricePaise: first!.monthlyPricePaise + 100 }, 0)).not.toBe(
      hash(first, 0),
    );
    expect(hash(second, 0)).not.toBe(hash(first, 0));
  });

  it('stores values as DynamoDB attribute values', () => {
    expect(toAttributeValue({ a: 'x', n: 12, ok: false, list: ['y'], nested: { gb: 10 } })).toEqual(
      {
        M: {
          a: { S: 'x' },
          n: { N: '12' },
          ok: { BOOL: false },
          list: { L: [{ S: 'y' }] },
          nested: { M: { gb: { N: '10' } } },
        },
      },
    );
  });
});
