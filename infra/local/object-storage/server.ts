/**
 * The object storage stand-in: the subset of Ceph RGW's Admin Ops API this shop calls
 * (docs/toolchain.md) and an S3 endpoint beside it, on one port, so the RGW adapter runs unchanged
 * against it and against RGW itself, and a buyer's aws cli, rclone or Cyberduck can connect with
 * the keys the dashboard shows.
 *
 * Admin (`/admin/user`, `/admin/bucket`, `format=json`), signed with SigV4 by the admin's keys:
 * get user info (`stats=true`), create, modify (`suspended`), remove (`purge-data`), create key
 * (`?key`), remove key (`?key&access-key`), set user quota (`?quota&quota-type=user`, `max-size`
 * in bytes or the quota's JSON in the body), list a user's buckets. Refusals are JSON
 * `{"Code"}` with RGW's codes (NoSuchUser 404, UserExists 409, AccessDenied 403, ...).
 *
 * S3 (path-style), signed with SigV4 by a user's key: ListBuckets, CreateBucket, HeadBucket,
 * ListObjectsV2, PutObject, GetObject, HeadObject, DeleteObject. A suspended user is refused
 * (UserSuspended), a removed key is unknown (InvalidAccessKeyId), and a PutObject that would take
 * the user past its quota is refused with S3's `QuotaExceeded` (403). Sizes are bytes, decimal as
 * sold.
 *
 * Test hooks (CONTRACT, round 3), JSON from this machine only: `GET /_storage/users`
 * (`{users: [{uid, serviceId, suspended, quotaBytes, usedBytes, buckets}]}`), `POST
 * /_storage/outage {"on"}`. Local only: nothing here ships to AWS.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer, json, listenOnLoopback, send } from '../stand-in-http';
import { corsHeaders, matchCorsRule, requestedHeaders, type CorsRule } from './cors';
import { checkPresignedSigV4, checkSigV4, decodeAwsChunked, isPresigned } from './sigv4';
import { ObjectStorageState, type StandInUser } from './state';

export interface ObjectStorageStandInOptions {
  /** 0 picks a free port. */
  port: number;
  /** State is kept under `${dataDir}/object-storage`. */
  dataDir: string;
  /** The admin user's S3 keys (caps users=read,write). */
  adminAccessKeyId: string;
  adminSecretAccessKey: string;
  /** The clock, epoch milliseconds (SigV4's allowed skew is checked against it). */
  now?: () => number;
  /**
   * Buckets the storefront itself uses (the tickets' attachments, D27), each owned by a user of
   * its own holding the key given here: made at start when missing, so that the Lambdas' S3
   * client signs with that key as it would with its role's credentials in AWS.
   */
  serviceBuckets?: {
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    /** The bucket's CORS configuration (as PutBucketCors sets it): none answers no preflight. */
    cors?: CorsRule[];
  }[];
}

