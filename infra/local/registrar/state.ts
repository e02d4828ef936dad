/**
 * The registrar stand-in's state (customers, contacts, registered names with their DNS records,
 * names someone else holds), kept in one JSON file under DATA_DIR/registrar and rewritten durably
 * after every change, so a restart of the local stack finds every name it registered.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from '../durable-file';

export interface StandInCustomer {
  id: number;
  username: string;
  name: string;
}

export interface StandInContact {
  id: number;
  customerId: number;
  name: string;
  email: string;
}

export interface StandInRecord {
  type: string;
  host: string;
  value: string;
  ttl: number;
  priority?: number;
}

export interface StandInDsRecord {
  keytag: string;
  algorithm: string;
  digesttype: string;
  digest: string;
}

export interface StandInDomain {
  orderId: number;
  name: string;
  customerId: number;
  contactId: number;
  nameservers: string[];
  locked: boolean;
  privacy: boolean;
  /** Epoch seconds. */
  creationTime: number;
  /** Epoch seconds: the registry's expiry. */
  endTime: number;
  authCode: string;
  dnsActive: boolean;
  records: StandInRecord[];
  /** DS records published at the registry (DNSSEC), as LogicBoxes lists them. */
  dnssec?: StandInDsRecord[];
  /**
   * A transfer into this account that has not completed: pending until `completesAt` (epoch ms),
   * then completed when its auth code was right (this field goes), else failed.
   */
  transfer?: { state: 'pending' | 'failed'; completesAt: number; codeRight: boolean };
}

interface StateFile {
  nextId: number;
  customers: Record<string, StandInCustomer>;
  contacts: Record<string, StandInContact>;
  domains: Record<string, StandInDomain>;
  /** Names registered elsewhere (by someone else). */
  taken: string[];
  /** The auth code of a name registered elsewhere, where the taken hook gave one. */
  authCodes?: Record<string, string>;
}

export class RegistrarStandInState {
  private readonly file: string;
  private readonly data: StateFile;

  constructor(dataDir: string) {
    const dir = join(dataDir, 'registrar');
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'state.json');
    this.data = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as StateFile)
      : { nextId: 10_000_001, customers: {}, contacts: {}, domains: {}, taken: [] };
  }

  newId(): number {
    const id = this.data.nextId;
    this.data.nextId += 1;
    return id;
  }

  customerByUsername(username: string): StandInCustomer | undefined {
    return Object.values(this.data.customers).find((c) => c.username === username);
  }

  customer(id: number): StandInCustomer | undefined {
    return this.data.customers[String(id)];
  }

  contact(id: number): StandInContact | undefined {
    return this.data.contacts[String(id)];
  }

  domain(name: string): StandInDomain | undefined {
    return Object.hasOwn(this.data.domains, name) ? this.data.domains[name] : undefined;
  }

  domainByOrderId(orderId: number): StandInDomain | undefined {
    return Object.values(this.data.domains).find((d) => d.orderId === orderId);
  }

  domains(): StandInDomain[] {
    return Object.values(this.data.domains).sort((a, b) => a.orderId - b.orderId);
  }

  isTaken(name: string): boolean {
    return this.data.taken.includes(name);
  }

  putCustomer(customer: StandInCustomer): void {
    this.data.customers[String(customer.id)] = customer;
    this.save();
  }

  putContact(contact: StandInContact): void {
    this.data.contacts[String(contact.id)] = contact;
    this.save();
  }

  putDomain(domain: StandInDomain): void {
    this.data.domains[domain.name] = domain;
    this.save();
  }

  take(name: string, authCode?: string): void {
    if (!this.data.taken.includes(name)) this.data.taken.push(name);
    if (authCode) this.data.authCodes = { ...this.data.authCodes, [name]: authCode };
    this.save();
  }

  /** The auth code its registrar gave for a name held elsewhere, if the taken hook named one. */
  authCodeElsewhere(name: string): string | undefined {
    const codes = this.data.authCodes ?? {};
    return Object.hasOwn(codes, name) ? codes[name] : undefined;
  }

  /** The name is ours now (a completed transfer): no longer held elsewhere. */
  release(name: string): void {
    this.data.taken = this.data.taken.filter((taken) => taken !== name);
    this.save();
  }

  private save(): void {
    writeFileDurably(this.file, JSON.stringify(this.data, null, 1));
  }
}
