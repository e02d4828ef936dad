/**
 * The object storage stand-in's state: users (keys, quota, suspension), buckets and each object's
 * metadata in one JSON file under DATA_DIR/object-storage, rewritten durably after every change;
 * each object's bytes in a file of its own beside it. A restart of the local stack finds every
 * user, key and object it had.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from '../durable-file';

export interface StandInKey {
  accessKey: string;
  secretKey: string;
}

export interface StandInUser {
  uid: string;
  displayName: string;
  suspended: boolean;
  maxBuckets: number;
  /** Bytes; undefined or disabled: no limit. */
  quota: { enabled: boolean; maxSize: number };
  keys: StandInKey[];
}

export interface StandInObject {
  size: number;
  etag: string;
  contentType: string;
  lastModified: string;
  file: string;
}

export interface StandInBucket {
  name: string;
  owner: string;
  createdAt: string;
  objects: Record<string, StandInObject>;
}

interface StateFile {
  users: Record<string, StandInUser>;
  buckets: Record<string, StandInBucket>;
}

export class ObjectStorageState {
  private readonly file: string;
  private readonly objectsDir: string;
  private readonly data: StateFile;

  constructor(dataDir: string) {
    const dir = join(dataDir, 'object-storage');
    this.objectsDir = join(dir, 'objects');
    mkdirSync(this.objectsDir, { recursive: true });
    this.file = join(dir, 'state.json');
    this.data = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as StateFile)
      : { users: {}, buckets: {} };
  }

  private save(): void {
    writeFileDurably(this.file, JSON.stringify(this.data));
  }

  user(uid: string): StandInUser | undefined {
    return this.data.users[uid];
  }

  users(): StandInUser[] {
    return Object.values(this.data.users);
  }

  /** The user holding this access key. */
  userOfKey(accessKey: string): StandInUser | undefined {
    return this.users().find((user) => user.keys.some((key) => key.accessKey === accessKey));
  }

  createUser(uid: string, displayName: string, maxBuckets: number, withKey: boolean): StandInUser {
    const user: StandInUser = {
      uid,
      displayName,
      suspended: false,
      maxBuckets,
      quota: { enabled: false, maxSize: -1 },
      keys: withKey ? [newKey()] : [],
    };
    this.data.users[uid] = user;
    this.save();
    return user;
  }

  update(uid: string, change: (user: StandInUser) => void): StandInUser | undefined {
    const user = this.data.users[uid];
    if (!user) return undefined;
    change(user);
    this.save();
    return user;
  }

  addKey(uid: string): StandInKey[] | undefined {
    return this.update(uid, (user) => user.keys.push(newKey()))?.keys;
  }

  removeKey(accessKey: string): boolean {
    const user = this.userOfKey(accessKey);
    if (!user) return false;
    user.keys = user.keys.filter((key) => key.accessKey !== accessKey);
    this.save();
    return true;
  }

  deleteUser(uid: string): void {
    for (const bucket of this.bucketsOf(uid)) {
      for (const object of Object.values(bucket.objects)) rmSync(object.file, { force: true });
      delete this.data.buckets[bucket.name];
    }
    delete this.data.users[uid];
    this.save();
  }

  bucket(name: string): StandInBucket | undefined {
    return this.data.buckets[name];
  }

  bucketsOf(uid: string): StandInBucket[] {
    return Object.values(this.data.buckets).filter((bucket) => bucket.owner === uid);
  }

  createBucket(name: string, owner: string, at: string): void {
    this.data.buckets[name] = { name, owner, createdAt: at, objects: {} };
    this.save();
  }

  usedBytes(uid: string): number {
    return this.bucketsOf(uid).reduce(
      (sum, bucket) => sum + Object.values(bucket.objects).reduce((s, o) => s + o.size, 0),
      0,
    );
  }

  objectCount(uid: string): number {
    return this.bucketsOf(uid).reduce((sum, bucket) => sum + Object.keys(bucket.objects).length, 0);
  }

  putObject(bucket: string, key: string, body: Buffer, contentType: string, at: string): string {
    const b = this.data.buckets[bucket];
    if (!b) throw new Error(`no bucket ${bucket}`);
    const file = join(
      this.objectsDir,
      createHash('sha256').update(`${bucket}/${key}`).digest('hex'),
    );
    writeFileSync(file, body);
    const etag = createHash('md5').update(body).digest('hex');
    b.objects[key] = { size: body.length, etag, contentType, lastModified: at, file };
    this.save();
    return etag;
  }

  readObject(object: StandInObject): Buffer {
    return readFileSync(object.file);
  }

  deleteObject(bucket: string, key: string): void {
    const b = this.data.buckets[bucket];
    const object = b?.objects[key];
    if (!b || !object) return;
    rmSync(object.file, { force: true });
    delete b.objects[key];
    this.save();
  }
}

/** A key as RGW makes them: a 20-character access key, a 40-character secret. */
function newKey(): StandInKey {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(20);
  const accessKey = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return { accessKey, secretKey: randomBytes(30).toString('base64') };
}
