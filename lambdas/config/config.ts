/**
 * Configuration, read from the environment and validated once per cold start. Each concern is read
 * lazily on first use, so a handler only needs the variables it uses, and importing a handler never
 * fails (the local stack imports every handler into one process).
 */
import * as z from 'zod/mini';
import { findState, gstinProblem, GSTIN_MESSAGES, normalizeGstin } from '../domain/gst';
import type { SellerDetails } from '../domain/invoice';
import {
  ENV,
  CLONE_WAIT_PER_PASS_SECONDS,
  EVENT_BUS_NAME,
  FOLLOW_UP_SLOT_SECONDS,
  PROVISIONING_LEASE_SECONDS,
  TRANSFER_FOLLOW_UP_SECONDS,
  REFUND_LEASE_SECONDS,
  TABLES,
  WELCOME_MAIL_LEASE_SECONDS,
  type TableId,
} from '../system/facts';

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

const required = z.string().check(z.trim(), z.minLength(1));
const optional = z.optional(z.string().check(z.trim()));

function readSection<T extends Record<string, z.ZodMiniType>>(
  section: string,
  shape: T,
  env: NodeJS.ProcessEnv,
): z.infer<z.ZodMiniObject<T>> {
  // An empty variable counts as unset: deploy tooling often writes "" for "not configured".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = z.object(shape).safeParse(present);
  if (!result.success) {
    const names = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
    throw new ConfigurationError(
      `Configuration for ${section} is missing or invalid: ${names.join(', ')}. Set ${
        names.length > 1 ? 'these environment variables' : 'this environment variable'
      }.`,
    );
  }
  return result.data;
}

function once<T>(read: () => T): { (): T; reset(): void } {
  let cached: { value: T } | undefined;
  const get = () => (cached ??= { value: read() }).value;
  get.reset = () => {
    cached = undefined;
  };
  return get;
}

const tableNames = new Map<TableId, string>();

/** The table's name from its environment variable (tables.ts `envVar`). */
export function tableName(id: TableId): string {
  const known = tableNames.get(id);
  if (known) return known;
  const definition = TABLES.find((t) => t.id === id);
  if (!definition) throw new ConfigurationError(`Unknown table ${id}.`);
  const { [definition.envVar]: name } = readSection(
    `the ${id} table`,
    { [definition.envVar]: required },
    process.env,
  );
  tableNames.set(id, String(name));
  return String(name);
}

export const eventsConfig = once(() =>
  readSection('events', { [ENV.eventBusName]: z._default(required, EVENT_BUS_NAME) }, process.env),
);

export const mailConfig = once(() =>
  readSection('mail', { [ENV.mailFrom]: z.email() }, process.env),
);

export const contactConfig = once(() =>
  readSection('the contact form', { [ENV.supportEmail]: z.email() }, process.env),
);

export const siteConfig = once(() =>
  readSection('the site', { [ENV.siteUrl]: z.url() }, process.env),
);

/**
 * How long a welcome-mail claim holds before a retry may take it over: WELCOME_MAIL_LEASE_SECONDS,
 * else the AWS default in lambdas/system/facts.ts (the local stack sets its own default there too).
 */
export const welcomeMailLeaseMs = once(() => {
  const { WELCOME_MAIL_LEASE_SECONDS: seconds } = readSection(
    'the welcome mail lease',
    { [ENV.welcomeMailLeaseSeconds]: z.optional(z.string().check(z.regex(/^[1-9]\d{0,4}$/))) },
    process.env,
  );
  return (seconds === undefined ? WELCOME_MAIL_LEASE_SECONDS.aws : Number(seconds)) * 1000;
});

/**
 * Razorpay: the key id always; secrets either from Secrets Manager (RAZORPAY_SECRET_ARN, in AWS) or
 * from the environment (locally).
 */
export const razorpayConfig = once(() => {
  const base = readSection(
    'Razorpay',
    {
      [ENV.razorpayKeyId]: optional,
      [ENV.razorpaySecretArn]: optional,
      [ENV.razorpayApiBase]: optional,
    },
    process.env,
  );
  if (base.RAZORPAY_SECRET_ARN) {
    return {
      source: 'secretsManager' as const,
      secretArn: base.RAZORPAY_SECRET_ARN,
      keyId: base.RAZORPAY_KEY_ID,
      apiBase: base.RAZORPAY_API_BASE,
    };
  }
  const local = readSection(
    'Razorpay (without RAZORPAY_SECRET_ARN)',
    {
      [ENV.razorpayKeyId]: required,
      [ENV.razorpayKeySecret]: required,
      [ENV.razorpayWebhookSecret]: required,
    },
    process.env,
  );
  return {
    source: 'environment' as const,
    keyId: local.RAZORPAY_KEY_ID,
    keySecret: local.RAZORPAY_KEY_SECRET,
    webhookSecret: local.RAZORPAY_WEBHOOK_SECRET,
    apiBase: base.RAZORPAY_API_BASE,
  };
});

