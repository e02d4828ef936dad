/**
 * "Choose your domain" on a bundle's card (D24): shown on a domain part bought without a name,
 * never on one with a name or on an ended bundle; the name is checked locally, then asked of the
 * availability search; a taken name says so and offers nothing to register; an available one is
 * registered with PUT /api/me/services/{partId}/domain, the dashboard told, the server's refusal
 * shown as its sentence. The registrant's details (D23): checkout's section asks for what the
 * profile lacks once a name is available and saves it first; a `registrant_details_required`
 * refusal shows its sentence there, the fields the profile lacks, and the name stays to register.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../lambdas/domain/profile';
import type { Service } from '../../../lambdas/domain/services';
import { SAMPLE_BUYER_SAME_STATE } from '../../../lambdas/templates/invoice/sample';
import { searchRows } from '@domain/domain-names';
import { ServiceList } from '../../../web/src/components/dashboard/service-list';
import { isDashboardPending } from '../../../web/src/components/dashboard/refresh-while-pending';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const bundle: Service = {
  id: 'svc_b',
  planId: 'standardbundle',
  name: 'Standard Bundle',
  category: 'bundle',
  months: 12,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2099-11-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 8_494_584,
  renewable: true,
  daysLeft: 300,
  provisioning: { state: 'ready', username: 'ashaverm' },
  parts: [
    {
      kind: 'hosting',
      id: 'svc_b',
      planId: 'premiumhosting',
      name: 'Premium Hosting',
      state: 'ready',
      provisioning: { state: 'ready', username: 'ashaverm' },
    },
    {
      kind: 'domain',
      id: 'svc_b~domain',
      planId: 'premiumdomain',
      name: 'Premium Domain',
      state: 'setting_up',
      provisioning: { state: 'manual' },
    },
  ],
};

let chosen: { partId: string; body: unknown }[];
/** The profile GET /api/me/profile answers (the registrant's details on file by default). */
let profile: Profile;
/** Each PUT /api/me/profile body, and each request in the order it came. */
let saved: unknown[];
let calls: string[];

const ON_FILE: Profile = {
  email: 'asha.rao@example.in',
  name: 'Asha Rao',
  phone: '+919876543210',
  billing: SAMPLE_BUYER_SAME_STATE,
};

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha.rao@example.in' });
  chosen = [];
  saved = [];
  calls = [];
  profile = ON_FILE;
  server.use(
    http.get(`${API}/me/profile`, () => HttpResponse.json(profile)),
    http.put(`${API}/me/profile`, async ({ request }) => {
      const update = (await request.json()) as Partial<Profile>;
      saved.push(update);
      calls.push('PUT /me/profile');
      profile = { ...profile, ...update };
      return HttpResponse.json(profile);
    }),
    http.get(`${API}/domains/availability`, ({ request }) => {
      const label = new URL(request.url).searchParams.get('name') ?? '';
      return HttpResponse.json({
        results: searchRows(label).map((row) => ({
          ...row,
          available: !row.domain.includes('taken'),
        })),
      });
    }),
    http.put(`${API}/me/services/:partId/domain`, async ({ params, request }) => {
      const body = (await request.json()) as { name: string };
      chosen.push({ partId: String(params.partId), body });
      calls.push('PUT /me/services/{id}/domain');
      return HttpResponse.json({ serviceId: params.partId, domain: body.name });
    }),
  );
});

function show(service: Service = bundle, onChanged = vi.fn()) {
  render(
    <MemoryRouter>
      <ServiceList services={[service]} payments={[]} onChanged={onChanged} />
    </MemoryRouter>,
  );
  return { onChanged, user: userEvent.setup() };
}

const control = () => within(screen.getByTestId('choose-domain'));

