/**
 * The provisioning port on a cPanel & WHM server, through WHM API 1: createacct, suspendacct,
 * unsuspendacct, removeacct, accountsummary, create_user_session and changepackage. WHM answers a refusal with
 * `result: 0` and a sentence (no error code), so the sentence is never parsed to decide what
 * happened: a refused call asks accountsummary whether the account exists, and the port's error
 * follows from that.
 */
import * as z from 'zod/mini';
import { isValidWhmUsername } from '../../domain/provisioning';
import {
  AccountExistsError,
  NoSuchAccountError,
  ProvisionerAccessDeniedError,
  ProvisionerRefusedError,
  ProvisionerUnavailableError,
  type AccountSpec,
  type AccountSummary,
  type CreatedAccount,
  type PanelSession,
  type Provisioner,
} from '../../ports/provisioning';
import type { WhmApi, WhmFunction } from './whm-api';

const text = z.string();
const optionalText = z.optional(z.nullable(z.string()));

const createdData = z.object({
  ip: optionalText,
  package: optionalText,
  nameserver: optionalText,
  nameserver2: optionalText,
  nameserver3: optionalText,
  nameserver4: optionalText,
});

const summaryData = z.object({
  acct: z.array(
    z.object({
      user: text,
      domain: text,
      plan: optionalText,
      email: optionalText,
      ip: optionalText,
      suspended: z.union([z.number(), z.string(), z.boolean()]),
    }),
  ),
});

const sessionData = z.object({
  url: z.url(),
  expires: z.optional(z.nullable(z.number())),
});

// A token without the privilege a function needs is answered with result 0 and one of these.
const NOT_PERMITTED = /access denied|permission|not permitted|privilege/i;

export class WhmProvisioner implements Provisioner {
  constructor(private readonly api: WhmApi) {}

  async create(spec: AccountSpec): Promise<CreatedAccount> {
    if (!isValidWhmUsername(spec.username)) {
      throw new ProvisionerRefusedError(
        'createacct',
        `The username "${spec.username}" is not one WHM takes: at most 16 lowercase letters and digits, not starting with a digit or "test".`,
      );
    }
    const answer = await this.api.call('createacct', {
      username: spec.username,
      domain: spec.domain,
      plan: spec.package,
      contactemail: spec.contactEmail,
    });
    if (!answer.ok) {
      if (await this.summary(spec.username)) throw new AccountExistsError(spec.username);
      throw new ProvisionerRefusedError('createacct', answer.reason);
    }
    const data = parse(createdData, answer.data ?? {}, 'createacct');
    const nameservers = [data.nameserver, data.nameserver2, data.nameserver3, data.nameserver4]
      .map((name) => name?.trim())
      .filter((name): name is string => Boolean(name));
    const created: CreatedAccount = {
      username: spec.username,
      domain: spec.domain,
      package: data.package || spec.package,
      server: await this.api.serverName(),
      nameservers,
    };
    if (data.ip) created.ip = data.ip;
    return created;
  }

  async suspend(username: string, reason: string): Promise<void> {
    await this.act('suspendacct', username, { user: username, reason });
  }

  async unsuspend(username: string): Promise<void> {
    await this.act('unsuspendacct', username, { user: username });
  }

  async terminate(username: string): Promise<void> {
    await this.act('removeacct', username, { username });
  }

  async changePackage(username: string, pkg: string): Promise<void> {
    // WHM API 1 changepackage: `user` and `pkg` (the package's name on the server).
    await this.act('changepackage', username, { user: username, pkg });
  }

  async summary(username: string): Promise<AccountSummary | undefined> {
    const answer = await this.api.call('accountsummary', { user: username });
    if (!answer.ok) {
      if (NOT_PERMITTED.test(answer.reason)) {
        throw new ProvisionerAccessDeniedError(
          `WHM refused accountsummary: ${answer.reason} (the token needs the acct-summary privilege).`,
        );
      }
      // WHM answers result 0 for an unknown user and for one this reseller may not see; either
      // way it is no account of ours.
      return undefined;
    }
    const [account] = parse(summaryData, answer.data, 'accountsummary').acct;
    if (!account) return undefined;
    const summary: AccountSummary = {
      username: account.user,
      domain: account.domain,
      package: account.plan ?? '',
      state: isSet(account.suspended) ? 'suspended' : 'active',
      server: await this.api.serverName(),
    };
    if (account.email && account.email !== '*unknown*') summary.contactEmail = account.email;
    if (account.ip) summary.ip = account.ip;
    return summary;
  }

  async openSession(username: string): Promise<PanelSession> {
    const answer = await this.act('create_user_session', username, {
      user: username,
      service: 'cpaneld',
    });
    const data = parse(sessionData, answer, 'create_user_session');
    const session: PanelSession = { url: data.url };
    if (typeof data.expires === 'number') {
      session.expiresAt = new Date(data.expires * 1000).toISOString();
    }
    return session;
  }

  /** Calls a function on an existing account; a refusal is NoSuchAccount when it is not there. */
  private async act(
    fn: WhmFunction,
    username: string,
    params: Record<string, string>,
  ): Promise<unknown> {
    const answer = await this.api.call(fn, params);
    if (answer.ok) return answer.data;
    if (!(await this.summary(username))) throw new NoSuchAccountError(username);
    throw new ProvisionerRefusedError(fn, answer.reason);
  }
}

function isSet(flag: number | string | boolean): boolean {
  return flag === true || flag === 1 || flag === '1';
}

function parse<T extends z.ZodMiniType>(schema: T, value: unknown, fn: WhmFunction): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ProvisionerUnavailableError(`WHM ${fn}: its data is not what WHM API 1 documents`);
  }
  return result.data;
}