/** The Cognito user pool of the buyers' accounts (the profile's name and phone). */
export const identityConfig = once(() =>
  readSection('the user pool', { [ENV.userPoolId]: required }, process.env),
);

/**
 * The edge's proof (#26, docs/decisions.md E26): the value CloudFront sends in ORIGIN_VERIFY_HEADER,
 * from the Secrets Manager secret ORIGIN_SECRET_ARN names (AWS) or ORIGIN_SECRET (the local
 * stack). Neither set: the handlers are called directly (unit tests), no check.
 */
export const originConfig = once(() => {
  const settings = readSection(
    'the edge',
    { [ENV.originSecretArn]: optional, [ENV.originSecret]: optional },
    process.env,
  );
  const secretArn = settings[ENV.originSecretArn];
  const value = settings[ENV.originSecret];
  if (secretArn) return { source: 'secretsManager' as const, secretArn };
  if (value) return { source: 'environment' as const, value };
  return { source: 'none' as const };
});

/**
 * The hosting panel (WHM): its credentials from Secrets Manager (WHM_SECRET_ARN, in AWS) or from
 * the environment (WHM_HOST, WHM_USER, WHM_TOKEN, locally).
 */
export const whmConfig = once(() => {
  const { WHM_SECRET_ARN: secretArn } = readSection(
    'WHM',
    { [ENV.whmSecretArn]: optional },
    process.env,
  );
  if (secretArn) return { source: 'secretsManager' as const, secretArn };
  const local = readSection(
    'WHM (without WHM_SECRET_ARN)',
    { [ENV.whmHost]: required, [ENV.whmUser]: required, [ENV.whmToken]: required },
    process.env,
  );
  return {
    source: 'environment' as const,
    host: local.WHM_HOST,
    user: local.WHM_USER,
    token: local.WHM_TOKEN,
  };
});

/**
 * The domain registrar (LogicBoxes, D23): its credentials from Secrets Manager
 * (REGISTRAR_SECRET_ARN, in AWS) or from the environment (REGISTRAR_URL, REGISTRAR_RESELLER_ID,
 * REGISTRAR_API_KEY, locally).
 */
export const registrarConfig = once(() => {
  const { REGISTRAR_SECRET_ARN: secretArn } = readSection(
    'the registrar',
    { [ENV.registrarSecretArn]: optional },
    process.env,
  );
  if (secretArn) return { source: 'secretsManager' as const, secretArn };
  const local = readSection(
    'the registrar (without REGISTRAR_SECRET_ARN)',
    {
      [ENV.registrarUrl]: required,
      [ENV.registrarResellerId]: required,
      [ENV.registrarApiKey]: required,
      [ENV.registrarNameservers]: optional,
    },
    process.env,
  );
  return {
    source: 'environment' as const,
    url: local.REGISTRAR_URL,
    resellerId: local.REGISTRAR_RESELLER_ID,
    apiKey: local.REGISTRAR_API_KEY,
    nameservers: local.REGISTRAR_NAMESERVERS ?? '',
  };
});

/**
 * The VPS platform (Proxmox VE, D24): its credentials, templates and address pool from Secrets
 * Manager (PROXMOX_SECRET_ARN, in AWS) or from the environment (PROXMOX_URL, PROXMOX_TOKEN_ID,
 * PROXMOX_TOKEN_SECRET, PROXMOX_NODE, PROXMOX_TEMPLATES, IPV4_POOL, locally).
 */
export const proxmoxConfig = once(() => {
  const { PROXMOX_SECRET_ARN: secretArn } = readSection(
    'the VPS platform',
    { [ENV.proxmoxSecretArn]: optional },
    process.env,
  );
  if (secretArn) return { source: 'secretsManager' as const, secretArn };
  const local = readSection(
    'the VPS platform (without PROXMOX_SECRET_ARN)',
    {
      [ENV.proxmoxUrl]: required,
      [ENV.proxmoxTokenId]: required,
      [ENV.proxmoxTokenSecret]: required,
      [ENV.proxmoxNode]: required,
      [ENV.proxmoxTemplates]: optional,
      [ENV.ipv4Pool]: optional,
    },
    process.env,
  );
  return {
    source: 'environment' as const,
    url: local.PROXMOX_URL,
    tokenId: local.PROXMOX_TOKEN_ID,
    secret: local.PROXMOX_TOKEN_SECRET,
    node: local.PROXMOX_NODE,
    templates: local.PROXMOX_TEMPLATES ?? '',
    ipv4Pool: local.IPV4_POOL ?? '',
  };
});

