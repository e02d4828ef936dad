/**
 * The edge (#26): the web ACL in us-east-1 with its per-address rate rules, in front of the whole
 * distribution; the deploy-time Lambda that makes it (its code run here against a fake WAF that
 * keeps lock tokens as WAF does, and its grants); the origin secret CloudFront sends the API.
 */
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_LIMITS, EDGE_LIMIT_MESSAGE, WEB_ACL_REGION } from '../../infra/lib/constructs/edge';
import { WEB_ACL_HANDLER_CODE } from '../../infra/lib/constructs/web-acl-handler';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/system/facts';
import { logicalIdOf, resourcesOfType, synthesise, type Synthesised } from './stack-fixture';

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
});
afterAll(() => synthesised.dispose());

type Json = Record<string, unknown>;

function webAclResource(): { id: string; acl: Json } {
  const entries = Object.entries(resourcesOfType(synthesised.template, 'Custom::CloudFrontWebAcl'));
  expect(entries).toHaveLength(1);
  const [id, resource] = entries[0]!;
  return { id, acl: JSON.parse(resource.Properties!.WebAcl as string) as Json };
}

function rule(acl: Json, name: string): Json {
  const found = (acl.Rules as Json[]).find((r) => r.Name === name);
  expect(found, name).toBeDefined();
  return found!;
}

const uriStartsWith = (path: string) => ({
  ByteMatchStatement: {
    FieldToMatch: { UriPath: {} },
    PositionalConstraint: 'STARTS_WITH',
    SearchString: path,
    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
  },
});

describe('the web ACL', () => {
  it("is CloudFront's (scope CLOUDFRONT), allows by default and is named for the stack and region", () => {
    const { acl } = webAclResource();
    expect(acl).toMatchObject({
      Name: 'Storefront-ap-south-1-Edge',
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
    });
  });

  it('limits each viewer address on /api/* (webhooks aside) over the shortest window, with 429', () => {
    const { acl } = webAclResource();
    const api = rule(acl, 'api-per-address');
    expect(api.Action).toEqual({
      Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } },
    });
    expect(api.Statement).toEqual({
      RateBasedStatement: {
        Limit: EDGE_LIMITS.api,
        EvaluationWindowSec: 60,
        AggregateKeyType: 'IP',
        ScopeDownStatement: {
          AndStatement: {
            Statements: [
              uriStartsWith('/api/'),
              { NotStatement: { Statement: uriStartsWith('/api/webhooks/') } },
            ],
          },
        },
      },
    });
  });

  it('limits the POSTs that mail or make orders (contact, checkout) more tightly', () => {
    const { acl } = webAclResource();
    const forms = rule(acl, 'forms-per-address');
    const statement = (forms.Statement as { RateBasedStatement: Json }).RateBasedStatement;
    expect(statement).toMatchObject({
      Limit: EDGE_LIMITS.forms,
      EvaluationWindowSec: 60,
      AggregateKeyType: 'IP',
    });
    expect(EDGE_LIMITS.forms).toBeLessThan(EDGE_LIMITS.api);
    expect(JSON.stringify(statement.ScopeDownStatement)).toBe(
      JSON.stringify({
        AndStatement: {
          Statements: [
            {
              ByteMatchStatement: {
                FieldToMatch: { Method: {} },
                PositionalConstraint: 'EXACTLY',
                SearchString: 'POST',
                TextTransformations: [{ Priority: 0, Type: 'NONE' }],
              },
            },
            {
              OrStatement: {
                Statements: [uriStartsWith('/api/contact'), uriStartsWith('/api/checkout/')],
              },
            },
          ],
        },
      }),
    );
  });

  it("counts AWS's common rule set and never lets it block (no false refusal of the SPA)", () => {
    const { acl } = webAclResource();
    const common = rule(acl, 'aws-common-rules-counted');
    expect(common).toMatchObject({
      OverrideAction: { Count: {} },
      Statement: {
        ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' },
      },
    });
    expect(common).not.toHaveProperty('Action');
    // Every other rule blocks only by rate.
    for (const other of (acl.Rules as Json[]).filter((r) => r !== common)) {
      expect(other.Statement).toHaveProperty('RateBasedStatement');
    }
  });

  it("answers a blocked viewer in the API's own error shape, which the SPA shows", () => {
    const { acl } = webAclResource();
    const body = (acl.CustomResponseBodies as Record<string, { Content: string }>)[
      'too-many-requests'
    ]!;
    expect(JSON.parse(body.Content)).toEqual({
      error: { code: 'too_many_requests', message: EDGE_LIMIT_MESSAGE },
    });
  });

  it("is the distribution's web ACL, by the ARN the deploy-time Lambda returns", () => {
    const { id } = webAclResource();
    const [distribution] = Object.values(
      resourcesOfType(synthesised.template, 'AWS::CloudFront::Distribution'),
    );
    const config = distribution!.Properties!.DistributionConfig as Json;
    expect(config.WebACLId).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
  });
});

