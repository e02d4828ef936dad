import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const domain = fileURLToPath(new URL('./lambdas/domain', import.meta.url));

// One `vitest run` runs every project; `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // Generous: group 0 runs unit, web and infra side by side on two cores.
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
          // One stack for the files that call sharedStack() (tests/helpers/shared-stack.ts).
          globalSetup: ['tests/helpers/shared-stack-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
