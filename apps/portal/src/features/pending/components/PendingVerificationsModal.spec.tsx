import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { joinNames, pendingInstitutes } from '@/features/pending/pendingCheck';
import { renderPending } from '@/features/pending/test/renderPending';
import { row, seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const ROWS = [
  row({ id: 'QC1', result: 'PENDING' }),
  row({ id: 'QC2', result: 'PENDING', instituteName: 'Demo Examinations Board' }),
  row({ id: 'QC3', result: 'PENDING', instituteNames: ['University of Demo', 'Demo University'] }),
  row({ id: 'QC4', result: 'VERIFIED', instituteName: 'Elsewhere College' }),
];

function serve() {
  mockFetch((req) =>
    req.path === '/v1/verification' ? json({ content: ROWS, totalSize: ROWS.length }) : undefined,
  );
}

afterEach(() => sessionStorage.clear());

describe('The pending-verifications modal (2.15)', () => {
  it('collects the institutes of PENDING rows, each once', () => {
    expect(pendingInstitutes(ROWS)).toEqual(['University of Demo', 'Demo Examinations Board']);
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C');
  });

  it('shows them when the history is opened to check pending verifications, until I Understand', async () => {
    signInAs();
    serve();
    const first = renderPending('/verification/history?result=PENDING');
    const dialog = await screen.findByRole('dialog', { name: 'Pending Verifications' });
    expect(dialog).toHaveTextContent(
      'You currently have pending verifications at University of Demo and Demo Examinations Board.',
    );
    expect(dialog).toHaveTextContent(/every 48 hours/);
    expect(await seriousViolations(document.body)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'I Understand' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Acknowledged for this session: the same institutes are not announced again.
    first.unmount();
    renderPending('/verification/history?result=PENDING');
    await screen.findAllByText('Jane Doe');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays away without the check-pending flag', async () => {
    signInAs();
    serve();
    renderPending('/verification/history');
    await screen.findAllByText('Jane Doe');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
