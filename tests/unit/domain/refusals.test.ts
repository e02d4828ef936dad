/**
 * Every refusal the domain declares, as a buyer and the API meet it: its own name (the bundle is
 * minified), its code, a 4xx from the one error mapping, and the sentence the buyer reads, word
 * for word (a changed sentence is a deliberate change here). The use cases' own refusals:
 * tests/unit/lambdas/use-cases/refusals.test.ts.
 */
import { describe, expect, it } from 'vitest';
import * as checkoutPricing from '../../../lambdas/domain/checkout-pricing';
import * as contact from '../../../lambdas/domain/contact';
import * as domainNames from '../../../lambdas/domain/domain-names';
import * as domainSettings from '../../../lambdas/domain/domain-settings';
import * as domainTransfer from '../../../lambdas/domain/domain-transfer';
import * as errors from '../../../lambdas/domain/errors';
import { DomainError } from '../../../lambdas/domain/errors';
import * as gst from '../../../lambdas/domain/gst';
import * as profile from '../../../lambdas/domain/profile';
import * as registerDomain from '../../../lambdas/domain/register-domain';
import * as sshKeys from '../../../lambdas/domain/ssh-keys';
import * as ticketAttachments from '../../../lambdas/domain/ticket-attachments';
import * as tickets from '../../../lambdas/domain/tickets';
import * as userLimits from '../../../lambdas/domain/user-limits';
import * as vpsChoice from '../../../lambdas/domain/vps-choice';
import { errorResponse } from '../../../lambdas/http/error-response';
import { RecordingLog } from '../../helpers/fakes/stores';

/**
 * Each refusal made when its test runs (not when this file is read): a mutant switched on for the
 * test (StrykerJS, docs/mutation.md) then reaches the error it changes.
 */
