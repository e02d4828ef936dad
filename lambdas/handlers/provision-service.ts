import type { Context, EventBridgeEvent } from 'aws-lambda';
import { provisioningConfig, siteConfig } from '../config/config';
import { logger } from '../config/logger';
import {
  provisionService,
  type ProvisionOutcome,
  type ProvisionServiceDeps,
} from '../use-cases/provision-service';
import { eventPublisher } from './deps/events';
import { hostingPanel } from './deps/hosting-panel';
import { mailer } from './deps/mail';
import { parsePurchaseCompleted } from './deps/purchase-completed';
import { provisioningRecords } from './deps/stores';

type Event = EventBridgeEvent<'PurchaseCompleted', unknown>;

/**
 * EventBridge PurchaseCompleted → the service delivered (lambdas/use-cases/provision-service.ts).
 * Throws to make the bus retry: the panel down, a claim held by this delivery's crashed attempt,
 * a malformed detail (never dropped: retried, then dead-lettered and alarmed).
 */
export function makeHandler(deps: ProvisionServiceDeps) {
  return async (event: Event, context?: Context): Promise<{ outcome: ProvisionOutcome }> => {
    logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
    try {
      const detail = parsePurchaseCompleted(event.detail, deps.log);
      return { outcome: await provisionService(deps, detail, event.id) };
    } finally {
      logger.resetKeys();
    }
  };
}

export const handler = makeHandler({
  records: provisioningRecords(),
  panel: hostingPanel,
  announce: (detail) => eventPublisher.publish('ServiceProvisioned', detail),
  mailer,
  siteUrl: () => siteConfig().SITE_URL,
  placeholderDomain: () => provisioningConfig().HOSTING_PLACEHOLDER_DOMAIN,
  panelUrl: () => provisioningConfig().CONTROL_PANEL_URL,
  log: logger,
  now: () => new Date(),
});
