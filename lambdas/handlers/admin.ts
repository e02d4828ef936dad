import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { provisioningConfig, siteConfig } from '../config/config';
import { logger } from '../config/logger';
import {
  RESOLVE_ACTIONS,
  SERVICE_ACTIONS,
  type AdminCustomerResponse,
  type AdminCustomersResponse,
  type AdminSearchResponse,
  type CustomerListResponse,
  type AdminOrdersResponse,
  type AdminProvisioningResponse,
  type ConvergeServiceResponse,
  type DeadLettersResponse,
  type MarkServiceReadyResponse,
  type OperatorRef,
  type OutOfStepResponse,
  type RemovalsResponse,
  type ResolveReviewResponse,
  type ServiceActionResponse,
} from '../domain/admin';
import { ORDER_STATUSES } from '../domain/order';
import { totpOperatorOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { NotFoundRouteError, ValidationError } from '../http/request-errors';
import type { SecondFactors } from '../ports/second-factor';
import { binary, json } from '../http/response';
import { listStuck, redrive, type DeadLettersDeps } from '../use-cases/admin/dead-letters';
import {
  customerDashboard,
  findCustomer,
  findCustomers,
  noteCustomer,
  type FindCustomersDeps,
} from '../use-cases/admin/find-customers';
import { listCustomers, searchEverything, type SearchDeps } from '../use-cases/admin/search';
import { resendMail, type ResendMailDeps } from '../use-cases/admin/resend-mail';
import { ticketsStore } from './deps/tickets';
import { listOrders, type ListOrdersDeps } from '../use-cases/admin/list-orders';
import {
  listWaitingServices,
  markServiceReady,
  type AdminProvisioningDeps,
} from '../use-cases/admin/provisioning';
import { resolveReview, type ResolveReviewDeps } from '../use-cases/admin/resolve-review';
import { serviceAction, type ServiceActionsDeps } from '../use-cases/admin/service-actions';
import {
  convergeNow,
  listOutOfStep,
  listRemovals,
  type ServiceLifeDeps,
} from '../use-cases/admin/service-life';
import { summariseToday, type TodayDeps } from '../use-cases/admin/today';
import { gstr1Report, revenueReport, type ReportsDeps } from '../use-cases/admin/reports';
import { gstr1CsvFiles } from '../domain/gstr1';
import { revenueCsv } from '../domain/revenue';
import { zipSync, strToU8 } from 'fflate';
import { convergeDepsOf } from './deps/converge';
import { computePartFor } from './deps/compute';
import { registrarPartFor } from './deps/registrar';
import { storagePart } from './deps/storage';
import { documentCounters } from './deps/counters';
import { eventPublisher } from './deps/events';
import { hostingPanel } from './deps/hosting-panel';
import { httpHandler } from '../http/http-handler';
import { mailer } from './deps/mail';
import { paymentGateway } from './deps/payments';
import { secondFactors } from './deps/second-factors';
import { sellerDetails } from './deps/seller';
import {
  auditLog,
  messagesStore,
  ordersStore,
  provisioningRecords,
  purchasesStore,
  refundsStore,
  servicesStore,
  usersStore,
  mailLog,
  welcomeMailStates,
} from './deps/stores';

export type AdminDeps = ListOrdersDeps &
  ResolveReviewDeps &
  FindCustomersDeps &
  DeadLettersDeps &
  TodayDeps &
  AdminProvisioningDeps &
  ServiceLifeDeps &
  ServiceActionsDeps &
  SearchDeps &
  ReportsDeps &
  ResendMailDeps & {
    /** Whether the operator's account has TOTP on (D28). */
    secondFactors: SecondFactors;
  };

const note = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A note is required: say why, for the next person who reads the order.'),
    z.maxLength(1000),
  );
const resolveBody = z.strictObject({ action: z.enum(RESOLVE_ACTIONS), note });
const redriveBody = z.strictObject({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
});
const orderStatus = z.enum(ORDER_STATUSES);
const waitingState = z.enum(['manual', 'failed']);
const detailText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const markReadyBody = z.strictObject({
  // Label → value, as the buyer's mail and dashboard show them; never a password.
  details: z.record(detailText(60), detailText(500)).check(
    z.refine((details) => Object.keys(details).length >= 1 && Object.keys(details).length <= 20, {
      message: 'Give between 1 and 20 access details.',
    }),
  ),
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
});
const serviceId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
const userId = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));
const convergeBody = z.strictObject({ userId: z.optional(userId) });
// The contract's whole request (issue #27 builds the other actions); `remove` needs only the note.
const serviceNote = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A note is required: say why, for the next person who looks at the service.'),
    z.maxLength(1000),
  );
