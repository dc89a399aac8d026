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
  state: { result: ['AWAITING_CONSENT', 'UNPAID', 'PENDING'][revision], stage: ['DRAFT', 'AWAITING_PAYMENT', 'AUTOMATIC_CHECK'][revision] },
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

  it("reads the state's result and stage in words with their exact codes, and what changed as an auditor reads it", async () => {
    const drafted = {
      ...stateAt(0),
      changes: [
        { field: 'result', before: null, after: 'AWAITING_CONSENT' },
        { field: 'stage', before: 'MANUAL_CHECK', after: 'DRAFT' },
        { field: 'recorded', before: null, after: '2026-11-28T12:35:05.351Z' },
        { field: 'updated', before: '2026-11-28T12:35:07.102Z', after: '2026-11-28T12:35:07.845Z' },
        { field: 'person', before: { firstname: '', middlename: null }, after: { firstname: 'Oliver', middlename: null } },
      ],
    };
    renderConsole('/verifications/QC9/show', {
      'GET /admin/verifications/QC9': json(record),
      'GET /admin/verifications/QC9/timeline': json([]),
      'GET /admin/verifications/QC9/state': (call) => (new URL(call.url, 'http://x').searchParams.get('at') === '0' ? json(drafted) : stateRoute(call)),
    });
    fireEvent.click(within(await screen.findByRole('list', { name: 'Events to replay to' })).getByText('0. Verification drafted'));
    const diff = await screen.findByRole('table', { name: 'What this event changed' });
    // Words first, the exact code beside them: not 'Result AWAITING_CONSENT · stage DRAFT'.
    const result = screen.getByText('Incomplete: awaiting consent').closest('p') as HTMLElement;
    expect(within(result).getByText('AWAITING_CONSENT')).toBeInTheDocument();
    const stage = screen.getByText('Draft', { selector: 'strong' }).closest('p') as HTMLElement;
    expect(within(stage).getByText('DRAFT')).toBeInTheDocument();
    expect(screen.queryByText(/Result AWAITING_CONSENT/)).not.toBeInTheDocument();

    // An instant to the second, the exact ISO on hover.
    const instant = within(diff).getByText('28 Nov 2026, 12:35:05');
    expect(instant).toHaveAttribute('title', '2026-11-28T12:35:05.351Z');
    expect(within(diff).queryByText('2026-11-28T12:35:05.351Z')).not.toBeInTheDocument();
    // Two instants in the same second read apart: both to the millisecond.
    expect(within(diff).getByText('28 Nov 2026, 12:35:07.102')).toHaveAttribute('title', '2026-11-28T12:35:07.102Z');
    expect(within(diff).getByText('28 Nov 2026, 12:35:07.845')).toBeInTheDocument();
    // Objects as pretty JSON, one key a line, in a block that wraps between words only.
    const person = within(diff).getByText(/"firstname": "Oliver"/);
    expect(person.tagName).toBe('PRE');
    expect(person.textContent).toContain('\n  "middlename": null\n');
    expect(getComputedStyle(person).overflowWrap).toBe('break-word');
    expect(getComputedStyle(person).wordBreak).not.toBe('break-all');
    // Nothing is a grey dash; a short code stays on one line.
    expect(within(diff).getAllByTitle('none').length).toBeGreaterThan(0);
    expect(getComputedStyle(within(diff).getByText('MANUAL_CHECK')).whiteSpace).toBe('nowrap');
  }, 90_000);

  it('marks only the picked event as picked, with no ripple left behind on the one picked before', async () => {
    renderConsole('/verifications/QC9/show', {
      'GET /admin/verifications/QC9': json(record),
      'GET /admin/verifications/QC9/timeline': json([]),
      'GET /admin/verifications/QC9/state': stateRoute,
    });
    const list = await screen.findByRole('list', { name: 'Events to replay to' });
    // A pointer's press, not a bare click: that is what starts a ripple.
    const press = (text: string) => {
      const item = within(list).getByText(text);
      fireEvent.mouseDown(item);
      fireEvent.mouseUp(item);
      fireEvent.click(item);
    };
    press('0. Verification drafted');
    expect(await screen.findByText(/State as of revision 0/)).toBeInTheDocument();
    press('1. Verification submitted');
    expect(await screen.findByText(/State as of revision 1/)).toBeInTheDocument();
    const buttons = within(list).getAllByRole('button');
    expect(buttons.filter((b) => b.classList.contains('Mui-selected'))).toEqual([buttons[1]]);
    expect(buttons.filter((b) => b.getAttribute('aria-current') === 'step')).toEqual([buttons[1]]);
    expect(list.querySelectorAll('.MuiTouchRipple-root')).toHaveLength(0);
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
