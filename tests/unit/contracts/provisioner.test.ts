/**
 * One contract for the provisioning port (Provisioner), run against the in-memory panel the
 * use-case specs use (InMemoryPanel) and against the real adapter (WhmProvisioner over WHM API 1)
 * on the local WHM stand-in, so the fake's rules for names, domains, packages, suspension, login
 * links, outages and refused tokens cannot drift from what the adapter makes of WHM's answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWhmStandIn, type WhmStandIn } from '../../../infra/local/whm/server';
import { WhmApi } from '../../../lambdas/adapters/whm/whm-api';
import { WhmProvisioner } from '../../../lambdas/adapters/whm/whm-provisioner';
import {
  AccountExistsError,
  NoSuchAccountError,
  ProvisionerAccessDeniedError,
  ProvisionerRefusedError,
  ProvisionerUnavailableError,
  type AccountSpec,
  type Provisioner,
} from '../../../lambdas/ports/provisioning';
import {
  FAKE_PANEL_NAMESERVERS,
  FAKE_PANEL_SERVER,
  InMemoryPanel,
} from '../../helpers/fakes/provisioning';

interface Subject {
  readonly panel: Provisioner;
  /** The server the answers name. */
  readonly server: string;
  outage(on: boolean): Promise<void>;
  /** From now on the panel refuses our API token. */
  refuseToken(): Promise<void>;
  /** Follows a login link as the owner's browser does: whether it signs them in. */
  signIn(url: string): Promise<boolean>;
  stop(): Promise<void>;
}

function fakeSubject(): Subject {
  const panel = new InMemoryPanel();
  return {
    panel,
    server: FAKE_PANEL_SERVER,
    async outage(on) {
      panel.down = on;
    },
    async refuseToken() {
      panel.deniesAccess = true;
    },
    async signIn(url) {
      return panel.signIn(url);
    },
    async stop() {},
  };
}

