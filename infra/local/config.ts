/**
 * The local stack's settings, read once from the environment (docs/api.md, The local stack).
 * Every port can be moved; the secrets are local test values that the environment may override.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

export interface PortSetting {
  /** What listens there, for messages. */
  name: string;
  /** The variable that moves it. */
  envVar: string;
  port: number;
}

export interface LocalConfig {
  rootDir: string;
  dataDir: string;
  ports: {
    storefront: number;
    dynamodb: number;
    cognito: number;
    ses: number;
    razorpaySimulator: number;
    whm: number;
    registrar: number;
    proxmox: number;
    storage: number;
  };
  razorpay: { keyId: string; keySecret: string; webhookSecret: string };
  /** The WHM stand-in's API token user and token (`Authorization: whm USER:TOKEN`). */
  whm: { user: string; token: string };
  /** The registrar stand-in's reseller id and API key (`auth-userid`, `api-key`). */
  registrar: { resellerId: string; apiKey: string };
  /** The Proxmox stand-in's API token (`Authorization: PVEAPIToken=TOKENID=SECRET`). */
  proxmox: { tokenId: string; secret: string; cloneMs: number };
  /** The object storage stand-in's admin user's S3 keys (they sign RGW's Admin Ops calls). */
  storage: { accessKeyId: string; secretAccessKey: string };
  /**
   * What the gateway sends the Lambdas in `x-origin-verify`, as CloudFront does (#26): new at each
   * start unless ORIGIN_SECRET says, so nothing can lean on a known value.
   */
  originSecret: string;
  /** Local Lambda timeouts are the stack's times this (see LambdaRuntime). */
  lambdaTimeoutFactor: number;
  /** Base delay of the retries of the event bus and the webhook deliveries, in ms. */
  retryBaseMs: number;
  skipWeb: boolean;
  logLevel: string;
  mailFrom: string;
  supportEmail: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function readPort(env: NodeJS.ProcessEnv, envVar: string, fallback: number): number {
  const raw = env[envVar];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigError(`${envVar}=${raw} is not a port number (1-65535).`);
  }
  return port;
}

