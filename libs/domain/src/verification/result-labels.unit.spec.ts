import { applicationStatusLabel } from '../application/status-labels';
import {
  historyResultChoices,
  isHighlightedResult,
  presentResult,
  RESOLVED_RESULT_CHOICES,
  resultTone,
  VERIFICATIONS_CHART_SERIES,
} from './result-labels';
import { expandResultFilter } from './verification.rules';
import { RESULTS } from './verification.types';

describe('result tones (verifications.md 2.9, 2.10)', () => {
  it.each([
    ['VERIFIED', 'success'],
    ['NOT_VERIFIED', 'error'],
    ['REJECTED', 'warning'],
    ['NOT_FOUND', 'warning'],
    ['UNABLE', 'warning'],
    ['PENDING', 'info'],
    ['UNPAID', 'neutral'],
    ['AWAITING_CONSENT', 'neutral'],
    ['CANCELLED', 'neutral'],
    ['DELETED', 'neutral'],
    ['ACTION_REQUIRED', 'warning'],
    ['RESOLVE_PENDING', 'info'],
    ['SOMETHING_NEW', 'neutral'],
  ])('%s reads as %s', (result, tone) => {
    expect(resultTone(result)).toBe(tone);
  });

  it('gives every result of the spec a tone', () => {
    expect(
      RESULTS.map(resultTone).every((t) => ['success', 'error', 'warning', 'info', 'neutral'].includes(t)),
    ).toBe(true);
  });

  it('highlights only REJECTED and NOT_FOUND rows', () => {
    expect(RESULTS.filter(isHighlightedResult)).toEqual(['REJECTED', 'NOT_FOUND']);
  });
});

describe('presentResult', () => {
  it('labels a result for its list and keeps the internal value', () => {
    expect(presentResult('REJECTED')).toEqual({
      result: 'REJECTED',
      label: 'Action Required',
      tone: 'warning',
    });
    expect(presentResult('REJECTED', 'resolved')).toEqual({
      result: 'REJECTED',
      label: 'Rejected',
      tone: 'warning',
    });
    expect(presentResult('NOT_FOUND', 'other').label).toBe('Retry');
    expect(presentResult('NOT_FOUND', 'other', { inApplication: true }).label).toBe('Action Required');
    expect(presentResult('UNABLE').label).toBe('Delayed at Source');
  });

  it("labels an application's ACTION_REQUIRED as Action Required", () => {
    expect(presentResult('ACTION_REQUIRED')).toEqual({
      result: 'ACTION_REQUIRED',
      label: 'Action Required',
      tone: 'warning',
    });
  });
});

describe('result filter choices', () => {
  it('offers the history results in the order of 2.10, Deleted only with showDeleted', () => {
    expect(historyResultChoices({ showDeleted: false }).map((c) => c.label)).toEqual([
      'Incomplete',
      'Action Required',
      'Verified',
      'Not Verified',
      'Pending',
      'Cancelled',
      'Delayed at Source',
    ]);
    expect(historyResultChoices({ showDeleted: true }).at(-1)).toEqual({
      value: 'DELETED',
      label: 'Deleted',
    });
  });

  it('sends values the API filter understands, aliases included', () => {
    const values = historyResultChoices({ showDeleted: true }).map((c) => c.value);
    expect(expandResultFilter(values, { showDeleted: true })).toEqual({
      results: expect.arrayContaining([...RESULTS]),
      unknown: [],
    });
  });

  it('offers Rejected, Verified and Not Verified on the resolved list (2.11)', () => {
    expect(RESOLVED_RESULT_CHOICES).toEqual([
      { value: 'REJECTED', label: 'Rejected' },
      { value: 'VERIFIED', label: 'Verified' },
      { value: 'NOT_VERIFIED', label: 'Not Verified' },
    ]);
  });

  it('names the VERIFICATIONS chart series in the order of money 2.15', () => {
    expect(VERIFICATIONS_CHART_SERIES.map((s) => s.label)).toEqual([
      'Cancelled',
      'Not Verified',
      'Pending',
      'Action Required',
      'Verified',
    ]);
  });
});

describe('application status labels (verifications.md 4)', () => {
  it('shows APPLICANT_ACTION as Pending with Applicant Action Required', () => {
    expect(applicationStatusLabel('APPLICANT_ACTION')).toEqual({
      label: 'Pending',
      detail: 'Applicant Action Required',
      tone: 'warning',
    });
  });

  it.each([
    ['OPEN', 'Open'],
    ['PENDING', 'Pending'],
    ['COMPLETED', 'Completed'],
    ['ARCHIVED', 'Archived'],
    ['ELSEWHERE', 'ELSEWHERE'],
  ])('%s reads %s', (status, label) => {
    expect(applicationStatusLabel(status).label).toBe(label);
  });
});
