/**
 * The world converge (D22) runs in on in-memory fakes, for the specs of the parts it drives (the
 * registrar's, a transfer's, a bundle's): the backend of fakes/world.ts, provisioning records with
 * a two-minute lease, a panel, a registrar on the world's clock, the buyer's registrant contact
 * and the nameservers a new name points to, and a buyer with one paid year of a service.
 */
import type { Months } from '../../lambdas/domain/pricing';
import { convergeDepsOf, type ConvergeHandlerDeps } from '../../lambdas/handlers/deps/converge';
import type { RegistrantContact } from '../../lambdas/ports/registrar';
import type { RegistrarPart } from '../../lambdas/use-cases/converge-service';
import type { ServiceIdentity } from '../../lambdas/ports/services';
import { InMemoryPanel, InMemoryProvisioningRecords } from './fakes/provisioning';
import { InMemoryRegistrar } from './fakes/registrar';
import { BUYER, fakeWorld } from './fakes/world';

export const CONVERGE_START = new Date('2026-11-27T04:00:00.000Z');
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const NAMESERVERS = ['ns1.panel.example.in', 'ns2.panel.example.in'];

/** The buyer's registrant contact, complete. */
export const REGISTRANT: RegistrantContact = {
  email: BUYER.email,
  name: 'Asha Verma',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IN',
  postalCode: '560001',
  phoneCountryCode: '91',
  phone: '9876543210',
};

/** The parts a spec drives, and the mailer where a spec reads mail through its own (a mail log). */
type Parts = Pick<
  ConvergeHandlerDeps,
  'registrar' | 'compute' | 'storage' | 'mailer' | 'followUps'
>;

function baseWorld(start: Date) {
  const base = fakeWorld(start);
  const records = new InMemoryProvisioningRecords({ services: base.services, leaseMs: 2 * MINUTE });
  const panel = new InMemoryPanel();
  const registrar = new InMemoryRegistrar();
  registrar.now = () => base.now().getTime();
  return Object.assign(base, { records, panel, registrar });
}

export type ConvergeBase = ReturnType<typeof baseWorld>;

/**
 * The world, with converge's dependencies (`deps`) built as the handlers build them, given the
 * parts a spec drives (made from the world: its registrar, its services store); none for a spec
 * of hosting alone (the panel).
 */
export function convergeWorld(
  parts: (world: ConvergeBase) => Partial<Parts> = () => ({}),
  start = CONVERGE_START,
) {
  const world = baseWorld(start);
  const deps = convergeDepsOf({
    records: world.records,
    services: world.services,
    users: world.users,
    panel: world.panel,
    announce: (detail) => world.events.publish('ServiceProvisioned', detail),
    mailer: world.mailer,
    siteUrl: () => 'https://shop.example.in',
    placeholderDomain: () => 'sites.example.in',
    log: world.log,
    now: world.now,
    ...parts(world),
  });
  return Object.assign(world, { deps });
}

/** The world's registrar as converge's domain part: the buyer's contact, the panel's nameservers. */
export function buyersRegistrar(world: ConvergeBase): RegistrarPart {
  return {
    registrar: world.registrar,
    contact: async () => REGISTRANT,
    nameservers: async () => NAMESERVERS,
  };
}

/** The buyer, signed up at the world's start. */
export async function givenBuyer(world: ConvergeBase): Promise<void> {
  await world.users.createUserIfMissing({ ...BUYER, createdAt: world.now().toISOString() });
}

/**
 * One paid year of `service`, bought at the world's current time by the payment `paymentId`
 * (purchase `pur_<paymentId>`) for `amountPaise`. Returns the purchase's time and renewal date.
 */
export async function givenPaidYear(
  world: ConvergeBase,
  service: Omit<ServiceIdentity, 'userId'>,
  payment: { paymentId: string; amountPaise: number },
): Promise<{ at: string; renewalDate: string }> {
  const at = world.now().toISOString();
  const renewalDate = new Date(world.now().getTime() + 365 * DAY).toISOString();
  await world.services.extendService(
    { userId: BUYER.userId, ...service },
    {
      purchaseId: `pur_${payment.paymentId}`,
      paymentId: payment.paymentId,
      purchaseDate: at,
      startDate: at,
      renewalDate,
      months: 12 as Months,
      amountPaise: payment.amountPaise,
    },
    0,
    at,
  );
  return { at, renewalDate };
}
