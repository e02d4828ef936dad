export interface ContactMessage {
  messageId: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface MessagesStore {
  saveMessage(message: ContactMessage): Promise<void>;
}
