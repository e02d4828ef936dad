/**
 * The whole storefront on one machine: the stand-ins for DynamoDB, Cognito and SES, the local
 * EventBridge and Lambda Invoke API, the Razorpay simulator, and the storefront's gateway, which
 * runs the stack's own handlers. `startStack` returns once everything answers.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  CLONE_WAIT_PER_PASS_SECONDS,
  ENV,
  EVENT_BUS_NAME,
  FOLLOW_UP_SLOT_SECONDS,
  HOME_REGION,
  LOCAL_ACCOUNT_ID,
  PROVISIONING_LEASE_SECONDS,
  TRANSFER_FOLLOW_UP_SECONDS,
  REFUND_LEASE_SECONDS,
  SERVICE_NAME,
  TABLES,
  WELCOME_MAIL_LEASE_SECONDS,
  localTableName,
  type TableId,
} from '../../lambdas/system/facts';
import { backfillServiceLife } from '../lib/backfills/service-life';
import { backfillUnsettledOrders } from '../lib/backfills/unsettled-orders';
import { backfillDocumentMonths } from '../lib/backfills/document-months';
import { backfillUserNames } from '../lib/backfills/user-names';
import { FUNCTIONS, SCHEDULES, type FunctionId } from '../lib/definitions/functions';
import { securityHeaders, type SiteOrigins } from '../lib/definitions/security-headers';
import { cognitoIssuer, ensureUserPool } from './cognito';
import { UserPoolBackups } from './cognito-process';
import { urls, type LocalConfig } from './config';
import { ensureTables, localDynamoClient, seedCatalog, startDynalite } from './dynamodb';
import { LocalEventBus } from './event-bus';
import { createGateway } from './gateway';
import { deliverInboundMail } from './inbound-mail';
import { RouteThrottle } from './route-throttle';
import { JwtAuthorizer } from './jwt-authorizer';
import { LambdaRuntime } from './lambda-runtime';
import type { Children } from './processes';
import { RazorpaySimulator } from './razorpay-simulator/server';
import { waitForSes } from './ses';
import { LocalFollowUpScheduler } from './follow-ups';
import { LocalScheduler } from './scheduler';
import { launchStandIns } from './stand-ins';
import { localSellerEnvironment } from './sample-seller';
import { StaticSite } from './static-site';
import { buildWeb, webBuildIsStale, webSourcesExist } from './web-build';
import { startRegistrarStandIn, type RegistrarStandIn } from './registrar/server';
import { STAND_IN_TEMPLATES, startProxmoxStandIn, type ProxmoxStandIn } from './proxmox/server';
import { startObjectStorageStandIn, type ObjectStorageStandIn } from './object-storage/server';
import { startWhmStandIn, type WhmStandIn } from './whm/server';

/**
 * The tickets' attachments bucket (D27) on the object storage stand-in, owned by a user holding
 * the Lambdas' own local credentials (AWS_ACCESS_KEY_ID below): the same S3 calls as in AWS.
 */
export const LOCAL_TICKET_FILES_BUCKET = 'storefront-ticket-files';
const LOCAL_AWS_KEY = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Converge's follow-ups' schedule group (E31), as the CDK stack names it for `Storefront`. */
export const LOCAL_FOLLOW_UP_GROUP = `${EVENT_BUS_NAME}-follow-ups`;

/** Locally, hosting bought without a domain is placed under this name (nothing resolves it). */
const LOCAL_PLACEHOLDER_DOMAIN = 'sites.storefront.test';

export interface RunningStack {
  urls: ReturnType<typeof urls>;
  siteConfig: Record<string, unknown>;
  stop(): Promise<void>;
}

