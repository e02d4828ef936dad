/**
 * The console's one search box (issue #27): an email, a phone, a domain, an order id, a payment
 * id, an invoice or credit-note number, a ticket number, the start of a name. The text's shape
 * says what it is, and each kind is one key lookup: users byEmail / byPhone / byNamePrefix,
 * services byDomain, orders by key, the payment at Razorpay then its order, purchases'
 * invoicesByMonth / creditNotesByMonth by number, tickets byNumber. Never a scan. Every hit brings
 * its customer.
 */
import {
  nameSearchKey,
  type AdminSearchResponse,
  type CustomerListResponse,
  type CustomerRef,
  type SearchMatch,
} from '../../domain/admin';
import { parseDocumentNumber } from '../../domain/invoice';
import type { LogPort } from '../../ports/logger';
import type { OrdersStore } from '../../ports/orders';
import type { PaymentGateway } from '../../ports/payment-gateway';
import type { PurchasesStore } from '../../ports/purchases';
import type { ServicesStore } from '../../ports/services';
import type { TicketsStore } from '../../ports/tickets';
import type { UserRecord, UsersStore } from '../../ports/users';
import { ReportRangeError } from './errors';

export interface SearchDeps {
  users: Pick<
    UsersStore,
    'findUsersByEmail' | 'findUsersByPhone' | 'findUsersByNamePrefix' | 'getUser' | 'listUsersPage'
  >;
  services: Pick<ServicesStore, 'findServicesByDomain'>;
  orders: Pick<OrdersStore, 'getOrder'>;
  purchases: Pick<PurchasesStore, 'findByDocumentNumber'>;
  gateway: Pick<PaymentGateway, 'fetchPayment'>;
  tickets: Pick<TicketsStore, 'findByNumber'>;
  log: LogPort;
}

/** The most customers a name search answers (the rest: type more of the name). */
const NAME_RESULTS = 25;

const refOf = (user: UserRecord): CustomerRef => ({
  userId: user.userId,
  email: user.email,
  name: user.name,
  phone: user.phone,
  createdAt: user.createdAt,
});

