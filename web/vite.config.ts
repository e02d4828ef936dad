import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { prerender } from './scripts/prerender.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const configFile = fileURLToPath(import.meta.url);
const domain = fileURLToPath(new URL('../lambdas/domain', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const routerProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** After the client build, render every route to static HTML (scripts/prerender.ts). */
function prerenderRoutes(): Plugin {
  let isSsrBuild = false;
  return {
    name: 'storefront-prerender',
    apply: 'build',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isSsrBuild) return;
      await prerender({ webRoot, configFile, outDir });
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build started from a test run inherits NODE_ENV=test, which would bundle React's development
  // build and JSX runtime; a production build is always production.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: webRoot,
    plugins: [react(), tailwindcss(), prerenderRoutes()],
    resolve: {
      alias: [
        { find: '@domain', replacement: domain },
        // react-router's package exports name its development build only; its production build
        // is the same code with the dev warnings compiled out (some 1 KB gzip off the app's start).
        ...(command === 'build' ? [{ find: /^react-router$/, replacement: routerProduction }] : []),
      ],
    },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // Every supported browser has modulepreload or ignores it harmlessly; skip the polyfill.
      modulePreload: { polyfill: false },
      // dist/.vite/manifest.json: which chunks the entry loads, read by
      // tests/unit/admin-bundle.test.ts (the console's code is never in a buyer's initial JS).
      manifest: true,
    },
    server: { host: '127.0.0.1', port: 5173 },
  };
});
