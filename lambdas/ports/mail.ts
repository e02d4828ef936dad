import type { MailAbout } from '../domain/mail-log';

/** A file sent with a mail (a tax invoice's PDF). */
export interface MailAttachment {
  /** `INV-26-27-000001.pdf`. */
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Which buyer's mail log it goes in, and its kind (issue #27). Every mail to a buyer names it;
   * mails to the store's own inboxes (support, the grievance officer) have none.
   */
  about?: MailAbout;
  attachments?: readonly MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