export interface ObjectStorageStandIn {
  url: string;
  stop(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const MAX_HOOK_BYTES = 64 * 1024;
/** One PutObject's body, in memory: enough for a local stand-in. */
const MAX_OBJECT_BYTES = 256 * 1024 * 1024;
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const SERVICE_MARK = /\(service (svc_[A-Za-z0-9_-]+)\)$/;

export async function startObjectStorageStandIn(
  options: ObjectStorageStandInOptions,
): Promise<ObjectStorageStandIn> {
  return new ObjectStorageStandInServer(options).listen();
}

class ObjectStorageStandInServer {
  private readonly state: ObjectStorageState;
  private readonly now: () => number;
  private server: Server | undefined;
  private outage = false;

  constructor(private readonly options: ObjectStorageStandInOptions) {
    this.state = new ObjectStorageState(options.dataDir);
    this.now = options.now ?? Date.now;
    for (const service of options.serviceBuckets ?? []) this.ensureServiceBucket(service);
  }

  private ensureServiceBucket(service: {
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
  }): void {
    const uid = `storefront-${service.bucket}`;
    if (!this.state.user(uid))
      this.state.createUser(uid, `storefront (${service.bucket})`, 1, false);
    this.state.update(uid, (user) => {
      user.keys = [{ accessKey: service.accessKeyId, secretKey: service.secretAccessKey }];
    });
    if (!this.state.bucket(service.bucket)) {
      this.state.createBucket(service.bucket, uid, new Date(this.now()).toISOString());
    }
  }

  /** The CORS rules of the bucket a path-style request names, if it has any. */
  private corsRules(pathname: string): readonly CorsRule[] | undefined {
    const bucket = decodeURIComponent(pathname.split('/')[1] ?? '');
    return this.options.serviceBuckets?.find((service) => service.bucket === bucket)?.cors;
  }

  /** A browser's preflight, answered as S3 does from the bucket's CORS configuration. */
  private preflight(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const origin = req.headers.origin;
    const requestMethod = req.headers['access-control-request-method'];
    if (!origin || typeof requestMethod !== 'string') {
      return s3Error(
        res,
        400,
        'BadRequest',
        'Insufficient information. Origin request header needed.',
      );
    }
    const rules = this.corsRules(pathname);
    if (!rules?.length) {
      return s3Error(
        res,
        403,
        'AccessForbidden',
        'CORSResponse: CORS is not enabled for this bucket.',
      );
    }
    const requestHeaders = requestedHeaders(req.headers['access-control-request-headers']);
    const rule = matchCorsRule(rules, { origin, method: requestMethod, requestHeaders });
    if (!rule) {
      return s3Error(
        res,
        403,
        'AccessForbidden',
        "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
      );
    }
    res.writeHead(200, corsHeaders(rule, origin, { requestHeaders }));
    res.end();
  }

  /** On the request itself S3 adds the applying rule's headers to whatever it answers. */
  private addCorsHeaders(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    pathname: string,
  ): void {
    const origin = req.headers.origin;
    const rules = origin ? this.corsRules(pathname) : undefined;
    if (!origin || !rules) return;
    const rule = matchCorsRule(rules, { origin, method, requestHeaders: [] });
    if (!rule) return;
    for (const [name, value] of Object.entries(corsHeaders(rule, origin)))
      res.setHeader(name, value);
  }

  async listen(): Promise<ObjectStorageStandIn> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error('[object-storage-stand-in] unexpected error', error);
        if (!res.headersSent) s3Error(res, 500, 'InternalError', 'The stand-in failed.');
        else res.end();
      });
    });
    this.server = server;
    const url = await listenOnLoopback(server, this.options.port);
    return { url, stop: () => closeServer(this.server) };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/_storage/')) return this.hook(req, res, method, url.pathname);
    if (method === 'OPTIONS') return this.preflight(req, res, url.pathname);
    this.addCorsHeaders(req, res, method, url.pathname);
    const admin = url.pathname === '/admin/user' || url.pathname === '/admin/bucket';

    let body: Buffer;
    try {
      body = await readBody(req, MAX_OBJECT_BYTES);
    } catch {
      return s3Error(
        res,
        400,
        'EntityTooLarge',
        "Your proposed upload exceeds the stand-in's limit.",
      );
    }
    if (this.outage) {
      return admin
        ? json(res, 503, { Code: 'ServiceUnavailable' })
        : s3Error(res, 503, 'ServiceUnavailable', 'Please reduce your request rate.');
    }
    const secretOf = (accessKeyId: string) =>
      accessKeyId === this.options.adminAccessKeyId
        ? this.options.adminSecretAccessKey
        : this.state.userOfKey(accessKeyId)?.keys.find((k) => k.accessKey === accessKeyId)
            ?.secretKey;
    // A presigned URL (S3's query-string auth) for S3 itself; the admin API takes header auth.
    const presigned = !admin && isPresigned(rawUrl);
    const check = presigned
      ? await checkPresignedSigV4(
          { method, url: rawUrl, headers: req.headers },
          secretOf,
          this.now(),
        )
      : await checkSigV4({ method, url: rawUrl, headers: req.headers, body }, secretOf, this.now());
    if (!check.ok) {
      return admin
        ? json(res, check.status, { Code: check.code })
        : s3Error(res, check.status, check.code, 'The request was refused.', method === 'HEAD');
    }
    if (admin) {
      if (check.accessKeyId !== this.options.adminAccessKeyId) {
        return json(res, 403, { Code: 'AccessDenied' });
      }
      return this.admin(res, method, url);
    }
    const user = this.state.userOfKey(check.accessKeyId);
    if (!user) return s3Error(res, 403, 'AccessDenied', 'Only storage users may use S3 here.');
    if (user.suspended) {
      return s3Error(res, 403, 'UserSuspended', 'This user is suspended.', method === 'HEAD');
    }
    const payload = decodedPayload(req, body);
    if (!payload) return s3Error(res, 400, 'IncompleteBody', 'The chunked body is malformed.');
    return this.s3(req, res, method, url, user, payload);
  }

  // ------------------------------------------------------------------------------------------
  // Admin Ops

  private admin(res: ServerResponse, method: string, url: URL): void {
    const q = url.searchParams;
    const uid = q.get('uid') ?? '';
    if (url.pathname === '/admin/bucket') {
      if (method !== 'GET') return json(res, 405, { Code: 'MethodNotAllowed' });
      const names = (uid ? this.state.bucketsOf(uid) : []).map((bucket) => bucket.name);
      return json(res, 200, names);
    }
    if (q.has('key')) {
      if (method === 'PUT') {
        const keys = this.state.addKey(uid);
        if (!keys) return json(res, 404, { Code: 'NoSuchUser' });
        return json(
          res,
          200,
          keys.map((key) => ({ user: uid, access_key: key.accessKey, secret_key: key.secretKey })),
        );
      }
      if (method === 'DELETE') {
        const accessKey = q.get('access-key') ?? '';
        const owner = this.state.userOfKey(accessKey);
        if (!owner || (uid && owner.uid !== uid)) return json(res, 404, { Code: 'NoSuchKey' });
        this.state.removeKey(accessKey);
        return json(res, 200, {});
      }
      return json(res, 405, { Code: 'MethodNotAllowed' });
    }
    if (q.has('quota')) {
      if (method !== 'PUT') return json(res, 405, { Code: 'MethodNotAllowed' });
      if (q.get('quota-type') !== 'user') return json(res, 400, { Code: 'InvalidArgument' });
      const maxSize = Number(q.get('max-size') ?? Number.NaN);
      if (!Number.isSafeInteger(maxSize)) return json(res, 400, { Code: 'InvalidArgument' });
      const enabled = q.get('enabled') !== 'false';
      const user = this.state.update(uid, (u) => {
        u.quota = { enabled, maxSize };
      });
      return user ? json(res, 200, {}) : json(res, 404, { Code: 'NoSuchUser' });
    }
    switch (method) {
      case 'GET': {
        const user = this.state.user(uid);
        if (!user) return json(res, 404, { Code: 'NoSuchUser' });
        return json(res, 200, this.info(user, truthy(q.get('stats'))));
      }
      case 'PUT': {
        const displayName = q.get('display-name') ?? '';
        if (!uid || !displayName) return json(res, 400, { Code: 'InvalidArgument' });
        if (this.state.user(uid)) return json(res, 409, { Code: 'UserExists' });
        const maxBuckets = Number(q.get('max-buckets') ?? 1000);
        const generate = q.get('generate-key') === null || truthy(q.get('generate-key'));
        const user = this.state.createUser(uid, displayName, maxBuckets, generate);
        return json(res, 200, this.info(user, false));
      }
      case 'POST': {
        const suspended = q.get('suspended');
        const user = this.state.update(uid, (u) => {
          if (suspended !== null) u.suspended = truthy(suspended);
        });
        return user
          ? json(res, 200, this.info(user, false))
          : json(res, 404, { Code: 'NoSuchUser' });
      }
      case 'DELETE': {
        const user = this.state.user(uid);
        if (!user) return json(res, 404, { Code: 'NoSuchUser' });
        if (this.state.bucketsOf(uid).length > 0 && !truthy(q.get('purge-data'))) {
          return json(res, 409, { Code: 'BucketNotEmpty' });
        }
        this.state.deleteUser(uid);
        return json(res, 200, {});
      }
      default:
        return json(res, 405, { Code: 'MethodNotAllowed' });
    }
  }

  /** A user as RGW's "Get User Info" answers it (keys with their secrets: this is the admin). */
  private info(user: StandInUser, stats: boolean): unknown {
    const used = this.state.usedBytes(user.uid);
    return {
      user_id: user.uid,
      display_name: user.displayName,
      suspended: user.suspended ? 1 : 0,
      max_buckets: user.maxBuckets,
      keys: user.keys.map((key) => ({
        user: user.uid,
        access_key: key.accessKey,
        secret_key: key.secretKey,
      })),
      swift_keys: [],
      caps: [],
      user_quota: {
        enabled: user.quota.enabled,
        max_size: user.quota.maxSize,
        max_size_kb: user.quota.maxSize < 0 ? -1 : Math.ceil(user.quota.maxSize / 1024),
        max_objects: -1,
      },
      ...(stats
        ? {
            stats: {
              size: used,
              size_actual: used,
              size_kb: Math.ceil(used / 1024),
              num_objects: this.state.objectCount(user.uid),
            },
          }
        : {}),
    };
  }

  // ------------------------------------------------------------------------------------------
  // S3

  private s3(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
    user: StandInUser,
    payload: Buffer,
  ): void {
    const at = new Date(this.now()).toISOString();
    const segments = url.pathname.split('/');
    const bucketName = decodeURIComponent(segments[1] ?? '');
    const key = decodeURIComponent(segments.slice(2).join('/'));
    const head = method === 'HEAD';

    if (!bucketName) {
      if (method !== 'GET') return s3Error(res, 405, 'MethodNotAllowed', 'Not allowed.');
      const buckets = this.state
        .bucketsOf(user.uid)
        .map(
          (b) =>
            `<Bucket><Name>${xml(b.name)}</Name><CreationDate>${b.createdAt}</CreationDate></Bucket>`,
        )
        .join('');
      return sendXml(
        res,
        200,
        `<ListAllMyBucketsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Owner><ID>${xml(user.uid)}</ID><DisplayName>${xml(user.displayName)}</DisplayName></Owner><Buckets>${buckets}</Buckets></ListAllMyBucketsResult>`,
      );
    }
    const bucket = this.state.bucket(bucketName);
    if (!key) {
      if (method === 'PUT') {
        if (!BUCKET_NAME.test(bucketName)) {
          return s3Error(res, 400, 'InvalidBucketName', 'The specified bucket is not valid.');
        }
        if (bucket) {
          return bucket.owner === user.uid
            ? s3Error(res, 409, 'BucketAlreadyOwnedByYou', 'You already own this bucket.')
            : s3Error(
                res,
                409,
                'BucketAlreadyExists',
                'The requested bucket name is not available.',
              );
        }
        if (this.state.bucketsOf(user.uid).length >= user.maxBuckets) {
          return s3Error(
            res,
            400,
            'TooManyBuckets',
            'You have attempted to create more buckets than allowed.',
          );
        }
        this.state.createBucket(bucketName, user.uid, at);
        res.writeHead(200, { location: `/${bucketName}` });
        return void res.end();
      }
    }
    if (!bucket)
      return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.', head);
    if (bucket.owner !== user.uid) return s3Error(res, 403, 'AccessDenied', 'Access Denied', head);
    if (!key) {
      if (head) {
        res.writeHead(200);
        return void res.end();
      }
      if (method === 'GET') return this.list(res, bucket.name, url.searchParams);
      return s3Error(res, 501, 'NotImplemented', 'The stand-in does not do this.');
    }
    const object = bucket.objects[key];
    switch (method) {
      case 'PUT': {
        if (req.headers['x-amz-copy-source']) {
          return s3Error(res, 501, 'NotImplemented', 'The stand-in does not copy objects.');
        }
        const { enabled, maxSize } = user.quota;
        const after = this.state.usedBytes(user.uid) - (object?.size ?? 0) + payload.length;
        if (enabled && maxSize >= 0 && after > maxSize) {
          return s3Error(res, 403, 'QuotaExceeded', 'The quota has been exceeded.');
        }
        const type = String(req.headers['content-type'] ?? 'binary/octet-stream');
        const etag = this.state.putObject(bucket.name, key, payload, type, at);
        res.writeHead(200, { etag: `"${etag}"` });
        return void res.end();
      }
      case 'GET':
      case 'HEAD': {
        if (!object)
          return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
        // S3's response-* overrides (a presigned download names its file) and a first-bytes
        // Range (`bytes=0-N`); any other Range is answered whole, as S3 does for one it ignores.
        const disposition = url.searchParams.get('response-content-disposition');
        const range = /^bytes=0-(\d+)$/.exec(String(req.headers.range ?? ''));
        const end = range ? Math.min(Number(range[1]), object.size - 1) : object.size - 1;
        res.writeHead(range ? 206 : 200, {
          'content-type': url.searchParams.get('response-content-type') ?? object.contentType,
          'content-length': String(end + 1),
          etag: `"${object.etag}"`,
          'last-modified': new Date(object.lastModified).toUTCString(),
          ...(disposition ? { 'content-disposition': disposition } : {}),
          ...(range ? { 'content-range': `bytes 0-${end}/${object.size}` } : {}),
        });
        if (head) return void res.end();
        const bytes = this.state.readObject(object);
        return void res.end(range ? bytes.subarray(0, end + 1) : bytes);
      }
      case 'DELETE':
        this.state.deleteObject(bucket.name, key);
        res.writeHead(204);
        return void res.end();
      default:
        return s3Error(res, 405, 'MethodNotAllowed', 'Not allowed.');
    }
  }

  private list(res: ServerResponse, bucketName: string, q: URLSearchParams): void {
    const bucket = this.state.bucket(bucketName);
    if (!bucket) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
    const prefix = q.get('prefix') ?? '';
    const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
    const maxKeys = Math.min(1000, Math.max(0, Number(q.get('max-keys') ?? 1000) || 0));
    const keys = Object.keys(bucket.objects)
      .filter((k) => k.startsWith(prefix) && k > after)
      .sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = bucket.objects[k] as NonNullable<(typeof bucket.objects)[string]>;
        return `<Contents><Key>${xml(k)}</Key><LastModified>${o.lastModified}</LastModified><ETag>&quot;${o.etag}&quot;</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    sendXml(
      res,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket.name)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${
        truncated
          ? `<NextContinuationToken>${xml(page[page.length - 1] ?? '')}</NextContinuationToken>`
          : ''
      }</ListBucketResult>`,
    );
  }

  // ------------------------------------------------------------------------------------------
  // Test hooks

  private async hook(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
  ): Promise<void> {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      req.resume();
      return json(res, 403, {
        error: 'forbidden',
        message: 'Test hooks answer this machine only.',
      });
    }
    if (path === '/_storage/users' && method === 'GET') {
      req.resume();
      const users = this.state.users().map((user) => ({
        uid: user.uid,
        serviceId: SERVICE_MARK.exec(user.displayName)?.[1] ?? user.uid,
        suspended: user.suspended,
        quotaBytes: user.quota.enabled ? user.quota.maxSize : -1,
        usedBytes: this.state.usedBytes(user.uid),
        buckets: this.state.bucketsOf(user.uid).map((bucket) => bucket.name),
      }));
      return json(res, 200, { users });
    }
    if (path === '/_storage/outage' && method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req, MAX_HOOK_BYTES)).toString('utf8'));
      } catch {
        return json(res, 400, { error: 'invalid_json', message: 'The body must be JSON.' });
      }
      const on = (body as { on?: unknown } | null)?.on;
      if (typeof on !== 'boolean') {
        return json(res, 400, { error: 'validation_failed', message: 'Send {"on": true|false}.' });
      }
      this.outage = on;
      return json(res, 200, { outage: on });
    }
    req.resume();
    return json(res, 404, { error: 'not_found', message: 'No such hook.' });
  }
}

function truthy(value: string | null): boolean {
  return value !== null && /^(1|true|yes)$/i.test(value);
}

/** The object's bytes: an aws-chunked body decoded, anything else as sent. */
function decodedPayload(req: IncomingMessage, body: Buffer): Buffer | undefined {
  const sha = String(req.headers['x-amz-content-sha256'] ?? '');
  const encoding = String(req.headers['content-encoding'] ?? '');
  if (sha.startsWith('STREAMING-') || encoding.split(',').some((e) => e.trim() === 'aws-chunked')) {
    return decodeAwsChunked(body);
  }
  return body;
}

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  send(res, status, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

function s3Error(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  head = false,
): void {
  if (head) {
    res.writeHead(status, { 'x-amz-error-code': code });
    return void res.end();
  }
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
