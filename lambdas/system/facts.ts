/**
 * The system's facts, in one module that imports nothing: the tables and their keys, the
 * environment variables that carry configuration into a Lambda, the event bus, the events' sources
 * and detail types, and the region. The Lambdas (lambdas/), the CDK stack (infra/lib), the local
 * stack (infra/local) and the tests all read them here, so none of them keeps its own copy.
 * Lint keeps this file free of imports (eslint.config.js).
 */

/** The region the stack is built for, and the local stack's stand-ins claim to be in. */
export const HOME_REGION = 'ap-south-1';
/** The account id the local stand-ins put in ARNs and events. */
export const LOCAL_ACCOUNT_ID = '000000000000';

/**
 * Where the local stack's Lambda runtime keeps, on globalThis under Symbol.for(this), the
 * AsyncLocalStorage of the invocation running (`{ fn, requestId }`), so the bench's usage log can
 * say which function made each AWS call (in AWS each function is its own process).
 */
export const LOCAL_INVOCATION_KEY = 'storefront.local.invocation';
/** Powertools' service name in every log line. */
export const SERVICE_NAME = 'storefront';

/** The Cognito group whose members may use the operator's console and `/api/admin`. */
export const OPERATORS_GROUP = 'operators';

/** The EventBridge bus every event of the store goes through. */
export const EVENT_BUS_NAME = 'storefront';

/** Event sources on the bus. */
export const EVENT_SOURCES = {
  payments: 'storefront.payments',
  support: 'storefront.support',
  provisioning: 'storefront.provisioning',
  refunds: 'storefront.refunds',
  renewals: 'storefront.renewals',
  lifecycle: 'storefront.lifecycle',
  tickets: 'storefront.tickets',
} as const;

/** Detail types on the bus. */
export const DETAIL_TYPES = {
  purchaseCompleted: 'PurchaseCompleted',
  supportMessageReceived: 'SupportMessageReceived',
  serviceProvisioned: 'ServiceProvisioned',
  refundRequested: 'RefundRequested',
  refundCompleted: 'RefundCompleted',
  renewalReminderDue: 'RenewalReminderDue',
  /** Razorpay reported a store refund failed: the buyer is told, and it is tried again. */
  refundFailed: 'RefundFailed',
  /** A service ended before its time (cancelled, refunded in full, a dispute lost). */
  serviceCancelled: 'ServiceCancelled',
  /** A fact was recorded on a service, or it is out of step: converge it (D22). */
  serviceChanged: 'ServiceChanged',
  /** A ticket was opened (D27): its acknowledgement and the support inbox's mail. */
  ticketCreated: 'TicketCreated',
  /** A reply on a ticket: mailed to the other side. */
  ticketReplied: 'TicketReplied',
} as const;

export type DetailType = (typeof DETAIL_TYPES)[keyof typeof DETAIL_TYPES];

/** Which source publishes each detail type: one family, `storefront.*`. */
export const SOURCE_OF: Record<DetailType, (typeof EVENT_SOURCES)[keyof typeof EVENT_SOURCES]> = {
  PurchaseCompleted: EVENT_SOURCES.payments,
  SupportMessageReceived: EVENT_SOURCES.support,
  ServiceProvisioned: EVENT_SOURCES.provisioning,
  RefundRequested: EVENT_SOURCES.refunds,
  RefundCompleted: EVENT_SOURCES.refunds,
  RenewalReminderDue: EVENT_SOURCES.renewals,
  RefundFailed: EVENT_SOURCES.refunds,
  ServiceCancelled: EVENT_SOURCES.refunds,
  ServiceChanged: EVENT_SOURCES.lifecycle,
  TicketCreated: EVENT_SOURCES.tickets,
  TicketReplied: EVENT_SOURCES.tickets,
};

/**
 * The environment variables a Lambda reads (besides each table's `envVar` below). The CDK stack
 * and the local stack set them; lambdas/config reads them.
 */
