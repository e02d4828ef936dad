import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_TTL_MS,
  startWhmStandIn,
  type WhmStandIn,
} from '../../../../infra/local/whm/server';
import { WhmApi } from '../../../../lambdas/adapters/whm/whm-api';
import {
  whmBaseUrl,
  whmCredentialsLoader,
  type WhmCredentials,
} from '../../../../lambdas/adapters/whm/whm-credentials';
import { WhmProvisioner } from '../../../../lambdas/adapters/whm/whm-provisioner';
import { ConfigurationError } from '../../../../lambdas/config/config';
import { whmUsernameFor } from '../../../../lambdas/domain/provisioning';
import {
  AccountExistsError,
  NoSuchAccountError,
  ProvisionerAccessDeniedError,
  ProvisionerRefusedError,
  ProvisionerUnavailableError,
  type AccountSpec,
} from '../../../../lambdas/ports/provisioning';

const USER = 'storefront';
const TOKEN = 'local_whm_token';

// The service of the real-shaped PurchaseCompleted in events/eventbridge, bought for ashaverma.in.
const serviceId = 'pur_pay_Nx7gT4uVw8bYd1';
const asha: AccountSpec = {
  username: whmUsernameFor(serviceId, 'ashaverma.in'),
  domain: 'ashaverma.in',
  package: 'storefront_basic',
  contactEmail: 'asha.verma@example.in',
};

interface Listed {
  user: string;
  domain: string;
  plan: string;
  email: string;
  state: 'active' | 'suspended';
}

let dataDir: string;
let clock: number;
let standIn: WhmStandIn;

async function start(): Promise<WhmStandIn> {
  return startWhmStandIn({ port: 0, dataDir, user: USER, token: TOKEN, now: () => clock });
}

function provisioner(
  credentials: Partial<WhmCredentials> = {},
  extra: Partial<ConstructorParameters<typeof WhmApi>[0]> = {},
): WhmProvisioner {
  const api = new WhmApi({
    credentials: async () => ({ baseUrl: standIn.url, user: USER, token: TOKEN, ...credentials }),
    ...extra,
  });
  return new WhmProvisioner(api);
}

async function accounts(): Promise<Listed[]> {
  const response = await fetch(`${standIn.url}/_whm/accounts`);
  return ((await response.json()) as { accounts: Listed[] }).accounts;
}

