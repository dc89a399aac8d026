import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PDF_BYTES, renderWizard, serveWizard, seriousViolations } from '@/features/ordering/test/fixtures';
import { signInAs } from '@/test/session';

type User = ReturnType<typeof userEvent.setup>;

/** Jane Doe's Higher Education verification at the University of Demo, filled in, then Next to the review. */
async function reviewJane(user: User) {
  await user.click(await screen.findByRole('button', { name: 'University of Demo / UoD' }));
  await screen.findByRole('region', { name: 'Institute Details' });
  await user.type(screen.getByLabelText(/^First name/), 'Jane');
  await user.type(screen.getByLabelText(/^Last name/), 'Doe');
  await user.type(screen.getByLabelText(/^Date of birth/), '12041995');
  await user.type(screen.getByLabelText(/^Year of Graduation/), '2017');
  await user.type(screen.getByLabelText(/^Course \/ Subject/), 'Computer Science');
  await user.upload(
    screen.getByLabelText('Institute Consent Form file'),
    new File([PDF_BYTES], 'consent.pdf', { type: 'application/pdf' }),
  );
  await screen.findByRole('button', { name: 'View Institute Consent Form' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('region', { name: 'Verification Summary' });
}

const JANE = "Jane Doe's Higher Education verification (University of Demo)";

describe('The order review (money 2.9): edit and delete per row, Add another verification, Edit verifications', () => {
  it('adds another verification of a type chosen from a menu, opened at the new one, and keeps the first', async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard();
    const user = userEvent.setup();
    const { container } = renderWizard('/verification/new?nedu=1');
    const summary = await reviewJane(user);
    expect(within(summary).getByRole('button', { name: `Edit ${JANE}` })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: `Delete ${JANE}` })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Edit verifications' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);

    // Several types may be added: the button asks which.
    await user.click(within(summary).getByRole('button', { name: 'Add another verification' }));
    const menu = await screen.findByRole('menu', { name: 'Add another verification' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual([
      'Higher Education',
      'High School',
      'Employment History',
      'Professional License',
      'Professional Certificate',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Higher Education' }));

    // Back on the details: Jane's verification kept, the new one open at its institute search.
    const card = await screen.findByRole('region', { name: 'Education Verification' });
    expect(within(card).getByText(/University of Demo \(Jane Doe\)/)).toBeInTheDocument();
    const second = within(card).getByRole('button', { name: /Higher Education Verification 2/ });
    expect(second).toHaveAttribute('aria-expanded', 'true');
  }, 60_000);

  it('edits one row at its own details, and deletes a row after asking, back to Start when none is left', async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard();
    const user = userEvent.setup();
    renderWizard('/verification/new?nedu=1');
    let summary = await reviewJane(user);

    await user.click(within(summary).getByRole('button', { name: `Edit ${JANE}` }));
    expect(await screen.findByRole('heading', { name: 'Verification Details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Jane');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    summary = await screen.findByRole('region', { name: 'Verification Summary' });
    await user.hover(within(summary).getByRole('button', { name: `Delete ${JANE}` }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Completely delete this verification request as it is no longer needed.',
    );
    await user.unhover(within(summary).getByRole('button', { name: `Delete ${JANE}` }));
    await user.click(within(summary).getByRole('button', { name: `Delete ${JANE}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete verification' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(summary).getByText('Jane Doe')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: `Delete ${JANE}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete verification' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('list', { name: 'Check types' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verification Summary' })).not.toBeInTheDocument();
  }, 60_000);

  it('adds straight away when only one type may be added', async () => {
    signInAs({ paymentType: 'INVOICE', allowedTypes: '["edu"]' });
    serveWizard();
    const user = userEvent.setup();
    renderWizard('/verification/new');
    const summary = await reviewJane(user);
    await user.click(within(summary).getByRole('button', { name: 'Add another verification' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Education Verification' });
    expect(within(card).getByRole('button', { name: /Higher Education Verification 2/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }, 60_000);
});
