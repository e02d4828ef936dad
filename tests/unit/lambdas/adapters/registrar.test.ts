/**
 * The LogicBoxes adapter's edges the contract spec does not reach: where credentials come from,
 * that the API key never leaves in an error, how LogicBoxes' answers that are not its protocol
 * read, and the stand-in's test hooks (JSON only, its listing's shape).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startRegistrarStandIn,
  type RegistrarStandIn,
} from '../../../../infra/local/registrar/server';
import { LogicBoxesApi } from '../../../../lambdas/adapters/registrar/logicboxes-api';
import {
  logicBoxesCredentialsLoader,
  registrarBaseUrl,
} from '../../../../lambdas/adapters/registrar/logicboxes-credentials';
import { LogicBoxesRegistrar } from '../../../../lambdas/adapters/registrar/logicboxes-registrar';
import { ConfigurationError } from '../../../../lambdas/config/config';
import { RegistrarUnavailableError } from '../../../../lambdas/ports/registrar';

const KEY = 'k3y-never-in-errors';

function secrets(answer: string): SecretsManagerClient {
  return {
    send: async (command: unknown) => {
      expect(command).toBeInstanceOf(GetSecretValueCommand);
      return { SecretString: answer };
    },
  } as unknown as SecretsManagerClient;
}

describe('registrar credentials', () => {
  it('https anywhere, plain http only to this machine, the origin only', () => {
    expect(registrarBaseUrl('https://httpapi.com')).toBe('https://httpapi.com');
    expect(registrarBaseUrl('http://127.0.0.1:8030')).toBe('http://127.0.0.1:8030');
    expect(() => registrarBaseUrl('http://httpapi.com')).toThrow(ConfigurationError);
    expect(() => registrarBaseUrl('https://httpapi.com/api')).toThrow(ConfigurationError);
    expect(() => registrarBaseUrl('not a url')).toThrow(ConfigurationError);
  });

  it('reads the secret {"url","resellerId","apiKey"} and names what it lacks, never the key', async () => {
    const load = logicBoxesCredentialsLoader(
      () => ({ source: 'secretsManager', secretArn: 'arn:secret' }),
      secrets(JSON.stringify({ url: 'https://httpapi.com', resellerId: '42', apiKey: KEY })),
    );
    expect(await load()).toEqual({
      baseUrl: 'https://httpapi.com',
      resellerId: '42',
      apiKey: KEY,
      nameservers: [],
    });
    const lacking = logicBoxesCredentialsLoader(
      () => ({ source: 'secretsManager', secretArn: 'arn:secret' }),
      secrets(JSON.stringify({ url: 'https://httpapi.com', apiKey: KEY })),
    );
    const error = await lacking().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String(error)).toContain('resellerId');
    expect(String(error)).not.toContain(KEY);
  });
});

describe('LogicBoxesApi', () => {
  const api = (fetch: typeof globalThis.fetch) =>
    new LogicBoxesApi({
      credentials: async () => ({ baseUrl: 'https://httpapi.com', resellerId: '42', apiKey: KEY }),
      fetch,
    });

  it('sends auth-userid and api-key as query parameters and repeats a repeated parameter', async () => {
    let seen: URL | undefined;
    await api(async (url) => {
      seen = new URL(String(url));
      return new Response('{}', { status: 200 });
    }).call('GET', 'domains/available', [
      ['domain-name', 'asha'],
      ['tlds', 'com'],
      ['tlds', 'in'],
    ]);
    expect(seen?.pathname).toBe('/api/domains/available.json');
    expect(seen?.searchParams.get('auth-userid')).toBe('42');
    expect(seen?.searchParams.get('api-key')).toBe(KEY);
    expect(seen?.searchParams.getAll('tlds')).toEqual(['com', 'in']);
  });

  it('an ERROR answer is a refusal with its message, also with HTTP 500', async () => {
    const answer = await api(
      async () =>
        new Response(JSON.stringify({ status: 'ERROR', message: 'Record already exists' }), {
          status: 500,
        }),
    ).call('POST', 'dns/manage/add-ipv4-record', []);
    expect(answer).toEqual({ ok: false, message: 'Record already exists' });
  });

  it('a 502, HTML or a network fault is unavailable, and the key is in no error', async () => {
    for (const fetch of [
      async () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
      async () => new Response('<html>maintenance</html>', { status: 200 }),
      async () => {
        throw new TypeError(`fetch failed for https://httpapi.com/?api-key=${KEY}`);
      },
    ]) {
      const error = await api(fetch as typeof globalThis.fetch)
        .call('GET', 'domains/orderid', [])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RegistrarUnavailableError);
      expect((error as RegistrarUnavailableError).message).not.toContain(KEY);
      expect((error as RegistrarUnavailableError).detail).not.toContain(KEY);
    }
  });
});

describe('the registrar stand-in', () => {
  let dataDir: string;
  let standIn: RegistrarStandIn;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'registrar-stand-in-'));
    standIn = await startRegistrarStandIn({ port: 0, dataDir, resellerId: '1', apiKey: KEY });
  });
  afterEach(async () => {
    await standIn.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hooks take JSON only', async () => {
    const response = await fetch(`${standIn.url}/_registrar/taken`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'domain=asha.com',
    });
    expect(response.status).toBe(415);
  });

  it('lists every registered name with its settings and records, and keeps them across a restart', async () => {
    const registrar = new LogicBoxesRegistrar(
      new LogicBoxesApi({
        credentials: async () => ({ baseUrl: standIn.url, resellerId: '1', apiKey: KEY }),
      }),
    );
    const customer = await registrar.ensureCustomer({
      email: 'ravi@example.in',
      name: 'Ravi Kumar',
      addressLine1: '1 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      country: 'IN',
      postalCode: '700016',
      phoneCountryCode: '91',
      phone: '9830012345',
    });
    await registrar.register({
      name: 'ravikumar.co.in',
      years: 2,
      ...customer,
      nameservers: ['ns1.stand-in.test', 'ns2.stand-in.test'],
      privacy: true,
    });
    await registrar.addDnsRecord('ravikumar.co.in', {
      type: 'A',
      host: 'www',
      value: '203.0.113.7',
      ttl: 14400,
    });
    await standIn.stop();
    standIn = await startRegistrarStandIn({ port: 0, dataDir, resellerId: '1', apiKey: KEY });
    const listing = (await (await fetch(`${standIn.url}/_registrar/domains`)).json()) as {
      domains: unknown[];
    };
    expect(listing.domains).toEqual([
      {
        name: 'ravikumar.co.in',
        customerId: customer.customerId,
        nameservers: ['ns1.stand-in.test', 'ns2.stand-in.test'],
        locked: true,
        privacy: true,
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        dnsRecords: [{ type: 'A', host: 'www', value: '203.0.113.7', ttl: 14400 }],
        dsRecords: [],
      },
    ]);
  });
});

describe('the registrant from the buyer’s record (D23)', () => {
  it('takes the billing name and address and the phone; without them, nothing', async () => {
    const { registrantOf } = await import('../../../../lambdas/handlers/deps/registrar');
    const billing = {
      name: 'Asha Verma',
      line1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    };
    const user = { email: 'asha@example.in', name: 'Asha', phone: '+919876543210' };
    expect(registrantOf({ ...user, billing })).toEqual({
      email: 'asha@example.in',
      name: 'Asha Verma',
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'IN',
      postalCode: '560001',
      phoneCountryCode: '91',
      phone: '9876543210',
    });
    expect(registrantOf(user)).toBeUndefined();
    expect(registrantOf({ ...user, phone: '', billing })).toBeUndefined();
  });
});
