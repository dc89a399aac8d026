import assert from 'node:assert/strict';
import type { Journey } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi, toast } from '../ui.ts';

export const teamUsers: Journey = {
  name: 'an admin adds, resends, edits and deletes team users',
  async run({ page, shot, axe }) {
    // A new address each run: a deleted user's address stays taken (the API answers 409).
    const nina = `nina.${Date.now()}@acme.test`;
    await signInThroughUi(page, 'alice@acme.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expectTitle(page, 'Account');
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('row', { name: /Alice.*\(you\)/ }).waitFor();
    await users.getByRole('row', { name: /Bob/ }).waitFor();
    await page.locator('#org-name').waitFor();
    assert.equal(await page.locator('#org-name').inputValue(), 'Acme Recruitment Ltd');
    await axe('account-admin');
    await shot('account-admin');

    // Add: the spec's title and text; every required field checked before anything is sent.
    await page.getByRole('button', { name: 'Add a user' }).click();
    const add = page.getByRole('dialog', { name: 'New User' });
    await add
      .getByText(
        'New users will be able to submit and review verification requests under your company account',
      )
      .waitFor();
    await add.getByRole('button', { name: 'Add user' }).click();
    await add.getByText('Email is required').waitFor();
    await add.getByText('Please resolve the errors above.').waitFor();
    assert.equal(await add.getByRole('button', { name: 'Add user' }).isDisabled(), true);
    await add.getByLabel('Email').fill(nina.replace('nina', 'Nina').replace('acme', 'ACME'));
    assert.equal(await add.getByLabel('Email').inputValue(), nina, 'lower-cased on input');
    await add.getByLabel('First name').fill('Nina');
    await add.getByLabel('Last name').fill('New');
    await add.getByLabel('Phone').fill('+44 20 7946 0202');
    await add.getByRole('checkbox', { name: 'Compliance' }).check();
    await axe('add-user-dialog');
    await shot('add-user-dialog');
    await add.getByRole('button', { name: 'Add user' }).click();
    await toast(page, 'Nina New added');
    const row = users.locator(`tr[data-username="${nina}"]`);
    await row.getByText('Pending').waitFor();
    await row.getByText('Compliance').waitFor();

    // A pending user can only be sent the registration e-mail again.
    assert.equal(await row.getByRole('button', { name: /^Edit/ }).count(), 0, 'no edit for a pending user');
    await row.getByRole('button', { name: `Resend registration e-mail to ${nina}` }).click();
    await toast(page, 'Email resent');
    await dismissToasts(page);

    // An admin cannot edit themselves from the list.
    await users.getByRole('button', { name: 'Edit alice@acme.test' }).click();
    await page.getByText('This is you, please edit your own details in the account section above.').waitFor();

    // Edit another user.
    await users.getByRole('button', { name: 'Edit bob@acme.test' }).click();
    const edit = page.getByRole('dialog', { name: 'Bob Baker' });
    await edit
      .getByText('Admin users will be able to view and change company details as well as add more users.')
      .waitFor();
    await edit.getByText('Assign a Teams to manage a users permissions.').waitFor();
    await edit.getByLabel('Phone').fill('');
    await edit.getByLabel('Phone').blur();
    await edit.getByText('Phone is required').waitFor();
    await edit.getByLabel('Phone').fill('+44 161 496 0000');
    await axe('edit-user-dialog');
    await shot('edit-user-dialog');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Bob Baker updated');
    await edit.waitFor({ state: 'detached' });

    // Delete, after confirming.
    await row.getByRole('button', { name: `Delete ${nina}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete User' });
    await confirm.getByText(`Are you sure you want to delete ${nina}?`).waitFor();
    await axe('delete-user-dialog');
    await shot('delete-user-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, `User ${nina} has been deleted.`);
    await row.waitFor({ state: 'detached' });
  },
};
