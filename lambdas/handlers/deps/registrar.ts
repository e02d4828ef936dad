/**
 * The domain registrar (LogicBoxes HTTP API, D23): its credentials once per cold start (the
 * environment locally, the REGISTRAR_SECRET_ARN secret in AWS), dropped and fetched again when
 * the registrar refuses them (a rotated key).
 */
import { LogicBoxesApi } from '../../adapters/registrar/logicboxes-api';
import { logicBoxesCredentialsLoader } from '../../adapters/registrar/logicboxes-credentials';
import { LogicBoxesRegistrar } from '../../adapters/registrar/logicboxes-registrar';
import { secretsManager } from '../../adapters/secrets/clients';
import { registrarConfig } from '../../config/config';
import { registrantGaps } from '../../domain/registrant';
import type { RegistrantContact } from '../../ports/registrar';
import type { ServicesStore } from '../../ports/services';
import type { UsersStore } from '../../ports/users';
import type { RegistrarPart } from '../../use-cases/converge-service';
import { wiring } from './wiring';

wiring.needs.add('registrarSecret');

const credentials = logicBoxesCredentialsLoader(() => registrarConfig(), secretsManager);

export const registrar = new LogicBoxesRegistrar(
  new LogicBoxesApi({ credentials, forgetCredentials: () => credentials.forget() }),
);

/**
 * The registrant from the buyer's record: the billing name and address (D19) and the phone, which
 * a registry needs; undefined while the profile lacks them (converge waits, out of step, and says
 * so). Indian numbers as the profile keeps them ("+91" and ten digits).
 */
export function registrantOf(user: {
  email: string;
  name: string;
  phone: string;
  billing?: { name: string; line1: string; city: string; state: string; pincode: string };
}): RegistrantContact | undefined {
  const digits = user.phone.replace(/\D/g, '');
  const phone = digits.length > 10 ? digits.slice(-10) : digits;
  const cc = digits.length > 10 ? digits.slice(0, -10) : '91';
  if (!user.billing || registrantGaps(user).length > 0) return undefined;
  return {
    email: user.email,
    name: user.billing.name || user.name,
    addressLine1: user.billing.line1,
    city: user.billing.city,
    state: user.billing.state,
    country: 'IN',
    postalCode: user.billing.pincode,
    phoneCountryCode: cc,
    phone,
  };
}

/**
 * Converge's registrar part (D23): this registrar, the buyer's registrant details, our nameservers,
 * and where a domain transferred in keeps its transfer's state.
 */
export function registrarPartFor(
  users: Pick<UsersStore, 'getUser'>,
  services: Pick<ServicesStore, 'putTransfer'>,
): RegistrarPart {
  return {
    registrar,
    transfers: services,
    contact: async (userId) => {
      const user = await users.getUser(userId);
      return user && registrantOf(user);
    },
    nameservers: async () => (await credentials()).nameservers ?? [],
  };
}