/** What the text looks like, and the key to look it up by. */
export function classifyQuery(text: string): { as: SearchMatch; key: string } {
  const q = text.trim();
  if (q.includes('@')) return { as: 'email', key: q };
  if (/^order_[A-Za-z0-9]+$/.test(q)) return { as: 'order', key: q };
  if (/^pay_[A-Za-z0-9]+$/.test(q)) return { as: 'payment', key: q };
  const document = parseDocumentNumber(q.toUpperCase());
  if (document) return { as: 'document', key: document.number };
  const ticket = /^TKT-?(\d{1,9})$/i.exec(q);
  if (ticket) return { as: 'ticket', key: `TKT-${(ticket[1] ?? '').padStart(6, '0')}` };
  const digits = q.replace(/[\s()-]/g, '');
  if (/^\+?\d{10,13}$/.test(digits)) {
    const bare = digits.replace(/^\+/, '');
    if (bare.length === 10) return { as: 'phone', key: `+91${bare}` };
    if (bare.length === 12 && bare.startsWith('91')) return { as: 'phone', key: `+${bare}` };
    return { as: 'phone', key: `+${bare}` };
  }
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(q)) return { as: 'domain', key: q.toLowerCase() };
  // Letters, spaces, dots, apostrophes and hyphens, two or more: the start of a name.
  if (/^[\p{L}][\p{L}\p{M} .'-]+$/u.test(q)) return { as: 'name', key: nameSearchKey(q) };
  return { as: 'none', key: q };
}

export async function searchEverything(
  deps: SearchDeps,
  text: string,
): Promise<AdminSearchResponse> {
  const query = text.trim();
  if (!query || query.length > 200) {
    throw new ReportRangeError(
      'Type what to look for: a name, email, phone, domain, order or payment id, invoice or ticket number.',
    );
  }
  const { as, key } = classifyQuery(query);
  const answer: AdminSearchResponse = {
    query,
    matchedAs: as,
    customers: [],
    services: [],
    orders: [],
    payments: [],
    documents: [],
    tickets: [],
  };
  const owners = new Set<string>();
  // A customer found by the users table's own indexes (which hold the whole record) is not read
  // again: a name search finds 25 in one query instead of 25 more reads.
  const known = new Map<string, UserRecord>();
  const found = (user: UserRecord) => {
    owners.add(user.userId);
    known.set(user.userId, user);
  };
  const addOrder = async (orderId: string) => {
    const order = await deps.orders.getOrder(orderId);
    if (!order) return;
    owners.add(order.userId);
    answer.orders.push({
      orderId: order.orderId,
      userId: order.userId,
      status: order.status,
      amountPaise: order.amountPaise,
      createdAt: order.createdAt,
    });
  };

  switch (as) {
    case 'email': {
      const spellings = [...new Set([key, key.toLowerCase()])];
      for (const users of await Promise.all(spellings.map((e) => deps.users.findUsersByEmail(e)))) {
        for (const user of users) found(user);
      }
      break;
    }
    case 'name':
      for (const user of await deps.users.findUsersByNamePrefix(key, NAME_RESULTS)) found(user);
      break;
    case 'phone':
      for (const user of await deps.users.findUsersByPhone(key)) found(user);
      break;
    case 'domain':
      for (const service of await deps.services.findServicesByDomain(key)) {
        owners.add(service.userId);
        answer.services.push({
          serviceId: service.serviceId,
          userId: service.userId,
          planName: service.planName,
          category: service.category,
          ...(service.domain ? { domain: service.domain } : {}),
        });
      }
      break;
    case 'order':
      await addOrder(key);
      break;
    case 'payment': {
      const payment = await paymentOrNothing(deps, key);
      if (!payment) break;
      if (payment.orderId) await addOrder(payment.orderId);
      const owner = answer.orders[0]?.userId;
      answer.payments.push({
        paymentId: payment.id,
        orderId: payment.orderId,
        ...(owner ? { userId: owner } : {}),
        amountPaise: payment.amountPaise,
        status: payment.status,
        refundedPaise: payment.amountRefundedPaise,
      });
      break;
    }
    case 'document': {
      const purchase = await deps.purchases.findByDocumentNumber(key);
      if (!purchase) break;
      owners.add(purchase.userId);
      const invoice = purchase.invoiceNumber === key;
      answer.documents.push({
        number: key,
        kind: invoice ? 'invoice' : 'credit_note',
        userId: purchase.userId,
        paymentId: purchase.paymentId,
        issuedAt: (invoice ? purchase.invoiceIssuedAt : purchase.creditNoteIssuedAt) ?? '',
      });
      break;
    }
    case 'ticket': {
      const ticket = await deps.tickets.findByNumber(key);
      if (!ticket) break;
      if (ticket.userId) owners.add(ticket.userId);
      else for (const user of await deps.users.findUsersByEmail(ticket.email)) found(user);
      answer.tickets.push({
        number: key,
        subject: ticket.subject,
        status: ticket.status,
        email: ticket.email,
        ...(ticket.userId ? { userId: ticket.userId } : {}),
      });
      break;
    }
    case 'none':
      answer.hint =
        'Search by an email, a phone number, a domain, an order id (order_…), a payment id (pay_…), an invoice or credit-note number (INV/26-27/000123), a ticket number (TKT-000123) or the start of a name (two letters or more).';
      break;
  }
  const users = await Promise.all([...owners].map((id) => known.get(id) ?? deps.users.getUser(id)));
  answer.customers = users.flatMap((user) => (user ? [refOf(user)] : []));
  return answer;
}

async function paymentOrNothing(deps: SearchDeps, paymentId: string) {
  try {
    return await deps.gateway.fetchPayment(paymentId);
  } catch (error) {
    deps.log.warn('Razorpay did not find or answer for a searched payment', {
      paymentId,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/** A page of customers for the console's list (PAGE at a time). */
export const CUSTOMERS_PAGE = 50;

export async function listCustomers(
  deps: Pick<SearchDeps, 'users'>,
  after: string | undefined,
): Promise<CustomerListResponse> {
  const page = await deps.users.listUsersPage(CUSTOMERS_PAGE, after);
  return { customers: page.users.map(refOf), ...(page.next ? { next: page.next } : {}) };
}
