import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INSTITUTE_CLAIMS, renderPending } from '@/features/pending/test/renderPending';
import { detail, INSTITUTE, seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

describe('A resolved verification, read only (2.11)', () => {
  it("shows the Result card in the resolved list's words and the Event History, with no actions", async () => {
    signInAs(INSTITUTE_CLAIMS);
    mockFetch((req) => {
      if (req.path === '/v1/verification/resolved/QC1004')
        return json(detail({ id: 'QC1004', result: 'REJECTED', notes: 'The consent form is not signed.' }));
      if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
      return undefined;
    });
    renderPending('/verification/resolved/QC1004');
    const card = await screen.findByRole('region', { name: 'Result' });
    expect(within(card).getByText('Rejected')).toBeInTheDocument();
    expect(within(card).getByText('The consent form is not signed.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Event History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/verification/resolved');
    expect(screen.queryByRole('button', { name: 'Re-submit' })).not.toBeInTheDocument();
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});
