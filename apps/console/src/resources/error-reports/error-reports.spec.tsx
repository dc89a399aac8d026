import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mayAccess } from '@/auth/permissions';
import { json } from '@/test/fetchMock';
import { page, query, renderConsole } from '@/test/render';

const ID = '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b';
const RECORDING = '0123456789abcdef0123456789abcdef';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const LONG_MESSAGE = `TypeError: Cannot read properties of undefined (reading 'documents')${' and so on'.repeat(40)}`;
const STACK = `TypeError: Cannot read properties of undefined (reading 'documents')
    at VerificationDocuments (https://portal.test/assets/verification-abc123.js:12:345)
    at renderWithHooks (https://portal.test/assets/vendor-def456.js:1:2345)`;
const report = (over: Record<string, unknown> = {}) => ({
  id: ID,
  occurredAt: '2026-11-21T09:00:00Z',
  source: 'render',
  message: LONG_MESSAGE,
  path: '/verification/:id/documents',
  appVersion: '2.1.4c',
  userAgent: CHROME_ANDROID,
  username: 'alice@acme.test',
  recordingId: RECORDING,
  hasRecording: true,
  ...over,
});
const signedOut = report({
  id: '00000000-0000-4000-8000-000000000002',
  source: 'error',
  message: 'ReferenceError: grecaptcha is not defined',
  path: '/login',
  username: null,
  userAgent: null,
  appVersion: null,
  recordingId: null,
  hasRecording: false,
});

describe('error reports resource (access 9: error reporting with session replay)', () => {
  it('lists the reports newest first with page, user, browser and version, and a replay where there is one', async () => {
    const { calls, router } = renderConsole('/error-reports', {
      'GET /admin/error-reports': page('error-reports', [report(), signedOut]),
      [`GET /admin/debug-recordings/${RECORDING}`]: json({
        id: RECORDING,
        username: 'alice@acme.test',
        reason: 'error',
        events: [],
      }),
    });
    const row = (await screen.findByText('alice@acme.test')).closest('tr') as HTMLElement;
    // The message is cut to the column; its whole text is its title.
    expect(within(row).getByTitle(LONG_MESSAGE)).toHaveStyle({ textOverflow: 'ellipsis' });
    expect(within(row).getByText('/verification/:id/documents')).toBeInTheDocument();
    expect(within(row).getByText('Chrome 120 on Android')).toBeInTheDocument();
    expect(within(row).getByText('2.1.4c')).toBeInTheDocument();
    const other = screen.getByText('ReferenceError: grecaptcha is not defined').closest('tr') as HTMLElement;
    expect(within(other).getByText('Signed out')).toBeInTheDocument();
    expect(within(other).getByText('Unknown browser')).toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: 'Replay' })).toBeNull();
    for (const name of ['When', 'Message', 'Page', 'User', 'Browser', 'Version', 'Replay'])
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    // In the sidebar's Operations section, after Debug sessions.
    const operations = within(screen.getByRole('navigation', { name: 'Operations' }));
    expect(operations.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      expect.stringContaining('Projections'),
      expect.stringContaining('Failed jobs'),
      'Debug sessions',
      'Error reports',
    ]);
    expect(query(calls[0]).sort).toBe('["occurredAt","DESC"]');

    // The row's Replay opens the recording, not the report.
    await userEvent.click(within(row).getByRole('link', { name: 'Replay' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/debug-recordings/${RECORDING}/show`),
    );
    expect(await screen.findByText('After an error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/console/debug-recordings/${RECORDING}/show`);
  });

  it('searches and filters by source on the server', async () => {
    const { calls } = renderConsole('/error-reports', {
      'GET /admin/error-reports': page('error-reports', [report()]),
    });
    await screen.findByText('alice@acme.test');
    await userEvent.type(screen.getByPlaceholderText('Message, page or user'), 'documents');
    await waitFor(() => expect(calls.some((c) => query(c).filter === '{"q":"documents"}')).toBe(true));
    await userEvent.click(screen.getByRole('combobox', { name: 'Source' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Unhandled promise rejection' }));
    await waitFor(() =>
      expect(calls.some((c) => query(c).filter === '{"q":"documents","source":"unhandledrejection"}')).toBe(
        true,
      ),
    );
  });

  it('is for staff administrators only: auditors cannot open it', () => {
    expect(mayAccess('administrator', { resource: 'error-reports', action: 'list' })).toBe(true);
    for (const action of ['list', 'show', 'delete'])
      expect(mayAccess('auditor', { resource: 'error-reports', action })).toBe(false);
  });

  it('shows the whole message, the stack and the details, and replays the session', async () => {
    const { router } = renderConsole(`/error-reports/${ID}/show`, {
      [`GET /admin/error-reports/${ID}`]: json({ ...report(), stack: STACK }),
      [`GET /admin/debug-recordings/${RECORDING}`]: json({
        id: RECORDING,
        username: 'alice@acme.test',
        reason: 'error',
        events: [],
      }),
    });
    expect(await screen.findByText('Error report /verification/:id/documents')).toBeInTheDocument();
    expect(screen.getByText(LONG_MESSAGE)).toBeInTheDocument();
    const stack = screen.getByTestId('error-stack');
    expect(stack.textContent).toBe(STACK);
    expect(stack).toHaveStyle({ fontFamily: 'monospace', overflow: 'auto' });
    expect(screen.getByText('Rendering error')).toBeInTheDocument();
    expect(screen.getByText('Chrome 120 on Android')).toBeInTheDocument();
    expect(screen.getByText(`User agent: ${CHROME_ANDROID}`)).toBeInTheDocument();
    expect(screen.queryByText('No recording of this session.')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Replay the session' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/debug-recordings/${RECORDING}/show`),
    );
    // The recording's page shows why it was made.
    expect(await screen.findByText('After an error')).toBeInTheDocument();
  });

  it('says so when the session was not recorded, or its recording has not arrived', async () => {
    renderConsole(`/error-reports/${signedOut.id}/show`, {
      [`GET /admin/error-reports/${signedOut.id}`]: json({ ...signedOut, stack: null }),
    });
    expect(await screen.findByText('No recording of this session.')).toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Uncaught error')).toBeInTheDocument();
    expect(screen.getByText('The portal sent no stack with this error.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Replay the session' })).toBeNull();
    expect(screen.queryByText(/recording has not arrived/)).toBeNull();
  });

  it('tells a recording that has not arrived from none', async () => {
    renderConsole(`/error-reports/${ID}/show`, {
      [`GET /admin/error-reports/${ID}`]: json({ ...report({ hasRecording: false }), stack: STACK }),
    });
    expect(await screen.findByText('No recording of this session.')).toBeInTheDocument();
    expect(
      screen.getByText('The portal was recording it, but the recording has not arrived or has been deleted.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Replay the session' })).toBeNull();
  });

  it('deletes a report after asking, and goes back to the list', async () => {
    let deleted = false;
    const { calls, router } = renderConsole(`/error-reports/${ID}/show`, {
      [`GET /admin/error-reports/${ID}`]: json({ ...report(), stack: STACK }),
      [`DELETE /admin/error-reports/${ID}`]: () => {
        deleted = true;
        return json(report());
      },
      'GET /admin/error-reports': () => page('error-reports', deleted ? [] : [report()]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete this error report?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        `/admin/error-reports/${ID}`,
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/error-reports'));
    expect(await screen.findByText('No error reports')).toBeInTheDocument();
  });
});
