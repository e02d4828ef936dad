/**
 * One real-shaped input for every mail template: the purchase comes from events/, the rest is
 * written as the services, refunds and reminders of that purchase would be. Used by the specs and
 * by the render that saves each mail's HTML for a person to look at.
 */
import { loadEvent } from '../../../../events/load-event';
import type { PurchaseCompletedDetail } from '../../../../lambdas/domain/api';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { quote } from '../../../../lambdas/domain/pricing';
import type { MailContent } from '../../../../lambdas/templates/mail/layout';
import { changePaidTwiceMail } from '../../../../lambdas/templates/mail/change-paid-twice';
import { freeDomainTakenMail } from '../../../../lambdas/templates/mail/free-domain-taken';
import { refundCompletedMail } from '../../../../lambdas/templates/mail/refund-completed';
import { refundFailedRetryingMail } from '../../../../lambdas/templates/mail/refund-failed-retrying';
import { refundRequestedMail } from '../../../../lambdas/templates/mail/refund-requested';
import { renewalReminderMail } from '../../../../lambdas/templates/mail/renewal-reminder';
import { serviceExpiredMail } from '../../../../lambdas/templates/mail/service-expired';
import { serviceReadyMail } from '../../../../lambdas/templates/mail/service-ready';
import { serviceSetupPendingMail } from '../../../../lambdas/templates/mail/service-setup-pending';
import { serviceSuspendedMail } from '../../../../lambdas/templates/mail/service-suspended';
import { supportMessageMail } from '../../../../lambdas/templates/mail/support-message';
import {
  ticketAcknowledgementMail,
  ticketOverdueMail,
  ticketOverdueToBuyerMail,
  ticketReplyToBuyerMail,
  ticketToSupportMail,
} from '../../../../lambdas/templates/mail/tickets';
import { welcomeMail } from '../../../../lambdas/templates/mail/welcome';
import {
  autoRenewOffMail,
  debitFailedMail,
  payLinkMail,
  preDebitNoticeMail,
} from '../../../../lambdas/templates/mail/auto-renew';

export const SITE_URL = 'https://shop.example.in';

export const purchase = (): PurchaseCompletedDetail =>
  loadEvent<{ detail: PurchaseCompletedDetail }>('eventbridge/purchase-completed.json').detail;

export function planQuote(planId: string, months = 12, promo?: string) {
  const plan = CATALOG.find((p) => p.id === planId);
  if (!plan) throw new Error(`no plan ${planId}`);
  return quote(plan, months, promo);
}

/** The panel's answer for the sample purchase's hosting account (never a password). */
export const hostingAccess = {
  username: 'ashaverm7c1e2a',
  server: 'in-mum-01.panel.example.in',
  nameservers: ['ns1.example.in', 'ns2.example.in'],
  panelUrl: 'https://in-mum-01.panel.example.in:2083',
};

/**
 * The words of a mail that come from outside the template: what a buyer typed (their name, a
 * message, a domain) and what a record holds (the plan's name). Specs replace them with hostile
 * text; absent, each sample uses its own.
 */
export interface Words {
  name?: string;
  planName?: string;
  text?: string;
}

const buyer = (w: Words) => w.name ?? 'Asha Verma';