async function outage(on: boolean): Promise<void> {
  const response = await fetch(`${standIn.url}/_whm/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ on }),
  });
  expect(response.status).toBe(200);
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'whm-stand-in-'));
  clock = Date.parse('2026-11-22T02:03:00.000Z');
  standIn = await start();
});

afterEach(async () => {
  await standIn.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('creating an account (createacct)', () => {
  it("creates it with the plan's package and answers what the buyer needs, never a password", async () => {
    const created = await provisioner().create(asha);

    expect(created).toEqual({
      username: asha.username,
      domain: 'ashaverma.in',
      package: 'storefront_basic',
      server: '127.0.0.1',
      nameservers: ['ns1.stand-in.test', 'ns2.stand-in.test'],
      ip: '127.0.0.1',
    });
    expect(await accounts()).toEqual([
      expect.objectContaining({
        user: asha.username,
        domain: 'ashaverma.in',
        plan: 'storefront_basic',
        email: 'asha.verma@example.in',
        state: 'active',
      }),
    ]);
  });

  it('refuses a second account of the same name as AccountExists, and makes none', async () => {
    const whm = provisioner();
    await whm.create(asha);

    await expect(whm.create({ ...asha, domain: 'another.in' })).rejects.toBeInstanceOf(
      AccountExistsError,
    );
    expect(await accounts()).toHaveLength(1);
  });

  it("passes WHM's own sentence on when it refuses for a reason of its own", async () => {
    const whm = provisioner();
    await whm.create(asha);
    const other = { ...asha, username: whmUsernameFor('pur_other', 'ashaverma.in') };

    const domainTaken = await whm.create(other).catch((error: unknown) => error);
    const noPackage = await whm
      .create({ ...other, domain: 'other.in', package: 'no_such_package' })
      .catch((error: unknown) => error);

    expect(domainTaken).toBeInstanceOf(ProvisionerRefusedError);
    expect((domainTaken as ProvisionerRefusedError).reason).toMatch(
      /ashaverma\.in.*already exists/,
    );
    expect(noPackage).toBeInstanceOf(ProvisionerRefusedError);
    expect((noPackage as ProvisionerRefusedError).reason).toContain('no_such_package');
    expect(await accounts()).toHaveLength(1);
  });

  it('refuses a username WHM would refuse without asking WHM', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const whm = provisioner({}, { fetch: fetchSpy });

    for (const username of ['testasha', '1asha', 'Asha', 'asha_verma', 'a'.repeat(17)]) {
      await expect(whm.create({ ...asha, username })).rejects.toBeInstanceOf(
        ProvisionerRefusedError,
      );
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps accounts on disk: a restarted stand-in still has them', async () => {
    await provisioner().create(asha);
    await standIn.stop();

    standIn = await start();

    expect(await provisioner().summary(asha.username)).toMatchObject({ state: 'active' });
  });
});

describe('the account lifecycle', () => {
  it('suspends, tells it, unsuspends and terminates', async () => {
    const whm = provisioner();
    await whm.create(asha);

    await whm.suspend(asha.username, 'Expired on 22 November 2027; not renewed.');
    const suspended = await whm.summary(asha.username);
    await whm.unsuspend(asha.username);
    const active = await whm.summary(asha.username);
    await whm.terminate(asha.username);

    expect(suspended).toEqual({
      username: asha.username,
      domain: 'ashaverma.in',
      package: 'storefront_basic',
      state: 'suspended',
      server: '127.0.0.1',
      contactEmail: 'asha.verma@example.in',
      ip: '127.0.0.1',
    });
    expect(active?.state).toBe('active');
    expect(await whm.summary(asha.username)).toBeUndefined();
    expect(await accounts()).toEqual([]);
  });

  it('lists a suspended account as suspended', async () => {
    const whm = provisioner();
    await whm.create(asha);

    await whm.suspend(asha.username, 'Refunded');

    expect(await accounts()).toEqual([expect.objectContaining({ state: 'suspended' })]);
  });

  it('answers NoSuchAccount for an account that is not there', async () => {
    const whm = provisioner();

    await expect(whm.suspend('nobody1234', 'x')).rejects.toBeInstanceOf(NoSuchAccountError);
    await expect(whm.unsuspend('nobody1234')).rejects.toBeInstanceOf(NoSuchAccountError);
    await expect(whm.terminate('nobody1234')).rejects.toBeInstanceOf(NoSuchAccountError);
    await expect(whm.openSession('nobody1234')).rejects.toBeInstanceOf(NoSuchAccountError);
    expect(await whm.summary('nobody1234')).toBeUndefined();
  });
});

describe('the single-use control panel login (create_user_session)', () => {
  it("signs the owner in once, on the stand-in's own page", async () => {
    const whm = provisioner();
    await whm.create(asha);

    const session = await whm.openSession(asha.username);
    const first = await fetch(session.url);
    const firstPage = await first.text();
    const second = await fetch(session.url);

    expect(session.expiresAt).toBe(new Date(clock + SESSION_TTL_MS).toISOString());
    expect(first.status).toBe(200);
    expect(firstPage).toContain(`Control panel (local stand-in): signed in as ${asha.username}`);
    expect(second.status).toBe(401);
    expect(await second.text()).not.toContain('signed in as');
  });

  it('refuses a link after its five minutes', async () => {
    const whm = provisioner();
    await whm.create(asha);
    const session = await whm.openSession(asha.username);

    clock += SESSION_TTL_MS;
    const late = await fetch(session.url);

    expect(late.status).toBe(401);
  });

  it('refuses a link whose session was made up', async () => {
    const whm = provisioner();
    await whm.create(asha);
    const session = await whm.openSession(asha.username);
    const forged = new URL(session.url);
    forged.searchParams.set('session', `${asha.username}:guessed`);

    expect((await fetch(forged)).status).toBe(401);
    expect((await fetch(session.url)).status).toBe(200);
  });

  it('gives no link to a suspended account', async () => {
    const whm = provisioner();
    await whm.create(asha);
    await whm.suspend(asha.username, 'Expired');

    await expect(whm.openSession(asha.username)).rejects.toBeInstanceOf(ProvisionerRefusedError);
  });
});

describe('when WHM is down or refuses us', () => {
  it('makes every function fail as Unavailable during an outage, and work again after it', async () => {
    const whm = provisioner();
    await whm.create(asha);
    await outage(true);

    const calls = [
      whm.create({ ...asha, username: 'another1', domain: 'another.in' }),
      whm.suspend(asha.username, 'x'),
      whm.unsuspend(asha.username),
      whm.terminate(asha.username),
      whm.summary(asha.username),
      whm.openSession(asha.username),
    ];
    const outcomes = await Promise.allSettled(calls);
    await outage(false);

    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ProvisionerUnavailableError);
    }
    expect(await whm.summary(asha.username)).toMatchObject({ state: 'active' });
    expect(await accounts()).toHaveLength(1);
  });

  it('refuses a wrong token as AccessDenied and drops the cached credentials', async () => {
    const forgetCredentials = vi.fn();
    const whm = provisioner({ token: 'stolen_or_stale' }, { forgetCredentials });

    await expect(whm.create(asha)).rejects.toBeInstanceOf(ProvisionerAccessDeniedError);
    await expect(whm.summary(asha.username)).rejects.toBeInstanceOf(ProvisionerAccessDeniedError);
    expect(forgetCredentials).toHaveBeenCalled();
    expect(await accounts()).toEqual([]);
  });

  it('never puts the token or the buyer’s email into an error', async () => {
    await outage(true);

    const error = await provisioner()
      .create(asha)
      .then(
        () => undefined,
        (e: unknown) => e as ProvisionerUnavailableError,
      );
    await outage(false);

    expect(error).toBeInstanceOf(ProvisionerUnavailableError);
    expect(`${error?.message} ${error?.detail}`).not.toContain(TOKEN);
    expect(`${error?.message} ${error?.detail}`).not.toContain('asha.verma');
  });

  describe('over a network that misbehaves', () => {
    let silent: Server;
    let silentUrl: string;

    beforeAll(async () => {
      // Accepts the connection and never answers.
      silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('gives up after its timeout', async () => {
      const whm = provisioner({ baseUrl: silentUrl }, { timeoutsMs: { accountsummary: 150 } });
      const started = Date.now();

      const error = await whm.summary(asha.username).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ProvisionerUnavailableError);
      expect((error as ProvisionerUnavailableError).detail).toBe(
        'WHM accountsummary: no answer within 150 ms',
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('is Unavailable when nothing listens', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));

      const whm = provisioner({ baseUrl: `http://127.0.0.1:${port}` });

      await expect(whm.summary(asha.username)).rejects.toBeInstanceOf(ProvisionerUnavailableError);
    });
  });
});