/**
 * Object storage (Ceph RGW, D24): the admin's keys from Secrets Manager (STORAGE_SECRET_ARN, in
 * AWS) or from the environment (STORAGE_ADMIN_URL, STORAGE_ENDPOINT, STORAGE_ACCESS_KEY_ID,
 * STORAGE_SECRET_ACCESS_KEY, locally).
 */
export const storageConfig = once(() => {
  const { STORAGE_SECRET_ARN: secretArn } = readSection(
    'object storage',
    { [ENV.storageSecretArn]: optional },
    process.env,
  );
  if (secretArn) return { source: 'secretsManager' as const, secretArn };
  const local = readSection(
    'object storage (without STORAGE_SECRET_ARN)',
    {
      [ENV.storageAdminUrl]: required,
      [ENV.storageEndpoint]: optional,
      [ENV.storageAccessKeyId]: required,
      [ENV.storageSecretAccessKey]: required,
    },
    process.env,
  );
  return {
    source: 'environment' as const,
    url: local.STORAGE_ADMIN_URL,
    endpoint: local.STORAGE_ENDPOINT ?? local.STORAGE_ADMIN_URL,
    accessKeyId: local.STORAGE_ACCESS_KEY_ID,
    secretAccessKey: local.STORAGE_SECRET_ACCESS_KEY,
  };
});

/**
 * Provisioning: the domain under which hosting bought without a domain gets a placeholder, and the
 * control panel's login page the buyer is shown (CONTROL_PANEL_URL, e.g. https://HOST:2083;
 * optional: without it mails and the dashboard name no address, and Open control panel still
 * signs the buyer in).
 */
export const provisioningConfig = once(() =>
  readSection(
    'provisioning',
    { [ENV.hostingPlaceholderDomain]: required, [ENV.controlPanelUrl]: z.optional(z.url()) },
    process.env,
  ),
);

/** How long a provisioning claim holds (PROVISIONING_LEASE_SECONDS, else the AWS default). */
export const provisioningLeaseMs = once(() => {
  const { PROVISIONING_LEASE_SECONDS: seconds } = readSection(
    'the provisioning lease',
    { [ENV.provisioningLeaseSeconds]: z.optional(z.string().check(z.regex(/^[1-9]\d{0,4}$/))) },
    process.env,
  );
  return (seconds === undefined ? PROVISIONING_LEASE_SECONDS.aws : Number(seconds)) * 1000;
});

/** A young pending transfer's follow-up window (TRANSFER_FOLLOW_UP_SECONDS, else the AWS default). */
export const transferFollowUpMs = once(() => {
  const { TRANSFER_FOLLOW_UP_SECONDS: seconds } = readSection(
    'the transfer follow-up',
    { [ENV.transferFollowUpSeconds]: z.optional(z.string().check(z.regex(/^\d{1,4}$/))) },
    process.env,
  );
  return (seconds === undefined ? TRANSFER_FOLLOW_UP_SECONDS.aws : Number(seconds)) * 1000;
});

/**
 * Converge's follow-ups (E31): the schedule group, the role Scheduler takes, the bus's ARN, and
 * the slot (FOLLOW_UP_SLOT_SECONDS, else the AWS default).
 */
export const followUpsConfig = once(() => {
  const section = readSection(
    "converge's follow-ups",
    {
      [ENV.followUpGroup]: required,
      [ENV.followUpRoleArn]: z.string().check(z.regex(/^arn:aws[\w-]*:iam::\d{12}:role\/.+$/)),
      [ENV.eventBusArn]: z
        .string()
        .check(z.regex(/^arn:aws[\w-]*:events:[\w-]+:\d{12}:event-bus\/.+$/)),
      [ENV.followUpSlotSeconds]: z.optional(z.string().check(z.regex(/^[1-9]\d{0,3}$/))),
    },
    process.env,
  );
  const slot = section[ENV.followUpSlotSeconds];
  return {
    groupName: section[ENV.followUpGroup],
    roleArn: section[ENV.followUpRoleArn],
    busArn: section[ENV.eventBusArn],
    slotMs: (slot === undefined ? FOLLOW_UP_SLOT_SECONDS.aws : Number(slot)) * 1000,
  };
});

/** How long a converge pass waits on a running clone (CLONE_WAIT_PER_PASS_SECONDS, else AWS's). */
export const cloneWaitPerPassMs = once(() => {
  const { CLONE_WAIT_PER_PASS_SECONDS: seconds } = readSection(
    'the clone wait',
    { [ENV.cloneWaitPerPassSeconds]: z.optional(z.string().check(z.regex(/^\d{1,3}$/))) },
    process.env,
  );
  return (seconds === undefined ? CLONE_WAIT_PER_PASS_SECONDS.aws : Number(seconds)) * 1000;
});

