import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { ConfigurationError } from '../../config/config';
import { isVpsOs, VPS_OS_IDS, type VpsOs } from '../../ports/compute';
import { Ipv4PoolConfigError, parseIpv4Ranges, type Ipv4Range } from '../../domain/ipv4-pool';
import { fetchedOnce, type FetchedOnce } from '../secrets/fetched-once';
import { secureOrigin, urlOf } from '../secrets/provider-origin';
import { secretJson } from '../secrets/secret-json';

/**
 * Where and as whom Proxmox VE's API is called. Never logged: `secret` is the API token's secret
 * (`Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`).
 */
export interface ProxmoxCredentials {
  /** The API's origin: https://pve.example.net:8006. */
  baseUrl: string;
  /** `USER@REALM!TOKENID`. */
  tokenId: string;
  secret: string;
  /** The node VMs are made on. */
  node: string;
  /** Each OS's template VMID; an OS left out has none. */
  templates: Partial<Record<VpsOs, number>>;
  /** The operator's IPv4 ranges for VPS addresses. */
  ipv4Ranges: Ipv4Range[];
}

export type ProxmoxSettings =
  | {
      source: 'environment';
      url: string;
      tokenId: string;
      secret: string;
      node: string;
      /** PROXMOX_TEMPLATES. */
      templates: string;
      /** IPV4_POOL. */
      ipv4Pool: string;
    }
  | { source: 'secretsManager'; secretArn: string };

export type ProxmoxCredentialsSource = FetchedOnce<ProxmoxCredentials>;

/** The API's origin; plain http only to this machine (the stand-in): the token is a header. */
export function proxmoxBaseUrl(text: string): string {
  return secureOrigin(urlOf(text.trim(), 'PROXMOX_URL'), 'PROXMOX_URL', {
    carries: 'the API token',
  });
}

const TOKEN_ID = /^[^@\s!]+@[^@\s!]+![A-Za-z][A-Za-z0-9._-]*$/;

function tokenIdOf(text: string, where: string): string {
  const tokenId = text.trim();
  if (!TOKEN_ID.test(tokenId)) {
    throw new ConfigurationError(`${where} must be USER@REALM!TOKENID (got "${tokenId}").`);
  }
  return tokenId;
}

const field = z.string().check(z.trim(), z.minLength(1));
const secretShape = z.object({
  url: field,
  tokenId: field,
  secret: field,
  node: field,
  templates: z.optional(z.record(z.string(), z.number())),
  ipv4Pool: z.optional(z.string()),
});

function rangesOf(text: string): Ipv4Range[] {
  try {
    return parseIpv4Ranges(text);
  } catch (error) {
    if (error instanceof Ipv4PoolConfigError) throw new ConfigurationError(error.message);
    throw error;
  }
}

/**
 * The token, fetched once per cold start: from the environment locally, from the Secrets Manager
 * secret (JSON {"url","tokenId","secret","node"}) in AWS. A failed fetch is not kept; `forget()`
 * drops what was fetched, so a token rotated in the secret is picked up without a redeploy.
 */
export function proxmoxCredentialsLoader(
  settings: () => ProxmoxSettings,
  client: SecretsManagerClient,
): ProxmoxCredentialsSource {
  return fetchedOnce(() => load(settings(), client));
}

async function load(
  settings: ProxmoxSettings,
  client: SecretsManagerClient,
): Promise<ProxmoxCredentials> {
  if (settings.source === 'environment') {
    return {
      baseUrl: proxmoxBaseUrl(settings.url),
      tokenId: tokenIdOf(settings.tokenId, 'PROXMOX_TOKEN_ID'),
      secret: settings.secret,
      node: settings.node,
      templates: parseTemplates(settings.templates),
      ipv4Ranges: rangesOf(settings.ipv4Pool),
    };
  }
  const data = await secretJson(client, settings.secretArn, secretShape, {
    name: 'The Proxmox secret (PROXMOX_SECRET_ARN)',
    holds:
      '{"url","tokenId","secret","node","templates":{"ubuntu-24.04":9000,...},"ipv4Pool":"FIRST-LAST/PREFIX@GATEWAY,..."}',
  });
  const { url, tokenId, secret, node, templates, ipv4Pool } = data;
  return {
    baseUrl: proxmoxBaseUrl(url),
    tokenId: tokenIdOf(tokenId, "The Proxmox secret's tokenId"),
    secret,
    node,
    templates: parseTemplates(
      Object.entries(templates ?? {})
        .map(([os, vmid]) => `${os}=${vmid}`)
        .join(','),
    ),
    ipv4Ranges: rangesOf(ipv4Pool ?? ''),
  };
}

/**
 * The template VMID of each OS, from PROXMOX_TEMPLATES ("ubuntu-24.04=9000,debian-12=9001,...").
 * An OS left out has no template: a VPS asking for it is out of step with a sentence, not a guess.
 */
export function parseTemplates(text: string | undefined): Partial<Record<VpsOs, number>> {
  const templates: Partial<Record<VpsOs, number>> = {};
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [os, id] = entry.split('=').map((part) => part.trim());
    const vmid = Number(id);
    if (!isVpsOs(os) || !Number.isInteger(vmid) || vmid < 100) {
      throw new ConfigurationError(
        `PROXMOX_TEMPLATES entry "${entry}" is not OS=VMID with an OS of ${VPS_OS_IDS.join(', ')} and a VMID of 100 or more.`,
      );
    }
    templates[os] = vmid;
  }
  return templates;
}
