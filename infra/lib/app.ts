/**
 * The CDK app, built in one place for `cdk synth` / `cdk deploy` (infra/bin/app.ts), for
 * `npm run deploy:check` (infra/bin/deploy-check.ts) and for the tests, so that all three
 * synthesise the very same stack for the very same region.
 */
import { App, type AppProps } from 'aws-cdk-lib';
import { addNagChecks } from './nag';
import { StorefrontStack, type StorefrontStackProps } from './storefront-stack';

/** The stack's name: CloudFormation's, and the prefix of every name the stack gives. */
export const STACK_NAME = 'Storefront';

/**
 * Where the storefront runs: Mumbai, next to its buyers. Pinned here rather than taken from the
 * CDK CLI's CDK_DEFAULT_REGION, which the CLI always sets (us-east-1 when the shell has no
 * region), so that `cdk deploy` never lands in a region nobody bootstrapped. Another region is a
 * deliberate choice: `-c region=eu-west-1` (cdk.json's `region` is the default).
 */
export const DEFAULT_REGION = 'ap-south-1';

/** The context key that names the region (cdk.json sets it; `-c region=…` overrides it). */
export const REGION_CONTEXT_KEY = 'region';

/**
 * CDK's own CloudFormation schema check (patterns, lengths, enums of every property) reports a
 * finding as a warning unless this flag is on; on, a value CloudFormation would refuse fails the
 * synth instead of the deploy (the IAM description of issue #31).
 */
export const SCHEMA_FINDINGS_ARE_ERRORS = { '@aws-cdk/core:validateAgainstDefaultRules': true };

export interface StorefrontAppOptions extends Omit<AppProps, 'context'> {
  context?: Record<string, unknown>;
  stack?: Omit<StorefrontStackProps, 'env'>;
  /** cdk-nag's AwsSolutions checks (default on, as `cdk synth` runs them). */
  nag?: boolean;
  /** Another stack name (the deploy check's second stack); `Storefront` by default. */
  stackName?: string;
}

/** The region the app deploys to: the `region` context if given, else ap-south-1. Never the CLI's. */
export function targetRegion(app: App): string {
  const value: unknown = app.node.tryGetContext(REGION_CONTEXT_KEY);
  if (value === undefined || value === null || value === '') return DEFAULT_REGION;
  if (typeof value !== 'string' || !/^[a-z]{2}(-[a-z]+)+-\d$/.test(value)) {
    throw new Error(
      `The region context must be an AWS region such as ap-south-1, not ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

export function createStorefrontApp(options: StorefrontAppOptions = {}): {
  app: App;
  stack: StorefrontStack;
} {
  const { context, stack: stackProps, nag = true, stackName = STACK_NAME, ...appProps } = options;
  // After the CLI's context, so that no `-c` turns the schema check back into warnings.
  const app = new App({ ...appProps, context, postCliContext: SCHEMA_FINDINGS_ARE_ERRORS });
  // The account stays the caller's credentials' (environment-agnostic); the region is fixed.
  const stack = new StorefrontStack(app, stackName, {
    ...stackProps,
    env: { region: targetRegion(app) },
  });
  if (nag) addNagChecks(app);
  return { app, stack };
}
