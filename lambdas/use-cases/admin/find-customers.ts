import type { AdminCustomer, AuditEntry, OperatorRef } from '../../domain/admin';
import type { DashboardResponse } from '../../domain/api';
import type { AuditLog } from '../../ports/audit';
import type { MailLog } from '../../ports/mail-log';
import type { UserRecord } from '../../ports/users';
import { buildDashboard, type BuildDashboardDeps } from '../build-dashboard';
import { CustomerNotFoundError, CustomerQueryError } from './errors';

export interface FindCustomersDeps extends BuildDashboardDeps {
  mailLog: Pick<MailLog, 'listForCustomer'>;
  audit: AuditLog;
}

/**
 * The customers with an email, each as they see their own dashboard (services, payments with
 * their invoices and refunds as the dashboard gives them), plus every mail sent to them (their
 * mail log) and what operators did that touched them. Found through the users table's byEmail
 * index, as typed and lower-cased (Cognito keeps an email as the buyer typed it). Reads only.
 */
export async function findCustomers(
  deps: FindCustomersDeps,
  email: string,
): Promise<AdminCustomer[]> {
  const wanted = email.trim();
  if (!wanted) throw new CustomerQueryError();
  const spellings = [...new Set([wanted, wanted.toLowerCase()])];
  const found = new Map<string, UserRecord>();
  for (const users of await Promise.all(spellings.map((e) => deps.users.findUsersByEmail(e)))) {
    for (const user of users) found.set(user.userId, user);
  }
  return Promise.all([...found.values()].map((user) => customerOf(deps, user)));
}

/** One customer's page by their id; CustomerNotFoundError for none. */
export async function findCustomer(
  deps: FindCustomersDeps,
  userId: string,
): Promise<AdminCustomer> {
  const user = await deps.users.getUser(userId);
  if (!user) throw new CustomerNotFoundError();
  return customerOf(deps, user);
}

async function customerOf(deps: FindCustomersDeps, user: UserRecord): Promise<AdminCustomer> {
  // The record exists (it was found), so the dashboard's create-if-missing only reads it.
  const [dashboard, audit, mails] = await Promise.all([
    buildDashboard(deps, {
      userId: user.userId,
      email: user.email,
      name: user.name,
      phone: user.phone,
    }),
    deps.audit.listForCustomer(user.userId),
    deps.mailLog.listForCustomer(user.userId),
  ]);
  return { ...dashboard, mails, audit };
}

/**
 * An operator's note on a customer (issue #27): kept as an audit entry (append-only, with who and
 * when), so the notes field is the customer's audit trail read back. `noteId` (the console's, one
 * per press) makes a double click one note.
 */
export async function noteCustomer(
  deps: Pick<FindCustomersDeps, 'users' | 'audit'> & { now: () => Date },
  operator: OperatorRef,
  userId: string,
  note: string,
  noteId: string,
): Promise<AuditEntry> {
  const user = await deps.users.getUser(userId);
  if (!user) throw new CustomerNotFoundError();
  const at = deps.now().toISOString();
  const entry: AuditEntry = {
    entryId: `note#${noteId}`,
    at,
    operator,
    action: 'customer.noted',
    target: { kind: 'customer', id: userId },
    customerId: userId,
    note,
  };
  // Written once per note id: a second press finds it there and answers the first.
  if (await deps.audit.append(entry)) return entry;
  const written = (await deps.audit.listForTarget(entry.target)).find(
    (e) => e.entryId === entry.entryId,
  );
  return written ?? entry;
}

/**
 * "View as customer" (issue #27): the customer's dashboard exactly as their own dashboard route
 * builds it (build-dashboard.ts), for the console to show read-only. It holds no panel login link,
 * auth code or key (the buyer's dashboard fetches those only on a press). Each view is audited.
 */
export async function customerDashboard(
  deps: FindCustomersDeps & { newId: () => string },
  operator: OperatorRef,
  userId: string,
): Promise<DashboardResponse> {
  const user = await deps.users.getUser(userId);
  if (!user) throw new CustomerNotFoundError();
  const dashboard = await buildDashboard(deps, {
    userId: user.userId,
    email: user.email,
    name: user.name,
    phone: user.phone,
  });
  await deps.audit.append({
    entryId: `view#${deps.newId()}`,
    at: deps.now().toISOString(),
    operator,
    action: 'customer.viewed',
    target: { kind: 'customer', id: userId },
    customerId: userId,
    note: '',
  });
  return dashboard;
}
