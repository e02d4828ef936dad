/**
 * The Lambdas and the HTTP routes, defined once: the CDK stack wires them to API Gateway,
 * EventBridge and Cognito, and the local stack routes to the very same handler modules.
 * Plain data, no CDK import.
 */
import { DETAIL_TYPES, EVENT_SOURCES, type TableId } from '../../../lambdas/system/facts';

export type FunctionId =
  | 'plans'
  | 'domains'
  | 'checkout'
  | 'dashboard'
  | 'razorpayWebhook'
  | 'contact'
  | 'sendWelcomeEmail'
  | 'sendSupportMail'
  | 'preSignUp'
  | 'postConfirmation'
  | 'customMessage'
  | 'profile'
  | 'admin'
  | 'paymentsReconciler'
  | 'provisionService'
  | 'panelLogin'
  | 'storageKeys'
  | 'invoices'
  | 'renewalReminders'
  | 'cancelService'
  | 'refundsWorker'
  | 'tickets'
  | 'ticketMail'
  | 'ticketDeadlines'
  | 'inboundMail'
  | 'vps'
  | 'autoRenew'
  | 'autoRenewJob';

/**
 * What a function may do to a table, and nothing more (#26):
 * - `read`: GetItem, BatchGetItem, Query, Scan, ConditionCheckItem;
 * - `write`: PutItem and UpdateItem only;
 * - `readWrite`: both, still without DeleteItem or BatchWriteItem (no function batch-writes);
 * - `readWriteDelete`: and DeleteItem, for the code that deletes (a welcome mail's claim released,
 *   an account deleted: its factory in lambdas/handlers/deps/stores.ts says so);
 * - `readAppend`: reads and PutItem only, for a table whose items are never changed (audit).
 */
export type TableAccess = 'read' | 'write' | 'readWrite' | 'readWriteDelete' | 'readAppend';

export interface FunctionDefinition {
  id: FunctionId;
  /** The handler module, relative to the repository root; it exports `handler`. */
  entry: string;
  /** What the function does to which tables: the stack grants exactly this. */
  tables: Partial<Record<TableId, TableAccess>>;
  /** Other grants the stack gives it. */
  needs: readonly (
    | 'razorpaySecrets'
    | 'publishEvents'
    /**
     * Converge's own next pass (E31): scheduler:CreateSchedule in the follow-ups' schedule group,
     * iam:PassRole of the role Scheduler takes, and FOLLOW_UP_GROUP, FOLLOW_UP_ROLE_ARN,
     * EVENT_BUS_ARN.
     */
    | 'scheduleFollowUps'
    | 'sendEmail'
    /** cognito-idp:AdminUpdateUserAttributes on the user pool, and USER_POOL_ID. */
    | 'updateUserAttributes'
    /** cognito-idp:AdminGetUser on the user pool (an account's MFA settings), and USER_POOL_ID. */
    | 'readMfaSettings'
    /** cognito-idp:AdminDeleteUser on the user pool (a buyer deletes their account), USER_POOL_ID. */
    | 'deleteUsers'
    /** secretsmanager:GetSecretValue on the WHM secret alone, and WHM_SECRET_ARN. */
    | 'whmSecret'
    /** secretsmanager:GetSecretValue on the registrar secret alone, and REGISTRAR_SECRET_ARN. */
    | 'registrarSecret'
    /** secretsmanager:GetSecretValue on the Proxmox VE secret alone, and PROXMOX_SECRET_ARN. */
    | 'proxmoxSecret'
    /** secretsmanager:GetSecretValue on the object storage secret alone, and STORAGE_SECRET_ARN. */
    | 'storageSecret'
    /** The seller on tax invoices (SELLER_*, from the stack's parameters): configuration only. */
    | 'sellerDetails'
    /** Ticket attachments: sign, look at and delete `ticket-files/*` (TICKET_FILES_BUCKET). */
    | 'ticketFiles'
    /** Replies by mail: read the raw mail SES stored under `inbound-mail/*` (TICKET_FILES_BUCKET). */
    | 'inboundMail'
  )[];
  timeoutSeconds: number;
  memoryMb: number;
  /**
   * Reserved concurrency. `npm run deploy:check` refuses any: a new account's concurrency quota
   * may be 10, and Lambda keeps 100 unreserved, so any reservation fails the deploy there.
   */
  reservedConcurrency?: number;
  /** Writes links to the site (SITE_URL) without sending mail itself (every mail sender gets it). */
  linksToSite?: boolean;
  /**
   * Mails about tickets (D27): gets the grievance officer's address and the address buyers reply
   * to by mail (GRIEVANCE_EMAIL, TICKET_REPLY_ADDRESS: stack parameters, empty when unset).
   */
  ticketMailSettings?: boolean;
  /**
   * Delivers services on the hosting panel: gets the placeholder domain for hosting bought without
   * one and the panel's address for buyers (HOSTING_PLACEHOLDER_DOMAIN, CONTROL_PANEL_URL).
   */
  deliversServices?: boolean;
  /** Renders PDFs: the DejaVu fonts are copied into `fonts/` beside its bundle. */
  invoiceFonts?: boolean;
}

