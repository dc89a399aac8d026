import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/shared/session/sessionStore';
import { json, makeToken, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

const countries = [
  { id: 'AF', name: 'Afghanistan', vat: false },
  { id: 'DE', name: 'Germany', vat: true },
  { id: 'GB', name: 'United Kingdom', vat: true },
  { id: 'US', name: 'United States', vat: false },
];
const industries = [
  { id: -1, name: 'Individual' },
  { id: 5, name: 'Banking' },
];

function referenceData(req: MockRequest): Response | undefined {
  if (req.path === '/v1/company/country') return json(countries);
  if (req.path === '/v1/company/industry') return json(industries);
  return undefined;
}

describe('Register: the choice (spec 2.7)', () => {
  it('offers both account kinds, each with Learn more / Close and Continue', async () => {
    mockFetch();
    renderApp('/login/register');
    const user = userEvent.setup();
    const organisation = screen.getByRole('region', { name: 'Register as an organisation' });
    expect(screen.getByRole('region', { name: 'Register as an individual' })).toBeInTheDocument();
    await user.click(within(organisation).getByRole('button', { name: 'Learn more' }));
    expect(within(organisation).getByText('A management-information analytics platform')).toBeVisible();
    expect(within(organisation).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await user.click(within(organisation).getByRole('button', { name: /^Continue/ }));
    expect(screen.getByRole('heading', { name: 'Register as an organisation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('region', { name: 'Register as an individual' })).toBeInTheDocument();
  });

  it('hides the organisation card for #register-as-individual', () => {
    mockFetch();
    renderApp('/login/register#register-as-individual');
    expect(screen.queryByRole('region', { name: 'Register as an organisation' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Register as an individual' })).toBeInTheDocument();
  });
});

describe('Register: the start form (spec 5.1)', () => {
  it('asks an organisation for everything of 5.1, with the warning and the checkbox', async () => {
    mockFetch();
    renderApp('/login/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue: Register as an organisation' }));
    expect(
      screen.getByText(
        "If your organisation already has an account with us ask the existing account holder to invite you as a team member via their 'Account' section.",
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the errors shown below.');
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Company Name is required',
      'Job Title is required',
      'Phone is required',
      'Please confirm this to continue',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('sends an individual with the e-mail trimmed and lower-cased and no company fields, then says to check e-mail', async () => {
    sessionStore.setQcmc('C1');
    const fetch = mockFetch((req) =>
      req.path === '/v1/register' ? new Response(null, { status: 204 }) : undefined,
    );
    renderApp('/login/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue: Register as an individual' }));
    expect(screen.queryByLabelText(/Company Name/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).not.toBeRequired();
    await user.type(screen.getByLabelText(/^First name/), 'Ivy');
    await user.type(screen.getByLabelText(/^Last name/), 'Ng');
    await user.type(screen.getByLabelText(/^Email/), 'Ivy.Ng@Mail.Test ');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Thank you!');
    expect(toast).toHaveTextContent('Please check your email to complete your registration.');
    const call = fetch.mock.calls.find(([url]) => String(url).startsWith('/v1/register'));
    expect(call?.[0]).toBe('/v1/register?qcmc=C1');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      firstname: 'Ivy',
      lastname: 'Ng',
      email: 'ivy.ng@mail.test',
      phone: null,
      companyName: null,
      jobTitle: null,
      volumeChecks: null,
      individual: true,
      applicationTemplateId: null,
      referralOwnerId: null,
      applicationRef: null,
    });
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  });

  it('prefills and locks the e-mail from e, and shareinvite goes straight to the organisation form', () => {
    mockFetch();
    renderApp('/login/register?shareinvite=1&e=sam%40example.test');
    expect(screen.getByRole('heading', { name: 'Register as an organisation' })).toBeInTheDocument();
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveValue('sam@example.test');
    expect(email).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});

describe('Register: owners (spec 2.7 c, d)', () => {
  const owner = {
    id: 'acme',
    name: 'Acme Recruitment Ltd',
    status: 'OPEN',
    statusDescription: 'Please verify your highest qualification.',
    referenceLabel: 'Candidate number',
    template: 0,
  };

  it('welcomes the applicants of a template owner as individuals, with its status and reference label', async () => {
    const fetch = mockFetch((req) => {
      if (req.path === '/v1/application/template/owner/acme') return json(owner);
      if (req.path === '/v1/register') return new Response(null, { status: 204 });
      return undefined;
    });
    renderApp('/login/register?atid=acme');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Welcome Acme Recruitment Ltd Applicant' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please verify your highest qualification.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Company Name/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First name/), 'Al');
    await user.type(screen.getByLabelText(/^Last name/), 'Bo');
    await user.type(screen.getByLabelText(/^Email/), 'al@bo.test');
    await user.type(screen.getByLabelText('Candidate number'), 'C-7');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    const body = JSON.parse(String(fetch.mock.calls.find(([u]) => u === '/v1/register')?.[1]?.body));
    expect(body).toMatchObject({ individual: true, applicationTemplateId: 'acme', applicationRef: 'C-7' });
  });

  it('shows applicants the embedded explainer video, captioned; template 17 a help card with the video and FAQs (2.7)', async () => {
    mockFetch((req) => {
      if (req.path === '/v1/application/template/owner/acme') return json(owner);
      if (req.path === '/v1/application/template/owner/17') return json({ ...owner, id: 17, template: 17 });
      return undefined;
    });
    const first = renderApp('/login/register?atid=acme');
    const explainer = await screen.findByRole('region', { name: 'How it works' });
    // No logo, no co-branding; with one, it is read by its owner's name (below).
    expect(screen.queryByText('On behalf of')).not.toBeInTheDocument();
    const video = explainer.querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('controls');
    // Only its length is read until it is played: the poster stands in.
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video?.getAttribute('poster')).toBeTruthy();
    expect([...(video?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('type'))).toEqual([
      'video/webm',
      'video/mp4',
    ]);
    expect(video?.querySelector('track')).toMatchObject({ kind: 'captions', srclang: 'en', default: true });
    expect(screen.queryByText('Read the FAQs')).not.toBeInTheDocument();
    first.unmount();

    renderApp('/login/register?atid=17');
    expect(
      await screen.findByRole('heading', { name: 'Need a hand with your application?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch the video' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Read the FAQs' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('region', { name: 'How it works' })).not.toBeInTheDocument();
  });

  it("shows the owner's logo 'On behalf of', named for those who cannot see it", async () => {
    mockFetch((req) =>
      req.path === '/v1/application/template/owner/acme'
        ? json({ ...owner, logo: '/logos/acme.png', partnerLogo: '/logos/partner.png' })
        : undefined,
    );
    renderApp('/login/register?atid=acme');
    expect(await screen.findByRole('img', { name: 'Acme Recruitment Ltd' })).toHaveAttribute(
      'src',
      '/logos/acme.png',
    );
    expect(screen.getByText('On behalf of')).toBeInTheDocument();
    // The partner's name is not known here: the logo says what it is.
    expect(screen.getByRole('img', { name: 'In partnership with logo' })).toHaveAttribute(
      'src',
      '/logos/partner.png',
    );
  });

  it("shows 'Applications closed' with the owner's description when it is CLOSED", async () => {
    mockFetch((req) =>
      req.path === '/v1/application/template/owner/globex'
        ? json({ ...owner, status: 'CLOSED', statusDescription: 'Not taking applications.' })
        : undefined,
    );
    renderApp('/login/register?atid=globex');
    expect(await screen.findByRole('heading', { name: 'Applications closed' })).toBeInTheDocument();
    expect(screen.getByText('Not taking applications.')).toBeInTheDocument();
  });

  it("shows 'Organisation not found!' for an unknown template or referral, in the spec's words", async () => {
    mockFetch();
    const { unmount } = renderApp('/login/register?atid=nope');
    expect(await screen.findByRole('heading', { name: 'Organisation not found!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'No organsiation found for this application page or the organisation is not taking applications at this time.',
      ),
    ).toBeInTheDocument();
    unmount();
    renderApp('/login/register?referralcode=NOPE');
    expect(
      await screen.findByText(
        'No organisation found for this referral or the organisation is not taking referrals at this time.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Register: the complete form (spec 5.2, 4.2)', () => {
  const token = {
    firstname: 'Olivia',
    lastname: 'Owner',
    email: 'olivia@newco.test',
    companyId: null,
    companyName: 'Newco',
    jobTitle: 'CEO',
    volumeChecks: null,
    individual: false,
    applicationOwner: null,
    referralOwner: null,
  };

  it('toasts a link to login when the token cannot be read', async () => {
    mockFetch();
    renderApp('/login/register/bad');
    const toast = await screen.findByRole('alert');
    expect(
      within(toast).getByRole('link', {
        name: 'Your username may already be registered, click here to login instead',
      }),
    ).toHaveAttribute('href', '/login');
  });

  it('orders countries GB, US, then the rest, notes VAT outside GB, and says what the terms need', async () => {
    mockFetch((req) => (req.path === '/v1/register/t1' ? json(token) : referenceData(req)));
    renderApp('/login/register/t1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Complete Registration' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Organisation name/)).toHaveValue('Newco');

    await user.click(screen.getByLabelText(/^Country/));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'United Kingdom',
      'United States',
      'Afghanistan',
      'Germany',
    ]);
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    expect(
      screen.getByText(
        'Due to VAT charging rules in your country, if you do not enter a VAT number you will be charged VAT.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('VAT ID')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Country/));
    await user.type(screen.getByLabelText(/^Country/), 'king');
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    expect(screen.queryByText(/Due to VAT charging rules/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('VAT ID')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Disagree' }));
    expect(
      screen.getByText('You must accept our terms & conditions in order to use our service.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    expect(screen.getByText('Please resolve the errors above.')).toBeInTheDocument();
  });

  it('says the owner will see the data when there is one', async () => {
    mockFetch((req) =>
      req.path === '/v1/register/t2'
        ? json({ ...token, individual: true, applicationOwner: { id: 'acme', name: 'Acme Recruitment Ltd' } })
        : referenceData(req),
    );
    renderApp('/login/register/t2');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Complete Registration' });
    // Individuals: no organisation, volume or industry.
    expect(screen.queryByLabelText(/^Industry/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Organisation name/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Disagree' }));
    expect(
      screen.getByText(
        'You must accept our terms & conditions and agree to share you data in order to use our service.',
      ),
    ).toBeInTheDocument();
  });

  it('sets the password and company, signs in, and takes a 200+ organisation to BookAMeeting', async () => {
    const fetch = mockFetch((req) => {
      if (req.path === '/v1/register/t3' && req.method === 'GET') return json(token);
      if (req.path === '/v1/register/t3' && req.method === 'PUT') return new Response(null, { status: 204 });
      if (req.path === '/v1/auth' && req.method === 'POST') {
        return new Response(null, {
          headers: {
            'x-auth-token': makeToken({ sub: 'olivia@newco.test', paymentType: 'CARD' }),
            'x-refresh-token': 'r',
          },
        });
      }
      return referenceData(req);
    });
    const { router } = renderApp('/login/register/t3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Complete Registration' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please correct the errors shown below.')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Annual estimated volume is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    expect(screen.getByText('Industry is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/), 'Good-pass1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Good-pass1');
    await user.click(screen.getByRole('radio', { name: '200+' }));
    await user.click(screen.getByLabelText(/^Country/));
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    await user.click(screen.getByLabelText(/^Industry/));
    const banking = await screen.findByRole('option', { name: 'Banking' });
    expect(screen.queryByRole('option', { name: 'Individual' })).not.toBeInTheDocument();
    await user.click(banking);
    await user.click(screen.getByRole('radio', { name: 'Agree' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/BookAMeeting'));
    expect(await screen.findByText('Your registration is complete.')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([u, init]) => u === '/v1/register/t3' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      password: 'Good-pass1',
      confirmPassword: 'Good-pass1',
      company: { name: 'Newco', addressCountry: { id: 'US' }, industry: { id: 5 }, vatId: null },
      marketing: true,
      jobTitle: 'CEO',
      volumeChecks: '200+',
    });
    expect(sessionStore.getState().claims?.sub).toBe('olivia@newco.test');
  });
});
