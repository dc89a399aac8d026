import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

describe('Unsubscribe (spec 2.8, 5.6)', () => {
  it('needs one of the nine reasons, sends it with the application id, and confirms', async () => {
    const fetch = mockFetch((req) =>
      req.path === '/v1/unsubscribe' ? new Response(null, { status: 204 }) : undefined,
    );
    renderApp('/unsubscribe?appid=42');
    const user = userEvent.setup();
    expect(screen.getAllByRole('radio')).toHaveLength(9);
    expect(
      screen.getByRole('radio', { name: 'Will complete the application, do not need reminders.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'The service was too expensive.' }));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Unsubscribed successfully.' })).toBeInTheDocument();
    expect(
      screen.getByText('You will no longer receive reminders regarding your application.'),
    ).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => u === '/v1/unsubscribe');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      applicationId: '42',
      reason: 'The service was too expensive.',
    });
  });
});
