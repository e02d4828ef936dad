/**
 * The VPS platform (Proxmox VE API, D24): its token, templates and address pool once per cold
 * start (the environment locally, the PROXMOX_SECRET_ARN secret in AWS), dropped and fetched
 * again when Proxmox refuses the token (a rotated one). The IPv4 pool's allocations live on the
 * counters table.
 */
import { DynamoAddressPool } from '../../adapters/dynamodb/address-pool-table';
import { dynamo } from '../../adapters/dynamodb/clients';
import { ProxmoxApi } from '../../adapters/proxmox/proxmox-api';
import { ProxmoxCompute } from '../../adapters/proxmox/proxmox-compute';
import { proxmoxCredentialsLoader } from '../../adapters/proxmox/proxmox-credentials';
import { secretsManager } from '../../adapters/secrets/clients';
import { cloneWaitPerPassMs, proxmoxConfig, tableName } from '../../config/config';
import type { ServicesStore } from '../../ports/services';
import type { ComputePart } from '../../use-cases/converge-compute';
import { wiring } from './wiring';

wiring.needs.add('proxmoxSecret');
wiring.tables.add('counters');

const credentials = proxmoxCredentialsLoader(() => proxmoxConfig(), secretsManager);

export const compute = new ProxmoxCompute(
  new ProxmoxApi({ credentials, forgetCredentials: () => credentials.forget() }),
  async () => (await credentials()).templates,
);

export const addressPool = new DynamoAddressPool(
  dynamo,
  () => tableName('counters'),
  async () => (await credentials()).ipv4Ranges,
);

/**
 * Converge's VPS part (D24): this platform, this pool, the service's VPS fields. One pass waits on
 * a running clone for CLONE_WAIT_PER_PASS_SECONDS (lambdas/system/facts.ts), then leaves it to its
 * follow-up (E31).
 */
export function computePartFor(services: Pick<ServicesStore, 'updateVps'>): ComputePart {
  return {
    compute,
    pool: addressPool,
    services,
    // Read when a pass first waits, not as the module loads.
    get taskWaitMs() {
      return cloneWaitPerPassMs();
    },
    taskPollMs: 2_000,
  };
}
