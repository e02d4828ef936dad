import type { Context, EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { provisioningConfig, siteConfig, transferFollowUpMs } from '../config/config';
import { logger } from '../config/logger';
import { convergeService, type ConvergeResult } from '../use-cases/converge-service';
import { convergeDepsOf, type ConvergeHandlerDeps } from './deps/converge';
import { eventPublisher } from './deps/events';
import { followUps } from './deps/follow-ups';
import { hostingPanel } from './deps/hosting-panel';
import { mailer } from './deps/mail';
import { parsePurchaseCompleted } from './deps/purchase-completed';
import { computePartFor } from './deps/compute';
import { registrarPartFor } from './deps/registrar';
import { storagePart } from './deps/storage';
import { cancelService } from '../use-cases/refunds/cancel-service';
import { domainTaken } from '../use-cases/domain-taken';
import {
  provisioningRecords,
  purchasesStore,
  refundsStore,
  servicesStore,
  usersStore,
} from './deps/stores';

export type { ConvergeHandlerDeps };

type Event = EventBridgeEvent<'PurchaseCompleted' | 'ServiceChanged' | 'ServiceCancelled', unknown>;

const text = z.string().check(z.minLength(1));
// Not strict: a field a newer publisher adds must not dead-letter converge.
const serviceRef = z.object({ userId: text, serviceId: text });

/** A ServiceChanged or ServiceCancelled detail that names no service: retried, then dead-lettered. */
export class MalformedServiceEventError extends Error {
  override readonly name = 'MalformedServiceEventError';
}

/**
 * Converge's consumer on the bus (lambdas/use-cases/converge-service.ts, D22): PurchaseCompleted
 * (a period on the ledger: deliver the service, or bring a renewed one back), ServiceCancelled
 * and ServiceChanged (a fact recorded, or the reconciler found the service out of step). Every
 * event only names the service; what is done comes from the service as it is now. Throws to make
 * the bus retry: the panel down, another attempt acting on the service, a malformed detail.
 */
export function makeHandler(deps: ConvergeHandlerDeps) {
  const converge = convergeDepsOf(deps);
  return async (event: Event, context?: Context): Promise<ConvergeResult> => {
    logger.appendKeys({ eventId: event.id, awsRequestId: context?.awsRequestId });
    try {
      if (event['detail-type'] === 'PurchaseCompleted') {
        const detail = parsePurchaseCompleted(event.detail, deps.log);
        const serviceId = detail.serviceId ?? detail.purchaseId;
        return await convergeService(
          converge,
          { userId: detail.userId, serviceId },
          {
            deliveryId: event.id,
            request: { ...detail, serviceId },
            rethrow: true,
            handOver: true,
          },
        );
      }
      const parsed = serviceRef.safeParse(event.detail);
      if (!parsed.success) {
        throw new MalformedServiceEventError(
          `${event['detail-type']} names no service: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(detail)'}: ${i.code}`).join('; ')}`,
        );
      }
      return await convergeService(converge, parsed.data, {
        deliveryId: event.id,
        rethrow: true,
        handOver: true,
      });
    } finally {
      logger.resetKeys();
    }
  };
}

const users = usersStore();
const services = servicesStore();
/**
 * A name taken before it could be registered, or a transfer in that failed, is refunded in full at
 * once (D23), as Cancel does.
 */
const refundUnregistered = {
  services,
  purchases: purchasesStore(),
  users,
  refunds: refundsStore(),
  events: eventPublisher,
  log: logger,
  now: () => new Date(),
};

export const handler = makeHandler({
  records: provisioningRecords(),
  services,
  users,
  panel: hostingPanel,
  // A domain is registered at the registrar (D23).
  registrar: {
    ...registrarPartFor(users, services),
    // A young pending transfer is looked at again by converge's follow-ups (E31).
    transferFollowUpMs: transferFollowUpMs(),
    // A paid name is refunded in full at once; a hosting's free one is not (nothing was paid):
    // its buyer is mailed to choose another name on its card (D23).
    taken: (service) =>
      domainTaken(
        {
          users,
          mailer,
          siteUrl: () => siteConfig().SITE_URL,
          log: logger,
          refund: (paid) =>
            cancelService(refundUnregistered, {
              userId: paid.userId,
              serviceId: paid.serviceId,
              // A failed transfer in (D23) is refunded the same way; its reason is the transfer's.
              reason: paid.transfer
                ? 'The domain could not be transferred to us'
                : 'The domain was registered by someone else before we could register it',
              origin: 'operator',
              unregisteredDomain: true,
            }).then(() => undefined),
        },
        service,
      ),
  },
  // A VPS's VM on the VPS platform (D24).
  compute: computePartFor(services),
  // A storage service's user at the object storage (D24).
  storage: storagePart(),
  // A clone still running or a young transfer: converge's own next pass (E31).
  followUps,
  announce: (detail) => eventPublisher.publish('ServiceProvisioned', detail),
  mailer,
  siteUrl: () => siteConfig().SITE_URL,
  placeholderDomain: () => provisioningConfig().HOSTING_PLACEHOLDER_DOMAIN,
  panelUrl: () => provisioningConfig().CONTROL_PANEL_URL,
  log: logger,
  now: () => new Date(),
});
