import type { ContactRequestBody } from '@domain/api';
import { contactPage } from '../../content/contact';

export type ContactErrors = Partial<Record<keyof ContactRequestBody, string>>;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** All three fields are required and the email must look like one. */
export function validateContact(values: ContactRequestBody): ContactErrors {
  const messages = contactPage.form.errors;
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = messages.name;
  if (!values.email.trim()) errors.email = messages.email;
  else if (!EMAIL.test(values.email.trim())) errors.email = messages.emailInvalid;
  if (!values.message.trim()) errors.message = messages.message;
  return errors;
}