/** A refund step's claim lease: REFUND_LEASE_SECONDS, else the AWS default (lambdas/system/facts.ts). */
export const refundLeaseMs = once(() => {
  const { REFUND_LEASE_SECONDS: seconds } = readSection(
    'the refund lease',
    { [ENV.refundLeaseSeconds]: z.optional(z.string().check(z.regex(/^[1-9]\d{0,4}$/))) },
    process.env,
  );
  return (seconds === undefined ? REFUND_LEASE_SECONDS.aws : Number(seconds)) * 1000;
});

/**
 * The seller a tax invoice names (D15): SELLER_* from the stack's parameters in AWS, sample values
 * locally. The state must be one of GST's and the GSTIN valid for it, or the Lambda fails at start
 * with a message naming the variable: an invoice must never carry a GSTIN that does not add up.
 */
export const sellerConfig = once((): SellerDetails => {
  const env = readSection(
    'the seller on tax invoices',
    {
      [ENV.sellerLegalName]: required,
      [ENV.sellerTradeName]: optional,
      [ENV.sellerAddressLine1]: required,
      [ENV.sellerAddressLine2]: optional,
      [ENV.sellerCity]: required,
      [ENV.sellerPincode]: z.string().check(z.regex(/^[1-9][0-9]{5}$/)),
      [ENV.sellerState]: required,
      [ENV.sellerGstin]: required,
      [ENV.sellerEmail]: z.optional(z.email()),
    },
    process.env,
  );
  const state = findState(env.SELLER_STATE);
  if (!state) {
    throw new ConfigurationError(
      `${ENV.sellerState}=${env.SELLER_STATE} is not one of GST's state names (lambdas/domain/gst.ts).`,
    );
  }
  const problem = gstinProblem(env.SELLER_GSTIN, state.name);
  if (problem) {
    throw new ConfigurationError(
      `${ENV.sellerGstin} is not a valid GSTIN for ${state.name}: ${GSTIN_MESSAGES[problem]}`,
    );
  }
  return {
    legalName: env.SELLER_LEGAL_NAME,
    ...(env.SELLER_TRADE_NAME ? { tradeName: env.SELLER_TRADE_NAME } : {}),
    line1: env.SELLER_ADDRESS_LINE1,
    ...(env.SELLER_ADDRESS_LINE2 ? { line2: env.SELLER_ADDRESS_LINE2 } : {}),
    city: env.SELLER_CITY,
    pincode: env.SELLER_PINCODE,
    state: state.name,
    gstin: normalizeGstin(env.SELLER_GSTIN),
    ...(env.SELLER_EMAIL ? { email: env.SELLER_EMAIL } : {}),
  };
});

/**
 * The grievance officer's address (D27): GRIEVANCE_EMAIL, else the support inbox's (SUPPORT_EMAIL).
 */
export const grievanceEmail = (): string => {
  const { GRIEVANCE_EMAIL: officer } = readSection(
    'the grievance officer',
    { [ENV.grievanceEmail]: z.optional(z.email()) },
    process.env,
  );
  return officer ?? contactConfig().SUPPORT_EMAIL;
};

/** Where buyers reply to ticket mails (D27): TICKET_REPLY_ADDRESS, else none. */
export const ticketReplyAddress = (): string | undefined =>
  readSection('replies by mail', { [ENV.ticketReplyAddress]: z.optional(z.email()) }, process.env)
    .TICKET_REPLY_ADDRESS;

/** The ticket attachments' bucket (D27). */
export const ticketFilesConfig = once(() =>
  readSection('ticket attachments', { [ENV.ticketFilesBucket]: required }, process.env),
);

/**
 * A support-mail claim lapses after this long (longer than the send-support-mail Lambda's
 * timeout), so a crashed attempt's mail is sent by the bus's next retry.
 */
export const supportMailLeaseMs = 60 * 1000;

/** Tests change the environment between cases. */
export function resetConfigForTests(): void {
  tableNames.clear();
  eventsConfig.reset();
  mailConfig.reset();
  contactConfig.reset();
  siteConfig.reset();
  welcomeMailLeaseMs.reset();
  razorpayConfig.reset();
  whmConfig.reset();
  provisioningConfig.reset();
  provisioningLeaseMs.reset();
  refundLeaseMs.reset();
  transferFollowUpMs.reset();
  followUpsConfig.reset();
  cloneWaitPerPassMs.reset();
  identityConfig.reset();
  sellerConfig.reset();
  ticketFilesConfig.reset();
}
