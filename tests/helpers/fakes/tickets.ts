/**
 * The tickets store in memory, with the DynamoDB adapter's conditions (the contract spec in
 * tests/unit/contracts/tickets.test.ts runs against both), yielding before each call so that
 * concurrent callers interleave as they would over the network.
 */
import { nextDueAt } from '../../../lambdas/domain/tickets';
import type { MailClaim } from '../../../lambdas/ports/messages';
import type {
  TicketHeadChange,
  TicketMailRecipient,
  TicketMessageRecord,
  TicketRecord,
  TicketsStore,
} from '../../../lambdas/ports/tickets';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

interface MailState {
  mailedAt?: string;
  leaseUntil?: string;
}

export class InMemoryTicketsStore implements TicketsStore {
  readonly heads = new Map<string, TicketRecord>();
  readonly messages = new Map<string, TicketMessageRecord>();
  readonly mail = new Map<string, MailState>();

  async createTicket(ticket: TicketRecord, first: TicketMessageRecord): Promise<void> {
    await this.addMessage(first);
    await tick();
    if (!this.heads.has(ticket.ticketId)) this.heads.set(ticket.ticketId, structuredClone(ticket));
  }

  async setNumber(ticketId: string, ticketNumber: string): Promise<string | undefined> {
    await tick();
    const head = this.heads.get(ticketId);
    if (!head) return undefined;
    head.ticketNumber ??= ticketNumber;
    return head.ticketNumber;
  }

  async getTicket(ticketId: string): Promise<TicketRecord | undefined> {
    await tick();
    const head = this.heads.get(ticketId);
    return head ? structuredClone(head) : undefined;
  }

  async findByNumber(ticketNumber: string): Promise<TicketRecord | undefined> {
    await tick();
    const head = [...this.heads.values()].find((t) => t.ticketNumber === ticketNumber);
    return head ? structuredClone(head) : undefined;
  }

  async listByEmail(email: string): Promise<TicketRecord[]> {
    await tick();
    return [...this.heads.values()]
      .filter((t) => t.email === email.toLowerCase())
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((t) => structuredClone(t));
  }

  async listUnresolved(
    options: { dueBefore?: string; limit?: number } = {},
  ): Promise<TicketRecord[]> {
    await tick();
    const keyed = [...this.heads.values()]
      .filter((t) => t.status !== 'resolved')
      .map((t) => ({ t, at: nextDueAt(t) ?? 'none' }))
      .filter(({ at }) => options.dueBefore === undefined || at < options.dueBefore)
      .sort((a, b) => a.at.localeCompare(b.at) || a.t.ticketId.localeCompare(b.t.ticketId))
      .map(({ t }) => structuredClone(t));
    return options.limit ? keyed.slice(0, options.limit) : keyed;
  }

  async listMessages(ticketId: string): Promise<TicketMessageRecord[]> {
    await tick();
    return [...this.messages.values()]
      .filter((m) => m.ticketId === ticketId)
      .sort((a, b) => a.messageId.localeCompare(b.messageId))
      .map((m) => structuredClone(m));
  }

  async getMessage(ticketId: string, messageId: string): Promise<TicketMessageRecord | undefined> {
    await tick();
    const message = this.messages.get(`${ticketId} ${messageId}`);
    return message ? structuredClone(message) : undefined;
  }

  async addMessage(message: TicketMessageRecord): Promise<void> {
    await tick();
    const key = `${message.ticketId} ${message.messageId}`;
    if (!this.messages.has(key)) this.messages.set(key, structuredClone(message));
  }

  async updateTicket(current: TicketRecord, change: TicketHeadChange): Promise<boolean> {
    await tick();
    const head = this.heads.get(current.ticketId);
    if (!head || head.version !== current.version) return false;
    const next: Record<string, unknown> = { ...head, ...change, version: head.version + 1 };
    for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
    this.heads.set(current.ticketId, next as unknown as TicketRecord);
    return true;
  }

  async claimMail(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
    now: Date,
    leaseMs: number,
  ): Promise<MailClaim> {
    await tick();
    if (!this.messages.has(`${ticketId} ${messageId}`)) {
      throw new Error(`No ticket message ${ticketId} ${messageId}`);
    }
    const key = `${ticketId} ${messageId} ${recipient}`;
    const state = this.mail.get(key) ?? {};
    if (state.mailedAt) return 'sent';
    if (state.leaseUntil && state.leaseUntil >= now.toISOString()) return 'busy';
    this.mail.set(key, { leaseUntil: new Date(now.getTime() + leaseMs).toISOString() });
    return 'claimed';
  }

  async markMailed(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
    at: Date,
  ): Promise<void> {
    await tick();
    this.mail.set(`${ticketId} ${messageId} ${recipient}`, { mailedAt: at.toISOString() });
  }

  async listPendingMail(before: string, limit: number): Promise<TicketMessageRecord[]> {
    await tick();
    return [...this.messages.values()]
      .filter(
        (m) =>
          m.at < before &&
          (m.mailTo ?? []).some(
            (r) => !this.mail.get(`${m.ticketId} ${m.messageId} ${r}`)?.mailedAt,
          ),
      )
      .sort((a, b) => a.at.localeCompare(b.at))
      .slice(0, limit)
      .map((m) => structuredClone(m));
  }

  async releaseMail(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
  ): Promise<void> {
    await tick();
    const key = `${ticketId} ${messageId} ${recipient}`;
    const state = this.mail.get(key);
    if (state && !state.mailedAt) this.mail.delete(key);
  }
}
