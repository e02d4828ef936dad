import { runInNewContext } from 'node:vm';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorefrontStack } from '../../infra/lib/storefront-stack';
import { PLANS_CACHE_TTL, RAZORPAY_CHECKOUT_SCRIPT } from '../../infra/lib/constructs/site';
import {
  awsOrigins,
  contentSecurityPolicy,
  securityHeaders,
} from '../../infra/lib/definitions/security-headers';
import { prerenderedRoutes, spaRoutingFunctionCode } from '../../infra/lib/constructs/spa-routing';
import { PAGE_BOOT_SCRIPT_HASH } from '../../web/scripts/page-boot';
import {
  fakeWebDist,
  logicalIdOf,
  REGION,
  resourcesOfType,
  synthesise,
  type Synthesised,
} from './stack-fixture';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
});
afterAll(() => synthesised.dispose());

interface Behavior {
  PathPattern?: string;
  CachePolicyId: unknown;
  OriginRequestPolicyId?: unknown;
  TargetOriginId: string;
  AllowedMethods?: string[];
  ResponseHeadersPolicyId: unknown;
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}

function distributionConfig() {
  const [distribution] = Object.values(
    resourcesOfType(synthesised.template, 'AWS::CloudFront::Distribution'),
  );
  return distribution!.Properties!.DistributionConfig as {
    DefaultCacheBehavior: Behavior;
    CacheBehaviors: Behavior[];
    Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
    Logging?: unknown;
  };
}

describe('CloudFront behaviours', () => {
  it('sends /api/* to the HTTP API, uncached, with every viewer header but Host', () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api!.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api!.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api!.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(api!.ViewerProtocolPolicy).toBe('https-only');
    const origin = config.Origins.find((o) => o.Id === api!.TargetOriginId);
    expect(origin?.DomainName).toEqual({
      'Fn::Select': [
        2,
        {
          'Fn::Split': [
            '/',
            {
              'Fn::GetAtt': [
                logicalIdOf(synthesised.stack, synthesised.stack.api.httpApi),
                'ApiEndpoint',
              ],
            },
          ],
        },
      ],
    });
  });

  it('caches GET /api/plans* briefly, before the /api/* rule', () => {
    const config = distributionConfig();
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns.indexOf('/api/plans*')).toBeLessThan(patterns.indexOf('/api/*'));
    const plans = config.CacheBehaviors.find((b) => b.PathPattern === '/api/plans*')!;
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(plans.TargetOriginId).toBe(api.TargetOriginId);
    expect(plans.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS']);
    const policies = resourcesOfType(synthesised.template, 'AWS::CloudFront::CachePolicy');
    const policy = policies[(plans.CachePolicyId as { Ref: string }).Ref]?.Properties
      ?.CachePolicyConfig as Record<string, unknown>;
    expect(policy.DefaultTTL).toBe(PLANS_CACHE_TTL.default.toSeconds());
    expect(policy.MaxTTL).toBe(300);
    expect(policy.MinTTL).toBe(0);
    expect(policy.DefaultTTL).toBeGreaterThan(0);
    expect(policy.DefaultTTL).toBeLessThanOrEqual(300);
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
    });
  });

  it('serves the SPA from the private bucket through origin access control', () => {
    const config = distributionConfig();
    const site = config.DefaultCacheBehavior;
    expect(site.ViewerProtocolPolicy).toBe('redirect-to-https');
    const origin = config.Origins.find((o) => o.Id === site.TargetOriginId);
    expect(origin?.OriginAccessControlId).toBeDefined();
    expect(site.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: {
          'Fn::GetAtt': [expect.stringMatching(/^SiteSpaRouting/), 'FunctionARN'],
        },
      },
    ]);
    synthesised.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/' }),
    });
    expect(config.Logging).toBeDefined();
  });

  it("refuses plain HTTP to every bucket (the site, its logs, the tickets' files)", () => {
    const buckets = Object.keys(resourcesOfType(synthesised.template, 'AWS::S3::Bucket'));
    const policies = Object.values(resourcesOfType(synthesised.template, 'AWS::S3::BucketPolicy'));
    expect(buckets.length).toBeGreaterThanOrEqual(3);
    // One policy per bucket, each naming its own bucket.
    expect(policies.map((policy) => JSON.stringify(policy.Properties?.Bucket)).sort()).toEqual(
      buckets.map((id) => JSON.stringify({ Ref: id })).sort(),
    );
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties?.PolicyDocument)).toContain(
        '"aws:SecureTransport":"false"',
      );
    }
  });
});

