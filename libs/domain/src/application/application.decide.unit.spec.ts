import { deciderSpec } from '../shared/decider.spec-helper';
import { VerificationInvalid } from '../verification/verification.decide';
import { applicationDecider, type ApplicationActor } from './application.decide';
import { applicationEvent, type ApplicationEvent, type ApplicationOpened } from './application.events';
import { applicationInsights, hasNotableInsight, statusFromVerifications } from './application.rules';
import type { ApplicationTemplate, MemberVerification } from './application.types';

const template: ApplicationTemplate = {
  ownerId: 'acme',
  ownerCompanyId: 'acme',
  ownerName: 'Acme Recruitment Ltd',
  template: 0,
  logo: null,
  description: null,
  applicantPays: true,
  lockedInstitutes: [],
  pricingScheme: null,
  allowedTypes: [
    { key: 'edu', min: 1, max: 2 },
    { key: 'pli', min: 0, max: 1 },
  ],
  fields: [
    { key: 'candidateNumber', name: 'Candidate number', description: null, mask: null, type: 'TEXT', refData: null, values: null, required: true, filter: true },
    { key: 'role', name: 'Role applied for', description: null, mask: null, type: 'SELECT', refData: null, values: ['Analyst', 'Engineer'], required: false, filter: true },
    { key: 'startDate', name: 'Start date', description: null, mask: null, type: 'DATE', refData: null, values: null, required: false, filter: false },
  ],
  documentRequirements: [{ id: 'cv', name: 'Curriculum vitae', required: true }],
};

const anna: ApplicationActor = { kind: 'applicant', companyId: 'anna', username: 'anna@mail.test' };
const otherApplicant: ApplicationActor = { kind: 'applicant', companyId: 'indy', username: 'indy@mail.test' };
const alice: ApplicationActor = { kind: 'owner', companyId: 'acme', username: 'alice@acme.test' };
const carol: ApplicationActor = { kind: 'owner', companyId: 'globex', username: 'carol@globex.test' };
const system: ApplicationActor = { kind: 'system', process: 'application-reconcile' };

const opened = applicationEvent<ApplicationOpened>('ApplicationOpened', {
  applicationId: 'app-1',
  status: 'OPEN',
  previousStatus: null,
  template,
  applicant: { companyId: 'anna', userId: 'u-anna', username: 'anna@mail.test', firstname: 'Anna', lastname: 'Applicant' },
  customerReference: 'C-100',
});
const cv = { id: 'doc-cv', name: 'Curriculum vitae', filename: 'cv.pdf', requirementId: 'cv', size: 1000, sha256: 'x', blobKey: 'applications/app-1/doc-cv' };
const ready: ApplicationEvent[] = [
  opened,
  applicationEvent('ApplicationDetailsSaved', { fields: { candidateNumber: 'A-17' } }),
  applicationEvent('ApplicationDocumentAdded', { document: cv }),
];
const member = (id: string, result: MemberVerification['result'], extra: Partial<MemberVerification> = {}): MemberVerification => ({
  id,
  result,
  type: 'UNI',
  instituteName: 'University of Demo',
  person: { firstname: 'Anna', surname: 'Applicant', dob: '1995-04-12' },
  confirmed: null,
  ...extra,
});
const submitted: ApplicationEvent[] = [...ready, applicationEvent('ApplicationSubmitted', { status: 'PENDING', previousStatus: 'OPEN', verificationIds: ['v1'] })];

/** History at one time, decided events a day later, so 'created' and 'updated' differ. */
const { given } = deciderSpec(applicationDecider, { givenAt: '2026-11-21T10:00:00.000Z', thenAt: '2026-11-22T10:00:00.000Z' });