const serviceActionBody = z.strictObject({
  action: z.enum(SERVICE_ACTIONS),
  note: serviceNote,
  userId: z.optional(userId),
  days: z.optional(z.int().check(z.positive(), z.maximum(3660))),
  paymentId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  amountPaise: z.optional(z.int().check(z.positive())),
  requestId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});
const customerNoteBody = z.strictObject({
  note: serviceNote,
  noteId: z.string().check(z.trim(), z.minLength(8), z.maxLength(64)),
});
const resendBody = z.strictObject({
  mailId: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  resendId: z.string().check(z.trim(), z.minLength(8), z.maxLength(64)),
  note: serviceNote,
});
const orderId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

function query(event: APIGatewayProxyEventV2, name: string): string | undefined {
  return event.queryStringParameters?.[name];
}

const operatorRef = async (
  event: APIGatewayProxyEventV2,
  deps: AdminDeps,
): Promise<OperatorRef> => {
  const operator = await totpOperatorOf(event, deps.secondFactors);
  return { userId: operator.userId, email: operator.email };
};

/**
 * The operator's console, /api/admin/*. Every route asks totpOperatorOf() first: the JWT
 * authorizer proves who the caller is, the token's group says whether they may be here (403
 * forbidden otherwise), and the account must have TOTP on (D28; 403 mfa_required otherwise).
 */
