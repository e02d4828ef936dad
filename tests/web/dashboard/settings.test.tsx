/**
 * The dashboard's Settings tab (docs/decisions.md D19): name and mobile, the password, and the
 * billing details for tax invoices, each saved on its own, with the server's message shown as it is.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@domain/api';
import type { Profile, ProfileUpdate } from '@domain/profile';
import { API, apiError, startMockApi } from '../support/api-server';
import {
  cognitoError,
  confirmUserAttribute,
  resetAuthMock,
  setSignedInUser,
  signOut,
  TEST_ID_TOKEN,
  updatePassword,
  updateUserAttributes,
} from '../support/amplify-auth-mock';
import { dashboardShown, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const EMAIL = 'asha.rao@example.in';

const dashboard: DashboardResponse = {
  user: {
    id: 'u1',
    email: EMAIL,
    name: 'Asha Rao',
    phone: '+919876543210',
    currentPlan: null,
    expiry: null,
  },
  services: [],
  payments: [],
};

const billing = {
  name: 'Rao Traders',
  line1: '12, MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  gstin: '29AAPFU0939F1ZR',
};

let profile: Profile;
let puts: { body: ProfileUpdate; authorization: string | null }[];

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: EMAIL });
  profile = { email: EMAIL, name: 'Asha Rao', phone: '+919876543210', billing: null };
  puts = [];
  server.use(
    http.get(`${API}/me/dashboard`, () => HttpResponse.json(dashboard)),
    http.get(`${API}/me/profile`, () => HttpResponse.json(profile)),
    http.put(`${API}/me/profile`, async ({ request }) => {
      const body = (await request.json()) as ProfileUpdate;
      puts.push({ body, authorization: request.headers.get('authorization') });
      // As the API does: only the given parts change, the phone comes back in E.164.
      profile = {
        ...profile,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.phone !== undefined
          ? { phone: `+91${body.phone.replace(/\D/g, '').slice(-10)}` }
          : {}),
        ...(body.billing !== undefined ? { billing: body.billing } : {}),
      };
      return HttpResponse.json(profile);
    }),
  );
});

async function openSettings() {
  renderApp('/dashboard');
  await dashboardShown();
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Settings' }));
  // The tab's code loads when it is opened.
  await screen.findByRole('region', { name: 'Your details' });
  return user;
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('Settings: your details', () => {
  it('shows the login email disabled, and the name and mobile on record', async () => {
    await openSettings();
    const details = section('Your details');

    expect(await details.findByLabelText('Email address')).toBeDisabled();
    expect(details.getByLabelText('Email address')).toHaveValue(EMAIL);
    expect(await details.findByLabelText('Full name')).toHaveValue('Asha Rao');
    expect(details.getByLabelText('Mobile number')).toHaveValue('+919876543210');
  });

  it('saves the name and mobile with the ID token and shows them as the API stored them', async () => {
    const user = await openSettings();
    const details = section('Your details');
    const name = await details.findByLabelText('Full name');

    await user.clear(name);
    await user.type(name, 'Asha V. Rao');
    await user.clear(details.getByLabelText('Mobile number'));
    await user.type(details.getByLabelText('Mobile number'), '98123 45678');
    await user.click(details.getByRole('button', { name: 'Save' }));

    expect(await details.findByRole('status')).toHaveTextContent('Your details have been saved.');
    expect(puts).toEqual([
      {
        body: { name: 'Asha V. Rao', phone: '98123 45678' },
        authorization: `Bearer ${TEST_ID_TOKEN}`,
      },
    ]);
    expect(details.getByLabelText('Mobile number')).toHaveValue('+919812345678');
  });

  it("shows the server's message when it refuses the change", async () => {
    server.use(
      http.put(`${API}/me/profile`, () =>
        apiError(
          400,
          'validation_failed',
          'Please enter a 10-digit Indian mobile number, for example 98765 43210 or +91 98765 43210.',
        ),
      ),
    );
    const user = await openSettings();
    const details = section('Your details');
    await user.clear(await details.findByLabelText('Mobile number'));
    await user.type(details.getByLabelText('Mobile number'), '12345');

    await user.click(details.getByRole('button', { name: 'Save' }));

    expect(await details.findByRole('alert')).toHaveTextContent(
      'Please enter a 10-digit Indian mobile number, for example 98765 43210 or +91 98765 43210.',
    );
  });

  it('says so, with a way to try again, when the profile cannot be loaded', async () => {
    let failures = 1;
    server.use(
      http.get(`${API}/me/profile`, () =>
        failures-- > 0
          ? apiError(500, 'internal_error', 'Something went wrong on our side.')
          : HttpResponse.json(profile),
      ),
    );
    const user = await openSettings();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your settings. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Full name')).toHaveValue('Asha Rao');
  });
});

describe('Settings: billing details', () => {
  it("lists India's 36 states and union territories with their GST codes", async () => {
    await openSettings();
    const state = await section('Billing details').findByLabelText('State or union territory');
    const options = within(state)
      .getAllByRole('option')
      .map((o) => o.textContent);

    expect(options).toHaveLength(37);
    expect(options[0]).toBe('Choose a state');
    expect(options).toContain('Karnataka (29)');
    expect(options).toContain('Ladakh (38)');
    expect(options).toContain('Dadra and Nagar Haveli and Daman and Diu (26)');
  });

  it('saves name, address, state, PIN code and GSTIN, and shows what is on record', async () => {
    const user = await openSettings();
    const form = section('Billing details');
    expect(await form.findByText('No billing details yet.')).toBeInTheDocument();

    await user.type(form.getByLabelText('Name on invoice'), billing.name);
    await user.type(form.getByLabelText('Address line 1'), billing.line1);
    await user.type(form.getByLabelText('City'), billing.city);
    await user.selectOptions(form.getByLabelText('State or union territory'), 'Karnataka');
    await user.type(form.getByLabelText('PIN code'), billing.pincode);
    await user.type(form.getByLabelText('GSTIN (optional)'), billing.gstin.toLowerCase());
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('status')).toHaveTextContent(
      'Your billing details have been saved.',
    );
    // No line 2 was given: it is left out, not sent empty.
    expect(puts.map((p) => p.body)).toEqual([{ billing }]);
    expect(form.getByTestId('saved-billing')).toHaveTextContent(
      'Rao Traders12, MG RoadBengaluru, Karnataka 560001GSTIN 29AAPFU0939F1ZR',
    );
  });

  it('fills the form from the details on record', async () => {
    profile = { ...profile, billing: { ...billing, line2: 'Shanthala Nagar' } };
    await openSettings();
    const form = section('Billing details');

    expect(await form.findByLabelText('Name on invoice')).toHaveValue('Rao Traders');
    expect(form.getByLabelText('Address line 2 (optional)')).toHaveValue('Shanthala Nagar');
    expect(form.getByLabelText('State or union territory')).toHaveValue('Karnataka');
    expect(form.getByLabelText('GSTIN (optional)')).toHaveValue('29AAPFU0939F1ZR');
  });

  it("shows the server's sentence for a GSTIN of another state", async () => {
    profile = { ...profile, billing };
    server.use(
      http.put(`${API}/me/profile`, () =>
        apiError(400, 'invalid_gstin', 'This GSTIN is not valid for the selected state.'),
      ),
    );
    const user = await openSettings();
    const form = section('Billing details');

    await user.selectOptions(await form.findByLabelText('State or union territory'), 'Kerala');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'This GSTIN is not valid for the selected state.',
    );
  });
});

describe('Settings: change password', () => {
  async function change(user: ReturnType<typeof userEvent.setup>, current: string, next: string) {
    const form = section('Change password');
    if (current) await user.type(form.getByLabelText('Current password'), current);
    if (next) await user.type(form.getByLabelText('New password'), next);
    await user.click(form.getByRole('button', { name: 'Change password' }));
    return form;
  }

  it('changes it through Cognito and clears the fields', async () => {
    const user = await openSettings();

    const form = await change(user, 'old-secret', 'new-secret');

    expect(await form.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(updatePassword).toHaveBeenCalledWith({
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(puts).toEqual([]);
  });

  it.each([
    [
      'NotAuthorizedException',
      'Incorrect username or password.',
      'Your current password is incorrect.',
    ],
    // cognito-local's answer to a wrong current password.
    ['InvalidPasswordException', 'Invalid password', 'Your current password is incorrect.'],
    [
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
      'Password must be at least 8 characters long.',
    ],
    [
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
      'Too many attempts. Please wait a few minutes and try again.',
    ],
    [
      'NotAuthorizedException',
      'Access Token has been revoked',
      'Your session has ended. Please log out and log in again.',
    ],
  ])('tells %s ("%s") as "%s"', async (name, message, expected) => {
    updatePassword.mockRejectedValueOnce(cognitoError(name, message));
    const user = await openSettings();

    const form = await change(user, 'old-secret', 'new-secret');

    expect(await form.findByRole('alert')).toHaveTextContent(expected);
  });

  it('checks both fields and the new length before asking Cognito', async () => {
    const user = await openSettings();

    let form = await change(user, '', 'new-secret');
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Please enter your current password and a new one.',
    );
    await user.clear(form.getByLabelText('New password'));
    form = await change(user, 'old-secret', 'short');
    await waitFor(() =>
      expect(form.getByRole('alert')).toHaveTextContent(
        'Password must be at least 8 characters long.',
      ),
    );
    expect(updatePassword).not.toHaveBeenCalled();
  });
});

describe('Settings: changing the sign-in email (D28)', () => {
  it('sends a code to the new address, confirms it, then has the API move the record', async () => {
    const NEW = 'asha@rao.example.in';
    let synced = 0;
    server.use(
      http.post(`${API}/me/email`, () => {
        synced += 1;
        profile = { ...profile, email: NEW };
        return HttpResponse.json(profile);
      }),
    );
    const user = await openSettings();
    const details = section('Your details');

    await user.click(await details.findByRole('button', { name: 'Change email' }));
    await user.type(details.getByLabelText('New email address'), NEW);
    await user.click(details.getByRole('button', { name: 'Send code' }));
    expect(await details.findByText(`We sent a 6-digit code to ${NEW}. Enter it here to confirm.`));
    expect(updateUserAttributes).toHaveBeenCalledWith({ userAttributes: { email: NEW } });
    expect(synced).toBe(0);

    await user.type(details.getByLabelText('Code from the email'), '123456');
    await user.click(details.getByRole('button', { name: 'Confirm new email' }));

    expect(await details.findByRole('status')).toHaveTextContent(`Your email is now ${NEW}.`);
    expect(confirmUserAttribute).toHaveBeenCalledWith({
      userAttributeKey: 'email',
      confirmationCode: '123456',
    });
    expect(synced).toBe(1);
    expect(details.getByLabelText('Email address')).toHaveValue(NEW);
  });

  it('says a wrong code plainly and changes nothing', async () => {
    confirmUserAttribute.mockRejectedValueOnce(cognitoError('CodeMismatchException'));
    let synced = 0;
    server.use(http.post(`${API}/me/email`, () => ((synced += 1), HttpResponse.json(profile))));
    const user = await openSettings();
    const details = section('Your details');

    await user.click(await details.findByRole('button', { name: 'Change email' }));
    await user.type(details.getByLabelText('New email address'), 'asha@rao.example.in');
    await user.click(details.getByRole('button', { name: 'Send code' }));
    await user.type(await details.findByLabelText('Code from the email'), '000000');
    await user.click(details.getByRole('button', { name: 'Confirm new email' }));

    expect(await details.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(synced).toBe(0);
  });

  it('never says whether another account has the address', async () => {
    updateUserAttributes.mockRejectedValueOnce(cognitoError('AliasExistsException'));
    const user = await openSettings();
    const details = section('Your details');

    await user.click(await details.findByRole('button', { name: 'Change email' }));
    await user.type(details.getByLabelText('New email address'), 'ravi@example.in');
    await user.click(details.getByRole('button', { name: 'Send code' }));

    expect(await details.findByRole('alert')).toHaveTextContent(
      'We could not change your email to that address. Please try another one.',
    );
  });
});

describe('Settings: deleting the account (D28)', () => {
  it('shows the API’s sentence naming the live services, and stays signed in', async () => {
    server.use(
      http.post(`${API}/me/account/delete`, () =>
        apiError(
          409,
          'services_active',
          'End your services before you delete your account: Basic Hosting.',
        ),
      ),
    );
    const user = await openSettings();
    const danger = section('Delete your account');

    await user.type(danger.getByLabelText('Type your sign-in email to confirm'), EMAIL);
    await user.click(danger.getByRole('button', { name: 'Delete my account' }));

    expect(await danger.findByRole('alert')).toHaveTextContent('Basic Hosting.');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks for the email typed exactly before calling the API', async () => {
    let calls = 0;
    server.use(
      http.post(
        `${API}/me/account/delete`,
        () => ((calls += 1), HttpResponse.json({ deleted: true })),
      ),
    );
    const user = await openSettings();
    const danger = section('Delete your account');

    await user.type(danger.getByLabelText('Type your sign-in email to confirm'), 'asha@other.in');
    await user.click(danger.getByRole('button', { name: 'Delete my account' }));

    expect(await danger.findByRole('alert')).toHaveTextContent('Type the email address');
    expect(calls).toBe(0);
  });

  it('deletes with the typed email, signs out, and says so on the home page', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/me/account/delete`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ deleted: true });
      }),
    );
    const user = await openSettings();
    const danger = section('Delete your account');

    await user.type(danger.getByLabelText('Type your sign-in email to confirm'), EMAIL);
    await user.click(danger.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(bodies).toEqual([{ confirmEmail: EMAIL }]);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      `Your account is deleted. We sent a confirmation to ${EMAIL}.`,
    );
  });
});