export const ENV = {
  eventBusName: 'EVENT_BUS_NAME',
  mailFrom: 'MAIL_FROM',
  supportEmail: 'SUPPORT_EMAIL',
  siteUrl: 'SITE_URL',
  controlPanelUrl: 'CONTROL_PANEL_URL',
  welcomeMailLeaseSeconds: 'WELCOME_MAIL_LEASE_SECONDS',
  razorpayKeyId: 'RAZORPAY_KEY_ID',
  razorpayKeySecret: 'RAZORPAY_KEY_SECRET',
  razorpayWebhookSecret: 'RAZORPAY_WEBHOOK_SECRET',
  razorpaySecretArn: 'RAZORPAY_SECRET_ARN',
  razorpayApiBase: 'RAZORPAY_API_BASE',
  // The hosting panel (WHM API 1): its address (https://HOST:2087, or a bare host name), the API
  // token's user and the token, from the environment locally; in AWS from the Secrets Manager
  // secret WHM_SECRET_ARN names (JSON {"host","user","token"}).
  whmHost: 'WHM_HOST',
  whmUser: 'WHM_USER',
  whmToken: 'WHM_TOKEN',
  whmSecretArn: 'WHM_SECRET_ARN',
  // The domain registrar (LogicBoxes HTTP API, D23): its API's origin, the reseller id
  // (auth-userid) and the API key, from the environment locally; in AWS from the Secrets Manager
  // secret REGISTRAR_SECRET_ARN names (JSON {"url","resellerId","apiKey"}).
  registrarUrl: 'REGISTRAR_URL',
  registrarResellerId: 'REGISTRAR_RESELLER_ID',
  registrarApiKey: 'REGISTRAR_API_KEY',
  registrarSecretArn: 'REGISTRAR_SECRET_ARN',
  /** Where a newly registered name points, comma-separated (locally; the secret's `nameservers`). */
  registrarNameservers: 'REGISTRAR_NAMESERVERS',
  // The VPS platform (Proxmox VE API, D24): its origin, the API token's id (USER@REALM!TOKENID)
  // and secret, the node VMs are made on, from the environment locally; in AWS from the Secrets
  // Manager secret PROXMOX_SECRET_ARN names (JSON {"url","tokenId","secret","node","templates",
  // "ipv4Pool"}).
  proxmoxUrl: 'PROXMOX_URL',
  proxmoxTokenId: 'PROXMOX_TOKEN_ID',
  proxmoxTokenSecret: 'PROXMOX_TOKEN_SECRET',
  proxmoxNode: 'PROXMOX_NODE',
  proxmoxSecretArn: 'PROXMOX_SECRET_ARN',
  /** Each OS's template VMID: "ubuntu-24.04=9000,debian-12=9001,..." (locally; the secret's `templates`). */
  proxmoxTemplates: 'PROXMOX_TEMPLATES',
  /** The VPS addresses: "FIRST-LAST/PREFIX@GATEWAY,..." (locally; the secret's `ipv4Pool`). */
  ipv4Pool: 'IPV4_POOL',
  // Object storage (Ceph RGW Admin Ops API, D24): the admin API's origin, the S3 endpoint buyers
  // connect to, and the admin user's S3 keys, from the environment locally; in AWS from the
  // Secrets Manager secret STORAGE_SECRET_ARN names (JSON {"url","endpoint","accessKeyId",
  // "secretAccessKey","region"}).
  storageAdminUrl: 'STORAGE_ADMIN_URL',
  storageEndpoint: 'STORAGE_ENDPOINT',
  storageAccessKeyId: 'STORAGE_ACCESS_KEY_ID',
  storageSecretAccessKey: 'STORAGE_SECRET_ACCESS_KEY',
  storageSecretArn: 'STORAGE_SECRET_ARN',
  /** The operator's domain under which "I'll add it later" hosting gets a placeholder name. */
  hostingPlaceholderDomain: 'HOSTING_PLACEHOLDER_DOMAIN',
  /**
   * The bench's usage log (bench/purchase-cost.ts), never set in AWS: a file the AWS SDK clients
   * append each call to (DynamoDB with its ReturnConsumedCapacity, SES mails, EventBridge events,
   * Secrets Manager reads) and the local stack each Lambda invocation and API request.
   */
  usageLog: 'STOREFRONT_USAGE_LOG',
  /** The Cognito user pool whose attributes the profile Lambda keeps in step (D19). */
  userPoolId: 'USER_POOL_ID',
  /** Overrides PROVISIONING_LEASE_SECONDS (below). */
  provisioningLeaseSeconds: 'PROVISIONING_LEASE_SECONDS',
  /** Overrides TRANSFER_FOLLOW_UP_SECONDS (below). */
  transferFollowUpSeconds: 'TRANSFER_FOLLOW_UP_SECONDS',
  /** Overrides REFUND_LEASE_SECONDS (below). */
  refundLeaseSeconds: 'REFUND_LEASE_SECONDS',
  // Converge's own next pass (E31): EventBridge Scheduler's schedule group for its one-time
  // schedules, the role Scheduler takes to put the event on the bus, and the bus's ARN (the
  // schedules' target). Locally the local scheduler's (infra/local/follow-ups.ts).
  followUpGroup: 'FOLLOW_UP_GROUP',
  followUpRoleArn: 'FOLLOW_UP_ROLE_ARN',
  eventBusArn: 'EVENT_BUS_ARN',
  /** Overrides FOLLOW_UP_SLOT_SECONDS (below). */
  followUpSlotSeconds: 'FOLLOW_UP_SLOT_SECONDS',
  /** Overrides CLONE_WAIT_PER_PASS_SECONDS (below). */
  cloneWaitPerPassSeconds: 'CLONE_WAIT_PER_PASS_SECONDS',
  // The seller a tax invoice names (D15): in AWS from the stack's parameters; the local stack sets
  // SAMPLE values (infra/local/sample-seller.ts). The GSTIN is checked against the state at load.
  sellerLegalName: 'SELLER_LEGAL_NAME',
  sellerTradeName: 'SELLER_TRADE_NAME',
  sellerAddressLine1: 'SELLER_ADDRESS_LINE1',
  sellerAddressLine2: 'SELLER_ADDRESS_LINE2',
  sellerCity: 'SELLER_CITY',
  sellerPincode: 'SELLER_PINCODE',
  sellerState: 'SELLER_STATE',
  sellerGstin: 'SELLER_GSTIN',
  sellerEmail: 'SELLER_EMAIL',
  /** The grievance officer's address (D27); the support inbox's when unset. */
  grievanceEmail: 'GRIEVANCE_EMAIL',
  /** The private bucket of ticket attachments (D27). Locally the object storage stand-in's. */
  ticketFilesBucket: 'TICKET_FILES_BUCKET',
  /** Where buyers reply to ticket mails (Reply-To), received by SES; unset: no replies by mail. */
  ticketReplyAddress: 'TICKET_REPLY_ADDRESS',
  // The edge's proof (#26): the value CloudFront sends the API in ORIGIN_VERIFY_HEADER, from the
  // Secrets Manager secret ORIGIN_SECRET_ARN names in AWS, from ORIGIN_SECRET locally. Neither
  // set (unit tests): no check.
  originSecretArn: 'ORIGIN_SECRET_ARN',
  originSecret: 'ORIGIN_SECRET',
} as const;