/** A CloudFormation value as text, each reference it holds written `<ref>`. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] } | null)?.['Fn::Join'];
  return join ? join[1].map(asText).join(join[0]) : '<ref>';
}

describe('security headers', () => {
  /** The policy as the shared definition makes it, with the stack's ticket-file bucket. */
  const expectedOrigins = () => awsOrigins(REGION, [synthesised.stack.ticketFiles.endpoint]);

  function headersConfig() {
    const [policy] = Object.values(
      resourcesOfType(synthesised.template, 'AWS::CloudFront::ResponseHeadersPolicy'),
    );
    return (
      policy!.Properties!.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      }
    ).SecurityHeadersConfig;
  }

  it('sends HSTS, nosniff, DENY framing and a referrer policy', () => {
    const headers = headersConfig();
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toMatchObject({
      ReferrerPolicy: 'strict-origin-when-cross-origin',
    });
  });

  it("has a CSP that allows Razorpay Checkout and Cognito, and frame-ancestors 'none'", () => {
    const csp = asText(headersConfig().ContentSecurityPolicy?.ContentSecurityPolicy);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    ) as Record<string, string[]>;
    // The pages' one inline script (web/scripts/page-boot.ts), by its hash; never unsafe-inline.
    expect(directives['script-src']).toEqual([
      "'self'",
      PAGE_BOOT_SCRIPT_HASH,
      'https://checkout.razorpay.com',
    ]);
    expect(directives['frame-src']).toEqual(
      expect.arrayContaining(['https://api.razorpay.com', 'https://*.razorpay.com']),
    );
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining(["'self'", `https://cognito-idp.${REGION}.amazonaws.com`]),
    );
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['upgrade-insecure-requests']).toEqual([]);
    // Pages upload ticket attachments straight to the tickets' bucket, and to no other bucket.
    expect(directives['connect-src']).toContain(
      `https://ticket-files-<ref>.s3.${REGION}.amazonaws.com`,
    );
    expect(csp).not.toContain('*.s3.');
    expect(headersConfig().ContentSecurityPolicy?.ContentSecurityPolicy).toEqual(
      synthesised.stack.resolve(contentSecurityPolicy(expectedOrigins())),
    );
  });

  it('sends exactly the headers of the shared definition, which the local gateway sends too', () => {
    const config = headersConfig();
    const hsts = config.StrictTransportSecurity as {
      AccessControlMaxAgeSec: number;
      IncludeSubdomains: boolean;
    };
    // The header values CloudFront writes for this policy.
    const sent = {
      'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}`,
      'content-security-policy': config.ContentSecurityPolicy?.ContentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'x-frame-options': config.FrameOptions?.FrameOption,
      'referrer-policy': config.ReferrerPolicy?.ReferrerPolicy,
    };
    expect(sent).toEqual(synthesised.stack.resolve(securityHeaders(expectedOrigins())));
    for (const header of Object.values(config)) expect(header.Override).toBe(true);
  });

  it('applies the same headers to the site and the API', () => {
    const config = distributionConfig();
    const ids = [config.DefaultCacheBehavior, ...config.CacheBehaviors].map(
      (b) => b.ResponseHeadersPolicyId,
    );
    expect(new Set(ids.map((id) => JSON.stringify(id))).size).toBe(1);
  });
});

