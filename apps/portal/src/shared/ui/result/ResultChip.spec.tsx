import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESULTS } from '@credence/domain';
import { ApplicationStatusChip, ResultChip } from '@/shared/ui/result';
import { renderUi } from '@/shared/ui/test/renderUi';

const chipOf = (result: string) => document.querySelector(`[data-result="${result}"]`);

describe('ResultChip', () => {
  it.each([
    ['PENDING', 'Pending', 'info'],
    ['VERIFIED', 'Verified', 'success'],
    ['NOT_VERIFIED', 'Not Verified', 'error'],
    ['REJECTED', 'Action Required', 'warning'],
    ['NOT_FOUND', 'Action Required', 'warning'],
    ['UNPAID', 'Incomplete', 'neutral'],
    ['AWAITING_CONSENT', 'Incomplete', 'neutral'],
    ['CANCELLED', 'Cancelled', 'neutral'],
    ['UNABLE', 'Delayed at Source', 'warning'],
    ['DELETED', 'Deleted', 'neutral'],
    ['RESOLVE_PENDING', 'Please Resolve', 'info'],
    ['ACTION_REQUIRED', 'Action Required', 'warning'],
  ])('shows %s in the history as %s (%s)', (result, label, tone) => {
    renderUi(<ResultChip result={result} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(chipOf(result)).toHaveAttribute('data-tone', tone);
  });

  it('covers every result of the spec with a label other than its internal name', () => {
    renderUi(
      <>
        {RESULTS.map((r) => (
          <ResultChip key={r} result={r} />
        ))}
      </>,
    );
    for (const r of RESULTS) expect(chipOf(r)?.textContent).not.toBe(r);
  });

  it("uses the resolved list's and the pending list's words", () => {
    renderUi(
      <>
        <ResultChip result="REJECTED" list="resolved" />
        <ResultChip result="NOT_FOUND" list="resolved" />
        <ResultChip result="UNPAID" list="resolved" />
      </>,
    );
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Retry')).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
  });

  it('says Action Required for NOT_FOUND in an application or with a third-party action', () => {
    renderUi(
      <>
        <ResultChip result="NOT_FOUND" list="other" inApplication />
        <ResultChip result="NOT_FOUND" list="other" thirdPartyActionUrl="https://id.example/capture" />
      </>,
    );
    expect(screen.getAllByText('Action Required')).toHaveLength(2);
  });

  it('shows an unknown result raw', () => {
    renderUi(<ResultChip result="ON_HOLD" />);
    expect(screen.getByText('ON_HOLD')).toBeInTheDocument();
  });
});

describe('ApplicationStatusChip', () => {
  it("shows APPLICANT_ACTION as Pending with 'Applicant Action Required'", () => {
    renderUi(<ApplicationStatusChip status="APPLICANT_ACTION" />);
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Applicant Action Required')).toBeInTheDocument();
  });

  it('shows COMPLETED as Completed, in the success tone', () => {
    renderUi(<ApplicationStatusChip status="COMPLETED" />);
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(document.querySelector('[data-status="COMPLETED"]')).toHaveAttribute('data-tone', 'success');
  });
});
