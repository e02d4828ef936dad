/**
 * The child processes of the stack: cognito-local and the SES stand-in. They take the longest to
 * boot, so start.ts launches them first, before it loads the rest of the stack (the AWS SDK, the
 * handlers' modules); this module stays free of both so that loading it is quick.
 */
import { mkdirSync } from 'node:fs';
import { spawnCognito } from './cognito-process';
import { portSettings, type LocalConfig } from './config';
import { assertPortsFree, Children } from './processes';
import { spawnSes } from './ses';

export async function launchStandIns(config: LocalConfig): Promise<Children> {
  await assertPortsFree(portSettings(config.ports));
  mkdirSync(config.dataDir, { recursive: true });
  const children = new Children();
  process.once('exit', () => children.killAllNow());
  spawnCognito(config, children);
  spawnSes(config, children);
  return children;
}
