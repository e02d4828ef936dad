import type { MailAbout } from '../domain/mail-log';

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
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