describe('application lifecycle (verifications.md 2.13, 4)', () => {
  it('opens once', () => {
    const after = given([])
      .when({ type: 'OpenApplication', actor: system, applicationId: 'app-1', template, applicant: opened.data.applicant, customerReference: ' C-100 ' })
      .thenMatches([{ type: 'ApplicationOpened', data: { status: 'OPEN', previousStatus: null, customerReference: 'C-100' } }]);
    expect(after.status).toBe('OPEN');
    given([opened]).when({ type: 'OpenApplication', actor: system, applicationId: 'app-1', template, applicant: opened.data.applicant, customerReference: null }).thenRefused('conflict');
  });

  it('saves the details the owner asks for, checked against their definitions', () => {
    const after = given([opened])
      .when({ type: 'SaveApplicationDetails', actor: anna, fields: { candidateNumber: ' A-17 ', role: 'Analyst', startDate: '2027-01-04' } })
      .thenMatches([{ type: 'ApplicationDetailsSaved', data: { fields: { candidateNumber: 'A-17', role: 'Analyst', startDate: '2027-01-04' } } }]);
    expect(after.fields.role).toBe('Analyst');
    const refused = given([opened]).when({ type: 'SaveApplicationDetails', actor: anna, fields: { role: 'Pilot', startDate: '04/01/2027', nope: 'x' } }).thenRefused('invalid');
    expect((refused as VerificationInvalid).problems.map((p) => p.message)).toEqual([
      'Role applied for must be one of: Analyst, Engineer.',
      'Start date must be a date (YYYY-MM-DD).',
      "This application has no field 'nope'.",
    ]);
  });

  it('saving the same values again records nothing', () => {
    given(ready).when({ type: 'SaveApplicationDetails', actor: anna, fields: { candidateNumber: 'A-17' } }).thenMatches([]);
  });

  it('is invisible to another applicant and to another organisation (404, existence not revealed)', () => {
    given([opened]).when({ type: 'SaveApplicationDetails', actor: otherApplicant, fields: {} }).thenRefused('not-found');
    given(submitted).when({ type: 'ArchiveApplication', actor: carol }).thenRefused('not-found');
  });

  it('only the applicant changes it, only the owner (or staff) archives it', () => {
    given([opened]).when({ type: 'SaveApplicationDetails', actor: alice, fields: { candidateNumber: 'X' } }).thenRefused('forbidden');
    given([opened]).when({ type: 'ArchiveApplication', actor: anna }).thenRefused('forbidden');
  });

  it('takes documents up to the requested ones plus five, and removes them while open', () => {
    const docs = [1, 2, 3, 4, 5, 6].map((n) => applicationEvent('ApplicationDocumentAdded', { document: { ...cv, id: `d${n}`, requirementId: null } }));
    given([opened, ...docs]).when({ type: 'AddApplicationDocument', actor: anna, document: { ...cv, id: 'd7' } }).thenRefused('unprocessable', 'Only 6 document(s)');
    given([opened, ...docs.slice(0, 5)]).when({ type: 'AddApplicationDocument', actor: anna, document: { ...cv, id: 'd7' } }).thenMatches([{ type: 'ApplicationDocumentAdded' }]);
    given(ready).when({ type: 'RemoveApplicationDocument', actor: anna, documentId: 'doc-cv' }).thenMatches([{ type: 'ApplicationDocumentRemoved', data: { blobKey: cv.blobKey } }]);
    given(ready).when({ type: 'RemoveApplicationDocument', actor: anna, documentId: 'nope' }).thenRefused('not-found');
  });

  it('selects wallet verifications while open', () => {
    const after = given(ready).when({ type: 'SelectVerifications', actor: anna, verificationIds: ['v1', 'v2', 'v1'] }).thenMatches([{ type: 'ApplicationVerificationsSelected', data: { verificationIds: ['v1', 'v2'], added: ['v1', 'v2'], removed: [] } }]);
    expect(after.verificationIds).toEqual(['v1', 'v2']);
    given(ready).when({ type: 'SelectVerifications', actor: anna, verificationIds: [] }).thenMatches([]);
  });

  it('refuses submission without the required details, documents and verifications, every problem at once', () => {
    const refused = given([opened]).when({ type: 'SubmitApplication', actor: anna, add: [], members: [] }).thenRefused('invalid');
    expect((refused as VerificationInvalid).problems.map((p) => p.message)).toEqual([
      'Candidate number is required.',
      'This document is required',
      'At least one type of check must be selected',
      'This application needs at least 1 Higher Education verification(s).',
    ]);
  });

  it('refuses types the application does not allow and more than its maximum', () => {
    const members = [member('v1', 'PENDING'), member('v2', 'PENDING'), member('v3', 'PENDING'), member('v4', 'PENDING', { type: 'EMPLOYMENT' })];
    const refused = given(ready).when({ type: 'SubmitApplication', actor: anna, add: ['v1', 'v2', 'v3', 'v4'], members }).thenRefused('invalid');
    expect((refused as VerificationInvalid).problems.map((p) => p.message)).toEqual([
      'This application takes at most 2 Higher Education verification(s).',
      'This type of verification is not available to your account.',
    ]);
  });

  it('submits: closed, PENDING while the checks run', () => {
    const after = given(ready)
      .when({ type: 'SubmitApplication', actor: anna, add: ['v1'], members: [member('v1', 'PENDING')] })
      .thenMatches([{ type: 'ApplicationSubmitted', data: { status: 'PENDING', previousStatus: 'OPEN', verificationIds: ['v1'] } }]);
    expect(after.submitted).not.toBeNull();
    given(submitted).when({ type: 'SubmitApplication', actor: anna, add: [], members: [member('v1', 'PENDING')] }).thenRefused('conflict', 'closed');
    given(submitted).when({ type: 'SelectVerifications', actor: anna, verificationIds: ['v9'] }).thenRefused('conflict');
    given(submitted).when({ type: 'AddApplicationDocument', actor: anna, document: { ...cv, id: 'late' } }).thenRefused('conflict');
  });

  it('submitting with every verification already verified completes it at once, with insights', () => {
    given(ready)
      .when({ type: 'SubmitApplication', actor: anna, add: ['v1'], members: [member('v1', 'VERIFIED')] })
      .thenMatches([{ type: 'ApplicationSubmitted' }, { type: 'ApplicationCompleted', data: { status: 'COMPLETED', previousStatus: 'PENDING', insights: [{ type: 'NAME', isMatch: true }, { type: 'DOB', isMatch: true }] } }]);
  });

  it('follows its verifications: action required, back to pending, completed', () => {
    const action = given(submitted)
      .when({ type: 'ReconcileApplication', actor: system, members: [member('v1', 'NOT_FOUND')] })
      .thenMatches([{ type: 'ApplicationProgressed', data: { status: 'APPLICANT_ACTION', previousStatus: 'PENDING' } }]);
    expect(action.status).toBe('APPLICANT_ACTION');
    const history = [...submitted, applicationEvent('ApplicationProgressed', { status: 'APPLICANT_ACTION', previousStatus: 'PENDING' })];
    given(history).when({ type: 'ReconcileApplication', actor: system, members: [member('v1', 'PENDING')] }).thenMatches([{ type: 'ApplicationProgressed', data: { status: 'PENDING' } }]);
    const done = given(history)
      .when({ type: 'ReconcileApplication', actor: system, members: [member('v1', 'VERIFIED')] })
      .thenMatches([{ type: 'ApplicationCompleted', data: { previousStatus: 'APPLICANT_ACTION' } }]);
    expect(done.completed).not.toBeNull();
    given(submitted).when({ type: 'ReconcileApplication', actor: system, members: [member('v1', 'PENDING')] }).thenMatches([]);
  });

  it('an open, completed or archived application does not follow its verifications', () => {
    given(ready).when({ type: 'ReconcileApplication', actor: system, members: [member('v1', 'VERIFIED')] }).thenMatches([]);
    const archived = [...submitted, applicationEvent('ApplicationArchived', { status: 'ARCHIVED', previousStatus: 'PENDING' })];
    given(archived).when({ type: 'ReconcileApplication', actor: system, members: [member('v1', 'VERIFIED')] }).thenMatches([]);
  });

  it('the owner archives it once, from any status', () => {
    given([opened]).when({ type: 'ArchiveApplication', actor: alice }).thenMatches([{ type: 'ApplicationArchived', data: { status: 'ARCHIVED', previousStatus: 'OPEN' } }]);
    const after = given(submitted).when({ type: 'ArchiveApplication', actor: alice }).thenMatches([{ type: 'ApplicationArchived', data: { previousStatus: 'PENDING' } }]);
    expect(after.archived).not.toBeNull();
    given([...submitted, applicationEvent('ApplicationArchived', { status: 'ARCHIVED', previousStatus: 'PENDING' })]).when({ type: 'ArchiveApplication', actor: alice }).thenRefused('conflict');
  });
});