export function makeHandler(deps: AdminDeps) {
  return httpHandler(async (event) => {
    const operator = await operatorRef(event, deps);
    switch (event.routeKey) {
      case 'GET /api/admin/orders': {
        const status = orderStatus.safeParse(query(event, 'status') ?? 'review');
        if (!status.success) {
          throw new ValidationError(`status must be one of: ${ORDER_STATUSES.join(', ')}.`);
        }
        const answer: AdminOrdersResponse = { orders: await listOrders(deps, status.data) };
        return json(200, answer);
      }
      case 'POST /api/admin/orders/{orderId}/resolve': {
        const id = orderId.safeParse(event.pathParameters?.orderId);
        if (!id.success) throw new ValidationError('The order id is missing.');
        const body = parseJsonBody(event, resolveBody);
        const answer: ResolveReviewResponse = {
          order: await resolveReview(deps, operator, id.data, body),
        };
        return json(200, answer);
      }
      case 'GET /api/admin/customers': {
        const answer: AdminCustomersResponse = {
          customers: await findCustomers(deps, query(event, 'email') ?? ''),
        };
        return json(200, answer);
      }
      case 'GET /api/admin/dead-letters': {
        const answer: DeadLettersResponse = { items: await listStuck(deps) };
        return json(200, answer);
      }
      case 'POST /api/admin/dead-letters/redrive': {
        const body = parseJsonBody(event, redriveBody);
        return json(200, await redrive(deps, operator, body.id, body.note ?? ''));
      }
      case 'GET /api/admin/today':
        return json(200, await summariseToday(deps));
      case 'GET /api/admin/provisioning': {
        const state = waitingState.safeParse(query(event, 'state') ?? 'manual');
        if (!state.success) throw new ValidationError('state must be one of: manual, failed.');
        const answer: AdminProvisioningResponse = {
          services: await listWaitingServices(deps, state.data),
        };
        return json(200, answer);
      }
      case 'POST /api/admin/services/{serviceId}/provisioning': {
        const id = serviceId.safeParse(event.pathParameters?.serviceId);
        if (!id.success) throw new ValidationError('The service id is missing.');
        const body = parseJsonBody(event, markReadyBody);
        const answer: MarkServiceReadyResponse = {
          service: await markServiceReady(deps, operator, id.data, body.details, body.note ?? ''),
        };
        return json(200, answer);
      }
      case 'GET /api/admin/out-of-step': {
        const answer: OutOfStepResponse = { services: await listOutOfStep(deps) };
        return json(200, answer);
      }
      case 'POST /api/admin/services/{serviceId}/converge': {
        const id = serviceId.safeParse(event.pathParameters?.serviceId);
        if (!id.success) throw new ValidationError('The service id is missing.');
        const body = event.body ? parseJsonBody(event, convergeBody) : {};
        const answer: ConvergeServiceResponse = {
          service: await convergeNow(deps, operator, id.data, body.userId),
        };
        return json(200, answer);
      }
      case 'GET /api/admin/removals': {
        const answer: RemovalsResponse = { services: await listRemovals(deps) };
        return json(200, answer);
      }
      case 'POST /api/admin/services/{serviceId}/actions': {
        const id = serviceId.safeParse(event.pathParameters?.serviceId);
        if (!id.success) throw new ValidationError('The service id is missing.');
        const body = parseJsonBody(event, serviceActionBody);
        const answer: ServiceActionResponse = {
          service: await serviceAction(deps, operator, id.data, {
            action: body.action,
            note: body.note,
            ...(body.userId ? { userId: body.userId } : {}),
            ...(body.days !== undefined ? { days: body.days } : {}),
            ...(body.paymentId ? { paymentId: body.paymentId } : {}),
            ...(body.amountPaise !== undefined ? { amountPaise: body.amountPaise } : {}),
            ...(body.requestId ? { requestId: body.requestId } : {}),
          }),
        };
        return json(200, answer);
      }
      case 'GET /api/admin/search': {
        const answer: AdminSearchResponse = await searchEverything(deps, query(event, 'q') ?? '');
        return json(200, answer);
      }
      case 'GET /api/admin/customer-list': {
        const after = query(event, 'after');
        const answer: CustomerListResponse = await listCustomers(
          deps,
          after && after.length <= 512 ? after : undefined,
        );
        return json(200, answer);
      }
      case 'GET /api/admin/customers/{userId}': {
        const id = userId.safeParse(event.pathParameters?.userId);
        if (!id.success) throw new ValidationError("The customer's id is missing.");
        const answer: AdminCustomerResponse = { customer: await findCustomer(deps, id.data) };
        return json(200, answer);
      }
      case 'GET /api/admin/customers/{userId}/dashboard': {
        const id = userId.safeParse(event.pathParameters?.userId);
        if (!id.success) throw new ValidationError("The customer's id is missing.");
        return json(200, await customerDashboard(deps, operator, id.data));
      }
      case 'POST /api/admin/customers/{userId}/notes': {
        const id = userId.safeParse(event.pathParameters?.userId);
        if (!id.success) throw new ValidationError("The customer's id is missing.");
        const body = parseJsonBody(event, customerNoteBody);
        const entry = await noteCustomer(deps, operator, id.data, body.note, body.noteId);
        return json(200, { entry });
      }
      case 'POST /api/admin/customers/{userId}/mails/resend': {
        const id = userId.safeParse(event.pathParameters?.userId);
        if (!id.success) throw new ValidationError("The customer's id is missing.");
        const body = parseJsonBody(event, resendBody);
        return json(
          200,
          await resendMail(deps, operator, id.data, {
            mailId: body.mailId,
            resendId: body.resendId,
            note: body.note,
          }),
        );
      }
      case 'GET /api/admin/reports/gstr1': {
        const period = query(event, 'period') ?? '';
        const { gstr1, input } = await gstr1Report(deps, period);
        if (query(event, 'format') !== 'csv') return json(200, gstr1);
        const files = gstr1CsvFiles(gstr1, input);
        // A fixed time inside the zip: the same return gives the same bytes.
        const zip = zipSync(
          Object.fromEntries(
            Object.entries(files).map(([name, text]) => [
              name,
              [strToU8(text), { mtime: new Date('2000-01-01T00:00:00Z') }],
            ]),
          ),
        );
        return binary(200, zip, {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="GSTR1-${gstr1.fp}.zip"`,
        });
      }
      case 'GET /api/admin/reports/revenue': {
        const report = await revenueReport(
          deps,
          query(event, 'from') ?? '',
          query(event, 'to') ?? '',
        );
        if (query(event, 'format') !== 'csv') return json(200, report);
        return {
          statusCode: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'cache-control': 'no-store',
            'content-disposition': `attachment; filename="revenue-${report.from}-to-${report.to}.csv"`,
          },
          body: revenueCsv(report),
        };
      }
      default:
        throw new NotFoundRouteError();
    }
  });
}

const services = servicesStore();
const users = usersStore();
const records = provisioningRecords();
const siteUrl = () => siteConfig().SITE_URL;

export const handler = makeHandler({
  orders: ordersStore(),
  purchases: purchasesStore(),
  services,
  users,
  messages: messagesStore(),
  records,
  refunds: refundsStore(),
  mailer,
  siteUrl,
  // "Converge now" and removal (D22): converge as the bus's consumer runs it, with the panel.
  converge: convergeDepsOf({
    services,
    users,
    records,
    panel: hostingPanel,
    registrar: registrarPartFor(users, services),
    compute: computePartFor(services),
    storage: storagePart(),
    announce: (detail) => eventPublisher.publish('ServiceProvisioned', detail),
    mailer,
    siteUrl,
    placeholderDomain: () => provisioningConfig().HOSTING_PLACEHOLDER_DOMAIN,
    panelUrl: () => provisioningConfig().CONTROL_PANEL_URL,
    log: logger,
    now: () => new Date(),
  }),
  claims: welcomeMailStates(),
  mailLog: mailLog(),
  audit: auditLog(),
  gateway: paymentGateway,
  events: eventPublisher,
  log: logger,
  now: () => new Date(),
  newId: randomUUID,
  counters: documentCounters(),
  secondFactors,
  seller: sellerDetails,
  tickets: ticketsStore(),
});
