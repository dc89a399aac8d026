import { permissionsForResult } from '../access/permissions';
import { verificationEvent } from './verification.events';
import {
  additionalDocumentsAllowed,
  applicationResult,
  dashboardStep,
  expandResultFilter,
  IDENTITY_MAINTENANCE,
  identityUnderMaintenance,
  instituteKind,
  menuCounters,
  resultFooter,
  resultLabel,
  uploadAllowedInResult,
} from './verification.rules';
import { timelineEntry } from './verification.timeline';
import { normaliseDate, validateCheckCounts, yearsBefore } from './verification.validation';

describe('result labels per list (verifications.md 4)', () => {
  it.each([
    ['PENDING', 'Pending', 'Pending', 'Pending'],
    ['VERIFIED', 'Verified', 'Verified', 'Verified'],
    ['NOT_VERIFIED', 'Not Verified', 'Not Verified', 'Not Verified'],
    ['REJECTED', 'Action Required', 'Rejected', 'Action Required!'],
    ['NOT_FOUND', 'Action Required', 'Retry', 'Retry'],
    ['UNPAID', 'Incomplete', 'Unpaid', 'Incomplete'],
    ['AWAITING_CONSENT', 'Incomplete', 'Incomplete', 'Incomplete'],
    ['CANCELLED', 'Cancelled', 'Cancelled', 'Cancelled'],
    ['UNABLE', 'Delayed at Source', 'Delayed at Source', 'Delayed at Source'],
    ['DELETED', 'Deleted', 'Deleted', 'Deleted'],
  ])('%s: history %s, resolved %s, pending %s', (result, history, resolved, pending) => {
    expect(resultLabel(result, 'history')).toBe(history);
    expect(resultLabel(result, 'resolved')).toBe(resolved);
    expect(resultLabel(result, 'pending')).toBe(pending);
  });

  it('NOT_FOUND is Action Required in an application or with a third-party action url', () => {
    expect(resultLabel('NOT_FOUND', 'other')).toBe('Retry');
    expect(resultLabel('NOT_FOUND', 'other', { inApplication: true })).toBe('Action Required');
    expect(resultLabel('NOT_FOUND', 'other', { thirdPartyActionUrl: 'https://x' })).toBe('Action Required');
  });

  it('RESOLVE* reads Please Resolve; other values are shown raw', () => {
    expect(resultLabel('RESOLVE_PENDING', 'history')).toBe('Please Resolve');
    expect(resultLabel('SOMETHING_NEW', 'history')).toBe('SOMETHING_NEW');
  });

  it('inside an application REJECTED and NOT_FOUND are ACTION_REQUIRED', () => {
    expect(applicationResult('REJECTED')).toBe('ACTION_REQUIRED');
    expect(applicationResult('NOT_FOUND')).toBe('ACTION_REQUIRED');
    expect(applicationResult('VERIFIED')).toBe('VERIFIED');
  });
});

describe('filters', () => {
  it('expands ACTION and INCOMPLETE, comma lists and repeats', () => {
    expect(expandResultFilter(['ACTION', 'incomplete,PENDING'], { showDeleted: false })).toEqual({
      results: ['NOT_FOUND', 'REJECTED', 'UNPAID', 'AWAITING_CONSENT', 'PENDING'],
      unknown: [],
    });
  });

  it('DELETED only with showDeleted; unknown values are reported', () => {
    expect(expandResultFilter(['DELETED', 'NOPE'], { showDeleted: false })).toEqual({ results: [], unknown: ['NOPE'] });
    expect(expandResultFilter(['DELETED'], { showDeleted: true }).results).toEqual(['DELETED']);
  });
});

