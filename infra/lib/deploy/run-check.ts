/**
 * `npm run deploy:check` and the checking half of `npm run deploy`: synthesise, check the
 * template, print the account's prerequisites as a checklist (with `--live`, ask AWS through the
 * AWS CLI), and answer whether the deploy may go ahead.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { DEFAULT_REGION, STACK_NAME } from '../app';
import type { CfnTemplate, Finding } from './checks';
import {
  EXAMPLE_INPUTS,
  prerequisites,
  shellQuote,
  type DeployInputs,
  type Prerequisite,
  type ProbeResult,
  type Verdict,
} from './plan';
import { synthesiseForCheck } from './synth';

export interface CheckArgs {
  live: boolean;
  dryRun: boolean;
  region: string;
  parameters: Record<string, string>;
  /** Everything else, for `cdk deploy`. */
  rest: string[];
}

/** `--live`, `--dry-run`, `--parameters K=V` (as cdk deploy takes them), `-c region=…`. */
export function parseArgs(argv: readonly string[]): CheckArgs {
  const args: CheckArgs = {
    live: false,
    dryRun: false,
    region: DEFAULT_REGION,
    parameters: {},
    rest: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (flag: string) =>
      arg.startsWith(`${flag}=`) ? arg.slice(flag.length + 1) : argv[++i];
    if (arg === '--live') args.live = true;
    else if (arg === '--dry-run') args.dryRun = true;
    else if (arg === '--parameters' || arg.startsWith('--parameters=')) {
      const pair = value('--parameters') ?? '';
      const at = pair.indexOf('=');
      if (at > 0) args.parameters[pair.slice(0, at)] = pair.slice(at + 1);
      args.rest.push('--parameters', pair);
    } else if (arg === '-c' || arg === '--context' || arg.startsWith('--context=')) {
      const pair = value(arg === '-c' ? '-c' : '--context') ?? '';
      if (pair.startsWith('region=')) args.region = pair.slice('region='.length);
      args.rest.push('--context', pair);
    } else args.rest.push(arg);
  }
  return args;
}

export function inputsFrom(
  args: CheckArgs,
  template?: CfnTemplate,
  bootstrap?: number,
): DeployInputs {
  const reserved = Object.values(template?.Resources ?? {})
    .map((r) => r.Properties?.ReservedConcurrentExecutions)
    .filter((n): n is number => typeof n === 'number')
    .reduce((a, b) => a + b, 0);
  return {
    ...EXAMPLE_INPUTS,
    region: args.region,
    stackName: STACK_NAME,
    senderEmail: args.parameters.SenderEmail ?? EXAMPLE_INPUTS.senderEmail,
    razorpaySecretArn: args.parameters.RazorpaySecretArn ?? EXAMPLE_INPUTS.razorpaySecretArn,
    razorpayKeyId: args.parameters.RazorpayKeyId ?? EXAMPLE_INPUTS.razorpayKeyId,
    requiredBootstrapVersion: bootstrap ?? EXAMPLE_INPUTS.requiredBootstrapVersion,
    reservedConcurrency: reserved,
  };
}

