import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const domain = fileURLToPath(new URL('./lambdas/domain', import.meta.url));

// One `vitest run` runs every project; `--project NAME` runs one.
export default defineConfig({
  test: {
    // A worker per core (vitest's default leaves one core to itself: one worker on CI's two).
    // unit, web and infra keep both cores busy; integration sets its own two and e2e runs one.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // Generous: group 0 runs unit, web and infra side by side, a worker per core.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@domain': domain } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          setupFiles: ['tests/web/setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/integration/faults/**'],
          // One stack for the files that call sharedStack() (tests/helpers/shared-stack.ts).
          globalSetup: ['tests/helpers/shared-stack-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: most of a file's time is waiting on the stack's asynchronous work
          // (the bus, converge, mails), so a second file uses the core the first leaves idle. A file
          // on the shared stack touches only its own data; one that flips a stand-in's switch, runs
          // a store-wide job or restarts its stack has its own (docs/decisions.md E30).
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Crashes, restarts, floods and fifty concurrent duplicates, each on its own stack, run
          // beside the integration files (the same group and the same two workers): what they race
          // is their own stack, and each waits on it as the integration files do (E30).
          name: 'faults',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/integration/faults/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One web stack and one Chromium for the project (useE2e, tests/helpers/e2e.ts).
          globalSetup: [
            'tests/helpers/shared-stack-setup.ts',
            'tests/helpers/shared-browser-setup.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
