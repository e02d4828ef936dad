/**
 * The console's words. They live with the console (not in web/src/content) so that none of them
 * is in a buyer's bundle: this module is imported only by the console's own chunk.
 */
import type { AuditAction, StuckKind } from '@domain/admin';
import type { PartState, ServiceState } from '@domain/lifecycle';
import type { OrderStatus } from '@domain/order';

/** What a service should be (D22), as an operator reads it. */
const DESIRED: Record<ServiceState, string> = {
  setting_up: 'Set up and live',
  active: 'Live',
  grace: 'Live (in its 7 days of grace)',
  suspended: 'Suspended',
  ended: 'Ended: suspended, data kept',
  removed: 'Removed from the panel',
};

/** What converge found on the provider. */
const ACTUAL: Record<PartState, string> = {
  absent: 'Not made yet',
  live: 'Live',
  suspended: 'Suspended',
  removed: 'Removed',
  failed: 'Refused by the panel',
};

export const adminCopy = {
  title: 'Operator console',
  subtitle: 'What needs a person today: payments to check, services to set up, mail that is stuck.',
  nav: [
    { path: '/admin/today', label: 'Today' },
    { path: '/admin/orders', label: 'Orders' },
    { path: '/admin/provisioning', label: 'Provisioning' },
    { path: '/admin/stuck', label: 'Stuck' },
    { path: '/admin/customers', label: 'Customers' },
    { path: '/admin/tickets', label: 'Tickets' },
  ],
  navLabel: 'Console sections',
  loading: 'Loading...',
  retry: 'Try again',
  loadFailed: 'We could not load this. Please try again.',

  orders: {
    title: 'Orders',
    filterLabel: 'Show orders that are',
    status: {
      review: 'In review',
      paid: 'Paid',
      failed: 'Failed',
      created: 'Awaiting payment',
      refunded: 'Refunded',
    } satisfies Record<OrderStatus, string>,
    empty: (status: string) => `No orders are ${status.toLowerCase()} right now.`,
    expected: 'Order amount',
    paid: 'Paid',
    paidUnknown: 'Razorpay did not answer; see the reason below',
    payment: 'Payment',
    created: 'Created',
    customer: 'Customer',
    plan: 'Plan',
    why: 'Why it waits',
    wasInReview: 'Was in review because',
    resolveTitle: 'Resolve',
    actionLabel: 'Action',
    actions: {
      fulfil: 'Fulfil: accept the payment and activate the service',
      refund: 'Refund: give the payment back to the buyer',
    },
    noteLabel: 'Note (required)',
    noteHint: 'Why you chose this, for the next person who reads the order.',
    noteMissing: 'Write a note: why you chose this, for the next person who reads the order.',
    submit: 'Resolve order',
    submitting: 'Resolving...',
    resolved: (orderId: string, status: string) =>
      `Order ${orderId} is ${status.toLowerCase()} now.`,
  },

  stuck: {
    title: 'Stuck',
    intro:
      'Work a consumer could not finish after its retries. Redrive sends the original event again; each consumer acts once, so nothing is sent twice.',
    empty: 'Nothing is stuck.',
    kind: {
      'welcome-mail': 'Welcome mail',
      'support-mail': 'Support mail',
      provisioning: 'Provisioning',
      refund: 'Refund',
    } satisfies Record<StuckKind, string>,
    failedAt: 'Failed',
    reason: 'What failed',
    redrive: 'Redrive',
    redriving: 'Redriving...',
    redriven: (summary: string) => `Sent again: ${summary}.`,

    outOfStep: {
      title: 'Out of step',
      intro:
        'Services whose panel account has not been where the service wants it for 15 minutes or more: not made, not suspended, not lifted. The reconciler tries again on its own; Converge now tries at once.',
      empty: 'Every service is in step.',
      customer: 'Customer id',
      wanted: 'Wanted',
      is: 'Is',
      since: 'Out of step since',
      lastError: 'Last error',
      desired: DESIRED,
      actual: ACTUAL,
      converge: 'Converge now',
      converging: 'Converging...',
      inStep: (plan: string, actual: PartState) =>
        `${plan} is in step now: ${ACTUAL[actual].toLowerCase()}.`,
      stillOut: (plan: string, error: string | undefined) =>
        `${plan} is still out of step${error ? `: ${error}` : '.'}`,
    },

    removals: {
      title: 'Due for removal',
      intro:
        'Services that ended 30 days ago or more. Removal deletes the panel account and its data for good; it is never done by itself.',
      empty: 'No service is due for removal.',
      customer: 'Customer id',
      endedAt: 'Ended',
      removableFrom: 'Removable from',
      remove: 'Remove',
      confirmTitle: (plan: string) => `Remove ${plan} for good?`,
      confirmBody:
        'The panel account, its files, mail and databases are deleted and cannot be brought back.',
      noteLabel: 'Note (required)',
      noteHint: 'Why it is removed now, for the next person who looks at the service.',
      noteMissing: 'Write a note: why it is removed now, for the next person who looks at it.',
      confirm: 'Remove for good',
      removing: 'Removing...',
      keep: 'Keep it',
      removed: (plan: string) => `${plan} is removed.`,
    },
  },

  customers: {
    title: 'Customers',
    emailLabel: 'Customer email',
    search: 'Find',
    searching: 'Finding...',
    emailMissing: 'Type the email address to look for.',
    none: (email: string) => `No customer uses ${email}.`,
    services: 'Services',
    noServices: 'No services.',
    payments: 'Payments',
    noPayments: 'No payments.',
    mails: 'Mails',
    noMails: 'No mails yet.',
    mailState: {
      sent: 'Sent',
      sending: 'Sending',
      failed: 'Failed (see Stuck)',
      not_sent: 'Not sent yet',
    },
    invoice: 'Invoice',
    refund: 'Refund',
    renews: 'Renews',
    setup: 'setup',
    since: 'Customer since',
  },

  provisioning: {
    title: 'Provisioning',
    intro:
      'Services waiting for a person: VPS, storage and domains to set up by hand, and panel accounts the panel refused. Enter the access details (never a password: the buyer sets their own) and mark the service ready; the buyer is mailed them.',
    filterLabel: 'Show services that are',
    state: { manual: 'Waiting to be set up', failed: 'Refused by the panel' },
    empty: 'Nothing waits here right now.',
    since: 'Waiting since',
    why: 'What the panel said',
    detailsTitle: 'Access details',
    label: 'Label',
    value: 'Value',
    addDetail: 'Add a detail',
    noteLabel: 'Note (optional)',
    detailsMissing: 'Enter at least one access detail, each with a label and a value.',
    markReady: 'Mark ready and mail the buyer',
    marking: 'Saving...',
    ready: (plan: string, email: string) =>
      `${plan} is ready; ${email} has been mailed the details.`,
    retry: 'Retry on the panel',
    retrying: 'Retrying...',
    retried: (plan: string) => `${plan}: the panel is being tried again.`,
  },

  today: {
    title: 'Today',
    day: (day: string) => `India's day ${day} so far`,
    payments: 'Payments',
    refunds: 'Refunds',
    /** Every refund asked for today, whoever asked; failed ones are left out (see Stuck). */
    refundsBy: (
      count: number,
      byOrigin: { buyer?: number; operator?: number; razorpay?: number },
    ) =>
      [
        String(count),
        [
          byOrigin.buyer ? `${byOrigin.buyer} cancelled by buyers` : '',
          byOrigin.operator ? `${byOrigin.operator} by an operator` : '',
          byOrigin.razorpay ? `${byOrigin.razorpay} in Razorpay's dashboard` : '',
        ]
          .filter(Boolean)
          .join(', '),
      ]
        .filter(Boolean)
        .join(': '),
    newServices: 'New services',
    inReview: 'Orders in review',
    stuck: 'Stuck items',
    outOfStep: (count: number) => (count > 0 ? `${count} out of step` : ''),
    open: 'Open',
  },

  audit: {
    title: 'Audit trail',
    empty: 'No operator has acted on this yet.',
    action: {
      'order.fulfilled': 'Fulfilled the order',
      'order.refunded': 'Refunded the payment',
      'dead_letter.redriven': 'Redrove',
      'provisioning.ready': 'Marked ready',
      'provisioning.retried': 'Retried provisioning',
      'service.converged': 'Converged',
      'service.removed': 'Removed the service',
    } satisfies Record<AuditAction, string>,
  },
} as const;

