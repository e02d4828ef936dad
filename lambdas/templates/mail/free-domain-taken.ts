/**
 * A hosting's free first-year domain (D23) was registered by someone else before we could register
 * it: the name is not the buyer's, nothing is refunded (nothing was paid for it; the hosting is
 * unaffected), and the buyer chooses another name for the same free year on the domain's card.
 */
import { siteLink } from './format';
import { button, note, paragraph, renderMail, type MailContent } from './layout';

export interface FreeDomainTakenMailInput {
  name: string;
  domain: string;
  siteUrl: string;
}

export function freeDomainTakenMail(input: FreeDomainTakenMailInput): MailContent {
  const { domain } = input;
  return renderMail({
    subject: `${domain} was registered by someone else: choose another name for your free domain`,
    preheader: `${domain} was taken before we could register it. Your free year is still yours.`,
    heading: `${domain} was taken before we could register it`,
    greetName: input.name,
    blocks: [
      paragraph(
        `Someone else registered ${domain} moments before we could register it for you, so it is not yours. We are sorry.`,
      ),
      paragraph(
        'The domain came free with your hosting, so there is no payment to refund, and your hosting is not affected. Your free year is still yours: choose another name on the domain’s card in your dashboard and we register it for you.',
      ),
      button('Choose another name', siteLink(input.siteUrl, '/dashboard?tab=domain')),
      note('Until you choose, the card shows why the name could not be registered.'),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because you bought hosting with a free domain from us.',
  });
}
