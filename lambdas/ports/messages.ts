export interface ContactMessage {
  messageId: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  /** Epoch seconds after which DynamoDB's TTL removes the message. */
  expiresAt: number;
  /** The ticket the message opened (D27), named in the support inbox's mail. */
  ticketNumber?: string;
}

export interface StoredContactMessage extends ContactMessage {
  /** When the support inbox was mailed; absent until then. */
  mailedAt?: string;
}

/** `claimMail`'s answer: send now, already sent, or another attempt is sending it right now. */
export type MailClaim = 'claimed' | 'sent' | 'busy';

export interface MessagesStore {
  saveMessage(message: ContactMessage): Promise<void>;
  /** Ids of stored messages not yet mailed that arrived before `receivedBefore`, oldest first. */
  listPendingMail(receivedBefore: Date, limit: number): Promise<string[]>;
  getMessage(messageId: string): Promise<StoredContactMessage | undefined>;
  /** Claims the mailing of a stored message for `leaseMs` (a crashed attempt's claim lapses). */
  claimMail(messageId: string, now: Date, leaseMs: number): Promise<MailClaim>;
  markMailed(messageId: string, at: Date): Promise<void>;
  /** Gives a claim back after a failed send, so the next attempt sends at once. */
  releaseMail(messageId: string): Promise<void>;
}
