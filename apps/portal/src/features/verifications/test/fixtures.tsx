import type { VerificationDetail, VerificationRow } from '@/features/verifications/api/verifications';
import { VerificationHistoryScreen } from '@/features/verifications/components/VerificationHistoryScreen';
import { ViewVerificationScreen } from '@/features/verifications/components/ViewVerificationScreen';
import { renderRoutes } from '@/test/renderRoutes';

export function row(over: Partial<VerificationRow> = {}): VerificationRow {
  return {
    id: 'QC1001',
    recorded: '2026-11-02T10:00:00.000Z',
    result: 'VERIFIED',
    resultLabel: 'Verified',
    currentResult: 'VERIFIED',
    fields: { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1995-04-12', employerName: null },
    instituteId: 'uni-demo',
    instituteName: 'University of Demo',
    instituteNames: [],
    instituteCountry: 'United Kingdom',
    username: 'alice@acme.test',
    requestedByName: 'Alice Admin',
    customerReference: 'ACME-1001',
    type: 'UNI',
    shared: false,
    accreditationStatus: null,
    retriesLeft: 2,
    thirdPartyActionUrl: null,
    credential: 'Computer Science, 2017',
    company: { id: 'c1', name: 'Acme Recruitment Ltd' },
    approvedDate: null,
    permissions: 0,
    dashboardStep: { index: 3, state: 'complete' },
    ...over,
  };
}

export function detail(over: Partial<VerificationDetail> = {}): VerificationDetail {
  return {
    id: 'QC1001',
    recorded: '2026-11-02T10:00:00.000Z',
    updated: '2026-11-03T09:00:00.000Z',
    stage: 'CLOSED',
    result: 'VERIFIED',
    resultLabel: 'Verified',
    retriesLeft: 2,
    notes: null,
    supplierUrl: null,
    thirdPartyActionUrl: null,
    invoiceId: null,
    shared: false,
    accreditationStatus: null,
    accreditation: null,
    customerReference: 'ACME-1001',
    username: 'alice@acme.test',
    fields: {
      firstname: 'Jane',
      middlename: null,
      surname: 'Doe',
      dob: '1995-04-12',
      qualification: 'BSc (Hons)',
      course: 'Computer Science',
      gradYear: 2017,
      employerContactName: 'Hidden Person',
      thirdPartyData: { awardConfirmed: true, transcript: 'https://records.example/t/1', awardedOn: '2017-07-01', gradYear: 2017 },
    },
    instituteId: 'uni-demo',
    instituteName: 'University of Demo',
    instituteNames: [],
    institute: {
      id: 'uni-demo',
      name: 'University of Demo',
      names: [{ name: 'University of Demo' }],
      region: { id: 'GB', name: 'United Kingdom' },
      allowsPending: true,
      maxAdditionalDocs: 5,
      parentId: null,
    },
    company: { id: 'c1', name: 'Acme Recruitment Ltd' },
    type: 'UNI',
    approvedByName: 'Irene Ingram',
    approvedByTitle: 'Registrar',
    approvedDate: '2026-11-03T09:00:00.000Z',
    applicationId: null,
    supplierId: null,
    price: null,
    documents: [],
    outputDocs: [],
    additionalFieldData: [{ subjects: [] }],
    permissions: 0,
    canEdit: false,
    canAddDocuments: false,
    canDeleteDocuments: false,
    dashboardStep: { index: 3, state: 'complete' },
    footer: null,
    auditEvents: [
      {
        id: 'e1',
        type: 'VERIFICATION_USER_ACTION',
        event: 'Verification request submitted by alice@acme.test.',
        created: '2026-11-02T10:00:00.000Z',
      },
      {
        id: 'e2',
        type: 'VERIFICATION_INSTITUTE_ACTION',
        event: 'Irene Ingram (Registrar), University of Demo, changed status to Action Required.',
        created: '2026-11-02T11:00:00.000Z',
      },
      {
        id: 'e3',
        type: 'VERIFICATION_INSTITUTE_ACTION',
        event: 'Irene Ingram (Registrar), University of Demo, changed status to Not Verified.',
        created: '2026-11-02T12:00:00.000Z',
      },
      {
        id: 'e4',
        type: 'VERIFICATION_INSTITUTE_ACTION',
        event: 'Irene Ingram (Registrar), University of Demo, changed status to Verified.',
        created: '2026-11-03T09:00:00.000Z',
      },
    ],
    ...over,
  };
}

export const INSTITUTE = {
  id: 'uni-demo',
  name: 'University of Demo',
  allowsPending: true,
  fields: [
    {
      key: 'qualification',
      name: 'Qualification',
      required: true,
      type: 'TEXT',
      refData: 'ONLY',
      values: null,
    },
    { key: 'course', name: 'Course / Subject', required: true, type: 'TEXT', refData: null, values: null },
    {
      key: 'gradYear',
      name: 'Year of Graduation / Issue',
      required: true,
      type: 'INTEGER',
      refData: null,
      values: null,
    },
  ],
};

/** The two screens at their routes (plus a history stand-in to land on), in the app's providers. */
export function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/verification/history', element: <VerificationHistoryScreen /> },
      { path: '/verification/history/:id', element: <ViewVerificationScreen /> },
    ],
    url,
  );
}

/** axe's serious and critical findings (jsdom cannot measure contrast). */
export async function seriousViolations(container: HTMLElement): Promise<string[]> {
  const { default: axe } = await import('axe-core');
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
