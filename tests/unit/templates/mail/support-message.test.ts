import { describe, expect, it } from 'vitest';
import { supportMessageMail } from '../../../../lambdas/templates/mail/support-message';

const message = {
  messageId: '0b9f4c1e-2d3a-4b5c-8d7e-6f5a4b3c2d1e',
  name: 'Asha Verma',
  email: 'asha.verma@example.in',
  message: 'Hello,\n\nCan you help?\n<b>Thanks</b>',
  createdAt: '2026-11-22T04:15:00.000Z',
};

describe('the support-message mail', () => {
  it('names the sender, the time and the reference, and quotes the message as written', () => {
    const mail = supportMessageMail(message);

    expect(mail.subject).toBe('Contact form: Asha Verma');
    expect(mail.text).toContain('From: Asha Verma <asha.verma@example.in>');
    expect(mail.text).toContain('Received: 22 November 2026 at 9:45 am IST');
    expect(mail.text).toContain('Reference: 0b9f4c1e-2d3a-4b5c-8d7e-6f5a4b3c2d1e');
    expect(mail.text).toContain('> Hello,\n> \n> Can you help?\n> <b>Thanks</b>');
    expect(mail.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(mail.html).toContain('white-space:pre-wrap');
    expect(mail.text).not.toContain('Hello Asha');
  });

  it('keeps a name with line breaks out of the headers', () => {
    const mail = supportMessageMail({ ...message, name: 'Asha\r\nBcc: all@example.in' });

    expect(mail.subject).toBe('Contact form: Asha Bcc: all@example.in');
  });
});
