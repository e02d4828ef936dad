/**
 * The mails of a ticket (D27). Every subject carries the number, `[TKT-000123]`, so both sides'
 * mail clients thread a conversation and a reply by mail can be matched to its ticket. What a buyer
 * wrote is quoted as text, escaped like every value (layout.ts): never rendered as HTML.
 */
import { formatDateTime, siteLink } from './format';
import { button, note, paragraph, quote, renderMail, rows, type MailContent } from './layout';
import type { TicketCategory } from '../../domain/tickets';

interface TicketFacts {
  subject: string;
  category: TicketCategory;
  name: string;
  email: string;
  createdAt: string;
  resolveDueAt?: string;
  serviceId?: string;
  source: 'dashboard' | 'contact';
}

interface MessageFacts {
  at: string;
  body: string;
  authorName: string;
}

const CATEGORY_NAMES: Record<TicketCategory, string> = {
  billing: 'Billing',
  technical: 'Technical',
  sales: 'Sales',
  grievance: 'Grievance',
};

export const ticketLink = (siteUrl: string, number: string): string =>
  siteLink(siteUrl, `/dashboard?tab=support&ticket=${encodeURIComponent(number)}`);

const tagged = (number: string, subject: string) => `[${number}] ${subject}`;

export interface TicketAcknowledgementInput {
  ticket: TicketFacts;
  number: string;
  siteUrl: string;
}

/** At once, to the buyer: the number, and what happens next. */
export function ticketAcknowledgementMail(input: TicketAcknowledgementInput): MailContent {
  const { ticket, number } = input;
  const grievance = ticket.category === 'grievance';
  return renderMail({
    subject: tagged(number, `We have your message: ${ticket.subject}`),
    preheader: `Your ticket number is ${number}. We reply within 24 hours.`,
    heading: `Your ticket ${number}`,
    greetName: ticket.name,
    siteUrl: input.siteUrl,
    blocks: [
      paragraph(
        grievance
          ? `We have received your grievance and registered it as ${number}. Our grievance officer will look into it personally.`
          : `Thank you for writing to us. We have registered your message as ticket ${number}.`,
      ),
      rows([
        { label: 'Ticket', value: number },
        { label: 'Subject', value: ticket.subject },
        { label: 'Category', value: CATEGORY_NAMES[ticket.category] },
        { label: 'Received', value: formatDateTime(ticket.createdAt) },
        ...(grievance && ticket.resolveDueAt
          ? [{ label: 'To be resolved by', value: formatDateTime(ticket.resolveDueAt) }]
          : []),
      ]),
      paragraph(
        'What happens next: a member of our support team replies within 24 hours. Each reply reaches you by email and in your dashboard, under Support, where you can answer it.',
      ),
      ...(ticket.source === 'contact'
        ? [
            paragraph(
              `Sign in (or sign up) with ${ticket.email} to follow this ticket in your dashboard.`,
            ),
          ]
        : []),
      button('See your ticket', ticketLink(input.siteUrl, number)),
      note(`Please mention ${number} if you write to us about this again.`),
    ],
    footer: `You get this mail because a message was sent to us from ${ticket.email}.`,
  });
}

export interface TicketReplyToBuyerInput {
  ticket: TicketFacts;
  number: string;
  message: MessageFacts;
  resolved: boolean;
  siteUrl: string;
}

/** Support answered: the reply, and how to answer it (or reopen, when it resolved the ticket). */
export function ticketReplyToBuyerMail(input: TicketReplyToBuyerInput): MailContent {
  const { ticket, number, message } = input;
  return renderMail({
    subject: tagged(number, `Re: ${ticket.subject}`),
    preheader: message.body.slice(0, 120),
    heading: input.resolved ? `We have resolved ${number}` : `A reply on ${number}`,
    greetName: ticket.name,
    siteUrl: input.siteUrl,
    blocks: [
      paragraph(`Our support team replied on ${formatDateTime(message.at)}:`),
      quote(message.body),
      paragraph(
        input.resolved
          ? 'We have marked this ticket resolved. If something is still not right, reopen it from your dashboard within 14 days.'
          : 'Answer it from your dashboard, under Support.',
      ),
      button(input.resolved ? 'See your ticket' : 'Reply', ticketLink(input.siteUrl, number)),
    ],
    footer: `You get this mail about your ticket ${number}.`,
  });
}

export interface TicketToSupportInput {
  ticket: TicketFacts;
  number: string;
  message: MessageFacts;
  /** The ticket's first message, or a buyer's reply. */
  isNew: boolean;
}

