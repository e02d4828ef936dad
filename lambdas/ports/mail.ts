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
  attachments?: readonly MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
