/**
 * `npm start`: runs the whole storefront locally (see stack.ts), prints its addresses when it is
 * ready, and stops every child on Ctrl-C or SIGTERM.
 */
import { ConfigError, loadLocalConfig, portSettings } from './config';
import { PortInUseError } from './processes';
import { launchStandIns } from './stand-ins';
import type { RunningStack } from './stack';

// The AWS SDK warns on every start that releases after early 2027 want Node 22; the lockfile pins
// versions that work here (docs/toolchain.md), so in this process the warning is only noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadLocalConfig();
  const running: { stack?: RunningStack } = {};
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    const exit = () => process.exit(0);
    if (running.stack) void running.stack.stop().then(exit, exit);
    else setTimeout(exit, 100);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));

  watchParent(shutdown);

  // cognito-local and the SES stand-in take the longest to boot: start them before loading the rest
  // of the stack (the AWS SDK, the handlers' modules), so that both happen at once.
  const children = await launchStandIns(config);
  const { startStack } = await import('./stack');
  const stack = await startStack(config, children);
  running.stack = stack;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const { urls } = stack;
  console.log(
    [
      '',
      `The storefront is ready (${seconds} s). Data: ${config.dataDir}`,
      `  Storefront         ${urls.storefront}`,
      `  API                ${urls.storefront}/api/plans`,
      `  Mailbox (SES)      ${urls.mailbox}   (sent mail as JSON: ${urls.mailbox}/store)`,
      `  Razorpay simulator ${urls.razorpaySimulator}   (webhook deliveries: ${urls.razorpaySimulator}/_simulator/deliveries)`,
      `  WHM (stand-in)     ${urls.whm}   (accounts: ${urls.whm}/_whm/accounts)`,
      `  Registrar (stand-in) ${urls.registrar}   (domains: ${urls.registrar}/_registrar/domains)`,
      `  Proxmox (stand-in) ${urls.proxmox}   (VMs: ${urls.proxmox}/_proxmox/vms)`,
      `  Storage (stand-in) ${urls.storage}   (S3 and RGW admin; users: ${urls.storage}/_storage/users)`,
      `  Cognito (local)    ${urls.cognito}`,
      `  DynamoDB (local)   ${urls.dynamodb}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

/**
 * A test run that starts the stack names itself in STOREFRONT_PARENT_PID: when that process is gone
 * (a killed test runner), the stack stops too instead of living on as an orphan.
 */
function watchParent(shutdown: (reason: string) => void): void {
  const pid = Number(process.env.STOREFRONT_PARENT_PID);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const timer = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      clearInterval(timer);
      shutdown(`The process that started the stack (${pid}) is gone`);
    }
  }, 1000);
  timer.unref();
}

main().catch((error: unknown) => {
  // A port taken between the check and the listen: name it the same way.
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  const setting =
    code === 'EADDRINUSE'
      ? portSettings(loadLocalConfig().ports).find((p) => p.port === port)
      : undefined;
  if (setting) {
    console.error(new PortInUseError(setting).message);
  } else if (error instanceof PortInUseError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The local stack could not start:', error);
  }
  process.exit(1);
});
