import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';
import { ADMIN, signInAs } from '@/test/session';

const company = {
  id: 'acme',
  name: 'Acme Recruitment Ltd',
  addressStreet1: '1 Market Street',
  addressCity: 'London',
  addressCountry: { id: 'DE', name: 'Germany', vat: true },
  industry: { id: 2, name: 'Aerospace & Defence' },
  vatId: null,
  restrictedUserView: false,
  callbackEmail: 'alerts@acme.example',
};
const me = {
  firstname: 'Ann',
  lastname: 'Able',
  username: 'ann@acme.example',
  phone: '+44 1',
  marketing: true,
  notifications: true,
  tcsVersion: 3,
  interuptMessageAck: '2024-01-01',
  company,
  institute: null,
  customRolesLabel: 'Teams',
  assignableCustomRoles: ['Compliance', 'Graduate hiring'],
};
const users = [
  {
    username: 'ann@acme.example',
    firstname: 'Ann',
    lastname: 'Able',
    admin: true,
    pending: false,
    customRoles: [],
  },
  {
    username: 'bob@acme.example',
    firstname: 'Bob',
    lastname: 'Baker',
    admin: false,
    pending: false,
    customRoles: ['Compliance'],
    phone: '+44 2',
  },
  {
    username: 'pat@acme.example',
    firstname: 'Pat',
    lastname: 'Potts',
    admin: false,
    pending: true,
    customRoles: [],
  },
];

function accountApi(extra: (req: MockRequest) => Response | undefined = () => undefined) {
  return mockFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/v1/account' && req.method === 'GET') return json(me);
    if (req.path === '/v1/user' && req.method === 'GET') return json(users);
    if (req.path === '/v1/company/country')
      return json([
        { id: 'GB', name: 'United Kingdom', vat: true },
        { id: 'DE', name: 'Germany', vat: true },
      ]);
    if (req.path === '/v1/company/industry') return json([{ id: 2, name: 'Aerospace & Defence' }]);
    if (req.path === '/v1/notice') return json({ content: [] });
    return undefined;
  });
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });
const row = async (username: string) => {
  const table = await usersTable();
  await within(table).findByText(username);
  return within(table).getByText(username).closest('tr') as HTMLElement;
};

