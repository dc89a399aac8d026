import { decideAll } from '../shared/decider';
import { deciderSpec } from '../shared/decider.spec-helper';
import { documentRequirementsFor } from './document-requirements';
import { verificationDecider } from './verification.decide';
import { verificationEvent, type VerificationEvent } from './verification.events';
import type { Actor, DocumentRef, DraftInput, InstituteDefinition, InstituteRef, Payment, Price } from './verification.types';

export const TODAY = '2026-11-20';
export const AT = '2026-11-20T10:00:00.000Z';

export const alice: Actor = { kind: 'customer', companyId: 'acme', username: 'alice@acme.test', seesAll: true };
export const bobRestricted: Actor = { kind: 'customer', companyId: 'acme', username: 'bob@acme.test', seesAll: false };
export const carol: Actor = { kind: 'customer', companyId: 'globex', username: 'carol@globex.test', seesAll: true };
export const irene: Actor = { kind: 'institute', companyId: 'uni-demo-account', username: 'irene@uni-demo.test', instituteIds: ['uni-demo'] };
export const otherInstitute: Actor = { kind: 'institute', companyId: 'other-uni', username: 'olga@other.test', instituteIds: ['other-uni'] };
export const staff: Actor = { kind: 'staff', username: 'admin@credence.test' };
export const system: Actor = { kind: 'system', process: 'auto-check' };

export const uniDemo: InstituteDefinition = {
  id: 'uni-demo',
  name: 'University of Demo',
  names: ['University of Demo', 'Demo University'],
  countryId: 'GB',
  countryName: 'United Kingdom',
  parentId: null,
  type: 'UNI',
  allowsPending: true,
  maxAdditionalDocs: 5,
  listsDocuments: true,
  minYear: 1990,
  readOnly: false,
  allowsCurrentStudent: true,
  accreditationPrice: 10,
  fields: [
    { key: 'qualification', name: 'Qualification', required: true, type: 'TEXT', refData: 'ONLY', values: null },
    { key: 'course', name: 'Course / Subject', required: true, type: 'TEXT', refData: null, values: null },
    { key: 'gradYear', name: 'Year of Graduation / Issue', required: true, type: 'INTEGER', refData: null, values: null },
    { key: 'email', name: 'Email address of the individual', required: false, type: 'TEXT', refData: null, values: null },
  ],
  documentRequirements: [{ id: 'consent-institute', name: 'Institute Consent Form', type: 'CONSENT_INSTITUTE', required: true }],
};

export const refOf = (i: InstituteDefinition): InstituteRef => ({
  id: i.id,
  name: i.name,
  names: i.names,
  countryId: i.countryId,
  countryName: i.countryName,
  parentId: i.parentId,
  type: i.type,
  allowsPending: i.allowsPending,
  maxAdditionalDocs: i.maxAdditionalDocs,
  listsDocuments: i.listsDocuments,
});

export const noDocsInstitute: InstituteDefinition = {
  ...uniDemo,
  id: 'uni-plain',
  name: 'Plain University',
  names: ['Plain University'],
  listsDocuments: false,
  documentRequirements: [],
};

export const identityInstitute: InstituteDefinition = {
  ...uniDemo,
  id: 'QC_ID_VER_TRUST_ID',
  name: 'Identity Document Verification',
  names: ['Identity Document Verification'],
  type: 'IDENTITY',
  allowsPending: false,
  maxAdditionalDocs: 0,
  listsDocuments: false,
  fields: [],
  documentRequirements: [],
};

export const draft: DraftInput = {
  person: { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '12/04/1995' },
  fields: { qualification: 'BSc (Hons)', course: 'Computer Science', gradYear: 2017 },
  customerReference: 'REF-1',
  applicationId: null,
  accreditationRequested: false,
  subjects: [],
  supplierId: null,
};

export const price: Price = { currency: 'GBP', net: 50, vat: 10, total: 60, credits: 0 };
export const cardPayment: Payment = { method: 'CARD', invoiceId: 'INV-1', amount: 60, currency: 'GBP', credits: 0 };

export const consentDoc: DocumentRef = {
  id: 'doc-1',
  name: 'Institute Consent Form',
  type: 'CONSENT_INSTITUTE',
  requirementId: 'consent-institute',
  filename: 'consent.pdf',
  size: 1234,
  sha256: 'ab'.repeat(32),
  blobKey: 'verifications/QC1/doc-1',
  output: false,
};

const e = verificationEvent;

