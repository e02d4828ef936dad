/** The part of mailparser 3's API the inbound-mail adapter uses (the package ships no types). */
declare module 'mailparser' {
  interface AddressObject {
    text: string;
    value: { address?: string; name: string }[];
  }
  interface ParsedMailMessage {
    from?: AddressObject;
    subject?: string;
    text?: string;
    messageId?: string;
  }
  export function simpleParser(
    source: Buffer | string,
    options?: { skipHtmlToText?: boolean; skipImageLinks?: boolean; skipTextLinks?: boolean },
  ): Promise<ParsedMailMessage>;
}
