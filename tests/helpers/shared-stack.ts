/**
 * One local stack per vitest project (integration, e2e), started once by the project's
 * `globalSetup` (tests/helpers/shared-stack-setup.ts) and handed to its files through vitest's
 * `provide`/`inject` as a serialisable description. A file calls `sharedStack()` instead of
 * `startLocalStack()` when it never stops, kills or restarts the stack, needs no special
 * environment and asserts nothing another file changes: it makes its own users (newUser) and
 * filters the mailbox, the registrar, the panel and the simulator by its own data. The integration
 * project runs two files at a time (vitest.config.ts), so a file that flips a stand-in's switch
 * (WHM's outage, the simulator's next refund), runs a store-wide job or counts anything
 * store-wide keeps `startLocalStack()`: the file beside it would see the switch or change the
 * count. The integration project's shared stack runs without per-route throttles (its setup).
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { LocalStack, SiteConfig, StackPorts } from './local-stack';

/**
 * The support inbox of the e2e project's shared stack (its SUPPORT_EMAIL): the contact journeys
 * read their mail there, which shows the stack sends to the configured address, not a default.
 */
export const E2E_SUPPORT_INBOX = 'support-e2e@storefront.local';

/** What a file needs to reach the shared stack: everything of a LocalStack but its process. */
export interface SharedStackDescription {
  baseUrl: string;
  mailboxUrl: string;
  simulatorUrl: string;
  cognitoUrl: string;
  whmUrl: string;
  registrarUrl: string;
  proxmoxUrl: string;
  storageUrl: string;
  ports: StackPorts;
  dataDir: string;
  config: SiteConfig;
  /** Where the stack's output goes as it comes (test-results/, git-ignored). */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's shared stack, when its globalSetup started one. */
    sharedStack?: SharedStackDescription;
    /** Why the project's shared stack did not start (its globalSetup does not throw). */
    sharedStackError?: string;
    /** The e2e project's shared Chromium (playwright-core launchServer), to `connect` to. */
    sharedBrowserEndpoint?: string;
    /** Why the e2e project's shared Chromium did not start. */
    sharedBrowserError?: string;
  }
}

export function describeStack(stack: LocalStack, logFile: string): SharedStackDescription {
  return {
    baseUrl: stack.baseUrl,
    mailboxUrl: stack.mailboxUrl,
    simulatorUrl: stack.simulatorUrl,
    cognitoUrl: stack.cognitoUrl,
    whmUrl: stack.whmUrl,
    registrarUrl: stack.registrarUrl,
    proxmoxUrl: stack.proxmoxUrl,
    storageUrl: stack.storageUrl,
    ports: stack.ports,
    dataDir: stack.dataDir,
    config: stack.config,
    logFile,
  };
}

const notYours = (what: string) => async () => {
  throw new Error(
    `The shared stack is not this file's to ${what}: other files use it after this one. ` +
      'A file that stops, kills or restarts its stack starts its own with startLocalStack().',
  );
};

/** The project's shared stack; throws when the project starts none (see vitest.config.ts). */
export function sharedStack(): LocalStack {
  const shared = inject('sharedStack');
  const failed = inject('sharedStackError');
  if (failed) throw new Error(`The shared stack did not start: ${failed}`);
  if (!shared)
    throw new Error(
      "This project has no shared stack: its globalSetup in vitest.config.ts starts none. Use startLocalStack() in this file's beforeAll.",
    );
  const { logFile, ...stack } = shared;
  return {
    ...stack,
    output: () => readFileSync(logFile, 'utf8'),
    stop: notYours('stop'),
    kill: notYours('kill'),
    dispose: notYours('dispose of'),
  };
}