describe('Account screen (spec 2.11, 6.3)', () => {
  it("lists the team with roles, custom tags and '(you)', and gives admins the actions", async () => {
    accountApi();
    signInAs({ authorities: ADMIN });
    renderApp('/account');
    const ann = await row('ann@acme.example');
    expect(ann).toHaveTextContent('Ann (you)');
    expect(within(ann).getByText('Admin')).toBeInTheDocument();
    const bob = await row('bob@acme.example');
    expect(within(bob).getByText('User')).toBeInTheDocument();
    expect(within(bob).getByText('Compliance')).toBeInTheDocument();
    const pat = await row('pat@acme.example');
    expect(within(pat).getByText('Pending')).toBeInTheDocument();
    // A pending user cannot be edited, only sent the e-mail again.
    expect(within(pat).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(
      within(pat).getByRole('button', { name: 'Resend registration e-mail to pat@acme.example' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a user' })).toBeInTheDocument();
    for (const header of ['First Name', 'Last Name', 'Username', 'Role']) {
      expect(within(await usersTable()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('lets an admin edit the organisation, with the VAT note outside GB, and saves it', async () => {
    const fetch = accountApi((req) => (req.path === '/v1/company' ? json(company) : undefined));
    signInAs({ authorities: ADMIN });
    renderApp('/account');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Organisation name/);
    expect(
      screen.getByText(
        'Due to VAT charging rules in your country, if you do not enter a VAT number you will be charged VAT.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('alerts@acme.example')).toBeInTheDocument();
    await user.clear(name);
    await user.tab();
    expect(screen.getByText('Organisation name is required')).toBeInTheDocument();
    await user.type(name, 'Acme Group');
    await user.type(screen.getByLabelText('VAT ID'), 'DE123');
    const organisation = screen.getByRole('region', { name: 'Organisation' });
    await user.click(within(organisation).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your company details have been updated.')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([u]) => u === '/v1/company');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      name: 'Acme Group',
      addressCountry: { id: 'DE' },
      industry: { id: 2 },
      vatId: 'DE123',
      restrictedUserView: false,
    });
  });

  it('shows the organisation read-only to other users, and no team actions', async () => {
    accountApi();
    signInAs();
    renderApp('/account');
    expect(await screen.findByLabelText(/^Organisation name/)).toHaveAttribute('readonly');
    const organisation = screen.getByRole('region', { name: 'Organisation' });
    expect(within(organisation).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await row('bob@acme.example');
    expect(screen.queryByRole('button', { name: 'Add a user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('gives individuals their own card only, with the phone optional', async () => {
    accountApi((req) =>
      req.path === '/v1/account' ? json({ ...me, company: { ...company, name: 'Ivy' } }) : undefined,
    );
    signInAs({ isIndividual: true });
    renderApp('/account');
    expect(await screen.findByLabelText(/^Phone/)).not.toBeRequired();
    expect(screen.queryByRole('region', { name: 'Organisation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
  });

  it("saves the user's own details and names them in the toast", async () => {
    const fetch = accountApi((req) =>
      req.path === '/v1/account' && req.method === 'PUT' ? new Response(null, { status: 204 }) : undefined,
    );
    signInAs();
    renderApp('/account');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Your account' });
    await user.clear(within(card).getByLabelText(/^Phone/));
    await user.tab();
    expect(within(card).getByText('Phone is required')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(card).getByLabelText(/^Phone/), '+44 9');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ann Able updated')).toBeInTheDocument();
    expect(
      JSON.parse(
        String(fetch.mock.calls.find(([u, i]) => u === '/v1/account' && i?.method === 'PUT')?.[1]?.body),
      ),
    ).toEqual({
      username: 'ann@acme.example',
      firstname: 'Ann',
      lastname: 'Able',
      phone: '+44 9',
      marketing: true,
      notifications: true,
    });
  });
});

describe('the account on the query cache', () => {
  it('reads the account again after a save and starts the card from what the server now holds', async () => {
    let saved = me;
    const fetch = accountApi((req) => {
      if (req.path !== '/v1/account') return undefined;
      if (req.method === 'PUT') {
        // The server tidies the number it stores.
        saved = { ...me, phone: '+44 9000' };
        return new Response(null, { status: 204 });
      }
      return json(saved);
    });
    signInAs();
    const { queryClient } = renderApp('/account');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Your account' });
    const reads = () =>
      fetch.mock.calls.filter(([u, i]) => u === '/v1/account' && i?.method === 'GET').length;
    expect(reads()).toBe(1);
    await user.clear(within(card).getByLabelText(/^Phone/));
    await user.type(within(card).getByLabelText(/^Phone/), '+44 9');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your account' })).getByLabelText(/^Phone/),
      ).toHaveValue('+44 9000'),
    );
    expect(reads()).toBe(2);
    expect(queryClient.getQueryData(['account', 'me'])).toMatchObject({ phone: '+44 9000' });
  });

  it('says so, without a toast, when the account cannot be read, and tries again', async () => {
    let fail = true;
    accountApi((req) =>
      req.path === '/v1/account' && fail
        ? json({ errors: [{ message: 'Account store down' }] }, { status: 400 })
        : undefined,
    );
    signInAs();
    renderApp('/account');
    expect(await screen.findByText('Your account could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Account store down')).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your account' })).toBeInTheDocument();
  });

  it('lists the team again after a user is added', async () => {
    let team = users;
    accountApi((req) => {
      if (req.path === '/v1/user' && req.method === 'POST') {
        team = [...users, { ...users[1], username: 'nina@acme.example', firstname: 'Nina', lastname: 'New' }];
        return new Response(null, { status: 201 });
      }
      if (req.path === '/v1/user' && req.method === 'GET') return json(team);
      return undefined;
    });
    signInAs({ authorities: ADMIN });
    renderApp('/account');
    const user = userEvent.setup();
    await row('bob@acme.example');
    await user.click(screen.getByRole('button', { name: 'Add a user' }));
    const dialog = screen.getByRole('dialog', { name: 'New User' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'nina@acme.example');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Nina');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'New');
    await user.type(within(dialog).getByLabelText(/^Phone/), '+44 3');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await row('nina@acme.example')).toHaveTextContent('Nina');
  });
});

describe('team dialogs (spec 2.11, 5.5, 8)', () => {
  it("adds a user: 'New User', every rule of 5.5, the e-mail lower-cased, custom roles", async () => {
    const fetch = accountApi((req) =>
      req.path === '/v1/user' && req.method === 'POST' ? new Response(null, { status: 201 }) : undefined,
    );
    signInAs({ authorities: ADMIN });
    renderApp('/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a user' }));
    const dialog = screen.getByRole('dialog', { name: 'New User' });
    expect(dialog).toHaveTextContent(
      'New users will be able to submit and review verification requests under your company account',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    for (const m of [
      'Email is required',
      'First name is required',
      'Last name is required',
      'Phone is required',
    ]) {
      expect(within(dialog).getByText(m)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Please resolve the errors above.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add user' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/^Email/), 'Nina@ACME.example');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('nina@acme.example');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Nina');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'New');
    await user.type(within(dialog).getByLabelText(/^Phone/), '+44 3');
    expect(within(dialog).getByText('Assign a Teams to manage a users permissions.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Compliance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('Nina New added')).toBeInTheDocument();
    expect(
      JSON.parse(
        String(fetch.mock.calls.find(([u, i]) => u === '/v1/user' && i?.method === 'POST')?.[1]?.body),
      ),
    ).toEqual({
      username: 'nina@acme.example',
      firstname: 'Nina',
      lastname: 'New',
      phone: '+44 3',
      marketing: true,
      notifications: true,
      admin: false,
      customRoles: ['Compliance'],
    });
  });

  it('words the add dialog for institutes', async () => {
    accountApi((req) =>
      req.path === '/v1/account'
        ? json({ ...me, company: null, institute: { id: 'u', name: 'Uni' } })
        : undefined,
    );
    signInAs({ authorities: ADMIN, paymentType: 'INSTITUTE' });
    renderApp('/account');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add a user' }));
    expect(screen.getByRole('dialog', { name: 'New User' })).toHaveTextContent(
      'New users will be able review and resolve pending verifications as well as submit new requests on behalf of your institute',
    );
  });

  it('edits another user with the admin switch, and refers the admin to their own card', async () => {
    const fetch = accountApi((req) =>
      req.path === '/v1/user' && req.method === 'PUT' ? new Response(null, { status: 204 }) : undefined,
    );
    signInAs({ authorities: ADMIN });
    renderApp('/account');
    const user = userEvent.setup();
    await user.click(
      within(await row('ann@acme.example')).getByRole('button', { name: 'Edit ann@acme.example' }),
    );
    expect(
      screen.getByText('This is you, please edit your own details in the account section above.'),
    ).toBeInTheDocument();

    await user.click(
      within(await row('bob@acme.example')).getByRole('button', { name: 'Edit bob@acme.example' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Bob Baker' });
    expect(dialog).toHaveTextContent(
      'Admin users will be able to view and change company details as well as add more users.',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bob Baker updated')).toBeInTheDocument();
    expect(
      JSON.parse(
        String(fetch.mock.calls.find(([u, i]) => u === '/v1/user' && i?.method === 'PUT')?.[1]?.body),
      ),
    ).toMatchObject({
      username: 'bob@acme.example',
      admin: true,
      customRoles: ['Compliance'],
    });
  });

  it('deletes after confirming', async () => {
    const fetch = accountApi((req) =>
      req.path === '/v1/user' && req.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    signInAs({ authorities: ADMIN });
    renderApp('/account');
    const user = userEvent.setup();
    await user.click(
      within(await row('bob@acme.example')).getByRole('button', { name: 'Delete bob@acme.example' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete bob@acme.example?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User bob@acme.example has been deleted.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([, i]) => i?.method === 'DELETE');
    expect(call?.[0]).toBe('/v1/user?username=bob%40acme.example');
  });

  it("resends a pending user's e-mail, and says so when it fails", async () => {
    let ok = true;
    accountApi((req) =>
      req.path === '/v1/user' && req.method === 'POST'
        ? ok
          ? new Response(null, { status: 201 })
          : json({ errors: [{ message: 'Mail down' }] }, { status: 500 })
        : undefined,
    );
    signInAs({ authorities: ADMIN });
    renderApp('/account');
    const user = userEvent.setup();
    const resend = within(await row('pat@acme.example')).getByRole('button', { name: /^Resend/ });
    await user.click(resend);
    expect(await screen.findByText('Email resent')).toBeInTheDocument();
    ok = false;
    await user.click(resend);
    const toast = await screen.findByRole('alert');
    await waitFor(() => expect(toast).toHaveTextContent('Email NOT resent, please contact support.'));
    expect(screen.queryByText('Mail down')).not.toBeInTheDocument();
  });

  it('updates the password with the current one (spec 2.11, 5.3)', async () => {
    const fetch = accountApi((req) =>
      req.path === '/v1/auth' && req.method === 'PUT' ? new Response(null, { status: 204 }) : undefined,
    );
    signInAs();
    renderApp('/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = screen.getByRole('dialog', { name: 'Update password' });
    expect(dialog).toHaveTextContent('Please supply your current password and a new password');
    expect(within(dialog).getByLabelText('Username')).toHaveValue('ann@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Current password is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Old-pass1');
    await user.type(within(dialog).getByLabelText(/^New password/), 'New-pass2');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'New-pass2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    expect(
      JSON.parse(
        String(fetch.mock.calls.find(([u, i]) => u === '/v1/auth' && i?.method === 'PUT')?.[1]?.body),
      ),
    ).toEqual({
      username: 'ann@acme.example',
      password: 'Old-pass1',
      newPassword: 'New-pass2',
      confirmPassword: 'New-pass2',
    });
  });
});
