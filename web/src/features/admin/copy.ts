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
    { path: '/admin/reports', label: 'Reports' },
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
    queryLabel: 'Find anything',
    queryPlaceholder: 'Name, email, phone, domain, order_…, pay_…, INV/26-27/000123, TKT-000123',
    search: 'Find',
    searching: 'Finding...',
    queryMissing:
      'Type what to look for: a name, email, phone, domain, order or payment id, invoice or ticket number.',
    nothingFound: (q: string) => `Nothing matches ${q}.`,
    matchedAs: (as: string) =>
      as === 'none' ? 'Found:' : `Found by ${as === 'document' ? 'invoice number' : as}:`,
    refunded: 'refunded',
    creditNote: 'Credit note',
    open: 'Open',
    allCustomers: 'All customers',
    viewAs: 'View as customer',
    viewAsClose: "Close the customer's view",
    viewAsTitle: 'What the customer sees',
    viewAsNote: (email: string) =>
      `${email}'s dashboard as they see it, read-only: nothing here can be pressed, and no panel login, auth code or key is asked for. Opening it is kept in the audit trail.`,
    resend: 'Resend',
    resendConfirm: 'Send it again',
    resendCancel: 'Cancel',
    resendNote: 'Why (kept in the audit trail; required)',
    resendNoteEmpty: 'Say why it is sent again first.',
    resending: 'Sending...',
    resent: 'Sent again to the buyer.',
    notResendable: 'Not resendable:',
    resendOf: 'resent',
    mailTo: 'to',
    noteLabel: 'Add a note for operators',
    noteHint: 'Kept in the audit trail below with your name and the time; notes are never changed.',
    noteEmpty: 'Write the note first.',
    saveNote: 'Save note',
    more: 'Show more customers',
    state: {
      setting_up: 'Being set up',
      active: 'Active',
      grace: 'In grace (expired, still live)',
      suspended: 'Suspended',
      ended: 'Ended',
      removed: 'Removed',
    } as Record<string, string>,
    services: 'Services',
    noServices: 'No services.',
    payments: 'Payments',
    noPayments: 'No payments.',
    mails: 'Mails',
    noMails: 'No mails yet.',
    mailStatus: {
      sent: 'Sent (accepted by SES)',
      failed: 'Failed',
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

  serviceActions: {
    actionLabel: 'Action',
    actions: {
      suspend: 'Suspend (operator hold)',
      unsuspend: 'Lift the hold',
      extend: 'Extend, no charge',
      end: 'End now',
      refund: 'Refund a payment',
    },
    daysLabel: 'Days',
    paymentLabel: 'Payment',
    amountLabel: 'Amount in ₹ (empty: all of it)',
    amountPlaceholder: 'e.g. 914.00',
    amountInvalid: 'Write the amount in rupees, such as 914 or 914.50.',
    noteLabel: 'Why (kept in the audit trail; required)',
    noteMissing: 'Say why: the note is kept beside the action for the next person.',
    working: 'Working...',
    submit: (action: string) =>
      ({
        suspend: 'Suspend',
        unsuspend: 'Lift the hold',
        extend: 'Extend',
        end: 'End now',
        refund: 'Refund',
      })[action] ?? 'Do it',
    done: (action: string, state: string) =>
      action === 'refund'
        ? `Refund asked of Razorpay; the buyer is mailed, and the credit note follows once it is processed. The service is now ${state.replace('_', ' ')}.`
        : `Done. The service is now ${state.replace('_', ' ')}.`,
  },

  reports: {
    title: 'Reports',
    intro:
      'What was invoiced and refunded, by India’s calendar day and category, with the GST owed; and the month’s GSTR-1 for the accountant.',
    from: 'From',
    to: 'To',
    show: 'Show revenue',
    csv: 'Download CSV',
    gross: 'Invoiced (with GST)',
    refunds: 'Refunded',
    gst: 'GST owed',
    net: 'Net (kept, before costs)',
    split: (n: number, r: number, p: number) =>
      `${n} new · ${r} ${r === 1 ? 'renewal' : 'renewals'} · ${p} plan ${p === 1 ? 'change' : 'changes'}`,
    gstSplit: (c: string, s: string, i: string) => `CGST ${c} · SGST/UTGST ${s} · IGST ${i}`,
    chartLabel: (from: string, to: string) => `Invoiced and refunded per day, ${from} to ${to}`,
    legend: 'Blue: invoiced that day, GST included. Red: refunded that day.',
    empty: 'No invoices or credit notes in these days.',
    columns: ['Day', 'Category', 'Invoiced', 'Refunded', 'GST', 'Net', 'New / renewal / change'],
    gstr1Title: 'GSTR-1',
    gstr1Intro:
      'The month’s invoices and credit notes in the GST offline tool’s JSON, or as CSV files in a zip. Amounts are rupees with two decimals, summed from the invoices to the paisa.',
    period: 'Tax period',
    gstr1Json: 'Download GSTR-1 JSON',
    gstr1Csv: 'Download CSV (zip)',
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
    sales: (renewals: number, changes: number) =>
      `Also paid today: ${renewals} ${renewals === 1 ? 'renewal' : 'renewals'}, ${changes} plan ${changes === 1 ? 'change' : 'changes'}`,
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
      'service.suspended': 'Suspended the service',
      'service.unsuspended': 'Lifted the hold',
      'service.extended': 'Extended the service at no charge',
      'service.ended': 'Ended the service',
      'service.refunded': 'Refunded a payment',
      'customer.noted': 'Noted',
      'customer.viewed': 'Viewed as the customer',
      'mail.resent': 'Resent the mail',
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
