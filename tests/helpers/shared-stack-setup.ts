/**
 * vitest `globalSetup` of the integration and e2e projects: starts the project's shared local
 * stack once (the e2e one with the built web) and provides its description to the files
 * (`sharedStack()`, tests/helpers/shared-stack.ts). Its output goes to
 * test-results/shared-stack-{project}.log as it comes; the stack and its data directory go at the
 * end of the run.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startLocalStack } from './local-stack';
import { describeStack } from './shared-stack';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const withWeb = project.name === 'e2e';
  const dir = join(REPO_ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, `shared-stack-${project.name}.log`);
  const stack = await startLocalStack({ withWeb, logFile });
  if (withWeb) {
    // The stack serves the API even when the web build failed: say so plainly, not by a timeout.
    const res = await fetch(stack.baseUrl);
    if (!res.ok || !(await res.text()).includes('<div id="root"')) {
      await stack.dispose();
      throw new Error(`The shared stack serves no web build (status ${res.status}).`);
    }
  }
  project.provide('sharedStack', describeStack(stack, logFile));
  return () => stack.dispose();
}