/** The card's Register button, once the saved profile is read (it waits for that). */
async function registerButton(name: string | RegExp) {
  const button = await control().findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('Choose your domain on a bundle bought without one (D24)', () => {
  it('checks the name, then registers it on the domain part and tells the dashboard', async () => {
    const { onChanged, user } = show();
    expect(control().getByRole('heading', { name: 'Choose your domain' })).toBeInTheDocument();

    await user.type(control().getByLabelText('Domain name'), ' AshaVerma.IN ');
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    expect(await control().findByText('ashaverma.in is available.')).toBeInTheDocument();
    await user.click(await registerButton('Register ashaverma.in'));

    expect(
      await screen.findByText(
        'We are registering ashaverma.in for you. It shows here as Active once the registry confirms it.',
      ),
    ).toBeInTheDocument();
    expect(chosen).toEqual([{ partId: 'svc_b~domain', body: { name: 'ashaverma.in' } }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('a taken name says so and offers nothing to register', async () => {
    const { user } = show();
    await user.type(control().getByLabelText('Domain name'), 'ashataken.com');
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    expect(
      await control().findByText(
        'ashataken.com is already registered by someone else. Try another name.',
      ),
    ).toBeInTheDocument();
    expect(control().queryByRole('button', { name: /^Register/ })).toBeNull();
    expect(chosen).toEqual([]);
  });

  it('an invalid name or an extension we do not sell is refused before asking anyone', async () => {
    const { user } = show();
    const input = control().getByLabelText('Domain name');
    await user.type(input, 'asha verma.in');
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    expect(control().getByRole('alert')).toHaveTextContent(
      'Use only letters, numbers and hyphens (not at the start or end), up to 63 characters, then .com, .net, .org, .in or .co.in.',
    );
    await user.clear(input);
    await user.type(input, 'ashaverma.xyz');
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    expect(control().getByRole('alert')).toHaveTextContent(
      'We register .com, .net, .org, .in or .co.in names only; .xyz is not available.',
    );
    expect(control().queryByRole('button', { name: /^Register/ })).toBeNull();
    expect(chosen).toEqual([]);
  });

  it("shows the server's sentence when it refuses (taken meanwhile)", async () => {
    server.use(
      http.put(`${API}/me/services/:partId/domain`, () =>
        apiError(
          400,
          'domain_not_available',
          'ashaverma.in is already registered by someone else. Please choose another name.',
        ),
      ),
    );
    const { onChanged, user } = show();
    await user.type(control().getByLabelText('Domain name'), 'ashaverma.in');
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    await user.click(await registerButton('Register ashaverma.in'));
    expect(await control().findByRole('alert')).toHaveTextContent(
      'ashaverma.in is already registered by someone else. Please choose another name.',
    );
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('a part whose name was taken meanwhile says why and offers another name', async () => {
    const reason =
      'ashalate.in was registered by someone else before we could register it for you, so it is not yours. Your bundle includes a domain: choose another name for it here.';
    const { user } = show({
      ...bundle,
      parts: bundle.parts!.map((p) =>
        p.kind === 'domain'
          ? {
              ...p,
              domain: 'ashalate.in',
              state: 'failed' as const,
              chooseDomain: true as const,
              provisioning: { state: 'failed' as const, reason },
            }
          : p,
      ),
    });
    expect(screen.getByText(reason)).toBeInTheDocument();
    await user.type(control().getByLabelText('Domain name'), 'ashaverma.in');
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    await user.click(await registerButton('Register ashaverma.in'));
    expect(await screen.findByText(/We are registering ashaverma\.in/)).toBeInTheDocument();
    expect(chosen).toEqual([{ partId: 'svc_b~domain', body: { name: 'ashaverma.in' } }]);
  });

  it('no control on a domain part with a name, or on an ended bundle; waiting for the buyer is not "pending"', () => {
    const named: Service = {
      ...bundle,
      parts: bundle.parts!.map((p) => (p.kind === 'domain' ? { ...p, domain: 'ashaverma.in' } : p)),
    };
    const { unmount } = render(
      <MemoryRouter>
        <ServiceList services={[named]} payments={[]} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('choose-domain')).toBeNull();
    unmount();
    render(
      <MemoryRouter>
        <ServiceList
          services={[{ ...bundle, status: 'cancelled', state: 'ended' }]}
          payments={[]}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('choose-domain')).toBeNull();
    // The dashboard does not keep reading while the name waits for the buyer; it does once chosen.
    expect(isDashboardPending({ services: [bundle] })).toBe(false);
    expect(isDashboardPending({ services: [named] })).toBe(true);
  });
});

describe("the registrant's details (D23), asked on the card as at checkout", () => {
  const REFUSAL =
    "The domain registry needs the registrant's mobile number before a name is registered in your name. Please add them to your billing details in Settings, then choose your domain again.";

  async function available(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.type(control().getByLabelText('Domain name'), name);
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    expect(await control().findByText(`${name} is available.`)).toBeInTheDocument();
  }

  it('on file: says whom the name is registered to, and registers with nothing saved', async () => {
    const { user } = show();
    await available(user, 'ashaverma.in');
    expect(
      await control().findByText(
        'The domain will be registered to Asha Verma, Bengaluru, Karnataka, as saved in your account settings.',
      ),
    ).toBeVisible();
    await user.click(await registerButton('Register ashaverma.in'));
    expect(await screen.findByText(/We are registering ashaverma\.in/)).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(chosen).toHaveLength(1);
  });

  it('the profile lacks the address: asked once the name is available, saved first, then the name registered', async () => {
    profile = { ...ON_FILE, billing: null };
    const { onChanged, user } = show();
    await available(user, 'ashaverma.in');
    const section = within(control().getByTestId('choose-domain-registrant'));
    expect(await section.findByRole('heading', { name: 'Registrant details' })).toBeVisible();
    const register = await registerButton('Save details and register ashaverma.in');

    // Not filled in: the section says what is missing, and nothing is sent.
    await user.click(register);
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Please check these fields: Billing name, Address line 1, City, State, PIN code.',
    );
    expect(calls).toEqual([]);

    await user.type(section.getByLabelText('Name on invoice'), 'Asha Verma');
    await user.type(section.getByLabelText('Address line 1'), '12 MG Road');
    await user.type(section.getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(section.getByLabelText('State or union territory'), 'Karnataka');
    await user.type(section.getByLabelText('PIN code'), '560001');
    await user.click(register);

    expect(await screen.findByText(/We are registering ashaverma\.in/)).toBeInTheDocument();
    expect(calls).toEqual(['PUT /me/profile', 'PUT /me/services/{id}/domain']);
    expect(saved).toEqual([
      {
        billing: expect.objectContaining({
          name: 'Asha Verma',
          line1: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
        }),
      },
    ]);
    expect(chosen).toEqual([{ partId: 'svc_b~domain', body: { name: 'ashaverma.in' } }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('refused for want of the mobile number: its sentence and the field shown, the name kept; saved, then chosen', async () => {
    let refusals = 1;
    server.use(
      http.put(`${API}/me/services/:partId/domain`, async ({ params, request }) => {
        calls.push('PUT /me/services/{id}/domain');
        if (refusals > 0) {
          refusals -= 1;
          // Removed elsewhere (Settings, another tab) since the card read the profile.
          profile = { ...ON_FILE, phone: '' };
          return apiError(400, 'registrant_details_required', REFUSAL);
        }
        const body = (await request.json()) as { name: string };
        chosen.push({ partId: String(params.partId), body });
        return HttpResponse.json({ serviceId: params.partId, domain: body.name });
      }),
    );
    const { onChanged, user } = show();
    await available(user, 'ashaverma.in');
    await user.click(await registerButton('Register ashaverma.in'));

    const section = within(control().getByTestId('choose-domain-registrant'));
    expect(await section.findByRole('alert')).toHaveTextContent(REFUSAL);
    const phone = await section.findByLabelText('Mobile number');
    expect(control().getByLabelText('Domain name')).toHaveValue('ashaverma.in');
    expect(onChanged).not.toHaveBeenCalled();

    await user.type(phone, '98765 43210');
    await user.click(
      control().getByRole('button', { name: 'Save details and register ashaverma.in' }),
    );

    expect(await screen.findByText(/We are registering ashaverma\.in/)).toBeInTheDocument();
    expect(saved).toEqual([{ phone: '+919876543210' }]);
    expect(calls).toEqual([
      'PUT /me/services/{id}/domain',
      'PUT /me/profile',
      'PUT /me/services/{id}/domain',
    ]);
    expect(chosen).toEqual([{ partId: 'svc_b~domain', body: { name: 'ashaverma.in' } }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});

describe("a hosting's free domain taken meanwhile (D23)", () => {
  const reason =
    'ashafree.com was registered by someone else before we could register it for you, so it is not yours. It came free with your hosting, so there is no payment to refund: choose another name for your free year here.';
  const free: Service = {
    id: 'svc_free',
    planId: 'basicdomain',
    name: 'Basic Domain',
    category: 'domain',
    domain: 'ashafree.com',
    months: 12,
    purchaseDate: '2098-11-22T04:30:00.000Z',
    renewalDate: '2099-11-22T04:30:00.000Z',
    status: 'active',
    state: 'active',
    pricePaidPaise: 0,
    renewable: true,
    daysLeft: 300,
    provisioning: { state: 'failed', reason },
    chooseDomain: true,
  };

  it('says why on the card and registers the other name on the service itself', async () => {
    const { onChanged, user } = show(free);
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(
      control().getByText(
        'Choose another name for your free first year and we register it for you, in your billing name. It renews after that year like any domain.',
      ),
    ).toBeInTheDocument();
    await user.type(control().getByLabelText('Domain name'), 'ashanew.in');
    await user.click(control().getByRole('button', { name: 'Check availability' }));
    await user.click(await registerButton('Register ashanew.in'));
    expect(await screen.findByText(/We are registering ashanew\.in for you/)).toBeInTheDocument();
    expect(chosen).toEqual([{ partId: 'svc_free', body: { name: 'ashanew.in' } }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('no control without the flag (a paid domain taken is refunded instead)', () => {
    const { chooseDomain: _flag, ...paid } = free;
    show({ ...paid, pricePaidPaise: 117_882 });
    expect(screen.queryByTestId('choose-domain')).toBeNull();
  });
});
