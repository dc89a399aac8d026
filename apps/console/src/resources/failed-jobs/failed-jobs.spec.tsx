import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { page, renderConsole } from '@/test/render';

const job = (key: string, over: Record<string, unknown> = {}) => ({
  id: `mail.deliver:${key}`,
  queue: 'mail.deliver',
  key,
  payload: { mailId: key },
  attempts: 5,
  error: 'No such user here',
  failedAt: '2026-11-21T09:00:00Z',
  ...over,
});

describe('failed jobs resource', () => {
  it('lists the dead letters with their error, and retries one after asking', async () => {
    let retried = false;
    const { calls } = renderConsole('/failed-jobs', {
      'GET /admin/failed-jobs': () => page('failed-jobs', retried ? [job('m-2')] : [job('m-1'), job('m-2')]),
      'POST /admin/failed-jobs/mail.deliver%3Am-1/retry': () => {
        retried = true;
        return json({ id: 'mail.deliver:m-1', queue: 'mail.deliver', key: 'm-1', retried: true });
      },
    });
    const row = (await screen.findByText('m-1')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('No such user here')).not.toHaveLength(0);
    await userEvent.click(within(row).getByRole('button', { name: 'Retry mail.deliver job m-1' }));
    expect(screen.getByText(/goes back to its queue for one more attempt/)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/admin/failed-jobs/mail.deliver%3Am-1/retry']));
    expect(await screen.findByText('mail.deliver job sent back to its queue')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('m-1')).not.toBeInTheDocument());
    expect(screen.getByText('m-2')).toBeInTheDocument();
  });

  it('says why a retry was refused', async () => {
    renderConsole('/failed-jobs', {
      'GET /admin/failed-jobs': page('failed-jobs', [job('m-3')]),
      'POST /admin/failed-jobs/mail.deliver%3Am-3/retry': json({ errors: [{ message: 'This job is no longer on the failed list.' }] }, { status: 409 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry mail.deliver job m-3' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This job is no longer on the failed list.')).toBeInTheDocument();
  });
});
