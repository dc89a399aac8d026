import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { notFound, page, renderConsole, type Call } from '@/test/render';

const record = {
  id: 'QC9', recorded: '2026-11-21T09:00:00Z', result: 'PENDING', type: 'UNI', username: 'alice@acme.test', customerReference: 'ACME-9',
  fields: { firstname: 'Jane', surname: 'Doe', dob: '1990-01-01' }, instituteId: 'uni-demo', instituteName: 'University of Demo',
  instituteNames: ['University of Demo'], company: { id: 'acme', name: 'Acme Recruitment Ltd' }, documents: [], outputDocs: [], additionalFieldData: [{ subjects: [] }],
};
const events = [
  { revision: 0, type: 'VerificationDrafted', occurredAt: '2026-11-21T09:00:00Z', recordedAt: '2026-11-21T09:00:00Z', actor: 'alice@acme.test', impersonator: null, process: null },
  { revision: 1, type: 'VerificationSubmitted', occurredAt: '2026-11-21T09:01:00Z', recordedAt: '2026-11-21T09:01:00Z', actor: 'alice@acme.test', impersonator: 'admin@credence.test', process: null },
  { revision: 2, type: 'AutomaticCheckStarted', occurredAt: '2026-11-21T09:02:00Z', recordedAt: '2026-11-21T09:02:00Z', actor: 'system:auto-check', impersonator: null, process: 'auto-check' },
];
const stateAt = (revision: number) => ({
  revision,
  lastRevision: 2,
  recordedAt: events[revision].recordedAt,
  state: { result: ['AWAITING_CONSENT', 'UNPAID', 'PENDING'][revision], stage: 'X' },
  changes: revision === 0 ? [{ field: 'result', before: null, after: 'AWAITING_CONSENT' }] : [{ field: 'result', before: ['AWAITING_CONSENT', 'UNPAID'][revision - 1], after: ['UNPAID', 'PENDING'][revision - 1] }],
  events: events.slice(0, revision + 1),
});
const stateRoute = (call: Call) => {
  const at = new URL(call.url, 'http://x').searchParams.get('at');
  return json(stateAt(at === null ? 2 : Number(at)));
};

describe('replay panel (issue 24)', () => {
  it('replays to the event picked in the list or on the slider: the state then and what that event changed', async () => {
    renderConsole('/verifications/QC9/show', {
      'GET /admin/verifications/QC9': json(record),
      'GET /admin/verifications/QC9/timeline': json([]),
      'GET /admin/audit-events': page('audit-events', []),
      'GET /admin/verifications/QC9/state': stateRoute,
    });
    const list = await screen.findByRole('list', { name: 'Events to replay to' });
    expect(within(list).getByText('0. Verification drafted')).toBeInTheDocument();
    expect(within(list).getByText(/by admin@credence.test on their behalf/)).toBeInTheDocument();
    expect(within(list).getByText(/process auto-check/)).toBeInTheDocument();
    expect(await screen.findByText(/State as of revision 2: Automatic check started/)).toBeInTheDocument();

    fireEvent.click(within(list).getByText('0. Verification drafted'));
    expect(await screen.findByText(/State as of revision 0: Verification drafted/)).toBeInTheDocument();
    const diff = await screen.findByRole('table', { name: 'What this event changed' });
    expect(await within(diff).findByText('AWAITING_CONSENT')).toBeInTheDocument();

    fireEvent.keyDown(screen.getByRole('slider', { name: 'Replay to revision' }), { key: 'ArrowRight' });
    expect(await screen.findByText(/State as of revision 1: Verification submitted/)).toBeInTheDocument();
    expect(await within(await screen.findByRole('table', { name: 'What this event changed' })).findByText('UNPAID')).toBeInTheDocument();
  }, 90_000);

  it('says whether the history is intact, naming the first bad event when it is not', async () => {
    renderConsole('/verifications/QC9/show', {
      'GET /admin/verifications/QC9': json(record),
      'GET /admin/verifications/QC9/timeline': json([]),
      'GET /admin/verifications/QC9/state': stateRoute,
      'GET /admin/verifications/QC9/verify': json({
        ok: false, events: 3, coveredUpTo: 2, notes: [],
        firstBad: { revision: 1, message: 'event at revision 1 (VerificationSubmitted): its hash does not match its content' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verify history' }));
    expect(await screen.findByText(/History changed: event at revision 1/)).toBeInTheDocument();
  });

  it('shows why when the history cannot be read', async () => {
    renderConsole('/verifications/QC9/show', {
      'GET /admin/verifications/QC9': json(record),
      'GET /admin/verifications/QC9/timeline': json([]),
      'GET /admin/verifications/QC9/state': notFound(),
    });
    expect(await screen.findByText(/The history could not be read/)).toBeInTheDocument();
  });
});
