/**
 * The WHM stand-in: WHM API 1 over JSON as cPanel documents it (`/json-api/{function}?api.version=1`
 * with `Authorization: whm USER:TOKEN`, answering `{metadata: {result, reason, command, version},
 * data}`), so the provisioning adapter runs unchanged against it and against a real WHM server.
 * Functions: createacct, suspendacct, unsuspendacct, removeacct, accountsummary, listaccts,
 * changepackage and create_user_session, whose single-use login URL (valid 5 minutes) opens a small page of the
 * stand-in's own. `GET /_whm/accounts` lists every account with its state; `POST /_whm/outage`
 * `{"on": true|false}` makes every call fail, for tests. Local only: nothing here ships to AWS.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { WhmStandInState, type StandInAccount } from './state';
import { closeServer, controlRefusal, json, listenOnLoopback, send } from '../stand-in-http';

export interface WhmStandInOptions {
  /** 0 picks a free port. */
  port: number;
  /** Accounts are kept under `${dataDir}/whm`. */
  dataDir: string;
  /** The API token's user and the token itself (`Authorization: whm USER:TOKEN`). */
  user: string;
  token: string;
  /** The packages the server has; by default every WHM package the catalog names. */
  packages?: readonly string[];
  nameservers?: readonly string[];
  /** The clock, for tests of the login link's lifetime. Milliseconds since the epoch. */
  now?: () => number;
}

export interface WhmStandIn {
  url: string;
  stop(): Promise<void>;
}

/** How long a login link from create_user_session works, as the CONTRACT gives it. */
export const SESSION_TTL_MS = 5 * 60 * 1000;
const DEFAULT_NAMESERVERS = ['ns1.stand-in.test', 'ns2.stand-in.test'];
const MAX_BODY_BYTES = 64 * 1024;

interface Session {
  user: string;
  securityToken: string;
  expiresAt: number;
}

export async function startWhmStandIn(options: WhmStandInOptions): Promise<WhmStandIn> {
  const standIn = new WhmStandInServer(options);
  return standIn.listen();
}

type Params = URLSearchParams;
type Api1Answer = { status: number; body: unknown };

function api1(
  command: string,
  result: 0 | 1,
  reason: string,
  data?: unknown,
  raw?: string,
): Api1Answer {
  return {
    status: 200,
    body: {
      metadata: {
        command,
        reason,
        result,
        version: 1,
        ...(raw === undefined ? {} : { output: { raw } }),
      },
      ...(data === undefined ? {} : { data }),
    },
  };
}