/** The Lambdas' environment: what the CDK stack sets, with local endpoints. */
export function lambdaEnvironment(config: LocalConfig): Record<string, string> {
  const at = urls(config);
  const env: Record<string, string> = {
    [ENV.eventBusName]: EVENT_BUS_NAME,
    [ENV.mailFrom]: config.mailFrom,
    [ENV.supportEmail]: config.supportEmail,
    [ENV.siteUrl]: at.storefront,
    // The hosting panel: the WHM stand-in (its own login page stands in for cPanel's).
    [ENV.whmHost]: at.whm,
    [ENV.whmUser]: config.whm.user,
    [ENV.whmToken]: config.whm.token,
    [ENV.controlPanelUrl]: at.whm,
    // The domain registrar: the LogicBoxes stand-in (D23).
    [ENV.registrarUrl]: at.registrar,
    [ENV.registrarResellerId]: config.registrar.resellerId,
    [ENV.registrarApiKey]: config.registrar.apiKey,
    // New names point at the WHM stand-in's nameservers.
    [ENV.registrarNameservers]: 'ns1.stand-in.test,ns2.stand-in.test',
    // The VPS platform: the Proxmox VE stand-in (D24), its templates and a documentation range.
    [ENV.proxmoxUrl]: at.proxmox,
    [ENV.proxmoxTokenId]: config.proxmox.tokenId,
    [ENV.proxmoxTokenSecret]: config.proxmox.secret,
    [ENV.proxmoxNode]: 'pve',
    [ENV.proxmoxTemplates]: Object.entries(STAND_IN_TEMPLATES)
      .map(([os, vmid]) => `${os}=${vmid}`)
      .join(','),
    [ENV.ipv4Pool]: process.env[ENV.ipv4Pool] || '203.0.113.10-203.0.113.250/24@203.0.113.1',
    // Object storage: the Ceph RGW stand-in, admin API and S3 on one origin (D24).
    [ENV.storageAdminUrl]: at.storage,
    [ENV.storageEndpoint]: at.storage,
    [ENV.storageAccessKeyId]: config.storage.accessKeyId,
    [ENV.storageSecretAccessKey]: config.storage.secretAccessKey,
    [ENV.hostingPlaceholderDomain]:
      process.env[ENV.hostingPlaceholderDomain] || LOCAL_PLACEHOLDER_DOMAIN,
    [ENV.provisioningLeaseSeconds]:
      process.env[ENV.provisioningLeaseSeconds] || String(PROVISIONING_LEASE_SECONDS.local),
    [ENV.transferFollowUpSeconds]:
      process.env[ENV.transferFollowUpSeconds] || String(TRANSFER_FOLLOW_UP_SECONDS.local),
    [ENV.refundLeaseSeconds]:
      process.env[ENV.refundLeaseSeconds] || String(REFUND_LEASE_SECONDS.local),
    // Converge's follow-ups (E31): the local scheduler's group, a role it takes (it checks the ARN's
    // shape only) and the local bus as the target; a second's slot.
    [ENV.followUpGroup]: LOCAL_FOLLOW_UP_GROUP,
    [ENV.followUpRoleArn]: `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/${LOCAL_FOLLOW_UP_GROUP}`,
    [ENV.eventBusArn]: `arn:aws:events:${HOME_REGION}:${LOCAL_ACCOUNT_ID}:event-bus/${EVENT_BUS_NAME}`,
    [ENV.followUpSlotSeconds]:
      process.env[ENV.followUpSlotSeconds] || String(FOLLOW_UP_SLOT_SECONDS.local),
    [ENV.cloneWaitPerPassSeconds]:
      process.env[ENV.cloneWaitPerPassSeconds] || String(CLONE_WAIT_PER_PASS_SECONDS.local),
    [ENV.razorpayKeyId]: config.razorpay.keyId,
    [ENV.razorpayKeySecret]: config.razorpay.keySecret,
    [ENV.razorpayWebhookSecret]: config.razorpay.webhookSecret,
    [ENV.razorpayApiBase]: at.razorpaySimulator,
    // The edge's proof (#26): the gateway adds it to every API request, as CloudFront does.
    [ENV.originSecret]: config.originSecret,
    AWS_REGION: HOME_REGION,
    AWS_DEFAULT_REGION: HOME_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_AWS_KEY.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_AWS_KEY.secretAccessKey,
    // Ticket attachments: a bucket on the object storage stand-in, which speaks S3 (D27).
    [ENV.ticketFilesBucket]: LOCAL_TICKET_FILES_BUCKET,
    // Replies by mail: ticket mails ask buyers to reply here; POST /_local/mail/inbound delivers
    // a reply as SES receiving would (infra/local/inbound-mail.ts).
    [ENV.ticketReplyAddress]: process.env[ENV.ticketReplyAddress] || 'tickets@storefront.local',
    AWS_ENDPOINT_URL_S3: at.storage,
    AWS_ENDPOINT_URL_DYNAMODB: at.dynamodb,
    AWS_ENDPOINT_URL_SES: at.mailbox,
    AWS_ENDPOINT_URL_EVENTBRIDGE: at.eventBridge,
    AWS_ENDPOINT_URL_SCHEDULER: at.scheduler,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: at.cognito,
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    POWERTOOLS_DEV: 'true',
    LOG_LEVEL: config.logLevel,
    // One process, which a crash ends whole: a short lease lets the bus's retries resend a mail
    // whose attempt crashed (the local default is a system fact).
    [ENV.welcomeMailLeaseSeconds]:
      process.env[ENV.welcomeMailLeaseSeconds] || String(WELCOME_MAIL_LEASE_SECONDS.local),
  };
  for (const table of TABLES) env[table.envVar] = localTableName(table.id as TableId);
  // SAMPLE DATA: the seller on local tax invoices (AWS: the stack's Seller* parameters).
  Object.assign(env, localSellerEnvironment());
  return env;
}

