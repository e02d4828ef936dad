/** Auto-renew's store and the opt-in/opt-out use cases' dependencies (D25). */
import { DynamoAutoRenewStore } from '../../adapters/dynamodb/auto-renew';
import { dynamo } from '../../adapters/dynamodb/clients';
import { siteConfig, tableName } from '../../config/config';
import { logger } from '../../config/logger';
import { CATALOG } from '../../domain/catalog';
import type { ManageAutoRenewDeps } from '../../use-cases/auto-renew/manage-auto-renew';
import { mailer } from './mail';
import { paymentGateway } from './payments';
import { usersStore } from './stores';
import { wiring } from './wiring';

export function autoRenewStore(): DynamoAutoRenewStore {
  wiring.tables.add('services');
  return new DynamoAutoRenewStore(dynamo, () => tableName('services'));
}

export function manageAutoRenewDeps(): ManageAutoRenewDeps {
  return {
    store: autoRenewStore(),
    users: usersStore(),
    // The catalog the plans table is seeded from: the renewal price checkout charges, no reads.
    plans: async () => CATALOG,
    gateway: paymentGateway,
    mailer,
    siteUrl: () => siteConfig().SITE_URL,
    log: logger,
    now: () => new Date(),
  };
}
