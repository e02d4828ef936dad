import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import {
  LogLevel,
  NodejsFunction,
  OutputFormat,
  type ICommandHooks,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { FunctionDefinition } from '../definitions/functions';
import { acknowledge } from '../nag';
import { bundlesAwsSdk, LAMBDA_BUNDLING, LAMBDA_NODE_OPTIONS, SDK_ALIASES } from './sdk-bundling';
import { REPO_ROOT } from '../paths';
import { SERVICE_NAME } from '../../../lambdas/system/facts';

/** Days the Lambdas' own logs are kept: long enough to investigate a payment dispute's first days. */
export const FUNCTION_LOG_RETENTION = RetentionDays.ONE_MONTH;

/** Powertools reads these; every function logs as the one `storefront` service. */
export const POWERTOOLS_ENVIRONMENT = {
  POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
  POWERTOOLS_LOG_LEVEL: 'INFO',
} as const;

/** Node's options, as sdk-bundling.ts chose them for cold start (none: no source maps at run time). */
const NODE_OPTIONS_ENVIRONMENT: Record<string, string> =
  LAMBDA_NODE_OPTIONS.length > 0 ? { NODE_OPTIONS: LAMBDA_NODE_OPTIONS.join(' ') } : {};

/**
 * A function that renders PDFs reads the DejaVu fonts from `fonts/` beside its bundle
 * (lambdas/adapters/fonts/invoice-fonts.ts): copied there after bundling, with their licence.
 */
export const INVOICE_FONT_HOOKS: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir: string, outputDir: string) => {
    const fonts = `${inputDir}/node_modules/dejavu-fonts-ttf`;
    return [
      `mkdir -p "${outputDir}/fonts"`,
      `cp "${fonts}/ttf/DejaVuSans.ttf" "${fonts}/ttf/DejaVuSans-Bold.ttf" "${fonts}/LICENSE" "${outputDir}/fonts/"`,
    ];
  },
};

export interface StorefrontFunctionProps {
  definition: FunctionDefinition;
  environment?: Record<string, string>;
}

/**
 * One Lambda with the storefront's shared defaults: Node.js 22 on arm64, bundled by the local
 * esbuild as sdk-bundling.ts says (minified ESM, the SDK tree-shaken in), its own log group with a retention, Powertools
 * configured. Memory and timeout come from the definition; grants are the caller's business.
 */
export class StorefrontFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;
  readonly definition: FunctionDefinition;

  constructor(scope: Construct, id: string, props: StorefrontFunctionProps) {
    super(scope, id);
    const { definition } = props;
    this.definition = definition;
    const entry = join(REPO_ROOT, definition.entry);
    if (!existsSync(entry)) {
      throw new Error(
        `The ${definition.id} Lambda's handler ${definition.entry} does not exist (infra/lib/definitions/functions.ts names it).`,
      );
    }

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: FUNCTION_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Its own role, allowed to write to its own log group only (the AWS managed basic execution
    // role would let it write to every log group of the account); grants are added to it.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `storefront ${definition.id} Lambda`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      role: this.role,
      entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: definition.memoryMb,
      timeout: Duration.seconds(definition.timeoutSeconds),
      ...(definition.reservedConcurrency === undefined
        ? {}
        : { reservedConcurrentExecutions: definition.reservedConcurrency }),
      description: `storefront ${definition.id} (${definition.entry})`,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: { ...POWERTOOLS_ENVIRONMENT, ...NODE_OPTIONS_ENVIRONMENT, ...props.environment },
      bundling: {
        // The same options bench/lambda-bundles.ts measures (sdk-bundling.ts says why each).
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        platform: LAMBDA_BUNDLING.platform,
        minify: LAMBDA_BUNDLING.minify,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        banner: LAMBDA_BUNDLING.banner,
        sourceMap: LAMBDA_BUNDLING.sourceMap,
        sourcesContent: LAMBDA_BUNDLING.sourcesContent,
        // Bundled and tree-shaken, or the Node.js 22 runtime's copy: whichever starts faster.
        bundleAwsSDK: bundlesAwsSdk(definition.id),
        // SDK pieces no function runs, swapped out; only where the SDK is bundled. (fontkit's
        // tables made on first use come with the package: patches/, docs/decisions.md E34.)
        ...(bundlesAwsSdk(definition.id)
          ? {
              esbuildArgs: {
                '--alias': Object.entries(SDK_ALIASES).map(([from, to]) => `${from}=${to}`),
              },
            }
          : {}),
        tsconfig: join(REPO_ROOT, 'tsconfig.json'),
        logLevel: LogLevel.WARNING,
        ...(definition.invoiceFonts ? { commandHooks: INVOICE_FONT_HOOKS } : {}),
      },
    });
    acknowledge(
      this.function,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime issue #6 names and the one the handlers are built and tested for (target node22); moving to Node.js 24 is a deliberate upgrade, not a default.',
    );
  }
}
