/** The SES stand-in: aws-ses-v2-local as a child process. Its mailbox lives in memory only. */
import { createRequire } from 'node:module';
import type { LocalConfig } from './config';
import { waitFor, type Children } from './processes';

const require = createRequire(import.meta.url);

export function spawnSes(config: LocalConfig, children: Children): void {
  const bin = require.resolve('aws-ses-v2-local/dist/cli.js');
  children.start({
    name: 'aws-ses-v2-local',
    command: process.execPath,
    args: [bin, '--host', '127.0.0.1', '--port', String(config.ports.ses)],
    cwd: config.dataDir,
    env: process.env,
    verbose: false,
  });
}

export async function waitForSes(config: LocalConfig): Promise<void> {
  await waitFor('aws-ses-v2-local', async () => {
    const res = await fetch(`http://127.0.0.1:${config.ports.ses}/health-check`);
    return res.ok;
  });
}
