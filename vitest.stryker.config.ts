/**
 * The vitest config StrykerJS runs (`npm run mutate`, stryker.config.json, docs/mutation.md): the
 * `unit` project of vitest.config.ts, read from there so the two cannot drift, as two projects:
 *
 * - `unit-shared`: the specs of the rules (the domain, the use cases, the ports' contracts, the
 *   HTTP layer), whose files share one module registry (`isolate: false`): a run imports the code
 *   under test once, not once per file (43 s → 17 s for the set). Stryker switches mutants at run
 *   time through a global, so a module imported once still runs the active mutant; static mutants
 *   (evaluated at import) are left out (stryker.config.json `ignoreStatic`).
 * - `unit-isolated`: the handlers' tests, which mock modules by path, and the templates' (mails,
 *   the invoice PDF), each file in its own registry as in `npm test`.
 *
 * Left out: tests of the web build and of lint (no mutant reaches what they read), and the slow
 * tests of the adapters (SDK mocks, dynalite) and of the local infra, which a mutant run would
 * re-run by the hundred; a mutant only they could kill counts as survived: the score is a floor.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import root from './vitest.config';

const LEFT_OUT = [
  'tests/unit/web-pages.test.ts',
  'tests/unit/admin-bundle.test.ts',
  'tests/unit/lint-boundaries.test.ts',
  'tests/unit/infra/**',
  'tests/unit/lambdas/adapters/**',
  'tests/unit/**/*-on-dynalite.test.ts',
];
// edge-origin.test.ts loads a handler afresh (vi.resetModules): in the shared registry that loads
// every module's static code inside its test, so StrykerJS counts those mutants (ignoreStatic) as
// covered, and survived.
const ISOLATED = [
  'tests/unit/lambdas/handlers/**/*.test.ts',
  'tests/unit/templates/**/*.test.ts',
  'tests/unit/lambdas/http/edge-origin.test.ts',
];
const NODE_MODULES = '**/node_modules/**';

const unit = root.test?.projects?.find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (!unit?.test) throw new Error('vitest.config.ts has no `unit` project');

const shared: TestProjectInlineConfiguration = {
  ...unit,
  test: {
    ...unit.test,
    name: 'unit-shared',
    isolate: false,
    exclude: [...LEFT_OUT, ...ISOLATED, NODE_MODULES],
  },
};
const isolated: TestProjectInlineConfiguration = {
  ...unit,
  test: { ...unit.test, name: 'unit-isolated', include: ISOLATED, exclude: [NODE_MODULES] },
};

/**
 * `STRYKER_RULES_ONLY=1` (bench/mutate-files.sh, the per-file runs): the rules' specs only. The
 * handlers' and templates' files re-import every module for each mutant (~9 s a mutant on this
 * machine against ~1 s); what only they kill counts as survived, so the score stays a floor.
 */
export default defineConfig({
  test: { projects: process.env.STRYKER_RULES_ONLY === '1' ? [shared] : [shared, isolated] },
});