/** Every template, rendered from its sample input. */
export const SAMPLES: Record<string, (w?: Words) => MailContent> = {
  welcome: (w = {}) =>
    welcomeMail({
      purchase: {
        ...purchase(),
        name: buyer(w),
        planName: w.planName ?? 'Basic Hosting',
        ...(w.text ? { domain: w.text } : {}),
      },
      quote: planQuote('basichosting'),
      siteUrl: SITE_URL,
    }),
  'welcome-with-access': (w = {}) =>
    welcomeMail({
      purchase: { ...purchase(), name: buyer(w), planName: w.planName ?? 'Basic Hosting' },
      quote: planQuote('basichosting'),
      access: w.text ? { ...hostingAccess, username: w.text } : hostingAccess,
      siteUrl: SITE_URL,
    }),
  'welcome-vps': (w = {}) =>
    welcomeMail({
      purchase: {
        ...purchase(),
        name: buyer(w),
        planName: w.planName ?? 'Premium VPS',
        category: 'vps',
        months: 36,
        amountPaise: planQuote('premiumvps', 36, 'HOST10').totalPaise,
        renewalDate: '2029-11-22T02:02:03.000Z',
      },
      quote: planQuote('premiumvps', 36, 'HOST10'),
      siteUrl: SITE_URL,
    }),
  'welcome-domain': (w = {}) =>
    welcomeMail({
      purchase: {
        ...purchase(),
        name: buyer(w),
        planName: w.planName ?? 'Basic Domain',
        category: 'domain',
        domain: w.text ?? 'ashaverma.in',
        amountPaise: planQuote('basicdomain').totalPaise,
      },
      quote: planQuote('basicdomain'),
      siteUrl: SITE_URL,
    }),
  'service-ready': (w = {}) =>
    serviceReadyMail({
      name: buyer(w),
      planName: w.planName ?? 'Basic Hosting',
      category: 'hosting',
      domain: w.text ?? 'ashaverma.in',
      access: hostingAccess,
      siteUrl: SITE_URL,
    }),
  'service-ready-vps': (w = {}) =>
    serviceReadyMail({
      name: buyer(w),
      planName: w.planName ?? 'Premium VPS',
      category: 'vps',
      access: {
        server: 'vps-4821.in-blr.example.in',
        details: {
          'IPv4 address': '203.0.113.24',
          'SSH user': w.text ?? 'asha',
          'SSH port': '22',
        },
      },
      siteUrl: SITE_URL,
    }),
  'free-domain-taken': (w = {}) =>
    freeDomainTakenMail({ name: buyer(w), domain: w.text ?? 'ashaverma.com', siteUrl: SITE_URL }),
  'service-setup-pending': (w = {}) =>
    serviceSetupPendingMail({
      name: buyer(w),
      planName: w.planName ?? 'Premium VPS',
      category: 'vps',
      ...(w.text ? { domain: w.text } : {}),
      siteUrl: SITE_URL,
    }),
  'renewal-reminder': (w = {}) =>
    renewalReminderMail({
      name: buyer(w),
      planId: 'basichosting',
      planName: w.planName ?? 'Basic Hosting',
      category: 'hosting',
      domain: w.text ?? 'ashaverma.in',
      renewalDate: '2027-11-22T02:02:03.000Z',
      daysBefore: 7,
      renewalPricePaise: 4_246_584, // (2,999 × 12) + 18% GST
      renewalMonths: 12,
      suspendsOn: '2027-11-29T02:02:03.000Z',
      siteUrl: SITE_URL,
    }),
  'service-expired': (w = {}) =>
    serviceExpiredMail({
      name: buyer(w),
      planId: 'basichosting',
      planName: w.planName ?? 'Basic Hosting',
      category: 'hosting',
      domain: w.text ?? 'ashaverma.in',
      expiredOn: '2027-11-22T02:02:03.000Z',
      suspendsOn: '2027-11-29T02:02:03.000Z',
      renewalPricePaise: 4_246_584,
      renewalMonths: 12,
      siteUrl: SITE_URL,
    }),
  'service-suspended': (w = {}) =>
    serviceSuspendedMail({
      name: buyer(w),
      planId: 'basichosting',
      planName: w.planName ?? 'Basic Hosting',
      domain: w.text ?? 'ashaverma.in',
      expiredOn: '2027-11-22T02:02:03.000Z',
      suspendedOn: '2027-11-29T02:02:03.000Z',
      renewalPricePaise: 4_246_584,
      renewalMonths: 12,
      siteUrl: SITE_URL,
    }),
  'refund-requested': (w = {}) =>
    refundRequestedMail({
      name: buyer(w),
      planName: w.planName ?? 'Basic Bundle',
      ...(w.text ? { domain: w.text } : {}),
      refundId: 'rfnd_Nx9aB3cD4eF5gH',
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      amountPaise: 4_128_702, // D16: all but the domain's registration, ₹999 + 18% GST
      paidPaise: 4_246_584,
      deduction: { label: 'Domain registration', amountPaise: 117_882 },
      origin: 'buyer',
      requestedAt: '2026-12-01T09:30:00.000Z',
      siteUrl: SITE_URL,
    }),
  'change-paid-twice': (w = {}) =>
    changePaidTwiceMail({
      name: buyer(w),
      planName: w.planName ?? 'Basic Hosting',
      ...(w.text ? { domain: w.text } : { domain: 'ashaverma.in' }),
      toPlanName: 'Premium Hosting',
      refundId: 'rfnd_Nx9aB3cD4eF5gJ',
      paymentId: 'pay_Nx7gT4uVw8bYd2',
      amountPaise: 1_542_082,
      siteUrl: SITE_URL,
    }),
  'refund-requested-domain-taken': (w = {}) =>
    refundRequestedMail({
      name: buyer(w),
      planName: w.planName ?? 'Basic Domain',
      domain: w.text ?? 'asharao.com',
      refundId: 'rfnd_Nx9aB3cD4eF5gH',
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      amountPaise: 117_882, // D23: a name taken before it was registered comes back in full
      origin: 'operator',
      requestedAt: '2026-12-01T09:30:00.000Z',
      domainTaken: true,
      siteUrl: SITE_URL,
    }),
  'refund-completed': (w = {}) =>
    refundCompletedMail({
      name: buyer(w),
      planName: w.planName ?? 'Basic Hosting',
      ...(w.text ? { domain: w.text } : {}),
      refundId: 'rfnd_Nx9aB3cD4eF5gH',
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      amountPaise: 3_538_584,
      creditNoteNumber: 'CN/26-27/000001',
      completedAt: '2026-12-01T09:41:00.000Z',
      siteUrl: SITE_URL,
    }),
  'refund-failed-retrying': (w = {}) =>
    refundFailedRetryingMail({
      name: buyer(w),
      planName: w.planName ?? 'Basic Hosting',
      ...(w.text ? { domain: w.text } : {}),
      refundId: 'rfnd_Nx9aB3cD4eF5gH',
      paymentId: 'pay_Nx7gT4uVw8bYd1',
      amountPaise: 3_538_584,
      siteUrl: SITE_URL,
    }),
  'support-message': (w = {}) =>
    supportMessageMail({
      messageId: '0b9f4c1e-2d3a-4b5c-8d7e-6f5a4b3c2d1e',
      name: buyer(w),
      email: 'asha.verma@example.in',
      message:
        w.text ??
        'Hello,\n\nI paid for Basic Hosting this morning but the dashboard still says "Setting up".\nCan you check?\n\nThanks,\nAsha',
      createdAt: '2026-11-22T04:15:00.000Z',
    }),
  'ticket-acknowledgement': (w = {}) =>
    ticketAcknowledgementMail({ ticket: sampleTicket(w), number: 'TKT-000123', siteUrl: SITE_URL }),
  'ticket-reply-to-buyer': (w = {}) =>
    ticketReplyToBuyerMail({
      ticket: sampleTicket(w),
      number: 'TKT-000123',
      message: {
        at: '2026-11-22T06:40:00.000Z',
        authorName: 'Support',
        body: w.text ?? 'Hello Asha,\n\nWe have refunded the duplicate charge.\n\nSupport',
      },
      resolved: true,
      siteUrl: SITE_URL,
    }),
  'ticket-to-support': (w = {}) =>
    ticketToSupportMail({
      ticket: sampleTicket(w),
      number: 'TKT-000123',
      message: {
        at: '2026-11-22T04:15:00.000Z',
        authorName: buyer(w),
        body: w.text ?? 'I was charged twice for Basic Hosting.',
      },
      isNew: true,
    }),
  'renewal-reminder-auto-renew': (w = {}) =>
    renewalReminderMail({
      name: buyer(w),
      planId: 'basichosting',
      planName: w.planName ?? 'Basic Hosting',
      category: 'hosting',
      domain: w.text ?? 'ashaverma.in',
      renewalDate: '2027-11-22T02:02:03.000Z',
      daysBefore: 7,
      renewalPricePaise: 4_246_584,
      renewalMonths: 12,
      suspendsOn: '2027-11-29T02:02:03.000Z',
      siteUrl: SITE_URL,
      autoRenew: {
        mandateLabel: 'UPI pr••••••••••@okhdfc',
        amountPaise: 3_538_82,
        months: 1,
        debitOn: '2027-11-20T02:02:03.000Z',
      },
    }),
  'auto-renew-notice': (w = {}) =>
    preDebitNoticeMail({
      ...autoRenewService(w),
      mandateLabel: 'Visa •••• 4242',
      amountPaise: 4_718_82,
      months: 1,
      debitOn: '2027-01-13T03:30:00.000Z',
      renewalDate: '2027-01-15T10:00:00.000Z',
      reference: 'AR-2027-01-15-7C1E2A',
      optOutUrl: `${SITE_URL}/auto-renew/off?t=sample.signature`,
    }),
  'auto-renew-debit-failed': (w = {}) =>
    debitFailedMail({
      ...autoRenewService(w),
      mandateLabel: 'pr••••••••••@okhdfc',
      amountPaise: 4_718_82,
      renewalDate: '2027-01-15T10:00:00.000Z',
      retrying: true,
    }),
  'auto-renew-pay-link': (w = {}) =>
    payLinkMail({
      ...autoRenewService(w),
      amountPaise: 16_518_82,
      limitPaise: 15_000_00,
      renewalDate: '2027-01-15T10:00:00.000Z',
    }),
  'auto-renew-revoked': (w = {}) =>
    autoRenewOffMail({
      ...autoRenewService(w),
      mandateLabel: 'pr••••••••••@okhdfc',
      renewalDate: '2027-01-15T10:00:00.000Z',
      reason: 'bank',
    }),
  'auto-renew-off': (w = {}) =>
    autoRenewOffMail({
      ...autoRenewService(w),
      mandateLabel: 'Visa •••• 4242',
      renewalDate: '2027-01-15T10:00:00.000Z',
      reason: 'buyer',
    }),
  'ticket-overdue-buyer': (w = {}) =>
    ticketOverdueToBuyerMail({
      ticket: sampleTicket(w),
      number: 'TKT-000123',
      dueAt: '2026-11-23T04:15:00.000Z',
      siteUrl: 'https://shop.example.in',
    }),
  'ticket-overdue': (w = {}) =>
    ticketOverdueMail({
      ticket: sampleTicket(w),
      number: 'TKT-000123',
      dueAt: '2026-11-23T04:15:00.000Z',
    }),
};

function sampleTicket(w: Words) {
  return {
    subject: w.planName ?? 'Charged twice for Basic Hosting',
    category: 'grievance' as const,
    name: buyer(w),
    email: 'asha.verma@example.in',
    createdAt: '2026-11-22T04:15:00.000Z',
    resolveDueAt: '2026-12-22T18:29:59.999Z',
    source: 'contact' as const,
  };
}

function autoRenewService(w: Words) {
  return {
    name: buyer(w),
    planId: 'premiumhosting',
    planName: w.planName ?? 'Premium Hosting',
    domain: w.text ?? 'ashaverma.in',
    siteUrl: SITE_URL,
  };
}