export const FUNCTIONS: Record<FunctionId, FunctionDefinition> = {
  plans: {
    id: 'plans',
    entry: 'lambdas/handlers/plans.ts',
    tables: { plans: 'read' },
    needs: [],
    timeoutSeconds: 5,
    memoryMb: 512,
  },
  domains: {
    id: 'domains',
    entry: 'lambdas/handlers/domains.ts',
    // The domain card finds the caller's domain among their services; a bundle's domain part gets
    // the name its buyer chose (UpdateItem, conditional), and converge is told (ServiceChanged).
    // limits: the buyer's own hour of this route's costly calls (#26, E25): UpdateItem only.
    // users: the buyer's registrant details, checked before a chosen name is recorded (D23).
    tables: { services: 'readWrite', limits: 'write', users: 'read' },
    needs: ['registrarSecret', 'publishEvents'],
    // The registrar answers in about 50 ms; its calls time out after 15 s.
    timeoutSeconds: 20,
    memoryMb: 512,
  },
  checkout: {
    id: 'checkout',
    entry: 'lambdas/handlers/checkout.ts',
    tables: {
      plans: 'read',
      users: 'readWrite',
      orders: 'readWrite',
      purchases: 'readWrite',
      services: 'readWrite',
      // The tax invoice's number is taken at fulfilment (D15).
      counters: 'readWrite',
      // The change-paid-twice mail goes in the buyer's mail log (issue #27).
      mails: 'write',
      // The buyer's own hour of orders (#26, E25): a conditional UpdateItem only.
      limits: 'write',
    },
    // sellerDetails: the quote's CGST + SGST or IGST, and the seller frozen with each order;
    // registrarSecret: a bundle's name to register is checked free before its order (D24);
    // sendEmail: a plan change paid twice is refunded at verify and the buyer told (D26).
    needs: ['razorpaySecrets', 'publishEvents', 'sellerDetails', 'registrarSecret', 'sendEmail'],
    timeoutSeconds: 15,
    memoryMb: 512,
  },
  dashboard: {
    id: 'dashboard',
    entry: 'lambdas/handlers/dashboard.ts',
    tables: {
      users: 'readWrite',
      purchases: 'read',
      orders: 'read',
      services: 'read',
      // The refund and credit note on each payment (D16).
      refunds: 'read',
    },
    needs: [],
    timeoutSeconds: 10,
    // More memory is more CPU (1,769 MB is one vCPU). A buyer with 50 services and 200 payments
    // costs the handler about 8 ms of CPU (parsing and converting some 250 items; bench profile):
    // some 28 ms of wall time at 512 MB, 14 at 1,024, for about the same price per request.
    memoryMb: 1024,
  },
  razorpayWebhook: {
    id: 'razorpayWebhook',
    entry: 'lambdas/handlers/razorpay-webhook.ts',
    tables: {
      users: 'readWrite',
      orders: 'readWrite',
      purchases: 'readWrite',
      idempotency: 'readWrite',
      services: 'readWrite',
      counters: 'readWrite',
      // Refunds and disputes (D16): recorded, and a whole-payment refund ends its service.
      refunds: 'readWrite',
      mails: 'write',
    },
    // sendEmail: a mandate revoked at the bank is mailed to the buyer (D25).
    needs: ['razorpaySecrets', 'publishEvents', 'sendEmail'],
    // Capturing an authorized payment calls Razorpay (the SDK's own timeout is 5 s).
    timeoutSeconds: 10,
    memoryMb: 512,
  },
  contact: {
    id: 'contact',
    entry: 'lambdas/handlers/contact.ts',
    // limits: the per-sender and per-address counters; the mail itself is queued as an event.
    // tickets and counters: the message opens a numbered ticket (D27).
    tables: { messages: 'write', limits: 'readWrite', tickets: 'readWrite', counters: 'readWrite' },
    needs: ['publishEvents'],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  sendSupportMail: {
    id: 'sendSupportMail',
    entry: 'lambdas/handlers/send-support-mail.ts',
    tables: { messages: 'readWrite', mails: 'write' },
    needs: ['sendEmail'],
    timeoutSeconds: 30,
    memoryMb: 256,
    // No reserved concurrency: a new account's quota (10) cannot grant any (issue #31). The
    // contact route's own limit (THROTTLES.contact, 2 a second) keeps a flood of messages from
    // using up the SES rate buyers' mail needs; a throttled send is retried (events.ts).
  },
  sendWelcomeEmail: {
    id: 'sendWelcomeEmail',
    entry: 'lambdas/handlers/send-welcome-email.ts',
    // purchases: the amount's breakup (the event's detail shape is fixed: docs/api.md).
    // readWriteDelete: a claim on a welcome mail that failed is released (deleted).
    tables: { idempotency: 'readWriteDelete', purchases: 'read', mails: 'write' },
    // sellerDetails and the fonts: the tax invoice's PDF is attached, as the invoices route serves it.
    needs: ['sendEmail', 'sellerDetails'],
    invoiceFonts: true,
    timeoutSeconds: 30,
    // As the invoices function: a first render parses the fonts (bench/invoice-pdf.ts).
    memoryMb: 1024,
  },
  preSignUp: {
    id: 'preSignUp',
    entry: 'lambdas/handlers/pre-sign-up.ts',
    tables: {},
    needs: [],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
  postConfirmation: {
    id: 'postConfirmation',
    entry: 'lambdas/handlers/post-confirmation.ts',
    // readWrite: a conditional put that finds the record already there reads it back.
    tables: { users: 'readWrite' },
    needs: [],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
  customMessage: {
    id: 'customMessage',
    entry: 'lambdas/handlers/custom-message.ts',
    // Words only: Cognito fills in the code and sends the mail itself.
    tables: {},
    needs: [],
    linksToSite: true,
    timeoutSeconds: 5,
    memoryMb: 256,
  },
  profile: {
    id: 'profile',
    entry: 'lambdas/handlers/profile.ts',
    // readWrite: the record is made from the token when missing, then updated, and deleted with
    // the account (D28); services are read to refuse deleting an account with live ones.
    // limits: the buyer's own hour of this route's costly calls (#26, E25): UpdateItem only.
    tables: {
      users: 'readWriteDelete',
      services: 'read',
      mails: 'readWriteDelete',
      limits: 'write',
    },
    // The name and phone are Cognito attributes too (D19); the account's Cognito user is deleted
    // with it; the old address is told of an email change, and the deleted account of its deletion.
    needs: ['updateUserAttributes', 'deleteUsers', 'sendEmail'],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  admin: {
    id: 'admin',
    entry: 'lambdas/handlers/admin.ts',
    // The operator's console. Writes only through the one fulfilment (resolving an order in
    // review), the provisioning of a service set up by hand, and the append-only audit.
    tables: {
      orders: 'readWrite',
      purchases: 'readWrite',
      services: 'readWrite',
      users: 'readWrite',
      messages: 'read',
      idempotency: 'read',
      audit: 'readAppend',
      counters: 'readWrite',
      // Refunds that need a person, listed under Stuck; an operator's refund of a payment (#27).
      refunds: 'readWrite',
      // The search finds a ticket by its number (issue #27).
      tickets: 'read',
      mails: 'readWrite',
    },
    // Razorpay: the payment in review, its capture and refund; the bus: fulfilment and redrives;
    // mail: the access details of a service an operator set up; the panel: "Converge now" (D22).
    // Cognito: whether the operator's account has TOTP on (D28, 403 mfa_required without it).
    needs: [
      'razorpaySecrets',
      'publishEvents',
      'sendEmail',
      'whmSecret',
      'readMfaSettings',
      // "Converge now" registers a domain at the registrar (D23).
      'registrarSecret',
      // GSTR-1 is the seller's return: its GSTIN, and the seller of older invoices.
      'sellerDetails',
      // "Converge now" and removal drive a VPS's VM (D24).
      'proxmoxSecret',
      // ... and makes, suspends or deletes a storage user (D24).
      'storageSecret',
    ],
    // "Converge now" may deliver a service still to be made, as provisionService does.
    deliversServices: true,
    timeoutSeconds: 20,
    memoryMb: 512,
  },
  provisionService: {
    id: 'provisionService',
    entry: 'lambdas/handlers/provision-service.ts',
    // Converge (D22): reads the service's facts, moves its provisioning and records its life;
    // users: the buyer's name and address for a delivery the reconciler asked for.
    // A domain taken before it could be registered is refunded in full as Cancel refunds (D23):
    // purchases, refunds, and the buyer's plan on users.
    // counters: a VPS's IPv4 address from the pool (D24).
    tables: {
      services: 'readWrite',
      users: 'readWrite',
      purchases: 'read',
      refunds: 'readWrite',
      counters: 'readWrite',
      mails: 'write',
    },
    // The panel (WHM), ServiceProvisioned, and the buyer's mail with the access details.
    // The registrar: a domain's part (D23). Proxmox VE: a VPS's VM (D24); its addresses are kept
    // on the counters table. The object storage: a storage service's user (D24).
    // Its own next pass after a long clone or a young transfer (E31): EventBridge Scheduler.
    needs: [
      'whmSecret',
      'publishEvents',
      'sendEmail',
      'registrarSecret',
      'proxmoxSecret',
      'storageSecret',
      'scheduleFollowUps',
    ],
    deliversServices: true,
    // WHM's createacct may take a minute (lambdas/adapters/whm/whm-api.ts); the claim's lease
    // (PROVISIONING_LEASE_SECONDS) is longer than this.
    timeoutSeconds: 120,
    memoryMb: 256,
  },
  panelLogin: {
    id: 'panelLogin',
    entry: 'lambdas/handlers/panel-login.ts',
    // Reads the caller's service; asks the panel for a single-use login, nothing else.
    // limits: the buyer's own hour of this route's costly calls (#26, E25): UpdateItem only.
    tables: { services: 'read', limits: 'write' },
    needs: ['whmSecret'],
    // create_user_session waits up to 10 s, and a refusal asks accountsummary (10 s) why.
    timeoutSeconds: 25,
    memoryMb: 256,
  },
  storageKeys: {
    id: 'storageKeys',
    entry: 'lambdas/handlers/storage-keys.ts',
    // Reads the caller's service, takes its provisioning claim, keeps the new key's id.
    // limits: the buyer's own hour of this route's costly calls (#26, E25): UpdateItem only.
    tables: { services: 'readWrite', limits: 'write' },
    needs: ['storageSecret'],
    // RGW answers in well under a second; its calls time out after 15 s.
    timeoutSeconds: 25,
    memoryMb: 256,
  },
  invoices: {
    id: 'invoices',
    entry: 'lambdas/handlers/invoices.ts',
    // A buyer's own purchases; of the API's functions, the PDF library and fonts load here only.
    tables: { purchases: 'read' },
    // The configured seller, for purchases whose order predates the seller frozen in it.
    needs: ['sellerDetails'],
    invoiceFonts: true,
    timeoutSeconds: 10,
    // More memory is more CPU: a first render parses the fonts (bench/invoice-pdf.ts).
    memoryMb: 1024,
  },
  paymentsReconciler: {
    id: 'paymentsReconciler',
    entry: 'lambdas/handlers/payments-reconciler.ts',
    // The safety net under fulfilment: it repairs through the same steps (fulfilPayment, capture,
    // publishing), so it holds their grants, and reads the contact messages it re-queues; refunds:
    // the intents the worker never finished (its index), handed back and marked published.
    tables: {
      orders: 'readWrite',
      purchases: 'readWrite',
      services: 'readWrite',
      users: 'readWrite',
      counters: 'readWrite',
      messages: 'read',
      refunds: 'readWrite',
    },
    needs: ['razorpaySecrets', 'publishEvents'],
    timeoutSeconds: 120,
    memoryMb: 512,
  },
  autoRenew: {
    id: 'autoRenew',
    entry: 'lambdas/handlers/auto-renew.ts',
    // services: the auto-renew setting and mandate on the item; users: the buyer's address.
    tables: { services: 'readWrite', users: 'read', mails: 'write' },
    // Razorpay (customer, mandate order, cancelling a token; the key secret also signs the
    // opt-out link) and the "auto-renew is off" mail.
    needs: ['razorpaySecrets', 'sendEmail'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  autoRenewJob: {
    id: 'autoRenewJob',
    entry: 'lambdas/handlers/auto-renew-job.ts',
    // services: the autoRenewDue index, claims and cycles; orders: one renewal order per service
    // and renewal date (fulfilled by the webhook as any order); users: the buyer's address.
    tables: { services: 'readWrite', orders: 'readWrite', users: 'read', mails: 'write' },
    // Razorpay (orders, recurring debits), the notices and failure mails, the seller on the order.
    needs: ['razorpaySecrets', 'sendEmail', 'sellerDetails'],
    // A run acts on the services due that day (a few hundred, 8 at once, a Razorpay call each).
    timeoutSeconds: 600,
    memoryMb: 256,
  },
  renewalReminders: {
    id: 'renewalReminders',
    entry: 'lambdas/handlers/renewal-reminders.ts',
    // services: the due-date index, each step's claim, and the provisioning state a suspension
    // moves; users: the buyer's address. (The renewal price comes from the catalog itself.)
    tables: { services: 'readWrite', users: 'read', mails: 'write' },
    // The reminder, expiry and suspension mails; the panel, to suspend expired hosting.
    needs: ['sendEmail', 'whmSecret'],
    // A run acts on the services due that day (a few hundred: mails and panel calls, 8 at once).
    timeoutSeconds: 600,
    memoryMb: 256,
  },
  vps: {
    id: 'vps',
    entry: 'lambdas/handlers/vps.ts',
    // A VPS's card (D24): the service's claim and VPS fields (counters: wired with the VPS
    // platform's module, which holds the pool too); ServiceChanged when keys let a waiting VPS be
    // made or a reinstall is recorded (converge does the reinstall, not this function).
    // limits: the buyer's own hour of this route's costly calls (#26, E25): UpdateItem only.
    tables: { services: 'readWrite', counters: 'read', limits: 'write' },
    needs: ['proxmoxSecret', 'publishEvents'],
    // Power actions wait on Proxmox's start/stop tasks (seconds); the claim's lease
    // (PROVISIONING_LEASE_SECONDS) is longer than this.
    timeoutSeconds: 120,
    memoryMb: 256,
  },
  cancelService: {
    id: 'cancelService',
    entry: 'lambdas/handlers/cancel-service.ts',
    // The refund intent, the service's periods taken back, the buyer's plan recomputed (from
    // services and purchases). It never calls Razorpay: RefundRequested hands that to the worker.
    tables: { services: 'readWrite', purchases: 'read', users: 'readWrite', refunds: 'readWrite' },
    needs: ['publishEvents'],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  refundsWorker: {
    id: 'refundsWorker',
    entry: 'lambdas/handlers/refunds-worker.ts',
    // refunds: each step's claim; purchases and counters: the credit note (D15); services: the
    // refunded service (ending it on the panel is converge's, D22).
    tables: {
      refunds: 'readWrite',
      purchases: 'readWrite',
      counters: 'readWrite',
      services: 'read',
      mails: 'write',
    },
    // Razorpay (the refund) and the buyer's mails.
    needs: ['razorpaySecrets', 'sendEmail'],
    // Three Razorpay calls of at most 5 s; shorter than the refund lease (REFUND_LEASE_SECONDS),
    // so a live attempt is never overtaken.
    timeoutSeconds: 45,
    memoryMb: 256,
  },
  tickets: {
    id: 'tickets',
    entry: 'lambdas/handlers/tickets.ts',
    // Tickets (D27), the buyer's and the console's: the thread, the number (counters) and the
    // buyer's own hour of tickets, replies and uploads (#26, E25); services: a ticket about
    // a service must name one of the buyer's, and the console shows the buyer's beside the thread.
    tables: {
      tickets: 'readWrite',
      counters: 'readWrite',
      limits: 'readWrite',
      services: 'read',
    },
    // TicketCreated and TicketReplied ask for the mails; Cognito: whether an operator's account has
    // TOTP on (D28, 403 mfa_required without it).
    // The attachments' bucket (D27): presigned uploads and downloads, an upload's checks.
    needs: ['publishEvents', 'readMfaSettings', 'ticketFiles'],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  ticketMail: {
    id: 'ticketMail',
    entry: 'lambdas/handlers/ticket-mail.ts',
    // Each mail's claim is kept on its message.
    tables: { tickets: 'readWrite', mails: 'write' },
    needs: ['sendEmail'],
    ticketMailSettings: true,
    timeoutSeconds: 30,
    memoryMb: 256,
  },
  ticketDeadlines: {
    id: 'ticketDeadlines',
    entry: 'lambdas/handlers/ticket-deadlines.ts',
    // The unresolved tickets past a deadline (an index), each marked once.
    tables: { tickets: 'readWrite', mails: 'write' },
    // The grievance officer's mail; the bus: a lost ticket event published again.
    needs: ['sendEmail', 'publishEvents'],
    ticketMailSettings: true,
    timeoutSeconds: 60,
    memoryMb: 256,
  },
  inboundMail: {
    id: 'inboundMail',
    entry: 'lambdas/handlers/inbound-mail.ts',
    // Replies by mail (D27): SES receiving stores the raw mail, then invokes this. The thread and
    // the buyer's reply budget (limits); TicketReplied asks for the support inbox's mail.
    tables: { tickets: 'readWrite', limits: 'readWrite' },
    needs: ['publishEvents', 'inboundMail'],
    timeoutSeconds: 30,
    memoryMb: 256,
  },
};

/** Steady and burst request rates (per second) of one route. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * Each route has its own limit, so a flood of one public route never pushes another into 429:
 * the buyer's verify and Razorpay's webhook keep the most headroom, contact the least.
 */
export const THROTTLES = {
  /** Razorpay's webhooks and the buyer's verify, right after paying. */
  payment: { rateLimit: 100, burstLimit: 200 },
  /** The catalog, mostly served from CloudFront's cache. */
  catalog: { rateLimit: 50, burstLimit: 100 },
  /** A signed-in buyer's reads and writes. */
  buyer: { rateLimit: 20, burstLimit: 40 },
  /** Public computation anyone can call (the quote). */
  publicCompute: { rateLimit: 10, burstLimit: 20 },
  /** Creating a Razorpay order. */
  orders: { rateLimit: 5, burstLimit: 10 },
  /** The contact form, which stores a row and sends a mail. */
  contact: { rateLimit: 2, burstLimit: 5 },
  /** The operator's console: a few people, and each action calls Razorpay or scans nothing big. */
  operator: { rateLimit: 5, burstLimit: 10 },
} as const satisfies Record<string, Throttle>;

export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** API Gateway's path syntax: `{name}` is a path parameter. */
  path: string;
  function: FunctionId;
  /** Whether the Cognito JWT authorizer guards the route. */
  auth: boolean;
  /** Its own request rate limit, in API Gateway and in the local gateway alike. */
  throttle: Throttle;
}

export const ROUTES: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/plans',
    function: 'plans',
    auth: false,
    throttle: THROTTLES.catalog,
  },
  {
    method: 'GET',
    path: '/api/plans/{planId}',
    function: 'plans',
    auth: false,
    throttle: THROTTLES.catalog,
  },
  {
    method: 'GET',
    path: '/api/domains/availability',
    function: 'domains',
    auth: false,
    throttle: THROTTLES.catalog,
  },
  ...(
    [
      ['GET', '/api/me/domains/{domain}'],
      ['PUT', '/api/me/domains/{domain}/nameservers'],
      ['GET', '/api/me/domains/{domain}/dns-records'],
      ['POST', '/api/me/domains/{domain}/dns-records'],
      ['DELETE', '/api/me/domains/{domain}/dns-records/{recordId}'],
      ['GET', '/api/me/domains/{domain}/ds-records'],
      ['POST', '/api/me/domains/{domain}/ds-records'],
      ['DELETE', '/api/me/domains/{domain}/ds-records/{recordId}'],
      ['PUT', '/api/me/domains/{domain}/settings'],
      ['POST', '/api/me/domains/{domain}/auth-code'],
      // A bundle's domain part bought without a name: "Choose your domain" on its card (D24).
      ['PUT', '/api/me/services/{serviceId}/domain'],
    ] as const
  ).map(([method, path]) => ({
    method,
    path,
    function: 'domains' as const,
    auth: true,
    throttle: THROTTLES.buyer,
  })),
  {
    method: 'POST',
    path: '/api/checkout/quote',
    function: 'checkout',
    auth: false,
    throttle: THROTTLES.publicCompute,
  },
  ...(['PUT', 'DELETE'] as const).map((method) => ({
    method,
    // A smaller plan from the renewal date (D26), and taking it back.
    path: '/api/me/services/{serviceId}/plan-change',
    function: 'checkout' as const,
    auth: true,
    throttle: THROTTLES.buyer,
  })),
  {
    method: 'POST',
    path: '/api/checkout/change-quote',
    function: 'checkout',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'POST',
    path: '/api/checkout/orders',
    function: 'checkout',
    auth: true,
    throttle: THROTTLES.orders,
  },
  {
    method: 'POST',
    path: '/api/checkout/verify',
    function: 'checkout',
    auth: true,
    throttle: THROTTLES.payment,
  },
  {
    method: 'GET',
    path: '/api/me/dashboard',
    function: 'dashboard',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'GET',
    path: '/api/me/services/{serviceId}',
    function: 'dashboard',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'PUT',
    path: '/api/me/services/{id}/auto-renew',
    function: 'autoRenew',
    auth: true,
    throttle: THROTTLES.orders,
  },
  {
    // The pre-debit notice's one-click opt-out: no sign-in, a signed token in the body.
    method: 'POST',
    path: '/api/auto-renew/off',
    function: 'autoRenew',
    auth: false,
    throttle: THROTTLES.contact,
  },
  {
    method: 'POST',
    path: '/api/webhooks/razorpay',
    function: 'razorpayWebhook',
    auth: false,
    throttle: THROTTLES.payment,
  },
  {
    method: 'POST',
    path: '/api/contact',
    function: 'contact',
    auth: false,
    throttle: THROTTLES.contact,
  },
  {
    method: 'GET',
    path: '/api/me/profile',
    function: 'profile',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'PUT',
    path: '/api/me/profile',
    function: 'profile',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'POST',
    path: '/api/me/email',
    function: 'profile',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'POST',
    path: '/api/me/account/delete',
    function: 'profile',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'POST',
    path: '/api/me/services/{serviceId}/panel-login',
    function: 'panelLogin',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'POST',
    path: '/api/me/services/{serviceId}/storage-keys',
    function: 'storageKeys',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  {
    method: 'POST',
    path: '/api/me/services/{serviceId}/cancel',
    function: 'cancelService',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  ...(
    [
      ['GET', '/api/me/services/{serviceId}/power'],
      ['POST', '/api/me/services/{serviceId}/power'],
      ['POST', '/api/me/services/{serviceId}/reinstall'],
      ['PUT', '/api/me/services/{serviceId}/ssh-keys'],
    ] as const
  ).map(([method, path]) => ({
    method,
    path,
    function: 'vps' as const,
    auth: true,
    throttle: THROTTLES.buyer,
  })),
  {
    method: 'GET',
    path: '/api/me/invoices/{invoiceNumber}',
    function: 'invoices',
    auth: true,
    throttle: THROTTLES.buyer,
  },
  ...(
    [
      ['POST', '/api/me/tickets'],
      ['GET', '/api/me/tickets'],
      ['GET', '/api/me/tickets/{number}'],
      ['POST', '/api/me/tickets/{number}/replies'],
      ['POST', '/api/me/tickets/{number}/resolve'],
      ['POST', '/api/me/tickets/{number}/reopen'],
      ['POST', '/api/me/ticket-attachments'],
      ['GET', '/api/me/tickets/{number}/attachments/{attachmentId}'],
    ] as const
  ).map(([method, path]): RouteDefinition => ({
    method,
    path,
    function: 'tickets',
    auth: true,
    throttle: THROTTLES.buyer,
  })),
  ...(
    [
      ['GET', '/api/admin/tickets'],
      ['GET', '/api/admin/tickets/{number}'],
      ['POST', '/api/admin/tickets/{number}/replies'],
      ['POST', '/api/admin/tickets/{number}/assign'],
      ['POST', '/api/admin/ticket-attachments'],
      ['GET', '/api/admin/tickets/{number}/attachments/{attachmentId}'],
    ] as const
  ).map(([method, path]): RouteDefinition => ({
    method,
    path,
    function: 'tickets',
    // The handler's operatorOf() checks the operators' group, as the admin function's does.
    auth: true,
    throttle: THROTTLES.operator,
  })),
  ...(
    [
      ['GET', '/api/admin/orders'],
      ['POST', '/api/admin/orders/{orderId}/resolve'],
      ['GET', '/api/admin/customers'],
      ['GET', '/api/admin/dead-letters'],
      ['POST', '/api/admin/dead-letters/redrive'],
      ['GET', '/api/admin/today'],
      ['GET', '/api/admin/provisioning'],
      ['POST', '/api/admin/services/{serviceId}/provisioning'],
      ['GET', '/api/admin/out-of-step'],
      ['POST', '/api/admin/services/{serviceId}/converge'],
      ['GET', '/api/admin/removals'],
      ['POST', '/api/admin/services/{serviceId}/actions'],
      ['GET', '/api/admin/search'],
      ['GET', '/api/admin/customer-list'],
      ['GET', '/api/admin/customers/{userId}'],
      ['POST', '/api/admin/customers/{userId}/notes'],
      ['POST', '/api/admin/customers/{userId}/mails/resend'],
      ['GET', '/api/admin/customers/{userId}/dashboard'],
      ['GET', '/api/admin/reports/gstr1'],
      ['GET', '/api/admin/reports/revenue'],
    ] as const
  ).map(([method, path]): RouteDefinition => ({
    method,
    path,
    function: 'admin',
    // The authorizer proves who; the handler's operatorOf() checks the operators' group.
    auth: true,
    throttle: THROTTLES.operator,
  })),
];

/** EventBridge: PurchaseCompleted goes to the welcome mail and to converge; facts to converge. */
export const EVENT_RULES = [
  {
    id: 'purchaseCompletedToWelcomeEmail',
    eventPattern: {
      source: [EVENT_SOURCES.payments],
      'detail-type': [DETAIL_TYPES.purchaseCompleted],
    },
    target: 'sendWelcomeEmail' as FunctionId,
  },
  {
    id: 'supportMessageReceivedToSupportMail',
    eventPattern: {
      source: [EVENT_SOURCES.support],
      'detail-type': [DETAIL_TYPES.supportMessageReceived],
    },
    target: 'sendSupportMail' as FunctionId,
  },
  {
    // Delivery (D18): hosting created on the panel, the rest recorded for an operator.
    id: 'purchaseCompletedToProvisioning',
    eventPattern: {
      source: [EVENT_SOURCES.payments],
      'detail-type': [DETAIL_TYPES.purchaseCompleted],
    },
    target: 'provisionService' as FunctionId,
  },
  {
    // Converge (D22): a fact recorded on a service (it ended, a dispute, a hold, the reconciler
    // found it out of step) drives its provider to its desired state.
    id: 'serviceChangesToConverge',
    eventPattern: {
      source: [EVENT_SOURCES.refunds, EVENT_SOURCES.lifecycle],
      'detail-type': [DETAIL_TYPES.serviceCancelled, DETAIL_TYPES.serviceChanged],
    },
    target: 'provisionService' as FunctionId,
  },
  {
    // Refunds (D16): Razorpay asked once, the buyer mailed, the credit note.
    id: 'refundEventsToRefundsWorker',
    eventPattern: {
      source: [EVENT_SOURCES.refunds],
      'detail-type': [
        DETAIL_TYPES.refundRequested,
        DETAIL_TYPES.refundFailed,
        DETAIL_TYPES.refundCompleted,
      ],
    },
    target: 'refundsWorker' as FunctionId,
  },
  {
    // Tickets (D27): the acknowledgement, the support inbox's mail, each reply to the other side.
    id: 'ticketEventsToTicketMail',
    eventPattern: {
      source: [EVENT_SOURCES.tickets],
      'detail-type': [DETAIL_TYPES.ticketCreated, DETAIL_TYPES.ticketReplied],
    },
    target: 'ticketMail' as FunctionId,
  },
] as const;

/** Cognito user pool triggers. */
export const COGNITO_TRIGGERS = {
  preSignUp: 'preSignUp',
  postConfirmation: 'postConfirmation',
  customMessage: 'customMessage',
} as const satisfies Record<string, FunctionId>;

/**
 * A scheduled job: EventBridge Scheduler invokes `function` on `expression`, read in `timeZone`
 * (infra/lib/constructs/schedules.ts); the local stack runs it on the same schedule and on demand
 * at `POST /_local/jobs/{name}` (infra/local/scheduler.ts).
 */
export interface ScheduleDefinition {
  /** The job's name, also its local path. */
  name: string;
  function: FunctionId;
  /** EventBridge Scheduler's `cron(minutes hours day-of-month month day-of-week year)` or `rate(N unit)`. */
  expression: string;
  /** The IANA zone the cron is read in. */
  timeZone: string;
  description: string;
}

/** Each job's handler takes its "now" from the event's `time` (scheduledJobEvent). */
export const SCHEDULES: readonly ScheduleDefinition[] = [
  {
    name: 'payments-reconciler',
    function: 'paymentsReconciler',
    expression: 'rate(15 minutes)',
    timeZone: 'Asia/Kolkata',
    description:
      'Publishes PurchaseCompleted events the normal path left out, fulfils orders Razorpay holds a payment for, re-queues unsent support mail',
  },
  {
    name: 'renewal-reminders',
    function: 'renewalReminders',
    // Once a day at 09:00 in India: reminders arrive in the buyer's morning (D17).
    expression: 'cron(0 9 * * ? *)',
    timeZone: 'Asia/Kolkata',
    description:
      'Renewal reminders 30, 7 and 1 days before, the expiry notice, and suspension of hosting 7 days after expiry (D17)',
  },
  {
    name: 'auto-renew',
    function: 'autoRenewJob',
    // Once a day at 08:00 in India, before the renewal job: pre-debit notices in the buyer's
    // morning, debits at least 24 hours after them (D25).
    expression: 'cron(0 8 * * ? *)',
    timeZone: 'Asia/Kolkata',
    description:
      'Auto-renew: pre-debit notices 3 days before renewal, recurring debits 24 h after, retries daily, pay links above ₹15,000 (D25)',
  },
  {
    name: 'ticket-deadlines',
    function: 'ticketDeadlines',
    // Hourly: a ticket is known overdue within the hour it passes its deadline (D27).
    expression: 'rate(1 hour)',
    timeZone: 'Asia/Kolkata',
    description:
      'Marks tickets past their deadline overdue, mails the grievance officer for overdue grievances and counts them for the alarm (D27)',
  },
];

/** The values EventBridge Scheduler fills in for each run; locally the scheduler supplies them. */
export interface ScheduledRun {
  /** When the run was due, ISO-8601: the job's "now". */
  time: string;
  /** One id per attempted run. */
  id: string;
  scheduleArn: string;
  account: string;
  region: string;
}

/**
 * The event a job receives, in EventBridge's Scheduled Event shape (`ScheduledEvent` of
 * @types/aws-lambda). In AWS it is the schedule's input, filled in from the run's context
 * attributes (`<aws.scheduler.scheduled-time>`, ...); locally the same function builds it.
 */
export function scheduledJobEvent(schedule: ScheduleDefinition, run: ScheduledRun) {
  return {
    version: '0',
    id: run.id,
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account: run.account,
    time: run.time,
    region: run.region,
    resources: [run.scheduleArn],
    detail: { job: schedule.name },
  };
}
