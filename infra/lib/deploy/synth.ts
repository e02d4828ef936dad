/**
 * One synthesis of the storefront app as `cdk synth` makes it (every Lambda bundled, cdk-nag on,
 * CDK's schema check on), into a folder of its own, read back with what it reported. The CLI's
 * environment is imitated: CDK_DEFAULT_REGION as the CLI would set it (us-east-1 when the shell
 * has none), so a region taken from it shows up as a finding.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { createStorefrontApp, DEFAULT_REGION, STACK_NAME } from '../app';
import {
  collisionFindings,
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
  /** The app as another stack name or region, for the uniqueness check (the storefront's by default). */
  buildVariant?: (options: { outdir: string; stackName: string; region: string }) => {
    synth(): unknown;
  };
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
  // A deprecated CDK API is CDK's own warning, printed once and forgotten: kept as a finding.
  process.env.JSII_DEPRECATED = 'warn';
  const findings: Finding[] = [];
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => {
    if (parts[0] === '[WARNING]') {
      findings.push({
        check: 'annotation',
        where: 'synth',
        message: `CDK warned: ${parts.slice(1).join(' ')}`,
      });
    }
    warn(...parts);
  };
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
    console.warn = warn;
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
  // Unique per stack: the same app as a second stack (another name), and as this stack in another
  // region; a physical name that does not change would collide (fast synths: no bundling, no nag).
  const variants = [
    {
      stackName: `${STACK_NAME}Second`,
      region,
      scopes: ['region', 'account', 'global'] as const,
      what: `a second stack (${STACK_NAME}Second) in ${region}`,
    },
    {
      stackName: STACK_NAME,
      region: region === 'eu-west-1' ? 'eu-central-1' : 'eu-west-1',
      scopes: ['account', 'global'] as const,
      what: `${STACK_NAME} in another region of the account`,
    },
  ];
  for (const variant of variants) {
    const second = synthesiseVariant(options, variant.stackName, variant.region);
    if (second) findings.push(...collisionFindings(template, second, variant.scopes, variant.what));
  }
  return {
    findings,
    template,
    templatePath: artifact.templateFullPath,
    requiredBootstrapVersion: artifact.requiresBootstrapStackVersion,
  };
}

/** The stack's template as another stack name or region would give it (undefined if it fails). */
function synthesiseVariant(
  options: SynthOptions,
  stackName: string,
  region: string,
): CfnTemplate | undefined {
  const outdir = mkdtempSync(join(tmpdir(), 'storefront-variant-'));
  try {
    const app = options.buildVariant
      ? options.buildVariant({ outdir, stackName, region })
      : createStorefrontApp({
          outdir,
          nag: false,
          stackName,
          context: { region, 'aws:cdk:bundling-stacks': [] },
          builtinCloudFormationValidation: false,
          ...(options.webDistDir ? { stack: { webDistDir: options.webDistDir } } : {}),
        }).app;
    const assembly = app.synth() as CloudAssembly;
    return assembly.getStackByName(stackName).template as CfnTemplate;
  } catch {
    return undefined;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