/** The Tickets screen (D27). */
export const ticketsCopy = {
  title: 'Tickets',
  intro:
    'Every buyer message, soonest due first. A first reply is due within 24 hours; a grievance must be resolved within one month (E-Commerce Rules 2020). Overdue tickets are red.',
  filterLabel: 'Show',
  filters: { open: 'Unresolved', overdue: 'Overdue' },
  empty: { open: 'No unresolved tickets.', overdue: 'Nothing is overdue.' },
  queueLabel: 'Ticket queue',
  overdue: 'Overdue',
  due: (when: string) => `Due ${when}`,
  categories: {
    billing: 'Billing',
    technical: 'Technical',
    sales: 'Sales',
    grievance: 'Grievance',
  },
  statuses: {
    open: 'Awaiting our reply',
    waiting_on_buyer: 'Awaiting the buyer',
    resolved: 'Resolved',
    closed: 'Closed',
  },
  back: 'Back to the queue',
  threadLabel: (number: string) => `Ticket ${number}`,
  from: 'From',
  service: 'Service',
  dueLabel: 'Reply due',
  resolveByLabel: 'Resolve by',
  buyerServices: "The buyer's services",
  customerTickets: 'Tickets',
  noCustomerTickets: 'No tickets.',
  assignToMe: 'Assign to me',
  assigned: (who: string) => `Assigned to ${who}`,
  renews: (when: string) => `renews ${when}`,
  thisService: 'this ticket is about it',
  support: 'Support',
  internalNote: 'Internal note',
  modeLabel: 'What to send',
  modes: { reply: 'Reply', resolve: 'Reply and resolve', note: 'Internal note' },
  replyLabel: 'Reply to the buyer (they are mailed it)',
  noteLabel: 'Note for operators (never shown to the buyer)',
  submit: { reply: 'Send reply', resolve: 'Send and resolve', note: 'Add note' },
  sent: {
    reply: 'Reply sent; the buyer is mailed it.',
    resolve: 'Reply sent and the ticket resolved.',
    note: 'Note added.',
  },
} as const;