describe('status from verifications', () => {
  const plain = { template: 0 };
  it.each([
    [['PENDING'], 'PENDING'],
    [['VERIFIED', 'PENDING'], 'PENDING'],
    [['VERIFIED', 'REJECTED'], 'APPLICANT_ACTION'],
    [['UNPAID'], 'APPLICANT_ACTION'],
    [['VERIFIED', 'NOT_VERIFIED'], 'COMPLETED'],
    [['VERIFIED', 'CANCELLED'], 'COMPLETED'],
    [['VERIFIED', 'DELETED'], 'COMPLETED'],
    [['UNABLE'], 'PENDING'],
    [['DELETED'], 'APPLICANT_ACTION'],
    [[], 'APPLICANT_ACTION'],
  ] as const)('%j gives %s', (results, status) => {
    expect(statusFromVerifications(results.map((result) => ({ result })), plain)).toBe(status);
  });

  it('template 17 holds until every transcript is verified', () => {
    expect(statusFromVerifications([{ result: 'VERIFIED' }, { result: 'NOT_VERIFIED' }], { template: 17 })).toBe('PENDING');
    expect(statusFromVerifications([{ result: 'VERIFIED' }, { result: 'VERIFIED' }], { template: 17 })).toBe('COMPLETED');
  });
});