async function standInSubject(): Promise<Subject> {
  const user = 'storefront';
  const dataDir = mkdtempSync(join(tmpdir(), 'whm-contract-'));
  const standIn: WhmStandIn = await startWhmStandIn({
    port: 0,
    dataDir,
    user,
    token: 'local_whm_token',
    nameservers: FAKE_PANEL_NAMESERVERS,
  });
  const adapter = (token: string) =>
    new WhmProvisioner(
      new WhmApi({ credentials: async () => ({ baseUrl: standIn.url, user, token }) }),
    );
  let panel = adapter('local_whm_token');
  return {
    get panel() {
      return panel;
    },
    server: new URL(standIn.url).hostname,
    async outage(on) {
      const response = await fetch(`${standIn.url}/_whm/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ on }),
      });
      expect(response.status).toBe(200);
    },
    async refuseToken() {
      panel = adapter('a_token_whm_never_issued');
    },
    async signIn(url) {
      return (await fetch(url)).status === 200;
    },
    async stop() {
      await standIn.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const asha: AccountSpec = {
  username: 'ashnx7gt4uv',
  domain: 'ashaverma.in',
  package: 'storefront_basic',
  contactEmail: 'asha.verma@example.in',
};
const ravi: AccountSpec = {
  username: 'ravk2m9qp4d',
  domain: 'ravikumar.co.in',
  package: 'storefront_premium',
  contactEmail: 'ravi.kumar@example.in',
};

describe.each([
  ['in memory', async () => fakeSubject()],
  ['WhmProvisioner on the WHM stand-in', standInSubject],
])('Provisioner (%s)', (_name, makeSubject) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await makeSubject();
  });
  afterEach(async () => subject.stop());

  describe('create', () => {
    it('creates an active account with its package and answers what the buyer needs', async () => {
      const created = await subject.panel.create(asha);

      expect(created).toMatchObject({
        username: asha.username,
        domain: asha.domain,
        package: asha.package,
        server: subject.server,
        nameservers: FAKE_PANEL_NAMESERVERS,
      });
      expect(JSON.stringify(created)).not.toMatch(/pass/i);
      expect(await subject.panel.summary(asha.username)).toMatchObject({
        username: asha.username,
        domain: asha.domain,
        package: asha.package,
        state: 'active',
        server: subject.server,
        contactEmail: asha.contactEmail,
      });
    });

    it('refuses a name that exists as AccountExists, whoever made it, and keeps the first', async () => {
      await subject.panel.create(asha);

      await expect(
        subject.panel.create({ ...ravi, username: asha.username }),
      ).rejects.toBeInstanceOf(AccountExistsError);
      expect(await subject.panel.summary(asha.username)).toMatchObject({ domain: asha.domain });
    });

    it.each([
      ['a domain another account has', { ...ravi, domain: asha.domain }],
      ['a package the server lacks', { ...ravi, package: 'storefront_gold' }],
      [
        'a name whose first eight characters another account has',
        { ...ravi, username: 'ashnx7gtzz' },
      ],
      ['a name starting with "test"', { ...ravi, username: 'testravi' }],
      ['a name starting with a digit', { ...ravi, username: '9ravi' }],
      ['a name of 17 characters', { ...ravi, username: 'r'.repeat(17) }],
      ['a name with capitals', { ...ravi, username: 'RaviK' }],
      ['a domain that is not one', { ...ravi, domain: 'not a domain' }],
    ])('refuses %s as Refused, and makes nothing', async (_what, spec) => {
      await subject.panel.create(asha);

      const refused = subject.panel.create(spec);

      await expect(refused).rejects.toBeInstanceOf(ProvisionerRefusedError);
      await expect(refused).rejects.toMatchObject({ operation: 'createacct' });
      expect(await subject.panel.summary(spec.username)).toBeUndefined();
    });
  });

  describe('the lifecycle', () => {
    it('suspends (again too), unsuspends (an active one stays active), terminates', async () => {
      await subject.panel.create(asha);

      await subject.panel.suspend(asha.username, 'Expired on 22 Nov 2027');
      await subject.panel.suspend(asha.username, 'Cancelled by the buyer');
      expect((await subject.panel.summary(asha.username))?.state).toBe('suspended');
      await subject.panel.unsuspend(asha.username);
      await subject.panel.unsuspend(asha.username);
      expect((await subject.panel.summary(asha.username))?.state).toBe('active');
      await subject.panel.terminate(asha.username);
      expect(await subject.panel.summary(asha.username)).toBeUndefined();
      // Its name and domain are free again.
      await expect(subject.panel.create(asha)).resolves.toMatchObject({ domain: asha.domain });
    });

    it('answers NoSuchAccount to every act on an account that is not there', async () => {
      await subject.panel.create(asha);
      const missing = ravi.username;

      expect(await subject.panel.summary(missing)).toBeUndefined();
      await expect(subject.panel.suspend(missing, 'Expired')).rejects.toBeInstanceOf(
        NoSuchAccountError,
      );
      await expect(subject.panel.unsuspend(missing)).rejects.toBeInstanceOf(NoSuchAccountError);
      await expect(subject.panel.terminate(missing)).rejects.toBeInstanceOf(NoSuchAccountError);
      await expect(subject.panel.openSession(missing)).rejects.toBeInstanceOf(NoSuchAccountError);
      await expect(subject.panel.openSession(missing)).rejects.toMatchObject({
        username: missing,
      });
    });
  });

  describe('changepackage (D26)', () => {
    it('moves the account to another package, keeping its state, domain and owner; the same package again changes nothing', async () => {
      await subject.panel.create(asha);
      await subject.panel.suspend(asha.username, 'Held by an operator');

      await subject.panel.changePackage(asha.username, 'storefront_premium');
      await subject.panel.changePackage(asha.username, 'storefront_premium');

      expect(await subject.panel.summary(asha.username)).toMatchObject({
        package: 'storefront_premium',
        state: 'suspended',
        domain: asha.domain,
        contactEmail: asha.contactEmail,
      });
      await subject.panel.changePackage(asha.username, 'storefront_basic');
      expect((await subject.panel.summary(asha.username))?.package).toBe('storefront_basic');
    });

    it('refuses a package the server lacks as Refused, changing nothing', async () => {
      await subject.panel.create(asha);

      const refused = subject.panel.changePackage(asha.username, 'storefront_gold');

      await expect(refused).rejects.toBeInstanceOf(ProvisionerRefusedError);
      await expect(refused).rejects.toMatchObject({ operation: 'changepackage' });
      expect((await subject.panel.summary(asha.username))?.package).toBe(asha.package);
    });

    it('answers NoSuchAccount for an account that is not there', async () => {
      await expect(
        subject.panel.changePackage(ravi.username, 'storefront_premium'),
      ).rejects.toBeInstanceOf(NoSuchAccountError);
    });
  });

  describe('the login link', () => {
    it('signs the owner in once', async () => {
      await subject.panel.create(asha);

      const { url } = await subject.panel.openSession(asha.username);

      expect(await subject.signIn(url)).toBe(true);
      expect(await subject.signIn(url)).toBe(false);
    });

    it('is refused once the account is gone', async () => {
      await subject.panel.create(asha);
      const { url } = await subject.panel.openSession(asha.username);

      await subject.panel.terminate(asha.username);

      expect(await subject.signIn(url)).toBe(false);
    });

    it('is not given for a suspended account', async () => {
      await subject.panel.create(asha);
      await subject.panel.suspend(asha.username, 'Expired');

      await expect(subject.panel.openSession(asha.username)).rejects.toBeInstanceOf(
        ProvisionerRefusedError,
      );
    });
  });

  describe('when the panel is down or refuses us', () => {
    const everyCall = (panel: Provisioner) => [
      () => panel.create(ravi),
      () => panel.suspend(asha.username, 'Expired'),
      () => panel.unsuspend(asha.username),
      () => panel.terminate(asha.username),
      () => panel.summary(asha.username),
      () => panel.changePackage(asha.username, 'storefront_premium'),
      () => panel.openSession(asha.username),
    ];

    it('fails every call as Unavailable during an outage, changing nothing, and works after it', async () => {
      await subject.panel.create(asha);

      await subject.outage(true);
      for (const call of everyCall(subject.panel)) {
        await expect(call()).rejects.toBeInstanceOf(ProvisionerUnavailableError);
      }
      await subject.outage(false);

      expect(await subject.panel.summary(asha.username)).toMatchObject({ state: 'active' });
      expect(await subject.panel.summary(ravi.username)).toBeUndefined();
    });

    it('fails every call as AccessDenied with a token it refuses', async () => {
      await subject.panel.create(asha);

      await subject.refuseToken();

      for (const call of everyCall(subject.panel)) {
        await expect(call()).rejects.toBeInstanceOf(ProvisionerAccessDeniedError);
      }
    });
  });
});