/** Runs `aws …`; a missing AWS CLI is an answer too. */
export function runAws(args: readonly string[]): ProbeResult {
  const result = spawnSync('aws', [...args], { encoding: 'utf8', timeout: 60_000 });
  if (result.error)
    return { exitCode: 127, stdout: '', stderr: `AWS CLI v2 not found (${result.error.message})` };
  return { exitCode: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

export interface CheckOutcome {
  findings: Finding[];
  verdicts: { prerequisite: Prerequisite; verdict?: Verdict }[];
  inputs: DeployInputs;
  /** Where the checked assembly is (`cdk deploy --app` deploys exactly it). */
  outdir: string;
  ok: boolean;
}

export function runCheck(
  args: CheckArgs,
  options: {
    outdir: string;
    bundle?: boolean;
    webDistDir?: string;
    aws?: (a: readonly string[]) => ProbeResult;
  },
): CheckOutcome {
  rmSync(options.outdir, { recursive: true, force: true });
  mkdirSync(options.outdir, { recursive: true });
  const synth = synthesiseForCheck({
    outdir: options.outdir,
    region: args.region,
    bundle: options.bundle,
    webDistDir: options.webDistDir,
  });
  const inputs = inputsFrom(args, synth.template, synth.requiredBootstrapVersion);
  const aws = options.aws ?? runAws;
  const verdicts = prerequisites(inputs).map((prerequisite) => ({
    prerequisite,
    verdict:
      args.live && prerequisite.probe && prerequisite.evaluate
        ? prerequisite.evaluate(aws(prerequisite.probe))
        : undefined,
  }));
  const ok = synth.findings.length === 0 && verdicts.every((v) => v.verdict?.state !== 'fail');
  return { findings: synth.findings, verdicts, inputs, outdir: options.outdir, ok };
}

const MARK = { ok: '✓', warn: '!', fail: '✗' } as const;

export function renderOutcome(outcome: CheckOutcome, live: boolean): string {
  const lines: string[] = [];
  const { inputs } = outcome;
  lines.push(
    `Deploy check: stack ${inputs.stackName}, region ${inputs.region} (synthesised as cdk synth does: bundled, cdk-nag, CDK's schema check; CDK_DEFAULT_REGION as the CLI sets it)`,
    '',
    'Template',
  );
  const checks = [
    'region',
    'annotation',
    'validation',
    'strings',
    'reserved-concurrency',
    'names',
    'mail-identity',
    'log-retention',
  ] as const;
  const titles: Record<(typeof checks)[number], string> = {
    region: `synthesised for ${inputs.region}, whatever the CLI's default region`,
    annotation: "no warning or error annotation, no deprecated CDK API (CDK's own)",
    validation:
      "no cdk-nag finding, no CloudFormation schema finding (CDK's CloudFormation Validate)",
    strings: 'names and descriptions within what each resource type accepts',
    'reserved-concurrency': 'no reserved concurrency (a new account cannot grant it)',
    names:
      'every physical name unique per stack (region-wide) and per stack and region (CloudFront, IAM)',
    'mail-identity': 'Cognito sends through an SES identity verified before the deploy',
    'log-retention': "every Lambda, CDK's own included, logs to a log group with a retention",
  };
  for (const check of checks) {
    const found = outcome.findings.filter((f) => f.check === check);
    lines.push(`  ${found.length ? MARK.fail : MARK.ok} ${titles[check]}`);
    for (const finding of found) lines.push(`      ${finding.where}: ${finding.message}`);
  }
  lines.push(
    '',
    live
      ? 'Account prerequisites (asked through the AWS CLI)'
      : 'Account prerequisites: a checklist (run `npm run deploy:check -- --live --parameters …` with credentials to have each one asked)',
  );
  outcome.verdicts.forEach(({ prerequisite: p, verdict }, index) => {
    const mark = verdict ? MARK[verdict.state] : ' ';
    lines.push(`  ${mark} ${index + 1}. ${p.title}${verdict ? `: ${verdict.detail}` : ''}`);
    lines.push(`       why:   ${p.why}`);
    if (p.probe) lines.push(`       check: aws ${p.probe.map(shellQuote).join(' ')}`);
    for (const fix of p.fix) lines.push(`       fix:   ${fix}`);
    if (p.click) lines.push(`       click: ${p.click}`);
  });
  const failedChecks = outcome.findings.length;
  const failedPrereqs = outcome.verdicts.filter((v) => v.verdict?.state === 'fail').length;
  lines.push(
    '',
    outcome.ok
      ? `OK: the template passes every check${live ? ' and the account has what the deploy needs' : ''}.`
      : `NOT READY: ${failedChecks} template finding(s)${live ? `, ${failedPrereqs} missing prerequisite(s)` : ''}.`,
  );
  return lines.join('\n');
}
