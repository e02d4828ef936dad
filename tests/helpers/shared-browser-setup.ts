/**
 * vitest `globalSetup` of the e2e project: one Chromium for the whole project (playwright-core's
 * `launchServer`, with the flags of browser.ts), which each file `connect`s to (useE2e). Each
 * journey still takes a fresh context, so no cookie, storage or session crosses journeys or files.
 */
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const server = await launchBrowserServer();
    project.provide('sharedBrowserEndpoint', server.wsEndpoint());
    return () => server.close();
  } catch (error) {
    // As the shared stack's setup: the e2e files fail with this, the other projects still run.
    project.provide('sharedBrowserError', error instanceof Error ? error.message : String(error));
    return async () => undefined;
  }
}
