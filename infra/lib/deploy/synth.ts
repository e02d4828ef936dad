/**
 * One synthesis of the storefront app as `cdk synth` makes it (every Lambda bundled, cdk-nag on,
 * CDK's schema check on), into a folder of its own, read back with what it reported. The CLI's
 * environment is imitated: CDK_DEFAULT_REGION as the CLI would set it (us-east-1 when the shell
 * has none), so a region taken from it shows up as a finding.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { createStorefrontApp, DEFAULT_REGION, STACK_NAME } from '../app';
import {
  templateFindings,
  validationFindings,
  type CfnTemplate,
  type Finding,
  type MetadataEntry,
  type ValidationReport,
} from './checks';

export interface SynthOptions {
  outdir: string;
  /** The region the deploy targets (`-c region=`); ap-south-1 by default. */
  region?: string;
  /** What the CDK CLI would put in CDK_DEFAULT_REGION: the shell's region, else us-east-1. */
  cliDefaultRegion?: string;
  /** Skip esbuild (tests): everything else is as `cdk synth` does it. */
  bundle?: boolean;
  /** The web build; web/dist by default. */
  webDistDir?: string;
  /** Builds the app; the storefront's by default (a test gives an old or broken one). */
  build?: (options: { outdir: string; context: Record<string, unknown>; webDistDir?: string }) => {
    synth(): unknown;
  };
}

export interface SynthResult {
  findings: Finding[];
  template?: CfnTemplate;
  /** The stack's template file, for `cdk deploy --app` or a reviewer. */
  templatePath?: string;
  /** The bootstrap stack version the template requires (its CheckBootstrapVersion rule). */
  requiredBootstrapVersion?: number;
}

export function synthesiseForCheck(options: SynthOptions): SynthResult {
  const region = options.region ?? DEFAULT_REGION;
  const context: Record<string, unknown> = { region };
  if (options.bundle === false) context['aws:cdk:bundling-stacks'] = [];
  const saved = { region: process.env.CDK_DEFAULT_REGION, deprecated: process.env.JSII_DEPRECATED };
  process.env.CDK_DEFAULT_REGION =
    options.cliDefaultRegion ?? process.env.AWS_REGION ?? 'us-east-1';
  // A deprecated CDK API (CDK's own warning, printed and forgotten) fails the synth instead.
  process.env.JSII_DEPRECATED = 'fail';
  const findings: Finding[] = [];
  try {
    const build =
      options.build ??
      ((o: { outdir: string; context: Record<string, unknown>; webDistDir?: string }) =>
        createStorefrontApp({
          outdir: o.outdir,
          context: o.context,
          ...(o.webDistDir ? { stack: { webDistDir: o.webDistDir } } : {}),
        }).app);
    build({ outdir: options.outdir, context, webDistDir: options.webDistDir }).synth();
  } catch (error) {
    findings.push({
      check: 'annotation',
      where: 'synth',
      message: `the synth failed: ${(error as Error).message.split('\n').slice(0, 6).join(' ')}`,
    });
  } finally {
    restore('CDK_DEFAULT_REGION', saved.region);
    restore('JSII_DEPRECATED', saved.deprecated);
  }

  const reportPath = join(options.outdir, 'validation-report.json');
  const report = existsSync(reportPath)
    ? (JSON.parse(readFileSync(reportPath, 'utf8')) as ValidationReport)
    : undefined;
  if (!existsSync(join(options.outdir, 'manifest.json'))) {
    return { findings: [...findings, ...validationFindings(report)] };
  }
  const assembly = new CloudAssembly(options.outdir);
  const artifact = assembly.getStackByName(STACK_NAME);
  const template = artifact.template as CfnTemplate;
  const metadata: Record<string, MetadataEntry[]> = {};
  for (const [path, entries] of Object.entries(artifact.manifest.metadata ?? {})) {
    metadata[path] = entries.map((e) => ({ type: e.type, data: e.data }));
  }
  findings.push(
    ...templateFindings({
      template,
      metadata,
      report,
      region:
        artifact.environment.region === 'unknown-region' ? undefined : artifact.environment.region,
      target: { stackName: STACK_NAME, region },
    }),
  );
  return {
    findings,
    template,
    templatePath: artifact.templateFullPath,
    requiredBootstrapVersion: artifact.requiresBootstrapStackVersion,
  };
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
