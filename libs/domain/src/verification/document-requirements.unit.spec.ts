import { DOCTORAL_CONFIRMATION, documentRequirementsFor, isDoctorate } from './document-requirements';
import type { DocumentRef, InstituteDefinition } from './verification.types';
import { validateDocuments, validateSubmission } from './verification.validation';

const consent = {
  id: 'consent-institute',
  name: 'Institute Consent Form',
  type: 'CONSENT_INSTITUTE',
  required: true,
};

const institute: InstituteDefinition = {
  id: 'uni-demo',
  name: 'University of Demo',
  names: ['University of Demo'],
  countryId: 'GB',
  countryName: 'United Kingdom',
  parentId: null,
  type: 'UNI',
  allowsPending: true,
  maxAdditionalDocs: 5,
  listsDocuments: true,
  minYear: null,
  readOnly: false,
  allowsCurrentStudent: false,
  accreditationPrice: null,
  fields: [
    {
      key: 'qualification',
      name: 'Qualification',
      required: true,
      type: 'TEXT',
      refData: null,
      values: null,
    },
  ],
  documentRequirements: [consent],
};

const doc = (requirementId: string | null): DocumentRef => ({
  id: `doc-${requirementId}`,
  name: 'x',
  type: 'x',
  requirementId,
  filename: 'x.pdf',
  size: 1,
  sha256: 'ab'.repeat(32),
  blobKey: 'k',
  output: false,
});

describe('the Doctoral Degree Confirmation (verifications 2.6)', () => {
  it('reads PhD, DPhil, EdD, DBA and Doctor of / Doctorate names as doctorates, in any case and with dots', () => {
    for (const q of [
      'PhD',
      'phd',
      'Ph.D.',
      'DPhil',
      'D.Phil',
      'EdD',
      'DBA',
      'Doctor of Philosophy',
      'doctor-of-education',
      'Professional Doctorate',
      'PhD (Computer Science)',
    ]) {
      expect([q, isDoctorate(q)]).toEqual([q, true]);
    }
  });

  it('does not read MPhil, other degrees, blanks or numbers as doctorates', () => {
    for (const q of [
      'MPhil',
      'BSc (Hons)',
      'MBA',
      'MA',
      'MRes',
      'Postgraduate Diploma',
      'Doctors Surgery Certificate',
      '',
      null,
      undefined,
      2017,
    ]) {
      expect([q, isDoctorate(q)]).toEqual([q, false]);
    }
  });

  it("adds the required card to the institute's own requirements when the qualification is a doctorate", () => {
    expect(documentRequirementsFor(institute, { qualification: 'PhD' })).toEqual([
      consent,
      {
        id: 'DOCTORAL_CONFIRMATION',
        name: 'Doctoral Degree Confirmation',
        type: 'DOCTORAL_CONFIRMATION',
        required: true,
      },
    ]);
    expect(documentRequirementsFor(institute, { qualification: 'MPhil' })).toEqual([consent]);
    expect(documentRequirementsFor(institute, {})).toEqual([consent]);
  });

  it('lists it once when the institute itself already asks for it', () => {
    const own = {
      ...institute,
      documentRequirements: [consent, { ...DOCTORAL_CONFIRMATION, name: 'Own wording' }],
    };
    expect(documentRequirementsFor(own, { qualification: 'EdD' }).map((r) => r.name)).toEqual([
      'Institute Consent Form',
      'Own wording',
    ]);
  });

  it("refuses a doctorate without it, with the spec's 'This document is required'", () => {
    expect(validateDocuments(institute, [doc('consent-institute')], { qualification: 'PhD' })).toEqual([
      { field: 'documents.DOCTORAL_CONFIRMATION', message: 'This document is required' },
    ]);
    expect(
      validateDocuments(institute, [doc('consent-institute'), doc('DOCTORAL_CONFIRMATION')], {
        qualification: 'PhD',
      }),
    ).toEqual([]);
    expect(validateDocuments(institute, [doc('consent-institute')], { qualification: 'BSc (Hons)' })).toEqual(
      [],
    );
  });

  it('refuses such a submission as a whole, and accepts it with the confirmation', () => {
    const check = (documents: DocumentRef[], qualification: string) =>
      validateSubmission({
        institute,
        person: { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1985-04-12' },
        fields: { qualification },
        documents,
        customerReference: null,
        consent: true,
        refRequired: false,
        refLabel: null,
        today: '2026-11-20',
      });
    expect(check([doc('consent-institute')], 'DBA')).toEqual([
      { field: 'documents.DOCTORAL_CONFIRMATION', message: 'This document is required' },
    ]);
    expect(check([doc('consent-institute'), doc('DOCTORAL_CONFIRMATION')], 'DBA')).toEqual([]);
    expect(check([doc('consent-institute')], 'MPhil')).toEqual([]);
  });
});