const REFUSALS: readonly [() => DomainError, string, string][] = [
  [
    () => new checkoutPricing.InvalidAccountDomainError('asha rao.in'),
    'invalid_domain',
    'Please give the domain for this hosting as a name like example.in, or add it later.',
  ],
  [
    () => new contact.TooManyRequestsError(),
    'too_many_requests',
    'You have sent several messages in a short time. Please wait an hour before sending another; we reply to every message we have received.',
  ],
  [
    () => new domainNames.DomainRequiredError(),
    'domain_required',
    'Please enter the domain name you want to register, for example yourbusiness.com.',
  ],
  [
    () => new domainNames.InvalidDomainError('asha rao.com'),
    'invalid_domain',
    'Use only letters, numbers and hyphens (not at the start or end), up to 63 characters, then .com, .net, .org, .in or .co.in.',
  ],
  [
    () => new domainNames.ExtensionNotSoldError('.io'),
    'extension_not_available',
    'We register .com, .net, .org, .in or .co.in names only; .io is not available.',
  ],
  [
    () => new domainNames.ExtensionNotSoldError(''),
    'extension_not_available',
    'We register .com, .net, .org, .in or .co.in names only; that ending is not available.',
  ],
  [
    () => new domainNames.DomainNotApplicableError('basichosting'),
    'domain_not_applicable',
    'A domain name can be given only when buying a domain plan.',
  ],
  [
    () => new domainNames.InvalidYearsError(4),
    'invalid_years',
    'Please choose a registration period of 1, 2 or 3 years.',
  ],
  [
    () => new domainNames.PromoNotForDomainsError('DIWALI10'),
    'invalid_promo_code',
    'Promo codes do not apply to domain registrations.',
  ],
  [
    () => new domainSettings.DomainSettingsError('Each nameserver may be given once.'),
    'validation_failed',
    'Each nameserver may be given once.',
  ],
  [
    () => new domainSettings.ReauthRequiredError(),
    'reauth_required',
    'For your security, please sign in again to see the transfer code (within 5 minutes).',
  ],
  [
    () => new domainSettings.FeatureNotInPlanError('WHOIS privacy'),
    'feature_not_in_plan',
    "WHOIS privacy comes with Premium Domain and Enterprise Domain; your plan does not include it. You can choose one of them for your renewal from the card's Change plan.",
  ],
  [
    () => new domainSettings.FeatureNotInPlanError('DNSSEC', 'Enterprise Domain'),
    'feature_not_in_plan',
    "DNSSEC comes with Enterprise Domain; your plan does not include it. You can choose it for your renewal from the card's Change plan.",
  ],
  [
    () => new domainTransfer.InvalidAuthCodeError(),
    'invalid_auth_code',
    'Please enter the auth code (EPP code) your current registrar gave you: 6 to 64 letters, digits or symbols, without spaces.',
  ],
  [
    () => new domainTransfer.TransferNotApplicableError('Only a domain can be transferred in.'),
    'transfer_not_applicable',
    'Only a domain can be transferred in.',
  ],
  [
    () => new errors.PlanNotFoundError('goldhosting'),
    'plan_not_found',
    'We could not find that plan. Please choose a plan from our pricing pages.',
  ],
  [
    () => new errors.InvalidMonthsError(5),
    'invalid_months',
    'Please choose a billing period of 1, 12, 24 or 36 months.',
  ],
  [
    () => new errors.InvalidPromoCodeError('NOPE'),
    'invalid_promo_code',
    'That promo code is not valid.',
  ],
  [
    () => new errors.PromoNotForRenewalError('DIWALI10'),
    'invalid_promo_code',
    'Promo codes apply to new purchases only.',
  ],
  [
    () => new gst.UnknownStateError('Atlantis'),
    'validation_failed',
    'Please choose your state or union territory from the list.',
  ],
  ...(['format', 'state', 'check_digit'] as const).map(
    (problem) =>
      [() => new gst.InvalidGstinError(problem), 'invalid_gstin', gst.GSTIN_MESSAGES[problem]] as [
        () => DomainError,
        string,
        string,
      ],
  ),
  [
    () => new gst.BillingAddressRequiredError(),
    'billing_address_required',
    'For an order of ₹50,000 or more, the tax invoice must carry your name and billing address. Please add your billing details.',
  ],
  [
    () => new registerDomain.RegisterDomainNotOfferedError('Basic Hosting'),
    'validation_failed',
    'Basic Hosting includes no domain to register: leave the domain to register out.',
  ],
  [
    () => registerDomain.freeDomainNotOffered('Basic Hosting'),
    'validation_failed',
    'The free domain comes with the first year of Basic Hosting only: leave the domain to register out.',
  ],
  [
    () => new registerDomain.RegisterDomainTakenError('asharao.com'),
    'domain_not_available',
    'asharao.com is already registered by someone else. Please choose another name.',
  ],
  [
    () => new registerDomain.DomainAlreadyChosenError('asharao.com'),
    'domain_already_chosen',
    "This bundle's domain is asharao.com already: it cannot be changed here.",
  ],
  [
    () => new sshKeys.InvalidSshKeyError('A server takes at most 10 SSH keys.'),
    'invalid_ssh_key',
    'A server takes at most 10 SSH keys.',
  ],
  [
    () =>
      new vpsChoice.InvalidVpsChoiceError(
        'An OS, SSH keys and a hostname are only for a VPS plan.',
      ),
    'validation_failed',
    'An OS, SSH keys and a hostname are only for a VPS plan.',
  ],
  [
    () =>
      new ticketAttachments.AttachmentRejectedError(
        'attachment_too_large',
        'This file is larger than 5 MB. Please attach a smaller file (or a few parts of it).',
      ),
    'attachment_too_large',
    'This file is larger than 5 MB. Please attach a smaller file (or a few parts of it).',
  ],
  [
    () => new ticketAttachments.AttachmentNotFoundError(),
    'attachment_not_found',
    'We could not find that file on this ticket.',
  ],
  [
    () => new tickets.TicketNotFoundError(),
    'ticket_not_found',
    'We could not find that ticket. Please check its number.',
  ],
  [
    () => new tickets.TicketClosedError(),
    'ticket_closed',
    'This ticket was closed more than 14 days after it was resolved. Please open a new ticket; you can mention this one by its number.',
  ],
  [
    () => new tickets.TicketNotResolvedError(),
    'ticket_not_resolved',
    'Only a resolved ticket can be reopened.',
  ],
  [
    () => new tickets.TicketTooLongError(),
    'ticket_too_long',
    'This conversation has grown very long. Please open a new ticket and mention this one.',
  ],
  [
    () => new tickets.TicketServiceNotFoundError(),
    'service_not_found',
    'We could not find that service on your account.',
  ],
  [
    () => new tickets.TicketBusyError(),
    'ticket_busy',
    'This ticket is being updated right now. Please try again in a moment.',
  ],
  [
    () => new userLimits.UserLimitReachedError(42 * 60 + 30),
    'too_many_requests',
    'You have done this many times in a short while. Please try again in 43 minutes.',
  ],
  [
    () =>
      new profile.ProfileValidationError([
        { field: 'phone', label: 'Phone', message: 'Enter a 10-digit mobile number.' },
      ]),
    'validation_failed',
    '',
  ],
];

function answer(error: unknown): { status: number; code: string; message: string } {
  const result = errorResponse(error, new RecordingLog());
  const body = JSON.parse(result.body ?? '') as { error: { code: string; message: string } };
  return { status: result.statusCode ?? 0, ...body.error };
}

describe('the domain’s refusals', () => {
  it('are all listed here (a new one gets a row above)', () => {
    const declared = [
      checkoutPricing,
      contact,
      domainNames,
      domainSettings,
      domainTransfer,
      errors,
      gst,
      profile,
      registerDomain,
      sshKeys,
      ticketAttachments,
      tickets,
      userLimits,
      vpsChoice,
    ]
      .flatMap((module) => Object.values(module))
      .filter(
        (value): value is typeof DomainError =>
          typeof value === 'function' && value.prototype instanceof DomainError,
      );
    expect(new Set(REFUSALS.map(([make]) => make().constructor))).toEqual(new Set(declared));
  });

  it.each(
    REFUSALS.map(([make, code, sentence]) => [make().constructor.name, make, code, sentence]),
  )(
    '%s keeps its own name, its code, a 4xx, and the buyer’s sentence',
    (className, make, code, sentence) => {
      const error = make();
      expect(error.name).toBe(className);

      const answered = answer(error);

      expect(answered.code).toBe(code);
      expect(answered.status).toBeGreaterThanOrEqual(400);
      expect(answered.status).toBeLessThan(500);
      if (sentence) expect(answered.message).toBe(sentence);
      else expect(answered.message).toBe(error.message);
      expect(answered.message).toMatch(/\S.*\.$/);
    },
  );
});
