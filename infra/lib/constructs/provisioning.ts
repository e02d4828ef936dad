import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** What the operator replaces after the first deploy (README, Pointing it at your WHM server). */
export const WHM_SECRET_PLACEHOLDERS = {
  host: 'whm.example.com',
  user: 'REPLACE_ME',
} as const;

/** What the operator replaces in the registrar secret (README, what AWS needs). */
export const REGISTRAR_SECRET_PLACEHOLDERS = {
  url: 'https://httpapi.com',
  resellerId: 'REPLACE_ME',
} as const;

/** What the operator replaces in the Proxmox VE secret (README, what AWS needs). */
export const PROXMOX_SECRET_PLACEHOLDERS = {
  url: 'https://pve.example.com:8006',
  tokenId: 'storefront@pve!converge',
  node: 'pve',
  templates: {},
  ipv4Pool: '',
} as const;

/** What the operator replaces in the object storage secret (README, what AWS needs). */
export const STORAGE_SECRET_PLACEHOLDERS = {
  url: 'https://s3.example.com',
  endpoint: 'https://s3.example.com',
  accessKeyId: 'REPLACE_ME',
} as const;

/**
 * The hosting panel's API credentials: one Secrets Manager secret holding JSON
 * `{"host", "user", "token"}` (a WHM API token with only the privileges provisioning uses), read by
 * the provisioning and panel-login Lambdas at cold start and again after WHM refuses them.
 *
 * The stack creates it with placeholders, so a deploy never needs the token on the command line
 * or in a template; the operator puts in their server's with `aws secretsmanager
 * put-secret-value`. Until then provisioning fails loudly (retried, dead-lettered, alarmed) and the
 * buyer sees "Setting up". CloudFormation sets the value only when it creates the secret.
 */
export class Provisioning extends Construct {
  readonly whmSecret: Secret;
  /**
   * The domain registrar's API credentials (D23): JSON `{"url","resellerId","apiKey"}` for the
   * LogicBoxes HTTP API (https://httpapi.com), created with placeholders like the WHM secret and
   * filled in by the operator; until then a domain waits in "Setting up" (converge retries it).
   */
  readonly registrarSecret: Secret;
  /**
   * The VPS platform's API token (D24): JSON `{"url","tokenId","secret","node","templates",
   * "ipv4Pool"}` for Proxmox VE, created with placeholders and filled in by the operator; until
   * then a VPS waits in "Setting up" (converge retries it, listed out of step).
   */
  readonly proxmoxSecret: Secret;
  /**
   * The object storage's admin credentials (D24): JSON `{"url","endpoint","accessKeyId",
   * "secretAccessKey","region"?}` of a Ceph RGW admin user (caps users=read,write), created with
   * placeholders and filled in by the operator; until then storage waits in "Setting up".
   */
  readonly storageSecret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.whmSecret = new Secret(this, 'WhmSecret', {
      description:
        'WHM API credentials, JSON {"host","user","token"}: your WHM server (host name or https://HOST:2087), the API token\'s user and the token (README: the privileges it needs).',
      // The host and user as placeholders; the token stands in as a random string (CloudFormation
      // asks for a generated key), replaced by the operator with their WHM API token.
      generateSecretString: {
        secretStringTemplate: JSON.stringify({
          host: WHM_SECRET_PLACEHOLDERS.host,
          user: WHM_SECRET_PLACEHOLDERS.user,
        }),
        generateStringKey: 'token',
        excludePunctuation: true,
        passwordLength: 32,
      },
    });
    this.registrarSecret = new Secret(this, 'RegistrarSecret', {
      description:
        'Domain registrar (LogicBoxes HTTP API) credentials, JSON {"url","resellerId","apiKey"}: https://httpapi.com, your reseller id (auth-userid) and API key.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify(REGISTRAR_SECRET_PLACEHOLDERS),
        generateStringKey: 'apiKey',
        excludePunctuation: true,
        passwordLength: 32,
      },
    });
    this.proxmoxSecret = new Secret(this, 'ProxmoxSecret', {
      description:
        'Proxmox VE API token for VPS, JSON {"url","tokenId","secret","node","templates","ipv4Pool"}: https://HOST:8006, USER@REALM!TOKENID, the token secret, the node, each OS\'s template VMID and the IPv4 ranges (FIRST-LAST/PREFIX@GATEWAY,...).',
      generateSecretString: {
        secretStringTemplate: JSON.stringify(PROXMOX_SECRET_PLACEHOLDERS),
        generateStringKey: 'secret',
        excludePunctuation: true,
        passwordLength: 32,
      },
    });
    acknowledge(
      this.proxmoxSecret,
      'AwsSolutions-SMG4',
      'Proxmox VE API tokens are made and revoked by a Proxmox administrator (Datacenter → Permissions → API Tokens); a rotation Lambda would need a more privileged token than the one it rotates. The README tells how to rotate the token by hand.',
    );
    this.storageSecret = new Secret(this, 'StorageSecret', {
      description:
        'Object storage (Ceph RGW Admin Ops) credentials, JSON {"url","endpoint","accessKeyId","secretAccessKey"}: the RGW origin, the S3 endpoint buyers use, and an admin user\'s S3 keys (caps users=read,write).',
      generateSecretString: {
        secretStringTemplate: JSON.stringify(STORAGE_SECRET_PLACEHOLDERS),
        generateStringKey: 'secretAccessKey',
        excludePunctuation: true,
        passwordLength: 40,
      },
    });
    acknowledge(
      this.storageSecret,
      'AwsSolutions-SMG4',
      'RGW admin keys are made and removed with radosgw-admin or the Admin Ops API by the storage operator; the README tells how to rotate them by hand.',
    );
    acknowledge(
      this.registrarSecret,
      'AwsSolutions-SMG4',
      'LogicBoxes API keys are made and revoked in the reseller control panel (Settings → API); there is no API a rotation Lambda could call. The README tells how to rotate the key by hand.',
    );
    acknowledge(
      this.whmSecret,
      'AwsSolutions-SMG4',
      'WHM API tokens are made and revoked in WHM itself (Manage API Tokens); there is no API a rotation Lambda could call without holding a root token. The README tells how to rotate the token by hand.',
    );
  }
}