/** A fetch that answers every call with one body, for WHM's documented answers. */
function answering(status: number, body: unknown): typeof fetch {
  return async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
}

function documented(fetchImpl: typeof fetch): WhmProvisioner {
  return new WhmProvisioner(
    new WhmApi({
      credentials: async () => ({
        baseUrl: 'https://server1.example.in:2087',
        user: 'reseller',
        token: 'T0KEN',
      }),
      fetch: fetchImpl,
    }),
  );
}

describe("WHM's documented answers", () => {
  it('reads accountsummary as cPanel documents it', async () => {
    const whm = documented(
      answering(200, {
        data: {
          acct: [
            {
              backup: 0,
              disklimit: 'unlimited',
              diskused: '14M',
              domain: 'example.com',
              email: 'username@example.com',
              ip: '192.168.0.128',
              is_locked: 0,
              owner: 'root',
              partition: 'home',
              plan: 'packagename',
              shell: '/bin/bash',
              startdate: '13 May 22 16:03',
              suspended: 0,
              suspendreason: 'not suspended',
              suspendtime: 0,
              theme: 'jupiter',
              unix_startdate: 1652472181,
              user: 'username',
            },
          ],
        },
        metadata: { command: 'accountsummary', reason: 'OK', result: 1, version: 1 },
      }),
    );

    expect(await whm.summary('username')).toEqual({
      username: 'username',
      domain: 'example.com',
      package: 'packagename',
      state: 'active',
      server: 'server1.example.in',
      contactEmail: 'username@example.com',
      ip: '192.168.0.128',
    });
  });

  it('reads create_user_session as cPanel documents it', async () => {
    const whm = documented(
      answering(200, {
        data: {
          cp_security_token: '/cpsess1234567890',
          expires: 1401993893,
          session: 'username:GHehYZ1GCxzmDATM:create_user_session,5dc619831bac4aa2',
          url: 'https://example.com:2083/cpsess1234567890/login/?session=username%3aGHehYZ1GCxzmDATM%3acreate_user_session%2c5dc619831bac4aa2',
          service: 'cpaneld',
          locale: 'en',
        },
        metadata: {
          version: 1,
          reason: 'Created session',
          result: 1,
          command: 'create_user_session',
        },
      }),
    );

    expect(await whm.openSession('username')).toEqual({
      url: 'https://example.com:2083/cpsess1234567890/login/?session=username%3aGHehYZ1GCxzmDATM%3acreate_user_session%2c5dc619831bac4aa2',
      expiresAt: '2014-06-05T18:44:53.000Z',
    });
  });

  it('takes a token without the acct-summary privilege as AccessDenied, not as "no account"', async () => {
    const whm = documented(
      answering(200, {
        metadata: {
          command: 'accountsummary',
          reason: 'Permission denied: acct-summary',
          result: 0,
          version: 1,
        },
      }),
    );

    await expect(whm.summary('username')).rejects.toBeInstanceOf(ProvisionerAccessDeniedError);
  });

  it('takes an answer that is not WHM API 1 as Unavailable', async () => {
    for (const [status, body] of [
      [200, '<html>cPanel login</html>'],
      [200, { cpanelresult: { data: [] } }],
      [502, 'Bad gateway'],
      [301, ''],
    ] as const) {
      await expect(documented(answering(status, body)).summary('username')).rejects.toBeInstanceOf(
        ProvisionerUnavailableError,
      );
    }
  });
});