describe('SPA routing at the edge', () => {
  type Handler = (event: { request: { uri: string } }) => { uri: string };
  const handlerFor = (code: string) => runInNewContext(`${code}; handler`) as Handler;
  const route = (handler: Handler, uri: string) => handler({ request: { uri } }).uri;

  it('lists the prerendered routes of a build', () => {
    expect(prerenderedRoutes(synthesised.webDistDir)).toEqual([
      '/',
      '/checkout',
      '/hosting',
      '/pricing',
    ]);
  });

  it('maps prerendered routes to their page, unknown pages to 404.html, files to themselves', () => {
    const handler = handlerFor(spaRoutingFunctionCode(['/', '/hosting', '/checkout'], '/404.html'));
    expect(route(handler, '/')).toBe('/index.html');
    expect(route(handler, '/hosting')).toBe('/hosting/index.html');
    expect(route(handler, '/hosting/')).toBe('/hosting/index.html');
    expect(route(handler, '/checkout')).toBe('/checkout/index.html');
    expect(route(handler, '/no-such-page')).toBe('/404.html');
    expect(route(handler, '/hosting/deeper')).toBe('/404.html');
    expect(route(handler, '/assets/index-DfdegP_Z.js')).toBe('/assets/index-DfdegP_Z.js');
    expect(route(handler, '/config.json')).toBe('/config.json');
    expect(route(handler, '/favicon.svg')).toBe('/favicon.svg');
  });

  it('deploys the function built from the web build', () => {
    const [fn] = Object.values(resourcesOfType(synthesised.template, 'AWS::CloudFront::Function'));
    const code = fn!.Properties!.FunctionCode as string;
    expect(fn!.Properties!.FunctionConfig).toMatchObject({ Runtime: 'cloudfront-js-2.0' });
    const handler = handlerFor(code);
    expect(route(handler, '/pricing')).toBe('/pricing/index.html');
    expect(route(handler, '/vps')).toBe('/404.html');
  });
});

describe('the web deployment', () => {
  function deployments() {
    return Object.values(resourcesOfType(synthesised.template, 'Custom::CDKBucketDeployment')).map(
      (d) => d.Properties as Record<string, unknown>,
    );
  }

  it('uploads hashed assets for a year and everything else revalidated, then invalidates', () => {
    const all = deployments();
    expect(all).toHaveLength(2);
    const assets = all.find((d) => JSON.stringify(d.Include) === '["assets/*"]');
    const pages = all.find((d) => JSON.stringify(d.Exclude) === '["assets/*"]');
    expect(assets).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(pages).toMatchObject({
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
  });

  it('writes config.json from the stack: region, user pool, client, /api, Razorpay', () => {
    const { stack } = synthesised;
    const pages = deployments().find((d) => JSON.stringify(d.Exclude) === '["assets/*"]')!;
    const markers = (pages.SourceMarkers as Record<string, unknown>[]).find(
      (m) => Object.keys(m).length > 0,
    );
    const index = (pages.SourceMarkers as unknown[]).indexOf(markers);
    const key = (pages.SourceObjectKeys as string[])[index]!;
    const config = JSON.parse(
      readFileSync(
        join(synthesised.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'),
        'utf8',
      ),
    ) as Record<string, unknown>;
    const markerFor = (ref: unknown) =>
      Object.entries(markers!).find(
        ([, value]) => JSON.stringify(value) === JSON.stringify(ref),
      )?.[0];
    expect(config).toEqual({
      region: REGION,
      userPoolId: markerFor({ Ref: logicalIdOf(stack, stack.auth.userPool) }),
      userPoolClientId: markerFor({ Ref: logicalIdOf(stack, stack.auth.client) }),
      apiBase: '/api',
      razorpay: {
        keyId: markerFor({ Ref: 'RazorpayKeyId' }),
        checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
      },
    });
    expect(config.userPoolId).toMatch(/^<<marker:/);
    expect(RAZORPAY_CHECKOUT_SCRIPT).toBe('https://checkout.razorpay.com/v1/checkout.js');
  });

  it('refuses to synthesise without a web build, and says how to make one', () => {
    const empty = fakeWebDist([]);
    rmSync(join(empty, 'index.html'));
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    expect(
      () => new StorefrontStack(app, 'NoWeb', { env: { region: REGION }, webDistDir: empty }),
    ).toThrow(/npm run build/);
    rmSync(empty, { recursive: true, force: true });
  });
});
