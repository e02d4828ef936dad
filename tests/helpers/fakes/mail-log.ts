/** The customers' mail logs in memory, as the DynamoDB adapter keeps them. */
import { listedMail } from '../../../lambdas/domain/mail-log';
import type { MailLog, MailLogEntry, StoredMail } from '../../../lambdas/ports/mail-log';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The newest mails a customer's page lists (the adapter's MAIL_LOG_PAGE). */
const PAGE = 200;

export class InMemoryMailLog implements MailLog {
  readonly mails: StoredMail[] = [];

  async record(mail: StoredMail): Promise<void> {
    await tick();
    this.mails.push(structuredClone(mail));
  }

  async listForCustomer(userId: string): Promise<MailLogEntry[]> {
    await tick();
    return this.mails
      .filter((m) => m.userId === userId)
      .sort((a, b) => b.mailId.localeCompare(a.mailId))
      .slice(0, PAGE)
      .map((m) => listedMail(structuredClone(m)));
  }

  async eraseCustomer(userId: string): Promise<void> {
    await tick();
    for (let i = this.mails.length - 1; i >= 0; i -= 1) {
      if (this.mails[i]!.userId === userId) this.mails.splice(i, 1);
    }
  }

  async getMail(userId: string, mailId: string): Promise<StoredMail | undefined> {
    await tick();
    const found = this.mails.find((m) => m.userId === userId && m.mailId === mailId);
    return found ? structuredClone(found) : undefined;
  }
}