/** To the support inbox (the grievance officer for a grievance): Reply-To is the buyer. */
export function ticketToSupportMail(input: TicketToSupportInput): MailContent {
  const { ticket, number, message } = input;
  const category = CATEGORY_NAMES[ticket.category];
  return renderMail({
    subject: tagged(
      number,
      `${input.isNew ? `New ${category.toLowerCase()} ticket` : 'Buyer replied'}: ${ticket.subject}`,
    ),
    preheader: message.body.slice(0, 120),
    heading: input.isNew ? `New ticket ${number}` : `${ticket.name} replied on ${number}`,
    noGreeting: true,
    blocks: [
      rows([
        { label: 'From', value: `${ticket.name} <${ticket.email}>` },
        { label: 'Category', value: category },
        { label: 'Subject', value: ticket.subject },
        { label: 'Written', value: formatDateTime(message.at) },
        ...(ticket.serviceId ? [{ label: 'Service', value: ticket.serviceId }] : []),
        ...(ticket.resolveDueAt
          ? [{ label: 'Resolve by', value: formatDateTime(ticket.resolveDueAt) }]
          : []),
        { label: 'Opened from', value: ticket.source === 'contact' ? 'Contact form' : 'Dashboard' },
      ]),
      quote(message.body),
      paragraph(
        'Answer it from the console, under Tickets, so the buyer sees it in their dashboard.',
      ),
    ],
    footer: 'Sent by the store’s ticket system.',
  });
}

export interface TicketOverdueInput {
  ticket: TicketFacts;
  number: string;
  dueAt: string;
}

/** To the grievance officer: a grievance is past a deadline the law sets. */
export function ticketOverdueMail(input: TicketOverdueInput): MailContent {
  const { ticket, number } = input;
  return renderMail({
    subject: tagged(number, `Overdue grievance: ${ticket.subject}`),
    preheader: `Due ${formatDateTime(input.dueAt)}; it is still unresolved.`,
    heading: `Grievance ${number} is overdue`,
    noGreeting: true,
    blocks: [
      paragraph(
        'This grievance has passed a deadline: a response within 24 hours (our promise), and resolution within one month of receipt (Consumer Protection (E-Commerce) Rules, 2020).',
      ),
      rows([
        { label: 'From', value: `${ticket.name} <${ticket.email}>` },
        { label: 'Subject', value: ticket.subject },
        { label: 'Received', value: formatDateTime(ticket.createdAt) },
        { label: 'Was due', value: formatDateTime(input.dueAt) },
        ...(ticket.resolveDueAt
          ? [{ label: 'Resolve by', value: formatDateTime(ticket.resolveDueAt) }]
          : []),
      ]),
      paragraph('Answer it from the console, under Tickets.'),
    ],
    footer: 'Sent by the store’s daily deadlines check.',
  });
}

export interface TicketOverdueToBuyerInput {
  ticket: TicketFacts;
  number: string;
  dueAt: string;
  siteUrl: string;
}

/**
 * To the buyer, once per deadline missed: we are late, we know it, and what happens now (a
 * grievance also names the officer and the one-month resolution date the law sets).
 */
export function ticketOverdueToBuyerMail(input: TicketOverdueToBuyerInput): MailContent {
  const { ticket, number } = input;
  const grievance = ticket.category === 'grievance';
  return renderMail({
    subject: tagged(number, `We are late on your ticket: ${ticket.subject}`),
    preheader: `We owed you an answer by ${formatDateTime(input.dueAt)}. We are sorry for the wait.`,
    heading: `We are late on ${number}`,
    greetName: ticket.name,
    siteUrl: input.siteUrl,
    blocks: [
      paragraph(
        `We owed you an answer by ${formatDateTime(input.dueAt)} and have not sent it yet. We are sorry for the wait.`,
      ),
      paragraph(
        grievance
          ? 'Your grievance is with our grievance officer, who has been told it is overdue. We will answer you as soon as we can.'
          : 'Your ticket is with our support team, who have been told it is overdue. We will answer you as soon as we can.',
      ),
      ...(grievance && ticket.resolveDueAt
        ? [
            rows([
              { label: 'Received', value: formatDateTime(ticket.createdAt) },
              { label: 'Resolve by', value: formatDateTime(ticket.resolveDueAt) },
            ]),
          ]
        : []),
      paragraph('You can add anything that helps from your dashboard, under Support.'),
      button('See your ticket', ticketLink(input.siteUrl, number)),
    ],
    footer: `You get this mail about your ticket ${number}.`,
  });
}
