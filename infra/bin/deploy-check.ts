/**
 * `npm run deploy:check [-- --live --parameters K=V … -c region=…]`: synthesises the stack for the
 * target region as `cdk synth` does and fails on anything that would fail or break the first
 * deploy (infra/lib/deploy/checks.ts); prints the account's prerequisites as a checklist, and with
 * `--live` asks AWS for each (AWS CLI v2 and credentials needed). Exit code 1 when not ready.
 */
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/paths';
import { parseArgs, renderOutcome, runCheck } from '../lib/deploy/run-check';

const args = parseArgs(process.argv.slice(2));
const outcome = runCheck(args, { outdir: join(REPO_ROOT, 'cdk.out') });
console.log(renderOutcome(outcome, args.live));
process.exitCode = outcome.ok ? 0 : 1;
