/**
 * `npm run deploy -- --parameters K=V …`: the deploy check with the account's prerequisites asked
 * (deploy:check --live), then `cdk deploy` of exactly the assembly it checked.
 *
 * `npm run deploy -- --dry-run [--parameters …]`: the rehearsal, runnable anywhere (no account,
 * no network): the same synth and checks, the checklist with the exact AWS CLI commands, every
 * step of the first deploy in order with what to run and what to click, and the `cdk deploy`
 * command it would run.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/paths';
import { STACK_NAME } from '../lib/app';
import { cleanupCommands, firstDeploySteps } from '../lib/deploy/plan';
import { parseArgs, renderOutcome, runCheck } from '../lib/deploy/run-check';

const args = parseArgs(process.argv.slice(2));
const outdir = join(REPO_ROOT, 'cdk.out');
const outcome = runCheck({ ...args, live: !args.dryRun }, { outdir });
console.log(renderOutcome(outcome, !args.dryRun));
const cdkDeploy = ['cdk', 'deploy', STACK_NAME, '--app', outdir, ...args.rest];

if (args.dryRun) {
  console.log('\nThe first deploy, in order (README, Deploy to AWS):');
  firstDeploySteps(outcome.inputs).forEach((step, index) => {
    console.log(`\n${index + 1}. ${step.title}`);
    for (const command of step.commands) console.log(`   $ ${command}`);
    if (step.click) console.log(`   click: ${step.click}`);
  });
  console.log(
    '\nIf the first deploy fails (a rollback keeps the tables, the logs bucket and the pool):',
  );
  for (const command of cleanupCommands(outcome.inputs)) console.log(`   $ ${command}`);
  console.log(`\nWould run: npx ${cdkDeploy.join(' ')}`);
  process.exitCode = outcome.ok ? 0 : 1;
} else if (!outcome.ok) {
  console.error('\nNot deploying: fix what is marked ✗ above, then run npm run deploy again.');
  process.exitCode = 1;
} else {
  const result = spawnSync('npx', cdkDeploy, { stdio: 'inherit', cwd: REPO_ROOT });
  process.exitCode = result.status ?? 1;
}