describe("the web ACL's deploy-time Lambda", () => {
  function roleStatements(): { Action: string | string[]; Resource: unknown }[] {
    const { stack } = synthesised;
    const roleId = logicalIdOf(stack, stack.edge.webAclHandler.role!);
    return Object.values(resourcesOfType(synthesised.template, 'AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(
        (policy) =>
          (policy.Properties?.PolicyDocument as { Statement: never[] }).Statement as {
            Action: string | string[];
            Resource: unknown;
          }[],
      );
  }

  it('may only make, read, change and delete this stack’s ACL in us-east-1, and write its logs', () => {
    const { stack } = synthesised;
    const logs = logicalIdOf(stack, stack.edge.webAclHandler.logGroup);
    const statements = roleStatements().map((s) => ({
      actions: [s.Action].flat().sort(),
      resource: JSON.stringify(s.Resource),
    }));
    const webAcl = statements.find((s) => s.resource.includes(':global/webacl/'));
    expect(webAcl?.actions).toEqual([
      'wafv2:CreateWebACL',
      'wafv2:DeleteWebACL',
      'wafv2:GetWebACL',
      'wafv2:UpdateWebACL',
    ]);
    expect(webAcl?.resource).toContain(`:wafv2:${WEB_ACL_REGION}:`);
    expect(webAcl?.resource).toContain('global/webacl/Storefront-ap-south-1-Edge/*');
    const managed = statements.find((s) => s.resource.includes(':global/managedruleset/'));
    expect(managed?.actions).toEqual(['wafv2:CreateWebACL', 'wafv2:UpdateWebACL']);
    const others = statements.filter((s) => s !== webAcl && s !== managed);
    for (const other of others) {
      expect(other.resource).toContain(logs);
      for (const action of other.actions) expect(action).toMatch(/^logs:/);
    }
    expect(JSON.stringify(roleStatements())).not.toContain('"*"');
  });

  it('runs on the Node.js 22 runtime with the handler inline', () => {
    const { stack } = synthesised;
    const fn = resourcesOfType(synthesised.template, 'AWS::Lambda::Function')[
      logicalIdOf(stack, stack.edge.webAclHandler)
    ];
    expect(fn?.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Handler: 'index.handler',
      Code: { ZipFile: WEB_ACL_HANDLER_CODE },
    });
    // CloudFormation's limit on inline code.
    expect(WEB_ACL_HANDLER_CODE.length).toBeLessThan(4096);
  });
});

interface StoredAcl {
  name: string;
  scope: string;
  definition: Json;
  token: number;
  /** How many more deletes WAF refuses because CloudFront still holds the ACL. */
  associatedFor: number;
}

function wafError(name: string): Error {
  return Object.assign(new Error(name), { name });
}

/** WAF's web ACL calls as the API behaves: ids, ARNs and lock tokens that go stale. */
class FakeWaf {
  readonly acls = new Map<string, StoredAcl>();
  readonly calls: { command: string; input: Json }[] = [];
  private next = 1;
  /** Something else changes the ACL right after the next get (a stale token once). */
  raceAfterGet = false;

  send(command: string, input: Json): unknown {
    this.calls.push({ command, input });
    const id = input.Id as string;
    const stored = this.acls.get(id);
    switch (command) {
      case 'CreateWebACL': {
        const newId = `a1b2c3d4-0000-4000-8000-${String(this.next++).padStart(12, '0')}`;
        const { Name, Scope, ...definition } = input;
        this.acls.set(newId, {
          name: Name as string,
          scope: Scope as string,
          definition,
          token: 1,
          associatedFor: 0,
        });
        return {
          Summary: {
            Id: newId,
            Name,
            ARN: `arn:aws:wafv2:us-east-1:123456789012:global/webacl/${String(Name)}/${newId}`,
            LockToken: 'token-1',
          },
        };
      }
      case 'GetWebACL': {
        if (!stored || stored.name !== input.Name) throw wafError('WAFNonexistentItemException');
        const token = `token-${stored.token}`;
        if (this.raceAfterGet) {
          this.raceAfterGet = false;
          stored.token++;
        }
        return {
          LockToken: token,
          WebACL: {
            Id: id,
            ARN: `arn:aws:wafv2:us-east-1:123456789012:global/webacl/${stored.name}/${id}`,
          },
        };
      }
      case 'UpdateWebACL':
      case 'DeleteWebACL': {
        if (!stored) throw wafError('WAFNonexistentItemException');
        if (input.LockToken !== `token-${stored.token}`)
          throw wafError('WAFOptimisticLockException');
        if (command === 'DeleteWebACL') {
          if (stored.associatedFor > 0) {
            stored.associatedFor--;
            throw wafError('WAFAssociatedItemException');
          }
          this.acls.delete(id);
          return {};
        }
        const { Name: _name, Scope: _scope, Id: _id, LockToken: _token, ...definition } = input;
        stored.definition = definition;
        stored.token++;
        return { NextLockToken: `token-${stored.token}` };
      }
      default:
        throw new Error(`unexpected ${command}`);
    }
  }
}

