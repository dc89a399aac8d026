import { permissionsForResult } from '@credence/domain';
import { describe, expect, it } from 'vitest';
import { certificateOffered, editRights, viewMode, viewSteps } from '@/features/verifications/viewMode';

const mode = (result: string, readOnly = false) => viewMode(result, permissionsForResult(result), readOnly);

describe('the verification view mode (2.9, access 6.5)', () => {
  it('is actionable for UNPAID and AWAITING_CONSENT (incomplete), NOT_FOUND and REJECTED', () => {
    expect(mode('UNPAID')).toBe('incomplete');
    expect(mode('AWAITING_CONSENT')).toBe('incomplete');
    expect(mode('NOT_FOUND')).toBe('notFound');
    expect(mode('REJECTED')).toBe('rejected');
  });

  it('shows the result for every other result', () => {
    for (const r of [
      'PENDING',
      'VERIFIED',
      'NOT_VERIFIED',
      'CANCELLED',
      'UNABLE',
      'DELETED',
      'RESOLVE_X',
      'ODD',
    ]) {
      expect(mode(r)).toBe('result');
    }
  });

  it('never offers actions when read-only or when the bitmask grants nothing', () => {
    expect(mode('NOT_FOUND', true)).toBe('result');
    expect(viewMode('REJECTED', 0)).toBe('result');
    expect(viewMode('UNPAID', 0)).toBe('result');
  });

  it('reads what may be changed from the bitmask: NOT_FOUND fields only; REJECTED fields and documents', () => {
    expect(editRights(8)).toEqual({ fields: true, addDocuments: false, deleteDocuments: false });
    expect(editRights(56)).toEqual({ fields: true, addDocuments: true, deleteDocuments: true });
    expect(editRights(0)).toEqual({ fields: false, addDocuments: false, deleteDocuments: false });
  });

  it('offers the certificate to organisation users on Verified, Not Verified and resolved results only', () => {
    expect(certificateOffered('VERIFIED', true)).toBe(true);
    expect(certificateOffered('NOT_VERIFIED', true)).toBe(true);
    expect(certificateOffered('RESOLVE_VERIFIED', true)).toBe(true);
    expect(certificateOffered('PENDING', true)).toBe(false);
    expect(certificateOffered('VERIFIED', false)).toBe(false);
  });
});

describe('the step bar (2.9)', () => {
  const labels = (s: ReturnType<typeof viewSteps>) => s.map((x) => x.label);

  it('names Application Details only in an application, Start only with several types, Payment Details only for CARD', () => {
    expect(
      labels(viewSteps({ result: 'PENDING', inApplication: false, allowedTypeCount: 1, card: false })),
    ).toEqual(['Verification Details', 'Verify Identity', 'View Result']);
    expect(
      labels(viewSteps({ result: 'PENDING', inApplication: true, allowedTypeCount: 5, card: true })),
    ).toEqual([
      'Application Details',
      'Start',
      'Verification Details',
      'Payment Details',
      'Verify Identity',
      'View Result',
    ]);
  });

  it('sends NOT_FOUND and REJECTED back to the details with a warning, and completes every step on a result', () => {
    const notFound = viewSteps({
      result: 'NOT_FOUND',
      inApplication: false,
      allowedTypeCount: 5,
      card: true,
    });
    // Start, Verification Details, Payment Details (paid before the check found nothing), Verify Identity, View Result.
    expect(notFound.map((s) => s.state)).toEqual(['complete', 'warning', 'complete', 'upcoming', 'upcoming']);
    const rejected = viewSteps({ result: 'REJECTED', inApplication: false, allowedTypeCount: 1, card: false });
    expect(rejected.map((s) => [s.label, s.state])).toEqual([
      ['Verification Details', 'warning'],
      ['Verify Identity', 'upcoming'],
      ['View Result', 'upcoming'],
    ]);
    const verified = viewSteps({ result: 'VERIFIED', inApplication: false, allowedTypeCount: 5, card: true });
    expect(verified.every((s) => s.state === 'complete')).toBe(true);
    const unpaid = viewSteps({ result: 'UNPAID', inApplication: false, allowedTypeCount: 5, card: true });
    expect(unpaid.find((s) => s.state === 'active')?.label).toBe('Payment Details');
    const pending = viewSteps({ result: 'PENDING', inApplication: false, allowedTypeCount: 5, card: false });
    expect(pending.find((s) => s.state === 'active')?.label).toBe('View Result');
  });
});