describe('WHM credentials', () => {
  it('take a host name as WHM over TLS on 2087, and a URL as it is', () => {
    expect(whmBaseUrl('server1.example.in')).toBe('https://server1.example.in:2087');
    expect(whmBaseUrl('https://server1.example.in:2087/')).toBe('https://server1.example.in:2087');
    expect(whmBaseUrl('https://whm.example.in')).toBe('https://whm.example.in');
    expect(whmBaseUrl('http://127.0.0.1:2087')).toBe('http://127.0.0.1:2087');
  });

  it('refuse plain http beyond this machine, paths and embedded credentials', () => {
    expect(() => whmBaseUrl('http://server1.example.in:2087')).toThrow(ConfigurationError);
    expect(() => whmBaseUrl('https://server1.example.in:2087/json-api')).toThrow(
      ConfigurationError,
    );
    expect(() => whmBaseUrl('https://root:pw@server1.example.in')).toThrow(ConfigurationError);
  });

  it('come from the environment locally', async () => {
    const load = whmCredentialsLoader(
      () => ({ source: 'environment', host: 'http://127.0.0.1:2087', user: USER, token: TOKEN }),
      new SecretsManagerClient({}),
    );

    expect(await load()).toEqual({ baseUrl: 'http://127.0.0.1:2087', user: USER, token: TOKEN });
  });

  describe('from Secrets Manager in AWS', () => {
    const secrets = mockClient(SecretsManagerClient);
    const arn = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:storefront/whm-AbCdEf';

    beforeEach(() => secrets.reset());

    it('once per cold start, and again after forget()', async () => {
      secrets.on(GetSecretValueCommand, { SecretId: arn }).resolves({
        SecretString: JSON.stringify({ host: 'server1.example.in', user: 'acme', token: 'T1' }),
      });
      const load = whmCredentialsLoader(
        () => ({ source: 'secretsManager', secretArn: arn }),
        new SecretsManagerClient({}),
      );

      const first = await load();
      await load();
      load.forget();
      await load();

      expect(first).toEqual({
        baseUrl: 'https://server1.example.in:2087',
        user: 'acme',
        token: 'T1',
      });
      expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    });

    it('naming what the secret lacks, never its values', async () => {
      secrets
        .on(GetSecretValueCommand)
        .resolves({ SecretString: JSON.stringify({ host: 'server1.example.in', user: 'acme' }) });
      const load = whmCredentialsLoader(
        () => ({ source: 'secretsManager', secretArn: arn }),
        new SecretsManagerClient({}),
      );

      await expect(load()).rejects.toThrow(/lacks: token/);
    });
  });
});
