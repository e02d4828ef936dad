/** Auto-renew's store and the opt-in/opt-out use cases' dependencies (D25). */
import { siteConfig } from '../../config/config';
import { logger } from '../../config/logger';
import { CATALOG } from '../../domain/catalog';
import type { ManageAutoRenewDeps } from '../../use-cases/auto-renew/manage-auto-renew';
import { mailer } from './mail';
import { paymentGateway } from './payments';
import { autoRenewStore, usersStore } from './stores';

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
