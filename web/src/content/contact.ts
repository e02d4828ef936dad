import { facts, grievanceOfficer, supportContact } from './facts';

/** /contact (docs/decisions.md D9). */
export const contactPage = {
  eyebrow: 'Contact',
  title: 'Get in touch',
  lead: `Questions about a plan, a bill or your website? Send us a message: our team aims to reply within ${facts.emailResponseHours} hours (${facts.emailResponseWeekendHours} hours on weekends and holidays).`,
  form: {
    title: 'Send us a message',
    name: 'Name',
    email: 'Email',
    message: 'Message',
    submit: 'Send Message',
    sending: 'Sending...',
    sent: 'Thank you! Your message has been sent.',
    /** D27: the message opened a ticket. */
    ticket: (number: string) =>
      `Your ticket number is ${number}; we have emailed it to you. Sign in with this email to follow it in your dashboard.`,
    failed: 'Sorry, your message could not be sent. Please try again, or email us directly.',
    failedPrefix: 'Your message could not be sent.',
    errors: {
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      emailInvalid: 'Please enter a valid email address.',
      message: 'Please enter a message.',
    },
  },
  details: {
    title: 'Other ways to reach us',
    emailLabel: 'Support email',
    email: supportContact.email,
    phoneLabel: 'Phone',
    phone: supportContact.phone,
    phoneHref: supportContact.phoneHref,
    phoneNote: 'Phone support is for Enterprise plans only.',
    hours: `Email support is open 24/7 in ${facts.supportLanguages}.`,
    grievance: {
      label: grievanceOfficer.designation,
      name: grievanceOfficer.name,
      email: grievanceOfficer.email,
      phone: grievanceOfficer.phone,
      phoneHref: grievanceOfficer.phoneHref,
      note: `Not happy with how we handled a problem? Our ${grievanceOfficer.designation.toLowerCase()} acknowledges a complaint within ${grievanceOfficer.acknowledgeHours} hours and resolves it within ${grievanceOfficer.resolveWithin}.`,
    },
    addressLabel: 'Office',
    address: supportContact.address,
  },
  /** D9 timings: 'Sending...' for at least this long, thank-you hidden after the second. */
  minimumSendingMs: 1500,
  sentMessageMs: 5000,
} as const;