function readPositiveInt(env: NodeJS.ProcessEnv, envVar: string, fallback: number): number {
  const raw = env[envVar];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${envVar}=${raw} must be a positive whole number.`);
  }
  return value;
}

export function loadLocalConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): LocalConfig {
  const ports = {
    storefront: readPort(env, 'PORT', 3000),
    dynamodb: readPort(env, 'DYNAMODB_PORT', 8000),
    cognito: readPort(env, 'COGNITO_PORT', 9229),
    ses: readPort(env, 'SES_PORT', 8005),
    razorpaySimulator: readPort(env, 'RAZORPAY_SIM_PORT', 8100),
    whm: readPort(env, 'WHM_PORT', 2087),
    registrar: readPort(env, 'REGISTRAR_PORT', 8030),
    proxmox: readPort(env, 'PROXMOX_PORT', 8006),
    storage: readPort(env, 'STORAGE_PORT', 8040),
  };
  const seen = new Map<number, string>();
  for (const setting of portSettings(ports)) {
    const other = seen.get(setting.port);
    if (other) {
      throw new ConfigError(
        `${other} and ${setting.envVar} are both ${setting.port}; give each its own port.`,
      );
    }
    seen.set(setting.port, setting.envVar);
  }
  return {
    rootDir: cwd,
    dataDir: resolve(cwd, env.DATA_DIR || '.data'),
    ports,
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID || 'rzp_test_local',
      keySecret: env.RAZORPAY_KEY_SECRET || 'local_key_secret',
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || 'local_webhook_secret',
    },
    whm: { user: env.WHM_USER || 'storefront', token: env.WHM_TOKEN || 'local_whm_token' },
    registrar: {
      resellerId: env.REGISTRAR_RESELLER_ID || '123456',
      apiKey: env.REGISTRAR_API_KEY || 'local_registrar_key',
    },
    proxmox: {
      tokenId: env.PROXMOX_TOKEN_ID || 'storefront@pve!converge',
      secret: env.PROXMOX_TOKEN_SECRET || 'local_proxmox_secret',
      // How long the stand-in's clone task runs (a real full clone takes minutes).
      cloneMs: readPositiveInt(env, 'PROXMOX_CLONE_MS', 300),
    },
    storage: {
      accessKeyId: env.STORAGE_ACCESS_KEY_ID || 'LOCALSTORAGEADMIN001',
      secretAccessKey: env.STORAGE_SECRET_ACCESS_KEY || 'local_storage_admin_secret',
    },
    originSecret: env.ORIGIN_SECRET || randomBytes(24).toString('base64url'),
    retryBaseMs: readPositiveInt(env, 'LOCAL_RETRY_BASE_MS', 1000),
    lambdaTimeoutFactor: readPositiveInt(env, 'LOCAL_LAMBDA_TIMEOUT_FACTOR', 3),
    skipWeb: env.STOREFRONT_SKIP_WEB === '1' || env.STOREFRONT_SKIP_WEB === 'true',
    logLevel: env.LOG_LEVEL || 'INFO',
    mailFrom: env.MAIL_FROM || 'no-reply@storefront.local',
    supportEmail: env.SUPPORT_EMAIL || 'support@storefront.local',
  };
}

export function portSettings(ports: LocalConfig['ports']): PortSetting[] {
  return [
    { name: 'storefront', envVar: 'PORT', port: ports.storefront },
    { name: 'DynamoDB stand-in (dynalite)', envVar: 'DYNAMODB_PORT', port: ports.dynamodb },
    { name: 'Cognito stand-in (cognito-local)', envVar: 'COGNITO_PORT', port: ports.cognito },
    { name: 'SES stand-in (aws-ses-v2-local)', envVar: 'SES_PORT', port: ports.ses },
    { name: 'Razorpay simulator', envVar: 'RAZORPAY_SIM_PORT', port: ports.razorpaySimulator },
    { name: 'WHM stand-in', envVar: 'WHM_PORT', port: ports.whm },
    { name: 'registrar stand-in (LogicBoxes)', envVar: 'REGISTRAR_PORT', port: ports.registrar },
    { name: 'Proxmox VE stand-in', envVar: 'PROXMOX_PORT', port: ports.proxmox },
    { name: 'object storage stand-in (Ceph RGW)', envVar: 'STORAGE_PORT', port: ports.storage },
  ];
}

export function urls(config: LocalConfig) {
  const at = (port: number) => `http://127.0.0.1:${port}`;
  return {
    storefront: at(config.ports.storefront),
    dynamodb: at(config.ports.dynamodb),
    cognito: at(config.ports.cognito),
    mailbox: at(config.ports.ses),
    razorpaySimulator: at(config.ports.razorpaySimulator),
    /** The hosting panel's API (WHM API 1) and its login pages. */
    whm: at(config.ports.whm),
    /** The domain registrar's API (LogicBoxes HTTP API) and its test hooks. */
    registrar: at(config.ports.registrar),
    /** The VPS platform's API (Proxmox VE) and its test hooks. */
    proxmox: at(config.ports.proxmox),
    /** Object storage: RGW's Admin Ops API, the buyers' S3 endpoint and the test hooks. */
    storage: at(config.ports.storage),
    /** The local Lambda Invoke API and EventBridge are served by the storefront's server. */
    lambda: at(config.ports.storefront),
    eventBridge: `${at(config.ports.storefront)}/_local/events`,
    /** EventBridge Scheduler's schedules (converge's follow-ups, E31), on the same server. */
    scheduler: `${at(config.ports.storefront)}/_local/scheduler`,
    webhook: `${at(config.ports.storefront)}/api/webhooks/razorpay`,
  };
}
