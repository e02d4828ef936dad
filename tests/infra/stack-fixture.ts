/**
 * Synthesises the storefront stack for template assertions: no account, no network, no
 * bundling (NodejsFunction skips esbuild for stacks outside `aws:cdk:bundling-stacks`), and a
 * small web build in a temporary folder instead of web/dist.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { addNagChecks } from '../../infra/lib/nag';
import { StorefrontStack } from '../../infra/lib/storefront-stack';

export const REGION = 'ap-south-1';

/** A web build as `npm run build` shapes it: the shell, prerendered routes, 404, hashed assets. */
export function fakeWebDist(
  routes: readonly string[] = ['hosting', 'pricing', 'checkout'],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><h1>Not found</h1>');
  for (const route of routes) {
    mkdirSync(join(dir, route), { recursive: true });
    writeFileSync(join(dir, route, 'index.html'), `<!doctype html><h1>${route}</h1>`);
  }
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-DfdegP_Z.js'), 'export {};');
  return dir;
}

export interface Synthesised {
  stack: StorefrontStack;
  template: Template;
  webDistDir: string;
  /** The cloud assembly's folder: the template and its assets. */
  outdir: string;
  /** Removes the temporary folders. */
  dispose(): void;
}

/**
 * One synthesis of the stack: fast by default; `bundle` runs esbuild for every Lambda as
 * `cdk synth` does, `nag` adds the cdk-nag AwsSolutions checks as bin/app.ts does.
 */
export function synthesise(
  options: { webDistDir?: string; bundle?: boolean; nag?: boolean; outdirParent?: string } = {},
): Synthesised {
  const webDistDir = options.webDistDir ?? fakeWebDist();
  const parent = options.outdirParent ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(join(parent, 'storefront-cdk-out-'));
  const app = new App({
    outdir,
    context: options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const stack = new StorefrontStack(app, 'Storefront', { env: { region: REGION }, webDistDir });
  if (options.nag) addNagChecks(app);
  const dispose = () => {
    rmSync(outdir, { recursive: true, force: true });
    if (!options.webDistDir) rmSync(webDistDir, { recursive: true, force: true });
  };
  return { stack, template: Template.fromStack(stack), webDistDir, outdir, dispose };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** The template's resources of one type, by logical id. */
export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalIdOf(
  stack: StorefrontStack,
  construct: { node: { defaultChild?: unknown } },
): string {
  const child = construct.node.defaultChild;
  if (!child) throw new Error('construct has no default child');
  return stack.getLogicalId(child as Parameters<StorefrontStack['getLogicalId']>[0]);
}
