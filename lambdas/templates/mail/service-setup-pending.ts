/**
 * A VPS, storage or a domain has no automated upstream yet: our team sets it up by hand and the
 * buyer is told when to expect its access details (spec, policy statements).
 */
import type { Category } from '../../domain/plan';
import { MANUAL_SETUP_PROMISE, dashboardLink, serviceName } from './format';
import { button, paragraph, renderMail, type MailContent } from './layout';

export interface ServiceSetupPendingMailInput {
  name: string;
  planName: string;
  category: Category;
  domain?: string;
  siteUrl: string;
}

export function serviceSetupPendingMail(input: ServiceSetupPendingMailInput): MailContent {
  const service = serviceName(input);
  const what =
    input.category === 'domain'
      ? `Our team is registering your ${service}. We'll email you when it is done, ${MANUAL_SETUP_PROMISE}.`
      : `Our team is setting up your ${service}. We'll email you its access details ${MANUAL_SETUP_PROMISE}.`;
  return renderMail({
    subject: `We're setting up your ${input.planName}`,
    preheader: `Its access details follow ${MANUAL_SETUP_PROMISE}.`,
    heading: `We're setting up your ${input.planName}`,
    greetName: input.name,
    blocks: [
      paragraph(`Thank you for your purchase. ${what}`),
      paragraph(
        'Until then your dashboard shows it as "Setting up". There is nothing you need to do.',
      ),
      button('Go to your dashboard', dashboardLink(input.siteUrl)),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because you bought a service from us.',
  });
}
