import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepIndicator, VerificationProgress, verificationProgressSteps } from '@/shared/ui/steps';
import { renderUi } from '@/shared/ui/test/renderUi';

const states = (result: string) => verificationProgressSteps(result).map((s) => `${s.label}:${s.state}`);

describe('verificationProgressSteps (money 2.7, 4)', () => {
  it('PENDING: details done, Pending is the current step', () => {
    expect(states('PENDING')).toEqual([
      'Verification Details:complete',
      'Pending:active',
      'Completed:upcoming',
    ]);
  });

  it.each(['REJECTED', 'NOT_FOUND'])('%s: the second step reads Action Required and warns', (result) => {
    expect(states(result)).toEqual([
      'Verification Details:complete',
      'Action Required:warning',
      'Completed:upcoming',
    ]);
  });

  it.each(['VERIFIED', 'NOT_VERIFIED'])('%s: every step is complete', (result) => {
    expect(states(result)).toEqual([
      'Verification Details:complete',
      'Pending:complete',
      'Completed:complete',
    ]);
  });

  it.each(['UNPAID', 'AWAITING_CONSENT', 'CANCELLED'])(
    '%s: the details step is still in progress',
    (result) => {
      expect(states(result)).toEqual([
        'Verification Details:active',
        'Pending:upcoming',
        'Completed:upcoming',
      ]);
    },
  );
});

describe('StepIndicator', () => {
  it('is an ordered list with the current step marked aria-current', () => {
    renderUi(<VerificationProgress result="PENDING" label="Progress of Jane Doe's verification" />);
    const list = screen.getByRole('list', { name: "Progress of Jane Doe's verification" });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(items[0]).toHaveTextContent('Verification Details (completed)');
    expect(items[1]).toHaveTextContent('Pending (current step)');
    expect(items[2]).toHaveTextContent('Completed (not started)');
  });

  it('says a warning step needs action', () => {
    renderUi(<VerificationProgress result="REJECTED" label="Progress" />);
    const current = screen.getByRole('listitem', { current: 'step' });
    expect(current).toHaveTextContent('Action Required (current step, action required)');
    expect(current).toHaveAttribute('data-state', 'warning');
  });

  it('marks no step current once everything is complete', () => {
    renderUi(<VerificationProgress result="VERIFIED" label="Progress" />);
    expect(screen.queryByRole('listitem', { current: 'step' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').every((i) => i.getAttribute('data-state') === 'complete')).toBe(
      true,
    );
  });

  it("shows any bar of steps, such as the verification view's (verifications.md 2.9)", () => {
    renderUi(
      <StepIndicator
        label="Verification steps"
        steps={[
          { label: 'Verification Details', state: 'complete' },
          { label: 'Payment Details', state: 'complete' },
          { label: 'Verify Identity', state: 'active' },
          { label: 'View Result', state: 'upcoming' },
        ]}
      />,
    );
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Verify Identity');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