describe('insights', () => {
  const me = { firstname: 'Anna', lastname: 'Applicant' };
  it('match the applicant, accents and case aside', () => {
    const insights = applicationInsights(me, [member('v1', 'VERIFIED', { person: { firstname: 'ANNA', surname: 'Applicánt', dob: '1995-04-12' } })]);
    expect(insights).toEqual([
      { type: 'NAME', isMatch: true, instituteType: 'UNI', instituteName: 'University of Demo' },
      { type: 'DOB', isMatch: true, instituteType: 'UNI', instituteName: 'University of Demo' },
    ]);
    expect(hasNotableInsight(insights)).toBe(false);
  });

  it('flag another name, a date of birth unlike the others, unconfirmed details and identity data', () => {
    const insights = applicationInsights(me, [
      member('v1', 'VERIFIED'),
      member('v2', 'VERIFIED'),
      member('v3', 'NOT_VERIFIED', { person: { firstname: 'Hannah', surname: 'Applicant', dob: '1996-01-01' } }),
      member('v4', 'VERIFIED', { type: 'IDENTITY', instituteName: 'Identity document', confirmed: { firstname: 'Anna', surname: 'Applicant', dob: '1995-04-12' } }),
      member('v5', 'VERIFIED', { type: 'IDENTITY', instituteName: 'Identity document', confirmed: {} }),
      member('v6', 'PENDING'),
    ]);
    expect(insights.filter((i) => !i.isMatch).map((i) => i.type)).toEqual(['NAME', 'DOB', 'DETAILS', 'ID_NO_DATA']);
    expect(insights.filter((i) => i.type === 'ID_NAME' || i.type === 'ID_DOB').every((i) => i.isMatch)).toBe(true);
    expect(hasNotableInsight(insights)).toBe(true);
  });
});