/** The handler's very text, run as Lambda runs it, with the fake in place of the SDK. */
function loadHandler(waf: FakeWaf): (event: Json) => Promise<Json> {
  const command = (name: string) =>
    class {
      readonly name = name;
      constructor(readonly input: Json) {}
    };
  const sdk = {
    WAFV2Client: class {
      constructor(readonly config: Json) {
        expect(config).toEqual({ region: 'us-east-1' });
      }
      send(sent: { name: string; input: Json }) {
        return Promise.resolve().then(() => waf.send(sent.name, sent.input));
      }
    },
    CreateWebACLCommand: command('CreateWebACL'),
    GetWebACLCommand: command('GetWebACL'),
    UpdateWebACLCommand: command('UpdateWebACL'),
    DeleteWebACLCommand: command('DeleteWebACL'),
  };
  const module = { exports: {} as { handler?: (event: Json) => Promise<Json> } };
  runInNewContext(WEB_ACL_HANDLER_CODE, {
    require: (name: string) => {
      expect(name).toBe('@aws-sdk/client-wafv2');
      return sdk;
    },
    module,
    exports: module.exports,
    Buffer,
    // No real pauses between tries in a test.
    setTimeout: (resume: () => void) => setImmediate(resume),
  });
  return module.exports.handler!;
}