/**
 * The site's security headers as CloudFront sends them, with the stand-ins in place of Razorpay
 * and Cognito: the page loads the simulator's Checkout script, which calls the simulator, and
 * signs in at cognito-local. The site is plain http here.
 */
export function localSiteOrigins(config: LocalConfig): SiteOrigins {
  const at = urls(config);
  const razorpay = [at.razorpaySimulator];
  return {
    site: 'http',
    checkoutScript: razorpay,
    paymentApi: razorpay,
    paymentFrames: razorpay,
    paymentImages: razorpay,
    identity: [at.cognito],
    // The object-storage stand-in, which the tickets' presigned uploads go to (path style).
    uploads: [at.storage],
  };
}

/**
 * Starts the stack; `launched` are the stand-ins that launchStandIns already started (start.ts does
 * that before it loads this module), otherwise they are started here.
 */
export async function startStack(config: LocalConfig, launched?: Children): Promise<RunningStack> {
  const children = launched ?? (await launchStandIns(config));
  Object.assign(process.env, lambdaEnvironment(config));
  const at = urls(config);

  let stopping = false;
  children.onUnexpectedExit = (name) => {
    if (stopping) return;
    console.error(`A stand-in (${name}) stopped; stopping the local stack.`);
    void stop().then(() => process.exit(1));
  };
  const servers: Server[] = [];
  const runtime = new LambdaRuntime(config.rootDir, config.lambdaTimeoutFactor);
  const bus = new LocalEventBus(config.dataDir, runtime, config.retryBaseMs);
  const scheduler = new LocalScheduler(SCHEDULES, runtime, config.dataDir, config.retryBaseMs);
  const followUps = new LocalFollowUpScheduler({
    dataDir: config.dataDir,
    bus,
    groups: [LOCAL_FOLLOW_UP_GROUP],
    retryMs: config.retryBaseMs,
  });
  const simulator = new RazorpaySimulator({
    dataDir: config.dataDir,
    port: config.ports.razorpaySimulator,
    keyId: config.razorpay.keyId,
    keySecret: config.razorpay.keySecret,
    webhookSecret: config.razorpay.webhookSecret,
    // RAZORPAY_WEBHOOK_URL: where the simulator delivers webhooks, by default the storefront's
    // webhook route. Tests point it at an address that never answers, so that only the checkout
    // callback fulfils (docs/api.md, The local stack).
    webhookUrl: process.env.RAZORPAY_WEBHOOK_URL || at.webhook,
    allowedOrigins: [at.storefront, `http://localhost:${config.ports.storefront}`],
    retryBaseMs: config.retryBaseMs,
  });

  let backups: UserPoolBackups | undefined;
  let whm: WhmStandIn | undefined;
  let registrar: RegistrarStandIn | undefined;
  let proxmox: ProxmoxStandIn | undefined;
  let storage: ObjectStorageStandIn | undefined;

  async function stop(): Promise<void> {
    if (stopping) return;
    stopping = true;
    children.markStopping();
    await Promise.allSettled([
      bus.stop(),
      simulator.stop(),
      scheduler.stop(),
      followUps.stop(),
      whm?.stop(),
      registrar?.stop(),
      proxmox?.stop(),
      storage?.stop(),
    ]);
    await Promise.allSettled(
      servers.map(
        (server) =>
          new Promise<void>((resolvePromise) => {
            server.close(() => resolvePromise());
            server.closeAllConnections();
          }),
      ),
    );
    await children.stopAll();
    // cognito-local has stopped: the last copy holds everything it wrote.
    await backups?.stop();
  }
  try {
    // A failed build leaves the previous one (if any) in place: the API still runs.
    const web =
      !config.skipWeb && webSourcesExist(config.rootDir) && webBuildIsStale(config.rootDir)
        ? buildWeb(config.rootDir).catch((error: unknown) => {
            console.error(`${(error as Error).message} Serving ${join('web', 'dist')} as it is.`);
          })
        : undefined;
    const dynamo = (async () => {
      servers.push(await startDynalite(config.dataDir, config.ports.dynamodb));
      const client = localDynamoClient(config.ports.dynamodb);
      await ensureTables(client);
      await seedCatalog(client);
      // A DATA_DIR from before the dashboard's unsettled-orders index: its failed orders stay listed.
      const documents = DynamoDBDocumentClient.from(client);
      await backfillUnsettledOrders(documents, localTableName('orders'));
      // And from before GSTR-1's month indexes: every invoice and credit note in its month.
      await backfillDocumentMonths(documents, localTableName('purchases'));
      // And from before the console's search by name: every buyer found by their name.
      await backfillUserNames(documents, localTableName('users'));
      documents.destroy();
    })();
    const [pool] = await Promise.all([
      ensureUserPool(config),
      waitForSes(config),
      dynamo,
      simulator.listen(),
      startWhmStandIn({
        port: config.ports.whm,
        dataDir: config.dataDir,
        user: config.whm.user,
        token: config.whm.token,
      }).then((started) => {
        whm = started;
      }),
      startRegistrarStandIn({
        port: config.ports.registrar,
        dataDir: config.dataDir,
        resellerId: config.registrar.resellerId,
        apiKey: config.registrar.apiKey,
        // A real registrar answers in about 50 ms (CONTRACT, round 3 benchmarks).
        latencyMs: 50,
      }).then((started) => {
        registrar = started;
      }),
      startProxmoxStandIn({
        port: config.ports.proxmox,
        dataDir: config.dataDir,
        tokenId: config.proxmox.tokenId,
        secret: config.proxmox.secret,
        // Long enough that a VM is seen starting, short enough for tests.
        taskMs: 300,
        cloneMs: config.proxmox.cloneMs,
      }).then((started) => {
        proxmox = started;
      }),
      startObjectStorageStandIn({
        port: config.ports.storage,
        dataDir: config.dataDir,
        adminAccessKeyId: config.storage.accessKeyId,
        adminSecretAccessKey: config.storage.secretAccessKey,
        serviceBuckets: [
          {
            bucket: LOCAL_TICKET_FILES_BUCKET,
            ...LOCAL_AWS_KEY,
            // As the CDK bucket's rule (infra/lib/constructs/ticket-files.ts): PUT from the site.
            cors: [
              {
                allowedOrigins: [at.storefront, `http://localhost:${config.ports.storefront}`],
                allowedMethods: ['PUT'],
                allowedHeaders: ['content-type'],
                maxAgeSeconds: 3000,
              },
            ],
          },
        ],
      }).then((started) => {
        storage = started;
      }),
      web,
    ]);

    // Known only now: the profile Lambda keeps this pool's attributes in step (ENV.userPoolId).
    process.env[ENV.userPoolId] = pool.userPoolId;
    const siteConfig = {
      region: HOME_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      userPoolEndpoint: at.cognito,
      apiBase: '/api',
      razorpay: {
        keyId: config.razorpay.keyId,
        checkoutScript: `${at.razorpaySimulator}/v1/checkout.js`,
      },
      local: { mailbox: at.mailbox, razorpaySimulator: at.razorpaySimulator, whm: at.whm },
    };
    const gateway = createGateway({
      runtime,
      bus,
      authorizer: new JwtAuthorizer(cognitoIssuer(config, pool.userPoolId), pool.userPoolClientId),
      site: new StaticSite(join(config.rootDir, 'web', 'dist')),
      siteConfig,
      ...(process.env.LOCAL_THROTTLE === 'off' ? {} : { throttle: new RouteThrottle() }),
      securityHeaders: securityHeaders(localSiteOrigins(config)),
      originSecret: config.originSecret,
      scheduler,
      followUps,
      origin: at.storefront,
      inboundMail: (body) =>
        deliverInboundMail(
          {
            endpoint: at.storage,
            bucket: LOCAL_TICKET_FILES_BUCKET,
            credentials: LOCAL_AWS_KEY,
            region: HOME_REGION,
            runtime,
          },
          body,
        ),
      noSiteMessage: config.skipWeb
        ? 'The web build is skipped (STOREFRONT_SKIP_WEB=1). The API is at /api, the settings at /config.json.'
        : 'There is no web build yet (web/dist). The API is at /api, the settings at /config.json.',
    });
    servers.push(gateway);
    await new Promise<void>((resolvePromise, reject) => {
      gateway.once('error', reject);
      gateway.listen(config.ports.storefront, '127.0.0.1', () => resolvePromise());
    });

    backups = new UserPoolBackups(config).start();
    bus.replayPending();
    // A DATA_DIR from before D22: each service without a life record is handed to converge once.
    const lifeClient = DynamoDBDocumentClient.from(localDynamoClient(config.ports.dynamodb));
    await backfillServiceLife(lifeClient, localTableName('services'), async (entries) => {
      bus.putEvents({ Entries: entries.map((e) => ({ ...e, EventBusName: EVENT_BUS_NAME })) });
      return entries.length;
    }).finally(() => lifeClient.destroy());
    simulator.resumeDeliveries();
    scheduler.start();
    // Converge's follow-ups kept from the last run: those due while it was down run now.
    followUps.start();
    // Import the handlers now rather than on the first request (their cold start), without holding up readiness.
    setTimeout(() => {
      for (const id of Object.keys(FUNCTIONS) as FunctionId[])
        runtime.load(id).catch(() => undefined);
    }, 0);
    return { urls: at, siteConfig, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
