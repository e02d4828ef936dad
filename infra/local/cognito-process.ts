/**
 * Starting cognito-local, the Cognito stand-in, as a child process: its config (the Lambda Invoke
 * endpoint for the triggers, the issuer) and its data under DATA_DIR/cognito/.cognito. Kept free of
 * the AWS SDK so that start.ts can launch it first thing, while the rest of the stack loads.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COGNITO_TRIGGERS } from '../lib/definitions/functions';
import type { LocalConfig } from './config';
import { writeFileDurably } from './durable-file';
import { localFunctionName } from './lambda-runtime';
import type { Children } from './processes';
import { HOME_REGION } from '../../lambdas/system/facts';

export function spawnCognito(config: LocalConfig, children: Children): void {
  const home = join(config.dataDir, 'cognito');
  mkdirSync(join(home, '.cognito'), { recursive: true });
  // Rewritten on every start: the ports may have moved since the last one.
  writeFileDurably(
    join(home, '.cognito', 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: `http://127.0.0.1:${config.ports.storefront}`,
          region: HOME_REGION,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: {
          PreSignUp: localFunctionName(COGNITO_TRIGGERS.preSignUp),
          PostConfirmation: localFunctionName(COGNITO_TRIGGERS.postConfirmation),
          CustomMessage: localFunctionName(COGNITO_TRIGGERS.customMessage),
        },
        TokenConfig: { IssuerDomain: `http://127.0.0.1:${config.ports.cognito}` },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  checkUserPoolFiles(home, true);
  // cognito-local itself, with its mail delivery pointed at the local mailbox.
  const bin = fileURLToPath(new URL('./cognito-with-mailbox.mjs', import.meta.url));
  children.start({
    name: 'cognito-local',
    command: process.execPath,
    args: [bin],
    cwd: home,
    env: {
      ...process.env,
      PORT: String(config.ports.cognito),
      HOST: '127.0.0.1',
      DEBUG: '',
      COGNITO_MAILBOX_URL: `http://127.0.0.1:${config.ports.ses}`,
      COGNITO_MAIL_FROM: config.mailFrom,
    },
    verbose: false,
  });
}

/**
 * cognito-local rewrites its JSON files in place, so a crash in the middle of a write could leave
 * one cut short. Each start (and backUpUserPool, every few seconds) keeps a copy of every file that
 * reads well, and puts the copy back for
 * one that does not (losing only the last seconds before the crash, not the whole pool).
 */
function checkUserPoolFiles(home: string, restore: boolean): void {
  const db = join(home, '.cognito', 'db');
  const backup = join(home, 'backup');
  if (!existsSync(db)) return;
  mkdirSync(backup, { recursive: true });
  for (const file of readdirSync(db).filter((f) => f.endsWith('.json'))) {
    const path = join(db, file);
    try {
      const text = readFileSync(path, 'utf8');
      JSON.parse(text);
      writeFileDurably(join(backup, file), text);
    } catch {
      if (!restore) continue; // cognito-local may be writing it right now
      if (!existsSync(join(backup, file)))
        throw new Error(`${path} is damaged and there is no copy to restore.`);
      console.error(
        `${path} was damaged (a crash while cognito-local wrote it); restored its last good copy.`,
      );
      copyFileSync(join(backup, file), path);
    }
  }
}

/** A fresh copy of the pool's files that read well; the stack takes one every few seconds. */
export function backUpUserPool(config: LocalConfig): void {
  checkUserPoolFiles(join(config.dataDir, 'cognito'), false);
}
