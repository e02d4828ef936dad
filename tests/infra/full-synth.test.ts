/**
 * The one full synthesis of the suite, as `cdk synth` runs it: every Lambda bundled by esbuild,
 * and cdk-nag's AwsSolutions checks, whose findings must all be fixed or acknowledged.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS, type FunctionId } from '../../infra/lib/definitions/functions';
import { addNagChecks } from '../../infra/lib/nag';
import { REPO_ROOT } from '../../infra/lib/paths';
import {
  logicalIdOf,
  REGION,
  resourcesOfType,
  synthesise,
  type Synthesised,
} from './stack-fixture';

interface ValidationReport {
  pluginReports: { pluginName: string; violations: { ruleName: string }[] }[];
}

function readReport(outdir: string): ValidationReport {
  return JSON.parse(
    readFileSync(join(outdir, 'validation-report.json'), 'utf8'),
  ) as ValidationReport;
}

let synthesised: Synthesised;
beforeAll(() => {
  // Inside the repository, so that a bundle's imports of the AWS SDK (left to the Lambda
  // runtime) resolve to node_modules when the test loads it.
  synthesised = synthesise({
    bundle: true,
    nag: true,
    outdirParent: join(REPO_ROOT, 'node_modules', '.cache', 'storefront-infra-tests'),
  });
});

afterAll(() => {
  synthesised.dispose();
});

describe('cdk synth with bundling and cdk-nag', () => {
  it('leaves no unacknowledged AwsSolutions finding', () => {
    // The report lists only plugins that found something (see the next test).
    const report = readReport(synthesised.outdir);
    expect(report.pluginReports.flatMap((r) => r.violations.map((v) => v.ruleName))).toEqual([]);
  });

  it('would fail synth, and name the rule, for a finding nobody acknowledged', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'storefront-nag-canary-'));
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'Canary', { env: { region: REGION } });
    new Queue(stack, 'Plain');
    addNagChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS4/);
    const rules = readReport(outdir).pluginReports.flatMap((r) =>
      r.violations.map((v) => v.ruleName),
    );
    expect(rules).toContain('AwsSolutions-SQS4');
    rmSync(outdir, { recursive: true, force: true });
  });

  /** The function's resource and its bundled asset's directory in the synthesised output. */
  const assetOf = (functionId: FunctionId) => {
    const { stack, template, outdir } = synthesised;
    const fn = resourcesOfType(template, 'AWS::Lambda::Function')[
      logicalIdOf(stack, stack.lambdas.functions[functionId].function)
    ];
    const key = (fn?.Properties?.Code as { S3Key: string }).S3Key;
    return { fn, asset: join(outdir, `asset.${key.replace(/\.zip$/, '')}`) };
  };

  it.each(Object.keys(FUNCTIONS) as FunctionId[])(
    '%s: bundled as minified ESM with a source map, and loads as an ES module',
    async (functionId) => {
      const { fn, asset } = assetOf(functionId);
      expect(fn?.Properties?.Handler).toBe('index.handler');
      const code = readFileSync(join(asset, 'index.mjs'), 'utf8');
      expect(code).toContain('createRequire');
      expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
      expect(existsSync(join(asset, 'index.mjs.map'))).toBe(true);
      // Minified: no indented statements left of the sources' formatting.
      expect(code).not.toMatch(/^\s{2,}(const|let|return|if|await) /m);
      const loaded = (await import(pathToFileURL(join(asset, 'index.mjs')).href)) as {
        handler?: unknown;
      };
      expect(typeof loaded.handler).toBe('function');
    },
  );

  it.each(['invoices', 'sendWelcomeEmail'] as const)(
    "%s: bundles fontkit's patched ES build, its WOFF2 dictionary decompressed on first read",
    (functionId) => {
      const { asset } = assetOf(functionId);
      const map = JSON.parse(readFileSync(join(asset, 'index.mjs.map'), 'utf8')) as {
        sources: string[];
      };
      const code = readFileSync(join(asset, 'index.mjs'), 'utf8');

      // The map names it relative to the asset, which sits inside node_modules/.cache: the path
      // climbs to node_modules itself, so the name may not hold `node_modules/`.
      expect(map.sources.filter((source) => source.includes('@pdf-lib/fontkit/'))).toEqual([
        expect.stringMatching(/(^|\/)@pdf-lib\/fontkit\/dist\/fontkit\.es\.js$/),
      ]);
      // The getter patches/@pdf-lib+fontkit+1.1.1.patch puts in place of the module's
      // `dictionary.init(BrotliDecompressBuffer)` (E34), as esbuild minifies it.
      expect(code).toMatch(
        /Object\.defineProperty\([\w$]+,"dictionary",\{configurable:!0,enumerable:!0,get:function\(\)\{/,
      );
    },
  );
});