/** Histories as events, to start a scenario from. */
export const history = {
  drafted: (institute: InstituteDefinition | null = uniDemo, by: Actor = alice): VerificationEvent[] => [
    e('VerificationDrafted', {
      ...draft,
      person: { ...draft.person, dob: '1995-04-12' },
      result: 'AWAITING_CONSENT',
      previousResult: null,
      verificationId: 'QC1',
      companyId: by.kind === 'customer' ? by.companyId : 'acme',
      companyName: 'Acme Recruitment Ltd',
      requestedBy: by.kind === 'customer' ? by.username : 'alice@acme.test',
      requestedByName: 'Alice Archer',
      individual: false,
      type: institute?.type ?? 'UNI',
      institute: institute && refOf(institute),
    }),
  ],
  withConsentDoc: () => [...history.drafted(), e('DocumentAttached', { document: consentDoc })],
  unpaid: () => [...history.withConsentDoc(), e('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price })],
  paid: () => [...history.unpaid(), e('VerificationPaid', { payment: cardPayment })],
  checking: () => [...history.paid(), e('AutomaticCheckStarted', { result: 'PENDING', previousResult: 'UNPAID', checkId: 'check-1', attempt: 1 })],
  notFound: (retriesLeft = 2) => [
    ...history.checking(),
    e('AutomaticCheckFoundNoMatch', { result: 'NOT_FOUND', previousResult: 'PENDING', checkId: 'check-1', retriesLeft, hints: [] }),
  ],
  manual: () => [
    ...history.paid(),
    e('SentForManualCheck', { result: 'PENDING', previousResult: 'UNPAID', reason: 'NO_RECORDS', contact: 'INSTITUTE', resolveKeyHash: 'hash-1' }),
  ],
  resolved: (result: 'VERIFIED' | 'REJECTED' | 'NOT_VERIFIED' = 'VERIFIED') => [
    ...history.manual(),
    e('VerificationResolved', {
      result,
      previousResult: 'PENDING',
      notes: result === 'VERIFIED' ? null : 'Consent form is not signed.',
      approvedByName: 'Irene Ingram',
      approvedByTitle: 'Registrar',
      approvalProcess: null,
      resolvedBy: 'INSTITUTE',
      resolverCompanyId: 'uni-demo-account',
      resolverName: 'University of Demo',
    }),
  ],
  verified: () => [
    ...history.checking(),
    e('AutomaticCheckMatched', { result: 'VERIFIED', previousResult: 'PENDING', checkId: 'check-1', thirdPartyData: { studentId: 'UD100001' } }),
  ],
};

/** given(history).when(command).then(events) / .thenRefused(kind): history at AT, decided events at AT. */
const spec = deciderSpec(verificationDecider, { givenAt: AT });
export const { given, stateOf } = spec;

describe('verification: draft', () => {
  it('drafts a request for the caller company, AWAITING_CONSENT, dob as YYYY-MM-DD', () => {
    const after = given([])
      .when({ type: 'DraftVerification', actor: alice, verificationId: 'QC1', companyName: 'Acme Recruitment Ltd', requestedByName: 'Alice Archer', individual: false, verificationType: 'UNI', allowedTypes: ['edu', 'emp'], institute: refOf(uniDemo), draft, today: TODAY })
      .then([{ type: 'VerificationDrafted', data: expect.objectContaining({ result: 'AWAITING_CONSENT', previousResult: null, companyId: 'acme', requestedBy: 'alice@acme.test', person: expect.objectContaining({ dob: '1995-04-12' }) }) }]);
    expect(after).toMatchObject({ result: 'AWAITING_CONSENT', stage: 'DRAFT', recorded: AT });
  });

  it('refuses a type the account may not order', () => {
    given([])
      .when({ type: 'DraftVerification', actor: alice, verificationId: 'QC1', companyName: 'Acme', requestedByName: 'A', individual: false, verificationType: 'IDENTITY', allowedTypes: ['edu'], institute: refOf(identityInstitute), draft, today: TODAY })
      .thenRefused('forbidden');
  });

  it('refuses a malformed date of birth even in a draft', () => {
    given([])
      .when({ type: 'DraftVerification', actor: alice, verificationId: 'QC1', companyName: 'Acme', requestedByName: 'A', individual: false, verificationType: 'UNI', allowedTypes: ['edu'], institute: null, draft: { ...draft, person: { ...draft.person, dob: '31/02/1990' } }, today: TODAY })
      .thenRefused('invalid', 'The date of birth must be a valid date in the format DD/MM/YYYY');
  });

  it('refuses drafting the same id twice', () => {
    given(history.drafted())
      .when({ type: 'DraftVerification', actor: alice, verificationId: 'QC1', companyName: 'Acme', requestedByName: 'A', individual: false, verificationType: 'UNI', allowedTypes: ['edu'], institute: null, draft, today: TODAY })
      .thenRefused('conflict');
  });
});

describe('verification: update (save for later)', () => {
  it('updates the details of a draft', () => {
    const after = given(history.drafted())
      .when({ type: 'UpdateVerification', actor: alice, changes: { customerReference: 'REF-2' }, today: TODAY })
      .then([{ type: 'VerificationUpdated', data: { changes: { customerReference: 'REF-2' } } }]);
    expect(after.customerReference).toBe('REF-2');
  });

  it("answers 'not found' for another company's verification", () => {
    given(history.drafted()).when({ type: 'UpdateVerification', actor: carol, changes: { customerReference: 'x' }, today: TODAY }).thenRefused('not-found');
  });

  it("answers 'not found' to a restricted user for a colleague's verification", () => {
    given(history.drafted()).when({ type: 'UpdateVerification', actor: bobRestricted, changes: { customerReference: 'x' }, today: TODAY }).thenRefused('not-found');
  });

  it('refuses to change the institute once checked', () => {
    given(history.notFound()).when({ type: 'UpdateVerification', actor: alice, changes: {}, institute: refOf(noDocsInstitute), today: TODAY }).thenRefused('conflict');
  });

  it('refuses to change a VERIFIED verification', () => {
    given(history.verified()).when({ type: 'UpdateVerification', actor: alice, changes: { customerReference: 'x' }, today: TODAY }).thenRefused('conflict', 'can no longer be changed');
  });
});

describe('verification: documents', () => {
  const upload = (over: Partial<DocumentRef> = {}) => ({ ...consentDoc, id: 'doc-2', ...over });

  it('attaches a required document to a draft', () => {
    given(history.drafted())
      .when({ type: 'AttachDocument', actor: alice, document: upload(), requirements: uniDemo.documentRequirements })
      .then([{ type: 'DocumentAttached', data: { document: expect.objectContaining({ id: 'doc-2', type: 'CONSENT_INSTITUTE' }) } }]);
  });

  it('replaces the document of a requirement that already has one', () => {
    const after = given(history.withConsentDoc())
      .when({ type: 'AttachDocument', actor: alice, document: upload(), requirements: uniDemo.documentRequirements })
      .then([{ type: 'DocumentRemoved', data: { documentId: 'doc-1', name: 'Institute Consent Form' } }, { type: 'DocumentAttached' }]);
    expect(after.documents.map((d) => d.id)).toEqual(['doc-2']);
  });

  it('places the Doctoral Degree Confirmation among the requirements of a doctorate only (2.6)', () => {
    const confirmation = upload({ requirementId: 'DOCTORAL_CONFIRMATION', name: 'Doctoral Degree Confirmation' });
    given(history.drafted())
      .when({ type: 'AttachDocument', actor: alice, document: confirmation, requirements: documentRequirementsFor(uniDemo, { qualification: 'PhD' }) })
      .then([{ type: 'DocumentAttached', data: { document: expect.objectContaining({ requirementId: 'DOCTORAL_CONFIRMATION', type: 'DOCTORAL_CONFIRMATION' }) } }]);
    given(history.drafted())
      .when({ type: 'AttachDocument', actor: alice, document: confirmation, requirements: documentRequirementsFor(uniDemo, draft.fields) })
      .thenRefused('not-found', 'Document not found.');
  });

  it('refuses an upload to a VERIFIED verification', () => {
    given(history.verified()).when({ type: 'AttachDocument', actor: alice, document: upload(), requirements: uniDemo.documentRequirements }).thenRefused('conflict', 'cannot be added');
  });

  it('refuses an upload to a PENDING verification', () => {
    given(history.manual()).when({ type: 'AttachDocument', actor: alice, document: upload(), requirements: uniDemo.documentRequirements }).thenRefused('conflict');
  });

  it('accepts an upload in NOT_FOUND (2.6 offers upload there)', () => {
    given(history.notFound())
      .when({ type: 'AttachDocument', actor: alice, document: upload({ requirementId: null, name: 'Transcript' }), requirements: uniDemo.documentRequirements })
      .then([{ type: 'DocumentAttached', data: { document: expect.objectContaining({ type: 'ADDITIONAL' }) } }]);
  });

  it('refuses any document for an identity check', () => {
    given(history.drafted(identityInstitute))
      .when({ type: 'AttachDocument', actor: alice, document: upload({ requirementId: null }), requirements: [] })
      .thenRefused('unprocessable', 'does not take documents');
  });

  it('refuses more additional documents than the institute allows', () => {
    const extra = (i: number) => verificationEvent('DocumentAttached', { document: { ...consentDoc, id: `x${i}`, requirementId: null, type: 'ADDITIONAL' } });
    given([...history.drafted(), ...[1, 2, 3, 4, 5].map(extra)])
      .when({ type: 'AttachDocument', actor: alice, document: upload({ requirementId: null }), requirements: uniDemo.documentRequirements })
      .thenRefused('unprocessable', 'Only 5 additional');
  });

  it('removes a document from a draft', () => {
    given(history.withConsentDoc()).when({ type: 'RemoveDocument', actor: alice, documentId: 'doc-1' }).then([{ type: 'DocumentRemoved' }]);
  });

  it('refuses to remove a document in NOT_FOUND (no DEL_DOC there)', () => {
    given(history.notFound()).when({ type: 'RemoveDocument', actor: alice, documentId: 'doc-1' }).thenRefused('conflict');
  });

  it("refuses another company's document", () => {
    given(history.withConsentDoc()).when({ type: 'RemoveDocument', actor: carol, documentId: 'doc-1' }).thenRefused('not-found');
  });
});

describe('verification: submit', () => {
  const submit = (over: Record<string, unknown> = {}) => ({
    type: 'SubmitVerification' as const,
    actor: alice,
    consent: true,
    institute: uniDemo,
    refRequired: false,
    refLabel: null,
    refDataOptions: { qualification: ['BSc (Hons)', 'MBA'] },
    today: TODAY,
    price,
    ...over,
  });

  it('submits a valid request: UNPAID until paid', () => {
    const after = given(history.withConsentDoc()).when(submit()).then([{ type: 'VerificationSubmitted', data: { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price } }]);
    expect(after.stage).toBe('AWAITING_PAYMENT');
  });

  it('refuses without consent, in the words of the spec', () => {
    given(history.withConsentDoc()).when(submit({ consent: false })).thenRefused('invalid', /Terms & Consent/);
  });

  it('refuses without the required document', () => {
    const err = given(history.drafted()).when(submit()).thenRefused('invalid', 'This document is required');
    expect((err as { problems?: unknown }).problems).toEqual([{ field: 'documents.consent-institute', message: 'This document is required' }]);
  });

  it('refuses a doctorate without the Doctoral Degree Confirmation, and accepts it with one (2.6)', () => {
    const phd = [...history.withConsentDoc(), verificationEvent('VerificationUpdated', { changes: { fields: { ...draft.fields, qualification: 'PhD' } } })];
    const err = given(phd).when(submit({ refDataOptions: { qualification: ['PhD'] } })).thenRefused('invalid', 'This document is required');
    expect((err as { problems?: unknown }).problems).toEqual([{ field: 'documents.DOCTORAL_CONFIRMATION', message: 'This document is required' }]);
    const confirmation = { ...consentDoc, id: 'doc-phd', name: 'Doctoral Degree Confirmation', type: 'DOCTORAL_CONFIRMATION', requirementId: 'DOCTORAL_CONFIRMATION' };
    given([...phd, verificationEvent('DocumentAttached', { document: confirmation })])
      .when(submit({ refDataOptions: { qualification: ['PhD'] } }))
      .then([{ type: 'VerificationSubmitted' }]);
  });

  it('refuses without an institute', () => {
    given(history.drafted(null)).when(submit({ institute: null })).thenRefused('invalid', /At least one verification has no institute selected/);
  });

  it('refuses an individual younger than 15', () => {
    const young = [...history.withConsentDoc(), verificationEvent('VerificationUpdated', { changes: { person: { ...draft.person, dob: '2015-01-01' } } })];
    given(young).when(submit()).thenRefused('invalid', 'The date of birth must be at least 15 years old.');
  });

  it("refuses a graduation year before the institute's minimum", () => {
    const old = [...history.withConsentDoc(), verificationEvent('VerificationUpdated', { changes: { fields: { ...draft.fields, gradYear: 1985 } } })];
    given(old).when(submit()).thenRefused('invalid', 'University of Demo requires the Year of Graduation / Issue to be set to 1990 or later');
  });

  it('refuses a value outside an ONLY list', () => {
    const odd = [...history.withConsentDoc(), verificationEvent('VerificationUpdated', { changes: { fields: { ...draft.fields, qualification: 'Wizardry' } } })];
    given(odd).when(submit()).thenRefused('invalid', 'The Qualification must be one of the listed options.');
  });

  it('requires the reference when the account says so', () => {
    const noRef = [...history.withConsentDoc(), verificationEvent('VerificationUpdated', { changes: { customerReference: null } })];
    given(noRef).when(submit({ refRequired: true, refLabel: 'Case number' })).thenRefused('invalid', 'The Case number field is required.');
  });

  it('refuses submitting a request already being checked', () => {
    given(history.checking()).when(submit()).thenRefused('conflict');
  });
});

describe('verification: payment and routing', () => {
  it('records the payment', () => {
    given(history.unpaid()).when({ type: 'RecordPayment', actor: alice, payment: cardPayment, accreditationSupported: true }).then([{ type: 'VerificationPaid' }]);
  });

  it('asks for the accreditation check when it was chosen and is supported', () => {
    const withAcc = [...history.unpaid(), verificationEvent('VerificationUpdated', { changes: { accreditationRequested: true } })];
    const after = given(withAcc)
      .when({ type: 'RecordPayment', actor: alice, payment: cardPayment, accreditationSupported: true })
      .then([{ type: 'VerificationPaid' }, { type: 'AccreditationCheckRequested' }]);
    expect(after.accreditation?.status).toBe('PENDING');
  });

  it('refuses a payment for a request that is not UNPAID', () => {
    given(history.checking()).when({ type: 'RecordPayment', actor: alice, payment: cardPayment, accreditationSupported: false }).thenRefused('conflict');
  });

  const routeCmd = (holdsRecords: boolean) => ({ type: 'RouteForChecking' as const, actor: system, holdsRecords, checkId: 'check-1', resolveKeyHash: 'hash-1', identity: null });

  it('checks automatically when the institute records are held', () => {
    given(history.paid()).when(routeCmd(true)).then([{ type: 'AutomaticCheckStarted', data: { result: 'PENDING', previousResult: 'UNPAID', checkId: 'check-1', attempt: 1 } }]);
  });

  it('sends for manual checking when no records are held', () => {
    const after = given(history.paid()).when(routeCmd(false)).then([{ type: 'SentForManualCheck', data: expect.objectContaining({ reason: 'NO_RECORDS', contact: 'INSTITUTE', resolveKeyHash: 'hash-1' }) }]);
    expect(after.stage).toBe('MANUAL_CHECK');
  });

  it('skips the automatic check when documents are attached for an institute that lists none (2.6)', () => {
    const events = [
      ...history.drafted(noDocsInstitute),
      verificationEvent('DocumentAttached', { document: { ...consentDoc, requirementId: null, type: 'ADDITIONAL', name: 'Diploma' } }),
      verificationEvent('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price }),
      verificationEvent('VerificationPaid', { payment: cardPayment }),
    ];
    given(events).when(routeCmd(true)).then([{ type: 'SentForManualCheck', data: expect.objectContaining({ reason: 'EXTRA_DOCUMENTS' }) }]);
  });

  it('waits for the identity capture for an identity check', () => {
    const events = [
      ...history.drafted(identityInstitute),
      verificationEvent('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price }),
      verificationEvent('VerificationPaid', { payment: cardPayment }),
    ];
    const after = given(events)
      .when({ ...routeCmd(false), identity: { supplierUrl: 'https://id.example/s/1', thirdPartyActionUrl: 'https://id.example/s/1' } })
      .then([{ type: 'IdentityCaptureRequested', data: expect.objectContaining({ result: 'NOT_FOUND' }) }]);
    expect(after.stage).toBe('IDENTITY_CAPTURE');
  });

  it('routes employment requests to the employer', () => {
    const employer: InstituteDefinition = { ...noDocsInstitute, id: 'QC_EMP_VER', name: 'Employment Verification', type: 'EMPLOYMENT', listsDocuments: true };
    const events = [
      ...history.drafted(employer),
      verificationEvent('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price }),
      verificationEvent('VerificationPaid', { payment: cardPayment }),
    ];
    given(events).when(routeCmd(false)).then([{ type: 'SentForManualCheck', data: expect.objectContaining({ contact: 'EMPLOYER' }) }]);
  });

  it('submits, pays and routes in one go (decideAll)', () => {
    const { events, state } = decideAll(
      verificationDecider,
      [
        { type: 'SubmitVerification', actor: alice, consent: true, institute: uniDemo, refRequired: false, refLabel: null, refDataOptions: { qualification: ['BSc (Hons)'] }, today: TODAY, price },
        { type: 'RecordPayment', actor: alice, payment: cardPayment, accreditationSupported: false },
        routeCmd(true),
      ],
      stateOf(history.withConsentDoc()),
      AT,
    );
    expect(events.map((x) => x.type)).toEqual(['VerificationSubmitted', 'VerificationPaid', 'AutomaticCheckStarted']);
    expect(state.result).toBe('PENDING');
  });
});

describe('verification: automatic check', () => {
  it('VERIFIED with the record data on a match', () => {
    const after = given(history.checking())
      .when({ type: 'RecordAutomaticCheck', actor: system, checkId: 'check-1', match: { thirdPartyData: { studentId: 'UD100001' } }, hints: [] })
      .then([{ type: 'AutomaticCheckMatched', data: { result: 'VERIFIED', previousResult: 'PENDING', checkId: 'check-1', thirdPartyData: { studentId: 'UD100001' } } }]);
    expect(after).toMatchObject({ result: 'VERIFIED', stage: 'CLOSED', resolvedBy: 'AUTOMATIC' });
  });

  it('NOT_FOUND with the free retries on no match', () => {
    const after = given(history.checking())
      .when({ type: 'RecordAutomaticCheck', actor: system, checkId: 'check-1', match: null, hints: ['DOB'] })
      .then([{ type: 'AutomaticCheckFoundNoMatch', data: expect.objectContaining({ result: 'NOT_FOUND', retriesLeft: 2, hints: ['DOB'] }) }]);
    expect(after.stage).toBe('ACTION_REQUIRED');
  });

  it('ignores a stale or repeated check result', () => {
    given(history.notFound()).when({ type: 'RecordAutomaticCheck', actor: system, checkId: 'check-1', match: null, hints: [] }).then([]);
  });

  it('only the system records a check result', () => {
    given(history.checking()).when({ type: 'RecordAutomaticCheck', actor: alice, checkId: 'check-1', match: null, hints: [] }).thenRefused('forbidden');
  });
});

describe('verification: NOT_FOUND and REJECTED', () => {
  const resub = (over: Record<string, unknown> = {}) => ({
    type: 'ResubmitVerification' as const,
    actor: alice,
    changes: {},
    force: false,
    institute: uniDemo,
    today: TODAY,
    checkId: 'check-2',
    resolveKeyHash: 'hash-2',
    ...over,
  });

  it('re-submits for free, using one retry, and checks again', () => {
    const after = given(history.notFound(2))
      .when(resub({ changes: { person: { ...draft.person, surname: 'Smith' } } }))
      .then([
        { type: 'VerificationResubmitted', data: expect.objectContaining({ retriesLeft: 1, from: 'NOT_FOUND' }) },
        { type: 'AutomaticCheckStarted', data: expect.objectContaining({ checkId: 'check-2', attempt: 2 }) },
      ]);
    expect(after).toMatchObject({ retriesLeft: 1, stage: 'AUTOMATIC_CHECK', person: expect.objectContaining({ surname: 'Smith', dob: '1995-04-12' }) });
  });

  it('refuses a re-submission with no retries left', () => {
    given(history.notFound(0)).when(resub()).thenRefused('unprocessable', 'No free automatic re-checks are left');
  });

  it('sends for manual checking when forced (retriesLeft to 0)', () => {
    const after = given(history.notFound(2)).when(resub({ force: true })).then([
      { type: 'VerificationResubmitted', data: expect.objectContaining({ retriesLeft: 0 }) },
      { type: 'SentForManualCheck', data: expect.objectContaining({ reason: 'REQUESTED', resolveKeyHash: 'hash-2' }) },
    ]);
    expect(after).toMatchObject({ result: 'PENDING', stage: 'MANUAL_CHECK', retriesLeft: 0 });
  });

  it('sends for manual checking with its own command', () => {
    given(history.notFound(0)).when({ type: 'SendForManualCheck', actor: alice, resolveKeyHash: 'hash-2' }).then([{ type: 'SentForManualCheck' }]);
  });

  it('refuses manual checking when the institute does not allow pending', () => {
    const strict = history.notFound(0).map((x) =>
      x.type === 'VerificationDrafted' ? { ...x, data: { ...x.data, institute: { ...x.data.institute!, allowsPending: false } } } : x,
    );
    given(strict).when({ type: 'SendForManualCheck', actor: alice, resolveKeyHash: 'h' }).thenRefused('unprocessable', 'does not accept requests for manual checking');
    given(strict).when(resub({ force: true })).thenRefused('unprocessable');
  });

  it('amends a REJECTED request and sends it back to the resolver', () => {
    const after = given(history.resolved('REJECTED'))
      .when(resub({ changes: { fields: { ...draft.fields, course: 'Software Engineering' } } }))
      .then([
        { type: 'VerificationResubmitted', data: expect.objectContaining({ from: 'REJECTED' }) },
        { type: 'SentForManualCheck', data: expect.objectContaining({ reason: 'RESUBMITTED', resolveKeyHash: 'hash-2' }) },
      ]);
    expect(after).toMatchObject({ result: 'PENDING', resolvedResult: 'REJECTED', fields: expect.objectContaining({ course: 'Software Engineering' }) });
  });

  it('refuses to re-submit a VERIFIED request', () => {
    given(history.verified()).when(resub()).thenRefused('conflict');
  });
});

describe('verification: resolution', () => {
  const resolution = { result: 'VERIFIED' as const, notes: null, approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar', approvalProcess: null };
  const resolve = (actor: Actor, over: Partial<typeof resolution> | Record<string, unknown> = {}) => ({
    type: 'ResolveVerification' as const,
    actor,
    resolution: { ...resolution, ...over },
    resolverName: 'University of Demo',
  });

  it('the institute resolves VERIFIED', () => {
    const after = given(history.manual())
      .when(resolve(irene))
      .then([{ type: 'VerificationResolved', data: expect.objectContaining({ result: 'VERIFIED', resolvedBy: 'INSTITUTE', resolverCompanyId: 'uni-demo-account', approvedByName: 'Irene Ingram' }) }]);
    expect(after).toMatchObject({ result: 'VERIFIED', approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar', approvedDate: AT, resolveKeyHash: null });
  });

  it('refuses to resolve twice', () => {
    given(history.resolved()).when(resolve(irene)).thenRefused('conflict', 'Already Resolved');
  });

  it("answers 'not found' to another institute", () => {
    given(history.manual()).when(resolve(otherInstitute)).thenRefused('not-found');
  });

  it('staff must choose the approval process', () => {
    given(history.manual()).when(resolve(staff)).thenRefused('invalid', 'The Approved By Process field is required');
    given(history.manual())
      .when(resolve(staff, { approvalProcess: 'Confirmed by telephone with the institute' }))
      .then([{ type: 'VerificationResolved', data: expect.objectContaining({ resolvedBy: 'STAFF', approvalProcess: 'Confirmed by telephone with the institute' }) }]);
  });

  describe('output documents (2.9, 2.11)', () => {
    const output = { id: 'out-1', name: 'Transcript', type: 'ADDITIONAL', requirementId: null, filename: 'transcript.pdf', size: 10, sha256: 'x', blobKey: 'verifications/QC1/out-1.pdf', output: false };
    const attachOutput = (actor: Actor) => ({ type: 'AttachOutputDocument' as const, actor, document: output });

    it('the resolving institute, staff and the matching link attach them to a pending request', () => {
      const after = given(history.manual())
        .when(attachOutput(irene))
        .then([{ type: 'DocumentAttached', data: { document: { ...output, type: 'OUTPUT', output: true } } }]);
      expect(after.documents.filter((d) => d.output)).toHaveLength(1);
      given(history.manual()).when(attachOutput(staff)).then([{ type: 'DocumentAttached', data: expect.anything() }]);
      given(history.manual()).when(attachOutput({ kind: 'public-link', keyHash: 'hash-1' })).then([{ type: 'DocumentAttached', data: expect.anything() }]);
    });

    it('another institute, the customer or a wrong link are told it does not exist; a resolved request is Already Resolved', () => {
      given(history.manual()).when(attachOutput(otherInstitute)).thenRefused('not-found');
      given(history.manual()).when(attachOutput(alice)).thenRefused('not-found');
      given(history.resolved('VERIFIED')).when(attachOutput(irene)).thenRefused('conflict', 'Already Resolved');
    });
  });

  it('REJECTED needs a comment; NOT_VERIFIED does not (2.11: "no corrections or comments can be made")', () => {
    given(history.manual()).when(resolve(irene, { result: 'REJECTED' })).thenRefused('invalid', 'A comment is required for this resolution');
    given(history.manual()).when(resolve(irene, { result: 'REJECTED', notes: ' ' })).thenRefused('invalid', 'A comment is required for this resolution');
    given(history.manual())
      .when(resolve(irene, { result: 'NOT_VERIFIED', notes: ' ' }))
      .then([{ type: 'VerificationResolved', data: expect.objectContaining({ result: 'NOT_VERIFIED' }) }]);
  });

  it('name and job title are required', () => {
    given(history.manual()).when(resolve(irene, { approvedByName: '', approvedByTitle: '' })).thenRefused('invalid', /name field is required.*job title/);
  });

  it('resolves through the public link with the matching key, once', () => {
    const after = given(history.manual())
      .when(resolve({ kind: 'public-link', keyHash: 'hash-1' }, { result: 'REJECTED', notes: 'Unsigned consent form' }))
      .then([{ type: 'VerificationResolved', data: expect.objectContaining({ resolvedBy: 'PUBLIC_LINK', result: 'REJECTED' }) }]);
    expect(after.stage).toBe('ACTION_REQUIRED');
    given(history.resolved('REJECTED')).when(resolve({ kind: 'public-link', keyHash: 'hash-1' })).thenRefused('conflict', 'Already Resolved');
  });

  it('resolves a request that was delayed at source', () => {
    const unable = [...history.manual(), verificationEvent('VerificationDelayedAtSource', { result: 'UNABLE', previousResult: 'PENDING', note: null })];
    given(unable).when(resolve(irene)).then([{ type: 'VerificationResolved', data: expect.objectContaining({ previousResult: 'UNABLE' }) }]);
  });
});

describe('verification: unable, cancel, delete, accreditation, comments', () => {
  it('staff mark a pending request as delayed at source', () => {
    given(history.manual()).when({ type: 'MarkUnable', actor: staff, note: 'Institute closed for summer' }).then([{ type: 'VerificationDelayedAtSource', data: expect.objectContaining({ result: 'UNABLE' }) }]);
    given(history.manual()).when({ type: 'MarkUnable', actor: alice, note: null }).thenRefused('forbidden');
    given(history.verified()).when({ type: 'MarkUnable', actor: staff, note: null }).thenRefused('conflict');
  });

  it('the customer cancels a pending request, not a finished one', () => {
    given(history.manual()).when({ type: 'CancelVerification', actor: alice, reason: null }).then([{ type: 'VerificationCancelled', data: expect.objectContaining({ result: 'CANCELLED', by: 'CUSTOMER' }) }]);
    given(history.verified()).when({ type: 'CancelVerification', actor: alice, reason: null }).thenRefused('conflict');
    given(history.manual()).when({ type: 'CancelVerification', actor: carol, reason: null }).thenRefused('not-found');
  });

  it('deletes an incomplete request; a deleted one is gone', () => {
    const after = given(history.drafted()).when({ type: 'DeleteVerification', actor: alice }).then([{ type: 'VerificationDeleted', data: { result: 'DELETED', previousResult: 'AWAITING_CONSENT' } }]);
    expect(after.result).toBe('DELETED');
    given(history.manual()).when({ type: 'DeleteVerification', actor: alice }).thenRefused('conflict');
    given([...history.drafted(), verificationEvent('VerificationDeleted', { result: 'DELETED', previousResult: 'AWAITING_CONSENT' })])
      .when({ type: 'DeleteVerification', actor: alice })
      .thenRefused('not-found');
  });

  it('staff record the accreditation outcome of a pending check', () => {
    const pending = [...history.verified(), verificationEvent('AccreditationCheckRequested', {})];
    const accreditation = { status: 'ACCREDITED' as const, authority: 'Office for Students', approvedDate: '2026-11-21', url: null };
    const after = given(pending).when({ type: 'RecordAccreditation', actor: staff, accreditation }).then([{ type: 'AccreditationRecorded' }]);
    expect(after.accreditation).toEqual(accreditation);
    given(history.verified()).when({ type: 'RecordAccreditation', actor: staff, accreditation }).thenRefused('conflict');
  });

  it('staff add comments; customers cannot', () => {
    given(history.manual()).when({ type: 'AddAdminComment', actor: staff, comment: 'Chased by phone.' }).then([{ type: 'AdminCommentAdded', data: { comment: 'Chased by phone.' } }]);
    given(history.manual()).when({ type: 'AddAdminComment', actor: alice, comment: 'x' }).thenRefused('forbidden');
  });
});

describe('verification: identity checks', () => {
  const capture = () => [
    ...history.drafted(identityInstitute),
    verificationEvent('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price }),
    verificationEvent('VerificationPaid', { payment: cardPayment }),
    verificationEvent('IdentityCaptureRequested', { result: 'NOT_FOUND', previousResult: 'UNPAID', supplierUrl: 'https://id/s', thirdPartyActionUrl: 'https://id/s' }),
  ];

  it('starts the provider check when the capture is done (re-submit with the applicant id)', () => {
    const after = given(capture())
      .when({ type: 'ResubmitVerification', actor: alice, changes: { supplierId: 'app-1' }, force: false, institute: identityInstitute, today: TODAY, checkId: 'id-check-1', resolveKeyHash: 'h' })
      .then([{ type: 'IdentityCheckStarted', data: expect.objectContaining({ supplierId: 'app-1', result: 'PENDING' }) }]);
    expect(after.stage).toBe('IDENTITY_CHECK');
  });

  it('VERIFIED when the provider clears it, back to capture otherwise', () => {
    const checking = [...capture(), verificationEvent('IdentityCheckStarted', { result: 'PENDING', previousResult: 'NOT_FOUND', checkId: 'c1', supplierId: 'app-1' })];
    given(checking).when({ type: 'RecordIdentityCheck', actor: system, checkId: 'c1', outcome: 'CLEAR', thirdPartyData: { documentType: 'PASSPORT' } }).then([{ type: 'IdentityCheckCompleted', data: expect.objectContaining({ result: 'VERIFIED' }) }]);
    const after = given(checking).when({ type: 'RecordIdentityCheck', actor: system, checkId: 'c1', outcome: 'CONSIDER', thirdPartyData: {} }).then([{ type: 'IdentityCheckCompleted', data: expect.objectContaining({ result: 'NOT_FOUND' }) }]);
    expect(after.stage).toBe('IDENTITY_CAPTURE');
    given(checking).when({ type: 'RecordIdentityCheck', actor: system, checkId: 'other', outcome: 'CLEAR', thirdPartyData: {} }).then([]);
  });
});
