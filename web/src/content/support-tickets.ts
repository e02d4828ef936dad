/** Copy of the dashboard's Support tab (D27): tickets, their threads, replies. */
import type { TicketCategory, TicketStatus } from '@domain/tickets';

export const supportTicketsCopy = {
  title: 'Support',
  intro:
    'Ask us anything about billing, a technical problem or a plan. Every message gets a ticket number and a reply within 24 hours.',
  loading: 'Loading your tickets...',
  loadFailed: 'We could not load your tickets. Please try again.',
  retry: 'Try again',
  empty: 'You have no support tickets yet.',
  newTicket: 'New ticket',
  listLabel: 'Your tickets',
  form: {
    title: 'Open a ticket',
    subject: 'Subject',
    category: 'Category',
    service: 'About a service (optional)',
    noService: 'No particular service',
    message: 'Message',
    submit: 'Open ticket',
    sending: 'Sending...',
    cancel: 'Cancel',
    grievanceNote:
      'A grievance goes to our grievance officer. We acknowledge it at once and resolve it within one month (Consumer Protection (E-Commerce) Rules, 2020).',
  },
  categories: {
    billing: 'Billing',
    technical: 'Technical',
    sales: 'Sales',
    grievance: 'Grievance',
  } satisfies Record<TicketCategory, string>,
  statuses: {
    open: 'Awaiting our reply',
    waiting_on_buyer: 'Awaiting your reply',
    resolved: 'Resolved',
    closed: 'Closed',
  } satisfies Record<TicketStatus, string>,
  opened: (number: string) => `Ticket ${number} is open. We have emailed you its number.`,
  back: 'All tickets',
  you: 'You',
  replyLabel: 'Your reply',
  reply: 'Send reply',
  replying: 'Sending...',
  resolve: 'Mark as resolved',
  reopen: 'Reopen',
  dueBy: (when: string) => `We reply by ${when}`,
  resolveBy: (when: string) => `To be resolved by ${when}`,
  reopenUntil: (when: string) => `You can reopen it until ${when}.`,
  closedNote:
    'This ticket is closed. Open a new ticket and mention its number if you need more help.',
  getHelp: 'Get help',
} as const;
