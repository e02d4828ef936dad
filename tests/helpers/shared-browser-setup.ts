/**
 * vitest `globalSetup` of the e2e project: one Chromium for the whole project (playwright-core's
 * `launchServer`, with the flags of browser.ts), which each file `connect`s to (useE2e). Each
 * journey still takes a fresh context, so no cookie, storage or session crosses journeys or files.
 */
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchBrowserServer();
  project.provide('sharedBrowserEndpoint', server.wsEndpoint());
  return () => server.close();
}