/** The DynamoDB tables, defined once: the CDK stack and the local stack build theirs from this list. */
export type AttributeType = 'S' | 'N';

export interface KeyAttribute {
  name: string;
  type: AttributeType;
}

export interface IndexDefinition {
  indexName: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Short id; the construct id in CDK and the suffix of the local table name. */
  id: string;
  /** The environment variable that carries the table's name into a Lambda. */
  envVar: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  globalSecondaryIndexes?: IndexDefinition[];
  /** Attribute holding an epoch-seconds expiry, where items may expire. */
  timeToLiveAttribute?: string;
}

/**
 * The order statuses a buyer's dashboard lists as unsettled payments: an order in one of them
 * carries the `unsettledByUser` index's sort key, and no other order does.
 */
export const UNSETTLED_ORDER_STATUSES = ['failed', 'review'] as const;

export const TABLES = [
  { id: 'plans', envVar: 'PLANS_TABLE', partitionKey: { name: 'id', type: 'S' } },
  {
    id: 'users',
    envVar: 'USERS_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    // The operator's console finds a customer by email, by phone, and by the start of their name
    // (issue #27's search: `namePrefix` is the name's first two letters, `nameKey` all of it, both
    // folded to lower case; sparse, written only with a name).
    globalSecondaryIndexes: [
      { indexName: 'byEmail', partitionKey: { name: 'email', type: 'S' } },
      { indexName: 'byPhone', partitionKey: { name: 'phone', type: 'S' } },
      {
        indexName: 'byNamePrefix',
        partitionKey: { name: 'namePrefix', type: 'S' },
        sortKey: { name: 'nameKey', type: 'S' },
      },
    ],
  },
  {
    id: 'orders',
    envVar: 'ORDERS_TABLE',
    partitionKey: { name: 'orderId', type: 'S' },
    // The dashboard lists a buyer's failed and under-review attempts, newest first.
    globalSecondaryIndexes: [
      {
        indexName: 'byUser',
        partitionKey: { name: 'userId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
      // The operator's console lists orders by status (review first), last moved first.
      {
        indexName: 'byStatus',
        partitionKey: { name: 'status', type: 'S' },
        sortKey: { name: 'updatedAt', type: 'S' },
      },
      // Sparse: only an order now failed or in review carries unsettledAt, so the dashboard reads
      // a buyer's few unsettled payments, never every order they paid.
      {
        indexName: 'unsettledByUser',
        partitionKey: { name: 'userId', type: 'S' },
        sortKey: { name: 'unsettledAt', type: 'S' },
      },
    ],
  },
  {
    id: 'purchases',
    envVar: 'PURCHASES_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'purchaseId', type: 'S' },
    // Sparse: a purchase carries invoiceMonth (creditNoteMonth) once its tax invoice (credit note)
    // is numbered, India's calendar month it was issued in, so GSTR-1 and the revenue report read
    // one month's documents, never the whole table; sorted by number (a month lies in one financial
    // year, whose series numbers in order of issue), so the console's search finds a number with
    // one key lookup in each month of its year.
    globalSecondaryIndexes: [
      {
        indexName: 'invoicesByMonth',
        partitionKey: { name: 'invoiceMonth', type: 'S' },
        sortKey: { name: 'invoiceNumber', type: 'S' },
      },
      {
        indexName: 'creditNotesByMonth',
        partitionKey: { name: 'creditNoteMonth', type: 'S' },
        sortKey: { name: 'creditNoteNumber', type: 'S' },
      },
    ],
  },
  {
    id: 'messages',
    envVar: 'MESSAGES_TABLE',
    partitionKey: { name: 'messageId', type: 'S' },
    // Sparse: only messages not yet mailed to support carry mailState, for the reconciler.
    globalSecondaryIndexes: [
      {
        indexName: 'pendingMail',
        partitionKey: { name: 'mailState', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
    // Support records are kept three years (the privacy policy).
    timeToLiveAttribute: 'expiresAt',
  },
  {
    // Fixed-window counters of the abuse limits (hashed keys), gone by TTL after their window.
    id: 'limits',
    envVar: 'LIMITS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    timeToLiveAttribute: 'expiresAt',
  },
  {
    id: 'idempotency',
    envVar: 'IDEMPOTENCY_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    timeToLiveAttribute: 'expiration',
    // Sparse: only welcome-mail claims whose last attempt failed carry failedMail, so the
    // operator's console lists stuck mails without a scan (and without an SQS stand-in locally).
    globalSecondaryIndexes: [
      {
        indexName: 'failedMail',
        partitionKey: { name: 'failedMail', type: 'S' },
        sortKey: { name: 'failedAt', type: 'S' },
      },
    ],
  },
  {
    // What each buyer holds: one item per plan bought, extended by renewals under a version
    // (lambdas/domain/service-periods.ts); the dashboard reads a buyer's services in one query.
    id: 'services',
    envVar: 'SERVICES_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'serviceId', type: 'S' },
    // Sparse: a service with a renewal step still to come carries nextDueAt (when it falls due)
    // in one of a few dueShard partitions, so the daily renewal job reads only the services due
    // (lambdas/domain/renewal-schedule.ts), never the whole table.
    globalSecondaryIndexes: [
      {
        indexName: 'byNextDue',
        partitionKey: { name: 'dueShard', type: 'S' },
        sortKey: { name: 'nextDueAt', type: 'S' },
      },
      // Sparse: a service whose provisioning waits for a person carries provisioningWaits
      // (`manual` or `failed`), so the operator's console lists them without a scan.
      {
        indexName: 'waitingForOperator',
        partitionKey: { name: 'provisioningWaits', type: 'S' },
        sortKey: { name: 'serviceId', type: 'S' },
      },
      // Sparse (D22): a service whose provider is out of step with its desired state carries
      // lifeQueue `out-of-step` (sort: since when), one that ended and is in step `removal`
      // (sort: when it may be removed), so the reconciler and the console read only those.
      {
        indexName: 'lifeQueue',
        partitionKey: { name: 'lifeQueue', type: 'S' },
        sortKey: { name: 'lifeQueueAt', type: 'S' },
      },
      // Sparse: the services with a domain, by it, for the console's search (issue #27).
      { indexName: 'byDomain', partitionKey: { name: 'domain', type: 'S' } },
      // Sparse (D25): a service with auto-renew on and a step to come carries autoRenewDueAt in
      // one of a few autoRenewShard partitions, so the auto-renew job reads only the services due.
      {
        indexName: 'autoRenewDue',
        partitionKey: { name: 'autoRenewShard', type: 'S' },
        sortKey: { name: 'autoRenewDueAt', type: 'S' },
      },
      // Sparse (D25): a service's mandate (its token id) or the registration order the buyer was
      // asked to pay, so a token's webhook and a registration payment find their service.
      {
        indexName: 'byMandate',
        partitionKey: { name: 'mandateKey', type: 'S' },
      },
    ],
  },
  {
    // Every operator action, append-only (conditional puts; never updated or deleted): who, when,
    // what, target, before/after and note. Read by target (an order, a service, a stuck item) and
    // by the customer it touched.
    id: 'audit',
    envVar: 'AUDIT_TABLE',
    partitionKey: { name: 'targetKey', type: 'S' },
    sortKey: { name: 'entryId', type: 'S' },
    globalSecondaryIndexes: [
      {
        indexName: 'byCustomer',
        partitionKey: { name: 'customerId', type: 'S' },
        sortKey: { name: 'at', type: 'S' },
      },
    ],
  },
  {
    // One counter per document series (`INV/26-27`, `CN/26-27`): the last number handed out and the
    // one reservation not yet written on its purchase (lambdas/use-cases/issue-document-number.ts).
    id: 'counters',
    envVar: 'COUNTERS_TABLE',
    partitionKey: { name: 'series', type: 'S' },
  },
  {
    // Money going back (D16): the store's refund of a payment (recorded before Razorpay is asked),
    // refunds made in Razorpay's dashboard and disputes, keyed by the buyer and the payment.
    id: 'refunds',
    envVar: 'REFUNDS_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'refundKey', type: 'S' },
    // Sparse: only records a person must look at carry `attention`, so the operator's console
    // lists failed refunds, partial dashboard refunds and disputes without a scan.
    globalSecondaryIndexes: [
      {
        indexName: 'needsAttention',
        partitionKey: { name: 'attention', type: 'S' },
        sortKey: { name: 'updatedAt', type: 'S' },
      },
      // Sparse: a store refund whose worker has not yet finished asking Razorpay (and mailing)
      // carries awaitingWorker, so the payments reconciler re-publishes a dropped one without a scan.
      {
        indexName: 'awaitingWorker',
        partitionKey: { name: 'awaitingWorker', type: 'S' },
        sortKey: { name: 'awaitingSince', type: 'S' },
      },
      // Store and outside refunds (not disputes) by the UTC day they were made, so the console's
      // Today reads the day's refunds in one or two queries.
      {
        indexName: 'byDay',
        partitionKey: { name: 'madeOn', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
  },
  {
    // Support tickets (D27): one partition per ticket, its head and its messages; only heads carry
    // the indexes' keys (lambdas/adapters/dynamodb/tickets-table.ts).
    id: 'tickets',
    envVar: 'TICKETS_TABLE',
    partitionKey: { name: 'ticketId', type: 'S' },
    sortKey: { name: 'entry', type: 'S' },
    globalSecondaryIndexes: [
      { indexName: 'byNumber', partitionKey: { name: 'ticketNumber', type: 'S' } },
      // A buyer's tickets, by the address they were opened with (the contact form's too).
      {
        indexName: 'byEmail',
        partitionKey: { name: 'email', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
      // Sparse: only unresolved tickets, by their next deadline (the console's queue, overdue).
      {
        indexName: 'unresolved',
        partitionKey: { name: 'queue', type: 'S' },
        sortKey: { name: 'queueAt', type: 'S' },
      },
      // Sparse: only messages whose mails are not all sent, so the hourly job asks for them again
      // when their event was lost (a crash or the bus refusing it after the message was stored).
      {
        indexName: 'pendingMail',
        partitionKey: { name: 'mailPending', type: 'S' },
        sortKey: { name: 'at', type: 'S' },
      },
    ],
  },
  {
    // The customers' mail logs (issue #27): one item per mail sent to a buyer, under the buyer,
    // time-ordered (`mailId` starts with the ISO time). Written only by the mailer every sender
    // uses (lambdas/use-cases/logged-mailer.ts); a resendable kind keeps its body, no other does.
    id: 'mails',
    envVar: 'MAILS_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'mailId', type: 'S' },
  },
] as const satisfies readonly TableDefinition[];

export type TableId = (typeof TABLES)[number]['id'];

/** The local stack's table name for a definition; the CDK stack lets CloudFormation name them. */
export function localTableName<Id extends TableId>(id: Id): `storefront-${Id}` {
  return `storefront-${id}`;
}

/**
 * How long a welcome-mail claim holds, in seconds, before a retry may take over the claim of an
 * attempt that crashed (`WELCOME_MAIL_LEASE_SECONDS` overrides it). In AWS it is longer than the
 * welcome-mail Lambda's timeout (30 s), so a live attempt is never overtaken. The local stack runs
 * every Lambda in one process that a crash ends whole, so a short lease lets the local bus's
 * retries (about 2 minutes in all) resend a crashed attempt's mail.
 */
export const WELCOME_MAIL_LEASE_SECONDS = { aws: 60, local: 5 } as const;

/**
 * How long a provisioning claim holds, in seconds, before a retry may take over the claim of an
 * attempt that crashed (`PROVISIONING_LEASE_SECONDS` overrides it). In AWS it is longer than the
 * provisioning Lambda's timeout (120 s: WHM's createacct may take a minute), so a live attempt is
 * never overtaken, and shorter than Lambda's second async retry (about 3 minutes after the first
 * attempt), so that retry takes over a crashed one. Locally, as for the welcome mail, the local
 * bus's retries last about 2 minutes.
 */
export const PROVISIONING_LEASE_SECONDS = { aws: 150, local: 5 } as const;

/**
 * How young a pending domain transfer (D23) must be for converge to look at it again on its own
 * (lambdas/use-cases/converge-transfer.ts; `TRANSFER_FOLLOW_UP_SECONDS` overrides it): it asks for
 * a follow-up (E31) when the transfer is next due to be asked about, with waits doubling from a
 * second to a minute; where it has no follow-ups it throws so that the bus delivers it again with
 * its backoff. Locally the stand-in completes a transfer in 3 s, so the card reads Transferred
 * within seconds. In AWS ten minutes: a losing registrar that approves at once is seen within a
 * minute or two (a follow-up comes at the start of a minute), one that takes the usual days is left
 * to the reconciler's 15-minute pass after that, and a follow-up is no function error (before E31
 * a throw was, so AWS had none).
 */
export const TRANSFER_FOLLOW_UP_SECONDS = { aws: 600, local: 20 } as const;

/**
 * A follow-up of converge (E31) comes at the start of a slot this long (`FOLLOW_UP_SLOT_SECONDS`
 * overrides it), and its schedule is named from the service and the slot, so that asking again in
 * the same slot is the same schedule (Scheduler's ConflictException). In AWS a minute: a clone
 * takes minutes, and a pass that a follow-up started asks for the next minute's, never its own
 * (whose schedule may not be deleted yet). Locally a second, so that a transfer the stand-in
 * completes in 3 s reads Transferred within seconds.
 */
export const FOLLOW_UP_SLOT_SECONDS = { aws: 60, local: 1 } as const;

/**
 * How long one converge pass waits on a running clone (D24) before leaving it to its follow-up
 * (E31), in seconds (`CLONE_WAIT_PER_PASS_SECONDS` overrides it): well inside the converge
 * function's timeout (120 s), whatever a full clone takes. A test of a clone longer than the bus's
 * retries sets it short.
 */
export const CLONE_WAIT_PER_PASS_SECONDS = { aws: 20, local: 20 } as const;

/**
 * How long a claim on a step of a refund holds (asking Razorpay, a mail), in seconds, before a
 * retry may take over from an attempt that crashed (`REFUND_LEASE_SECONDS` overrides it). Longer
 * than any live attempt can hold it: in AWS the refunds worker's timeout (45 s) ends it first;
 * locally its three Razorpay calls time out after 5 s each. A live attempt overtaken could ask
 * Razorpay for a second refund, so this errs long.
 */
export const REFUND_LEASE_SECONDS = { aws: 60, local: 20 } as const;

/**
 * Log messages the stack's metric filters count (infra/lib/constructs/monitoring.ts): the Lambda
 * that logs one and the alarm that counts it read the same words here.
 */
export const ALARMED_LOG_MESSAGES = {
  webhookSignatureRejected: 'Webhook signature rejected',
  reconcilerRepaired: 'Reconciler repaired',
  /** Razorpay reported a store refund failed (it is tried again; a person follows it up). */
  refundFailed: 'Refund failed at Razorpay',
  /** A refund that cannot be made or keeps failing: a person must pay it back another way. */
  refundNeedsOperator: 'Refund needs an operator',
  /** Money went back through Razorpay's dashboard, not through the store. */
  outsideRefund: 'Refund made outside the store',
  /** A buyer's bank opened a chargeback on a payment. */
  disputeOpened: 'Payment dispute opened',
  /** Services whose provider has differed from their desired state for 15 minutes (D22). */
  servicesOutOfStep: 'Services out of step',
  /** Tickets past a deadline (D27): first response, a grievance's acknowledgement or resolution. */
  ticketsOverdue: 'Tickets overdue',
} as const;

/**
 * The header CloudFront's function on `/api/*` sets to the viewer's own address (API Gateway's
 * `sourceIp` is the edge's); the local gateway runs the same function (infra/lib/constructs/api-gate.ts).
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * The header CloudFront adds to every request it sends the API (an origin custom header): a
 * secret value that the API's handlers compare before anything
 * else, so a call to the API's own execute-api address, which skips the edge, is refused 403.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The users table's name keys (its byNamePrefix index): a name as the console's search compares
 * it (issue #27), in lower case, accents folded ("Zoë" → "zoe"), one space between words. The
 * table keeps it (`nameKey`) with its first two letters (`namePrefix`), so "as" or "asha v" finds
 * "Asha Verma" by one index query.
 */
export function nameSearchKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The index's partition of a name key: its first two characters. */
export const NAME_PREFIX_LENGTH = 2;

/** The attributes that put a record on the name index; none for an empty name (a sparse index). */
export function nameIndexOf(name: string): { nameKey: string; namePrefix: string } | undefined {
  const nameKey = nameSearchKey(name);
  if (nameKey.length < NAME_PREFIX_LENGTH) return undefined;
  return { nameKey, namePrefix: nameKey.slice(0, NAME_PREFIX_LENGTH) };
}

/**
 * The tickets' bucket (D27): where each kind of object lives, and how long S3 keeps it (the CDK
 * stack's lifecycle rules; docs/decisions.md D27).
 */
export const TICKET_FILES = {
  /** Attachments: `ticket-files/<uploader>/<id>`, deleted this many days after their upload. */
  attachmentsPrefix: 'ticket-files/',
  attachmentRetentionDays: 180,
  /** Raw mail stored by SES receiving for the inbound-mail Lambda (replies by mail). */
  inboundMailPrefix: 'inbound-mail/',
  inboundMailRetentionDays: 30,
} as const;