describe('the web ACL handler against WAF', () => {
  const properties = (
    rules: Json[] = [{ Name: 'r', Priority: 0 }],
    name = 'Storefront-x-Edge',
  ) => ({
    WebAcl: JSON.stringify({
      Name: name,
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: rules,
    }),
  });

  async function created(waf: FakeWaf, handler: ReturnType<typeof loadHandler>) {
    const answer = await handler({ RequestType: 'Create', ResourceProperties: properties() });
    expect(waf.acls.size).toBe(1);
    return answer.PhysicalResourceId as string;
  }

  it('creates the ACL in us-east-1 and returns its id and ARN; match strings go as bytes', async () => {
    const waf = new FakeWaf();
    const handler = loadHandler(waf);
    const answer = await handler({
      RequestType: 'Create',
      ResourceProperties: properties([{ Statement: uriStartsWith('/api/') }]),
    });

    const [id] = [...waf.acls.keys()];
    expect(answer).toEqual({
      PhysicalResourceId: id,
      Data: {
        Arn: `arn:aws:wafv2:us-east-1:123456789012:global/webacl/Storefront-x-Edge/${id}`,
        Id: id,
      },
    });
    const sent = waf.calls[0]!.input as { Rules: { Statement: typeof uriStartsWith }[] };
    const search = JSON.parse(JSON.stringify(sent.Rules[0]!.Statement)) as Json;
    expect(search).toMatchObject({ ByteMatchStatement: { SearchString: { type: 'Buffer' } } });
    expect(
      Buffer.from(
        (
          sent.Rules[0]!.Statement as unknown as {
            ByteMatchStatement: { SearchString: Uint8Array };
          }
        ).ByteMatchStatement.SearchString,
      ).toString(),
    ).toBe('/api/');
  });

  it('updates in place with a fresh lock token, and tries again when it went stale meanwhile', async () => {
    const waf = new FakeWaf();
    const handler = loadHandler(waf);
    const id = await created(waf, handler);
    // A first update moves the token on: a token kept from the create would now be refused.
    await handler({
      RequestType: 'Update',
      PhysicalResourceId: id,
      ResourceProperties: properties([{ Name: 'a' }]),
      OldResourceProperties: properties(),
    });
    waf.raceAfterGet = true;

    const answer = await handler({
      RequestType: 'Update',
      PhysicalResourceId: id,
      ResourceProperties: properties([{ Name: 'b' }]),
      OldResourceProperties: properties([{ Name: 'a' }]),
    });

    expect(answer.PhysicalResourceId).toBe(id);
    expect(waf.acls.get(id)?.definition.Rules).toEqual([{ Name: 'b' }]);
    expect(waf.acls.size).toBe(1);
  });

  it('makes the ACL again when it was deleted by hand', async () => {
    const waf = new FakeWaf();
    const handler = loadHandler(waf);
    const id = await created(waf, handler);
    waf.acls.clear();

    const answer = await handler({
      RequestType: 'Update',
      PhysicalResourceId: id,
      ResourceProperties: properties(),
      OldResourceProperties: properties(),
    });

    expect(answer.PhysicalResourceId).not.toBe(id);
    expect(waf.acls.has(answer.PhysicalResourceId as string)).toBe(true);
  });

  it('deletes with a fresh lock token, waiting while CloudFront still holds the ACL', async () => {
    const waf = new FakeWaf();
    const handler = loadHandler(waf);
    const id = await created(waf, handler);
    await handler({
      RequestType: 'Update',
      PhysicalResourceId: id,
      ResourceProperties: properties([{ Name: 'a' }]),
      OldResourceProperties: properties(),
    });
    waf.acls.get(id)!.associatedFor = 3;

    await handler({
      RequestType: 'Delete',
      PhysicalResourceId: id,
      ResourceProperties: properties(),
    });

    expect(waf.acls.size).toBe(0);
  });

  it('gives up after ten minutes of a held ACL, and says why', async () => {
    const waf = new FakeWaf();
    const handler = loadHandler(waf);
    const id = await created(waf, handler);
    waf.acls.get(id)!.associatedFor = 1000;

    await expect(
      handler({ RequestType: 'Delete', PhysicalResourceId: id, ResourceProperties: properties() }),
    ).rejects.toMatchObject({ name: 'WAFAssociatedItemException' });
    expect(waf.calls.filter((c) => c.command === 'DeleteWebACL')).toHaveLength(40);
  });

  it('takes an ACL already gone, or never made (a failed create), as deleted', async () => {
    const waf = new FakeWaf();
    const handler = loadHandler(waf);
    const id = await created(waf, handler);
    waf.acls.clear();

    await handler({
      RequestType: 'Delete',
      PhysicalResourceId: id,
      ResourceProperties: properties(),
    });
    const calls = waf.calls.length;
    await handler({
      RequestType: 'Delete',
      PhysicalResourceId: 'Storefront-EdgeWebAcl-1A2B3C',
      ResourceProperties: properties(),
    });

    expect(waf.calls).toHaveLength(calls);
  });

  it('makes a new ACL when the name changes (CloudFormation then deletes the old one)', async () => {
    const waf = new FakeWaf();
    const handler = loadHandler(waf);
    const id = await created(waf, handler);

    const answer = await handler({
      RequestType: 'Update',
      PhysicalResourceId: id,
      ResourceProperties: properties(undefined, 'Other-Edge'),
      OldResourceProperties: properties(),
    });

    expect(answer.PhysicalResourceId).not.toBe(id);
    expect(waf.acls.size).toBe(2);
  });
});

describe('the origin secret', () => {
  it('is generated by Secrets Manager, never written in the template', () => {
    const { stack } = synthesised;
    const secret = resourcesOfType(synthesised.template, 'AWS::SecretsManager::Secret')[
      logicalIdOf(stack, stack.edge.originSecret)
    ];
    expect(secret?.Properties).toMatchObject({
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
    expect(secret?.Properties).not.toHaveProperty('SecretString');
  });

  it('is sent to the API by CloudFront as x-origin-verify, resolved by CloudFormation', () => {
    const { stack } = synthesised;
    const [distribution] = Object.values(
      resourcesOfType(synthesised.template, 'AWS::CloudFront::Distribution'),
    );
    const origins = (
      distribution!.Properties!.DistributionConfig as {
        Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: unknown }[];
      }
    ).Origins;
    const api = origins.filter((o) => o.CustomOriginConfig);
    expect(api).toHaveLength(1);
    expect(api[0]!.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: {
          'Fn::Join': [
            '',
            [
              '{{resolve:secretsmanager:',
              { Ref: logicalIdOf(stack, stack.edge.originSecret) },
              ':SecretString:::}}',
            ],
          ],
        },
      },
    ]);
    // The site bucket's origin gets no secret.
    for (const other of origins.filter((o) => !o.CustomOriginConfig)) {
      expect(other.OriginCustomHeaders).toBeUndefined();
    }
  });
});