describe('dashboard step, permissions, uploads', () => {
  it('step index per result', () => {
    expect(dashboardStep('PENDING')).toEqual({ index: 2, state: 'active' });
    expect(dashboardStep('REJECTED')).toEqual({ index: 2, state: 'warning' });
    expect(dashboardStep('NOT_FOUND').index).toBe(2);
    expect(dashboardStep('VERIFIED')).toEqual({ index: 3, state: 'complete' });
    expect(dashboardStep('NOT_VERIFIED').index).toBe(3);
    expect(dashboardStep('UNPAID').index).toBe(0);
  });

  it('edit permission mask per result', () => {
    expect(permissionsForResult('NOT_FOUND')).toBe(8);
    for (const r of ['REJECTED', 'UNPAID', 'AWAITING_CONSENT']) expect(permissionsForResult(r)).toBe(56);
    for (const r of ['PENDING', 'VERIFIED', 'NOT_VERIFIED', 'CANCELLED', 'UNABLE', 'DELETED']) expect(permissionsForResult(r)).toBe(0);
  });

  it('upload offered except in PENDING, VERIFIED, NOT_VERIFIED, CANCELLED, DELETED, UNABLE', () => {
    expect(['PENDING', 'VERIFIED', 'NOT_VERIFIED', 'CANCELLED', 'DELETED', 'UNABLE'].some((r) => uploadAllowedInResult(r as never))).toBe(false);
    expect(['AWAITING_CONSENT', 'UNPAID', 'NOT_FOUND', 'REJECTED'].every((r) => uploadAllowedInResult(r as never))).toBe(true);
  });

  it('additional documents: identity 0, REJECTED 5, otherwise maxAdditionalDocs when pending is allowed', () => {
    const inst = { id: 'x', name: 'X', names: [], countryId: null, countryName: null, parentId: null, type: 'UNI' as const, allowsPending: true, maxAdditionalDocs: 3, listsDocuments: true };
    expect(additionalDocumentsAllowed(null, null)).toBe(5);
    expect(additionalDocumentsAllowed(inst, 'AWAITING_CONSENT')).toBe(3);
    expect(additionalDocumentsAllowed({ ...inst, allowsPending: false }, 'AWAITING_CONSENT')).toBe(0);
    expect(additionalDocumentsAllowed(inst, 'REJECTED')).toBe(5);
    expect(additionalDocumentsAllowed({ ...inst, type: 'IDENTITY' }, 'REJECTED')).toBe(0);
  });

  it('institute kind by id prefix', () => {
    expect(instituteKind('QC_EMP_VER_GB')).toBe('employment');
    expect(instituteKind('QC_ID_VER_TRUST_ID')).toBe('identity');
    expect(instituteKind('QC_HS_VER_SUB_GB_AQA')).toBe('highschool');
    expect(instituteKind('QC_ARF_VER')).toBe('academicref');
    expect(instituteKind('uni-demo')).toBe('education');
  });

  it('footers and menu counters', () => {
    expect(resultFooter('PENDING', 'QC_EMP_VER')).toContain('reviewed by the Organisation');
    expect(resultFooter('PENDING', 'QC_ID_VER_TRUST_ID')).toContain('our identity partner');
    expect(resultFooter('PENDING', 'uni-demo')).toContain("the Institute's records staff");
    expect(resultFooter('VERIFIED', 'uni-demo')).toBeNull();
    expect(menuCounters({ AWAITING_CONSENT: 2, NOT_FOUND: 1, REJECTED: 3, PENDING: 4 })).toEqual({
      verificationsIncomplete: 2,
      verificationsActionRequired: 4,
      verificationsInProgress: 4,
    });
  });
});

describe('identity maintenance', () => {
  it('is down from 00:00 to 11:00 UTC on 7 June 2025 only', () => {
    expect(identityUnderMaintenance('2025-06-06T23:59:59.999Z')).toBe(false);
    expect(identityUnderMaintenance('2025-06-07T00:00:00.000Z')).toBe(true);
    expect(identityUnderMaintenance('2025-06-07T10:59:59.999Z')).toBe(true);
    expect(identityUnderMaintenance('2025-06-07T11:00:00.000Z')).toBe(false);
    expect(IDENTITY_MAINTENANCE.message).toBe('Identity Document checking is down for maintenance from 00:00 June 7th UTC until 11:00 June 7th UTC.');
  });
});

describe('dates and counts', () => {
  it('reads dd/MM/yyyy and YYYY-MM-DD, refuses impossible dates', () => {
    expect(normaliseDate('29/02/2000')).toBe('2000-02-29');
    expect(normaliseDate('1995-04-12')).toBe('1995-04-12');
    expect(normaliseDate('29/02/2001')).toBeNull();
    expect(normaliseDate('12/13/1995')).toBeNull();
    expect(normaliseDate('1995/04/12')).toBeNull();
    expect(yearsBefore('2024-02-29', 15)).toBe('2009-02-28');
  });

  it('check counts: one at least, identity at most 1', () => {
    expect(validateCheckCounts({ edu: 0 })).toEqual([{ field: 'counts', message: 'At least one type of check must be selected' }]);
    expect(validateCheckCounts({ idc: 2 })[0].field).toBe('counts.idc');
    expect(validateCheckCounts({ edu: 2 }, { edu: { min: 1, max: 1 } })[0].message).toBe('Must be exactly 1');
  });
});

describe('timeline', () => {
  const meta = { eventId: 'e1', occurredAt: '2026-11-20T10:00:00.000Z', actor: 'alice@acme.test' };
  it('institute lines say changed status to the label the view colours', () => {
    const entry = timelineEntry(
      verificationEvent('VerificationResolved', {
        result: 'NOT_VERIFIED', previousResult: 'PENDING', notes: 'No such graduate', approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar',
        approvalProcess: null, resolvedBy: 'INSTITUTE', resolverCompanyId: 'uni', resolverName: 'University of Demo',
      }),
      meta,
    );
    expect(entry).toEqual({ id: 'e1', created: meta.occurredAt, type: 'VERIFICATION_INSTITUTE_ACTION', event: 'Irene Ingram (Registrar), University of Demo, changed status to Not Verified.' });
  });

  it('system, user and admin lines', () => {
    expect(timelineEntry(verificationEvent('AutomaticCheckMatched', { result: 'VERIFIED', previousResult: 'PENDING', checkId: 'c', thirdPartyData: {} }), meta)?.type).toBe('VERIFICATION_SYSTEM_ACTION');
    expect(timelineEntry(verificationEvent('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price: { currency: 'GBP', net: 1, vat: 0, total: 1, credits: 0 } }), meta)).toMatchObject({ type: 'VERIFICATION_USER_ACTION', event: 'Verification request submitted by alice@acme.test.' });
    expect(timelineEntry(verificationEvent('AdminCommentAdded', { comment: 'Chased.' }), meta)).toMatchObject({ type: 'ADMIN_COMMENT', event: 'Chased.' });
  });
});