// WHM's own rule for usernames, written here independently of the storefront's, so that the
// stand-in checks what the storefront derives instead of trusting it.
const USERNAME = /^[a-z][a-z0-9]{0,15}$/;
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const SECONDS = 1000;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.note{background:#fff3cd;color:#664d03;padding:.5rem .75rem;border-radius:6px;font-size:14px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}</style></head>
<body>${body}<p class="note">Local stand-in for a cPanel &amp; WHM server. Nothing here is real hosting.</p></body></html>`;
}

class WhmStandInServer {
  private readonly state: WhmStandInState;
  private readonly sessions = new Map<string, Session>();
  private readonly packages: ReadonlySet<string>;
  private readonly nameservers: readonly string[];
  private readonly now: () => number;
  private server: Server | undefined;
  private origin = '';
  private outage = false;

  constructor(private readonly options: WhmStandInOptions) {
    this.state = new WhmStandInState(options.dataDir);
    this.packages = new Set(
      options.packages ?? CATALOG.flatMap((plan) => (plan.whmPackage ? [plan.whmPackage] : [])),
    );
    this.nameservers = options.nameservers ?? DEFAULT_NAMESERVERS;
    this.now = options.now ?? Date.now;
  }

  async listen(): Promise<WhmStandIn> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error('[whm-stand-in] unexpected error', error);
        if (!res.headersSent) send(res, 500, 'text/plain', 'The stand-in failed.');
      });
    });
    this.server = server;
    this.origin = await listenOnLoopback(server, this.options.port);
    return { url: this.origin, stop: () => this.stop() };
  }

  private stop(): Promise<void> {
    return closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    // The stand-in's own controls answer in an outage too, so a test can end it: this machine
    // only, JSON only, no cross-origin request.
    if (path.startsWith('/_whm/')) {
      const refusal = controlRefusal(req);
      if (refusal) {
        req.resume();
        return json(res, refusal.status, { error: refusal.message });
      }
    }
    if (path === '/_whm/accounts' && method === 'GET') {
      return json(res, 200, { accounts: this.state.all().map(describeAccount) });
    }
    if (path === '/_whm/outage' && method === 'POST') {
      const body = await readBody(req);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      const on = (parsed as { on?: unknown } | undefined)?.on;
      if (typeof on !== 'boolean') {
        return json(res, 400, { error: 'Send {"on": true} or {"on": false}.' });
      }
      this.outage = on;
      return json(res, 200, { outage: this.outage });
    }

    if (this.outage) {
      req.resume();
      // What a load balancer or a restarting cpsrvd answers: not WHM's JSON.
      return send(res, 503, 'text/html', '<h1>503 Service Unavailable</h1>');
    }

    const api = /^\/json-api\/([A-Za-z0-9_]+)\/?$/.exec(path);
    if (api?.[1] && (method === 'GET' || method === 'POST')) {
      const params = new URLSearchParams(url.search);
      if (method === 'POST') {
        for (const [key, value] of new URLSearchParams(await readBody(req))) {
          params.append(key, value);
        }
      }
      if (!this.authorised(req)) {
        // cpsrvd's refusal of a bad token: 403, and not API 1's envelope.
        return json(res, 403, {
          cpanelresult: {
            apiversion: '2',
            error: 'Access denied',
            data: { reason: 'Access denied', result: '0' },
            type: 'text',
          },
        });
      }
      const answer = this.call(api[1], params);
      return json(res, answer.status, answer.body);
    }

    const login = /^\/cpsess(\d+)\/login\/?$/.exec(path);
    if (login?.[1] && method === 'GET') {
      return this.login(res, login[1], url.searchParams.get('session') ?? '');
    }

    if (path === '/' && method === 'GET') {
      return send(
        res,
        200,
        'text/html',
        page(
          'Control panel (local stand-in)',
          '<h1>Control panel (local stand-in)</h1><p>Sign in from your dashboard with “Open control panel”.</p>',
        ),
      );
    }
    return send(res, 404, 'text/plain', 'Not found.');
  }

  private authorised(req: IncomingMessage): boolean {
    const match = /^whm\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (!match?.[1]) return false;
    const given = Buffer.from(match[1].trim());
    const expected = Buffer.from(`${this.options.user}:${this.options.token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private call(command: string, params: Params): Api1Answer {
    if (params.get('api.version') !== '1') {
      return api1(command, 0, 'This server speaks WHM API 1 only here: add api.version=1.');
    }
    switch (command) {
      case 'createacct':
        return this.createacct(params);
      case 'suspendacct':
        return this.withAccount(command, params.get('user'), (account) => {
          const reason = params.get('reason') ?? '';
          this.state.put({
            ...account,
            suspended: true,
            suspendreason: reason || 'Suspended',
            suspendtime: Math.floor(this.now() / SECONDS),
          });
          return api1(command, 1, 'OK', undefined, `${account.user}'s account has been suspended`);
        });
      case 'unsuspendacct':
        return this.withAccount(command, params.get('user'), (account) => {
          const { suspendreason: _reason, suspendtime: _time, ...rest } = account;
          this.state.put({ ...rest, suspended: false });
          return api1(command, 1, 'OK', undefined, `${account.user}'s account is now active`);
        });
      case 'removeacct':
        return this.withAccount(
          command,
          params.get('username') ?? params.get('user'),
          (account) => {
            this.state.remove(account.user);
            for (const [key, session] of this.sessions) {
              if (session.user === account.user) this.sessions.delete(key);
            }
            return api1(
              command,
              1,
              `${account.user} account removed`,
              undefined,
              'Account removed',
            );
          },
        );
      case 'accountsummary': {
        const user = params.get('user');
        const domain = params.get('domain');
        const account = user
          ? this.state.get(user)
          : domain
            ? this.state.byDomain(domain)
            : undefined;
        if (!user && !domain) return api1(command, 0, 'You must specify a user or a domain.');
        return account
          ? api1(command, 1, 'OK', { acct: [this.summaryOf(account)] })
          : api1(command, 0, 'Account does not exist.');
      }
      case 'listaccts':
        return api1(command, 1, 'OK', { acct: this.state.all().map((a) => this.summaryOf(a)) });
      case 'create_user_session':
        return this.createUserSession(params);
      case 'changepackage':
        // WHM API 1 changepackage: `user` and `pkg`; the account keeps everything else.
        return this.withAccount(command, params.get('user'), (account) => {
          const pkg = params.get('pkg') ?? '';
          if (!this.packages.has(pkg)) {
            return api1(command, 0, `Unable to find the package “${pkg}”.`);
          }
          this.state.put({ ...account, plan: pkg });
          return api1(command, 1, `Account Upgraded/Downgraded to ${pkg}`);
        });
      default:
        return api1(
          command,
          0,
          `Unknown app (“${command}”) requested for this version (1) of the API.`,
        );
    }
  }

  private withAccount(
    command: string,
    user: string | null,
    act: (account: StandInAccount) => Api1Answer,
  ): Api1Answer {
    if (!user) return api1(command, 0, 'The parameter “user” is required.');
    const account = this.state.get(user);
    if (!account) return api1(command, 0, `The account “${user}” does not exist.`);
    return act(account);
  }

  private createacct(params: Params): Api1Answer {
    const command = 'createacct';
    // WHM lowercases the name it is given.
    const user = (params.get('username') ?? '').toLowerCase();
    const domain = (params.get('domain') ?? '').toLowerCase();
    const plan = params.get('plan') ?? '';
    const email = params.get('contactemail') ?? '';
    if (!user) return api1(command, 0, 'The parameter “username” is required.');
    if (!USERNAME.test(user)) {
      return api1(
        command,
        0,
        `The username “${user}” is not valid: use at most 16 lowercase letters and digits, starting with a letter.`,
      );
    }
    if (user.startsWith('test')) {
      return api1(command, 0, `The username “${user}” is not valid: it may not begin with “test”.`);
    }
    if (this.state.get(user)) {
      return api1(command, 0, `Sorry, a passwd entry for that username (${user}) already exists.`);
    }
    const prefixTwin = this.state.all().find((a) => a.user.slice(0, 8) === user.slice(0, 8));
    if (prefixTwin) {
      return api1(
        command,
        0,
        `The username “${user}” conflicts with the account “${prefixTwin.user}”: the first eight characters of a username must be unique.`,
      );
    }
    if (!DOMAIN.test(domain)) {
      return api1(command, 0, `The domain “${domain}” is not a valid domain name.`);
    }
    const domainOwner = this.state.byDomain(domain);
    if (domainOwner) {
      return api1(
        command,
        0,
        `The domain “${domain}” already exists in the userdata for the account “${domainOwner.user}”.`,
      );
    }
    if (!this.packages.has(plan)) return api1(command, 0, `Unable to find the package “${plan}”.`);
    this.state.put({
      user,
      domain,
      plan,
      email,
      owner: this.options.user,
      ip: '127.0.0.1',
      suspended: false,
      unix_startdate: Math.floor(this.now() / SECONDS),
    });
    const [ns1 = null, ns2 = null, ns3 = null, ns4 = null] = this.nameservers;
    return api1(
      command,
      1,
      'Account Creation Ok',
      {
        ip: '127.0.0.1',
        package: plan,
        nameserver: ns1,
        nameserver2: ns2,
        nameserver3: ns3,
        nameserver4: ns4,
        nameservera: null,
        nameservera2: null,
        nameservera3: null,
        nameservera4: null,
        nameserverentry: null,
        nameserverentry2: null,
        nameserverentry3: null,
        nameserverentry4: null,
      },
      `WWWAcct: account ${user} for ${domain} on package ${plan} created`,
    );
  }

  private createUserSession(params: Params): Api1Answer {
    const command = 'create_user_session';
    const service = params.get('service');
    if (service !== 'cpaneld') {
      return api1(
        command,
        0,
        `The stand-in serves the “cpaneld” service only, not “${service ?? ''}”.`,
      );
    }
    return this.withAccount(command, params.get('user'), (account) => {
      if (account.suspended) return api1(command, 0, `The account “${account.user}” is suspended.`);
      const securityToken = String(randomInt(1_000_000_000, 9_999_999_999));
      const session = `${account.user}:${randomBytes(24).toString('base64url')}`;
      const expiresAt = this.now() + SESSION_TTL_MS;
      this.sessions.set(session, { user: account.user, securityToken, expiresAt });
      return api1(command, 1, 'Created session', {
        url: `${this.origin}/cpsess${securityToken}/login/?session=${encodeURIComponent(session)}`,
        session,
        cp_security_token: `/cpsess${securityToken}`,
        expires: Math.floor(expiresAt / SECONDS),
        service,
        locale: 'en',
      });
    });
  }

  private login(res: ServerResponse, securityToken: string, session: string): void {
    const found = this.sessions.get(session);
    // Single use: the first visit spends the link, whatever comes after.
    this.sessions.delete(session);
    const account = found ? this.state.get(found.user) : undefined;
    if (
      !found ||
      !account ||
      found.securityToken !== securityToken ||
      found.expiresAt <= this.now()
    ) {
      return send(
        res,
        401,
        'text/html',
        page(
          'Control panel (local stand-in): sign-in refused',
          '<h1>This login link has expired or has been used already.</h1><p>Open the control panel again from your dashboard.</p>',
        ),
      );
    }
    send(
      res,
      200,
      'text/html',
      page(
        'Control panel (local stand-in)',
        `<h1>Control panel (local stand-in): signed in as ${escapeHtml(account.user)}</h1>
<dl><dt>Domain</dt><dd>${escapeHtml(account.domain)}</dd><dt>Package</dt><dd>${escapeHtml(account.plan)}</dd></dl>`,
      ),
    );
  }

  private summaryOf(account: StandInAccount): Record<string, unknown> {
    const start = new Date(account.unix_startdate * SECONDS);
    return {
      user: account.user,
      domain: account.domain,
      email: account.email,
      plan: account.plan,
      owner: account.owner,
      ip: account.ip,
      partition: 'home',
      theme: 'jupiter',
      disklimit: 'unlimited',
      diskused: '0M',
      is_locked: 0,
      suspended: account.suspended ? 1 : 0,
      suspendreason: account.suspended ? (account.suspendreason ?? '') : 'not suspended',
      suspendtime: account.suspendtime ?? null,
      startdate: start.toUTCString(),
      unix_startdate: account.unix_startdate,
    };
  }
}

function describeAccount(account: StandInAccount): Record<string, unknown> {
  return {
    user: account.user,
    domain: account.domain,
    plan: account.plan,
    email: account.email,
    state: account.suspended ? 'suspended' : 'active',
    ...(account.suspended ? { suspendReason: account.suspendreason } : {}),
    createdAt: new Date(account.unix_startdate * SECONDS).toISOString(),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
