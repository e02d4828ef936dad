import { CfnCondition, CfnOutput, CfnParameter, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ROUTES } from './definitions/functions';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Events } from './constructs/events';
import { FollowUps } from './constructs/follow-ups';
import { Lambdas } from './constructs/lambdas';
import { Mail } from './constructs/mail';
import { Monitoring } from './constructs/monitoring';
import { Payments } from './constructs/payments';
import { Provisioning } from './constructs/provisioning';
import { Schedules } from './constructs/schedules';
import { sellerParameters } from './constructs/seller';
import { Site } from './constructs/site';
import { InboundMail } from './constructs/inbound-mail';
import { TicketFiles } from './constructs/ticket-files';
import { DEFAULT_WEB_DIST } from './paths';
import { Edge } from './constructs/edge';

export interface StorefrontStackProps extends StackProps {
  /** The web build to upload; `web/dist` by default. */
  webDistDir?: string;
}

/** S3 server access logs are delivered by bucket policy, not by the deprecated ACL. */
const FEATURE_FLAGS = { '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true } as const;

const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

/**
 * The whole storefront in one stack, composed of constructs by concern: data (tables and the
 * catalog seed), payments (Razorpay's secret), events (the bus), mail (SES), the Lambdas, auth
 * (Cognito), the API, the site (S3 + CloudFront) and monitoring.
 */
export class StorefrontStack extends Stack {
  readonly data: Data;
  readonly payments: Payments;
  readonly provisioning: Provisioning;
  readonly events: Events;
  /** Converge's follow-ups: their schedule group and Scheduler's role (E31). */
  readonly followUps: FollowUps;
  readonly mail: Mail;
  readonly ticketFiles: TicketFiles;
  readonly inboundMail: InboundMail;
  readonly lambdas: Lambdas;
  readonly auth: Auth;
  readonly api: Api;
  readonly site: Site;
  readonly edge: Edge;
  readonly schedules: Schedules;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: StorefrontStackProps = {}) {
    super(scope, id, {
      description:
        'Hosting storefront: SPA on CloudFront, HTTP API + Lambda + DynamoDB, Razorpay, SES',
      ...props,
    });
    // Feature flags this stack relies on, set here so that `cdk synth` and the tests agree.
    for (const [flag, value] of Object.entries(FEATURE_FLAGS)) this.node.setContext(flag, value);

    const senderEmail = new CfnParameter(this, 'SenderEmail', {
      type: 'String',
      allowedPattern: EMAIL_PATTERN,
      constraintDescription: 'an email address',
      description:
        'The address the storefront and Cognito mail from. Verify it in SES (in this region) before the deploy: the stack uses that identity, it does not create it.',
    });
    const supportEmail = new CfnParameter(this, 'SupportEmail', {
      type: 'String',
      default: '',
      description: 'Where contact-form messages go. Empty: the sender address.',
    });
    const alarmEmail = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      allowedPattern: EMAIL_PATTERN,
      constraintDescription: 'an email address',
      description: 'Who gets the alarms (SNS mails a confirmation link to it).',
    });
    const razorpayKeyId = new CfnParameter(this, 'RazorpayKeyId', {
      type: 'String',
      allowedPattern: '^rzp_(test|live)_[A-Za-z0-9]+$',
      constraintDescription: 'a Razorpay key id, rzp_test_... or rzp_live_...',
      description:
        "Razorpay's public key id (not secret), written to the site's config.json for Checkout: the keyId of the RazorpaySecretArn secret (npm run deploy checks that they agree).",
    });
    const placeholderDomain = new CfnParameter(this, 'HostingPlaceholderDomain', {
      type: 'String',
      default: 'sites.example.com',
      allowedPattern: '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$',
      constraintDescription: 'a domain name in lowercase, e.g. sites.example.in',
      description:
        'Hosting bought without a domain ("I\'ll add it later") gets site-XXXXXXXXXX.<this domain> on WHM. Use a domain of yours with a wildcard DNS record pointing at the WHM server.',
    });
    const controlPanelUrl = new CfnParameter(this, 'ControlPanelUrl', {
      type: 'String',
      default: '',
      allowedPattern: '^(https://[^\\s/]+(:[0-9]+)?/?)?$',
      constraintDescription: 'empty, or https://HOST[:PORT]',
      description:
        "The control panel's login page that mails and the dashboard show buyers, e.g. https://server1.example.in:2083. Empty: none is shown (Open control panel still signs buyers in).",
    });
    const grievanceEmail = new CfnParameter(this, 'GrievanceEmail', {
      type: 'String',
      default: '',
      allowedPattern: '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+)?$',
      constraintDescription: 'empty, or an email address',
      description:
        "The grievance officer's inbox (D27): grievance tickets and overdue grievances are mailed there. Empty: the support inbox.",
    });
    const ticketReplyAddress = new CfnParameter(this, 'TicketReplyAddress', {
      type: 'String',
      default: '',
      allowedPattern: '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+)?$',
      constraintDescription: 'empty, or an email address',
      description:
        'Replies by mail (D27): the address ticket mails ask buyers to reply to, received by SES in this region (only some regions receive mail: see the README). Empty: no replies by mail.',
    });
    const noSupportEmail = new CfnCondition(this, 'NoSupportEmail', {
      expression: Fn.conditionEquals(supportEmail.valueAsString, ''),
    });

    this.data = new Data(this, 'Data');
    this.payments = new Payments(this, 'Payments');
    this.provisioning = new Provisioning(this, 'Provisioning');
    this.events = new Events(this, 'Events');
    this.followUps = new FollowUps(this, 'FollowUps', { bus: this.events.bus });
    this.mail = new Mail(this, 'Mail', {
      senderEmail: senderEmail.valueAsString,
      supportEmail: Fn.conditionIf(
        noSupportEmail.logicalId,
        senderEmail.valueAsString,
        supportEmail.valueAsString,
      ).toString(),
    });
    this.ticketFiles = new TicketFiles(this, 'TicketFiles');
    this.edge = new Edge(this, 'Edge');
    this.lambdas = new Lambdas(this, 'Lambdas', {
      ticketFiles: this.ticketFiles,
      tickets: {
        grievanceEmail: grievanceEmail.valueAsString,
        replyAddress: ticketReplyAddress.valueAsString,
      },
      tables: this.data.tables,
      bus: this.events.bus,
      followUps: this.followUps,
      razorpaySecret: this.payments.razorpaySecret,
      mail: this.mail,
      whmSecret: this.provisioning.whmSecret,
      registrarSecret: this.provisioning.registrarSecret,
      proxmoxSecret: this.provisioning.proxmoxSecret,
      storageSecret: this.provisioning.storageSecret,
      hosting: {
        placeholderDomain: placeholderDomain.valueAsString,
        controlPanelUrl: controlPanelUrl.valueAsString,
      },
    });
    const { functions } = this.lambdas;
    this.lambdas.addOriginSecret(this.edge.originSecret);
    this.inboundMail = new InboundMail(this, 'InboundMail', {
      replyAddress: ticketReplyAddress.valueAsString,
      ticketFiles: this.ticketFiles,
      inboundMail: functions.inboundMail,
    });
    this.events.addRules({ functions });
    this.schedules = new Schedules(this, 'Schedules', { functions });
    this.auth = new Auth(this, 'Auth', { functions, senderEmail: this.mail.senderEmail });
    this.lambdas.addUserPool(this.auth.userPool);
    this.lambdas.addSeller(sellerParameters(this));
    this.api = new Api(this, 'Api', {
      functions,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
    });
    this.site = new Site(this, 'Site', {
      webDistDir: props.webDistDir ?? DEFAULT_WEB_DIST,
      httpApi: this.api.httpApi,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      razorpayKeyId: razorpayKeyId.valueAsString,
      ticketUploadsOrigin: this.ticketFiles.endpoint,
      originSecret: this.edge.originSecret,
      webAclArn: this.edge.webAclArn,
    });
    // After the distribution exists: the mail Lambdas link to the site; its pages upload files.
    this.lambdas.addSiteUrl(this.site.url);
    this.ticketFiles.allowUploadsFrom(this.site.url);

    const webhookRoute = ROUTES.find((route) => route.path.startsWith('/api/webhooks/'));
    if (!webhookRoute)
      throw new Error('ROUTES has no /api/webhooks/ route for the Razorpay webhook');
    this.monitoring = new Monitoring(this, 'Monitoring', {
      alarmEmail: alarmEmail.valueAsString,
      deadLetterQueues: [
        ...this.events.deadLetterQueues,
        ...this.schedules.deadLetterQueues,
        this.inboundMail.deadLetterQueue,
      ],
      httpApi: this.api.httpApi,
      watchedFunctions: [...this.events.targets, ...this.schedules.targets, functions.inboundMail],
      webhook: functions[webhookRoute.function],
      reconciler: functions.paymentsReconciler,
      refundsWorker: functions.refundsWorker,
      ticketDeadlines: functions.ticketDeadlines,
    });

    new CfnOutput(this, 'SiteUrl', { description: 'The storefront', value: this.site.url });
    new CfnOutput(this, 'ApiUrl', {
      description: 'The API, on the site origin',
      value: `${this.site.url}/api`,
    });
    new CfnOutput(this, 'RazorpayWebhookUrl', {
      description: "Paste into Razorpay's dashboard: Settings → Webhooks → Add New Webhook",
      value: `${this.site.url}${webhookRoute.path}`,
    });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'WhmSecretArn', {
      description:
        'Put your WHM server, API token user and token in this secret: JSON {"host","user","token"}',
      value: this.provisioning.whmSecret.secretArn,
    });
    new CfnOutput(this, 'RegistrarSecretArn', {
      description:
        'Put your LogicBoxes reseller id and API key in this secret: JSON {"url","resellerId","apiKey"}',
      value: this.provisioning.registrarSecret.secretArn,
    });
    new CfnOutput(this, 'ProxmoxSecretArn', {
      description:
        'Put your Proxmox VE API token, node, OS templates and IPv4 ranges in this secret: JSON {"url","tokenId","secret","node","templates","ipv4Pool"}',
      value: this.provisioning.proxmoxSecret.secretArn,
    });
    new CfnOutput(this, 'StorageSecretArn', {
      description:
        'Put your Ceph RGW origin, S3 endpoint and admin user keys in this secret: JSON {"url","endpoint","accessKeyId","secretAccessKey"}',
      value: this.provisioning.storageSecret.secretArn,
    });
    new CfnOutput(this, 'OrdersTableName', {
      description: 'The orders table: `npm run backfill -- --orders-table NAME` after a deploy',
      value: this.data.tables.orders.tableName,
    });
    new CfnOutput(this, 'ServicesTableName', {
      description:
        'The services table: `npm run backfill -- --services-table NAME --event-bus BUS` after a deploy',
      value: this.data.tables.services.tableName,
    });
    new CfnOutput(this, 'UsersTableName', {
      description: 'The users table: `npm run backfill -- --users-table NAME` after a deploy',
      value: this.data.tables.users.tableName,
    });
    new CfnOutput(this, 'PurchasesTableName', {
      description:
        'The purchases table: `npm run backfill -- --purchases-table NAME` after a deploy (GSTR-1)',
      value: this.data.tables.purchases.tableName,
    });
    new CfnOutput(this, 'EventBusName', {
      description: 'The storefront bus, where the backfill hands services to converge',
      value: this.events.bus.eventBusName,
    });
    new CfnOutput(this, 'WebAclArn', {
      description:
        "The site's AWS WAF web ACL, in us-east-1 (CloudFront's): per-address rate limits on /api",
      value: this.edge.webAclArn,
    });
    new CfnOutput(this, 'HttpApiEndpoint', {
      description: 'The API Gateway endpoint behind CloudFront (for diagnostics)',
      value: this.api.httpApi.apiEndpoint,
    });
  }
}
