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
import { REPO_ROOT, startLocalStack, type LocalStack } from './local-stack';
import { E2E_SUPPORT_INBOX, describeStack } from './shared-stack';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const withWeb = project.name === 'e2e';
  const dir = join(REPO_ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, `shared-stack-${project.name}.log`);
  let stack: LocalStack | undefined;
  try {
    stack = await startLocalStack({
      withWeb,
      logFile,
      // e2e: the contact journeys read the configured support inbox. integration: two files run
      // at once on this stack, and API Gateway's per-route buckets are store-wide, so one file's
      // polling would spend the other's; the throttles have their own stack (abuse-limits.test.ts).
      env: withWeb ? { SUPPORT_EMAIL: E2E_SUPPORT_INBOX } : { LOCAL_THROTTLE: 'off' },
    });
    if (withWeb) {
      // The stack serves the API even when the web build failed: say so plainly, not by a timeout.
      const res = await fetch(stack.baseUrl);
      if (!res.ok || !(await res.text()).includes('<div id="root"'))
        throw new Error(`The shared stack serves no web build (status ${res.status}).`);
    }
    project.provide('sharedStack', describeStack(stack, logFile));
  } catch (error) {
    // Every globalSetup runs before the first test of any project: a throw here would stop the
    // unit tests too. The files that use this stack fail instead, with this message.
    await stack?.dispose();
    project.provide('sharedStackError', error instanceof Error ? error.message : String(error));
  }
  return async () => {
    await stack?.dispose();
  };
}
