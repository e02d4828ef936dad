/**
 * The deploy-time Lambda behind the storefront's web ACL (edge.ts): CloudFront's web ACLs live in
 * us-east-1 (scope CLOUDFRONT) while the stack is in ap-south-1, so CloudFormation's own
 * AWS::WAFv2::WebACL cannot make it; this Lambda calls WAF's API in us-east-1 instead, through
 * the Provider framework (which answers CloudFormation and reports a thrown error).
 *
 * WAF refuses a change or a deletion without the current lock token (optimistic locking), so:
 * - Create: CreateWebACL; the physical id is the ACL's Id, its ARN is the `Arn` attribute.
 * - Update: GetWebACL for a fresh token, then UpdateWebACL; a token that went stale meanwhile
 *   (WAFOptimisticLockException) means another get and another try. An ACL deleted by hand is
 *   made again (a new physical id, so CloudFormation cleans the old one up, which is then gone).
 * - Delete: GetWebACL for a fresh token, then DeleteWebACL; already gone is done. An ACL still
 *   associated (CloudFront takes minutes to let go of it after the distribution changed) is
 *   tried again every 15 s for up to 10 minutes.
 *
 * The ACL's whole definition comes as one JSON property (`WebAcl`): CloudFormation hands a custom
 * resource's numbers over as strings, JSON keeps them numbers. A byte-match string is bytes to
 * the SDK, so it is turned into a Buffer.
 *
 * Plain JavaScript for the Node.js 22 runtime, inline in the template (it uses the runtime's own
 * AWS SDK v3, `@aws-sdk/client-wafv2`): tests run this very text (tests/infra/web-acl.test.ts).
 */
export const WEB_ACL_HANDLER_CODE = `const waf = require('@aws-sdk/client-wafv2');
const client = new waf.WAFV2Client({ region: 'us-east-1' });
const ID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function definition(properties) {
  return JSON.parse(properties.WebAcl, (key, value) =>
    key === 'SearchString' ? Buffer.from(value, 'utf8') : value,
  );
}

async function tries(attempt, retryOn, times, pauseMs) {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!retryOn.includes(error.name) || i >= times) throw error;
      await sleep(pauseMs);
    }
  }
}

async function create(acl) {
  const { Summary } = await client.send(new waf.CreateWebACLCommand(acl));
  return { PhysicalResourceId: Summary.Id, Data: { Arn: Summary.ARN, Id: Summary.Id } };
}

function get(acl, id) {
  return client.send(new waf.GetWebACLCommand({ Name: acl.Name, Scope: acl.Scope, Id: id }));
}

async function update(acl, id) {
  return tries(
    async () => {
      let current;
      try {
        current = await get(acl, id);
      } catch (error) {
        if (error.name === 'WAFNonexistentItemException') return create(acl);
        throw error;
      }
      await client.send(
        new waf.UpdateWebACLCommand({ ...acl, Id: id, LockToken: current.LockToken }),
      );
      return { PhysicalResourceId: id, Data: { Arn: current.WebACL.ARN, Id: id } };
    },
    ['WAFOptimisticLockException'],
    5,
    2000,
  );
}

async function remove(acl, id) {
  await tries(
    async () => {
      let current;
      try {
        current = await get(acl, id);
      } catch (error) {
        if (error.name === 'WAFNonexistentItemException') return;
        throw error;
      }
      await client.send(
        new waf.DeleteWebACLCommand({
          Name: acl.Name,
          Scope: acl.Scope,
          Id: id,
          LockToken: current.LockToken,
        }),
      );
    },
    ['WAFOptimisticLockException', 'WAFAssociatedItemException'],
    40,
    15000,
  );
  return { PhysicalResourceId: id };
}

exports.handler = async (event) => {
  const acl = definition(event.ResourceProperties);
  const id = event.PhysicalResourceId;
  if (event.RequestType === 'Create') return create(acl);
  // A create that failed leaves CloudFormation's own id, no ACL's.
  if (!ID.test(id || '')) return event.RequestType === 'Delete' ? { PhysicalResourceId: id } : create(acl);
  if (event.RequestType === 'Update') {
    const before = definition(event.OldResourceProperties);
    if (before.Name !== acl.Name || before.Scope !== acl.Scope) return create(acl);
    return update(acl, id);
  }
  return remove(acl, id);
};
`;
