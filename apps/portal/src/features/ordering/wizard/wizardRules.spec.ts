import { describe, expect, it } from 'vitest';
import { maskDate, maskInteger } from '@/features/ordering/wizard/masks';
import { detailsErrors, documentCards, entryTitle, newEntry, permissionsOf, syncDocumentCards, toSubmission, type EntryValues } from '@/features/ordering/wizard/model';
import { cardProblems, formatCardNumber, luhnValid, sandboxOutcome } from '@/features/ordering/wizard/sandboxCards';
import { UNI } from '@/features/ordering/test/fixtures';

const ctx = { institutes: { 'uni-demo': UNI }, refRequired: false, refLabel: 'Your Reference', inApplication: false, today: '2026-11-25' };
const jane = (over: Partial<EntryValues> = {}): EntryValues => ({
  ...newEntry('edu', { firstname: 'Jane', middlename: '', lastname: 'Doe', dob: '12/04/1995', customerReference: '' }, 'uni-demo'),
  prepared: true,
  fields: { gradYear: '2017', course: 'Law', awarded: '' },
  ...over,
});

describe('wizard rules in the portal', () => {
  it("titles an entry by its institute's name, not the country selector's list name (EMPVQCI, HSVQCI)", () => {
    expect(entryTitle(UNI, 'Higher Education', 1)).toBe('University of Demo');
    const emp = { ...UNI, name: 'EMPVQCI', names: [{ name: 'EMPVQCI' }, { name: 'Employment Verification United Kingdom' }] };
    expect(entryTitle(emp, 'Employment History', 1)).toBe('Employment Verification United Kingdom');
    expect(entryTitle({ ...emp, names: [{ name: 'EMPVQCI' }] }, 'Employment History', 2)).toBe('Employment History Verification 2');
    expect(entryTitle(undefined, 'High School', 3)).toBe('High School Verification 3');
  });

  it('masks DATE as DD/MM/YYYY with the first digits bounded, INTEGER as 4 digits', () => {
    expect(maskDate('12041995')).toBe('12/04/1995');
    expect(maskDate('4')).toBe('');
    expect(maskDate('3')).toBe('3');
    expect(maskDate('3129')).toBe('31/');
    expect(maskDate('3112')).toBe('31/12');
    expect(maskDate('01013')).toBe('01/01');
    expect(maskInteger('20a17x9')).toBe('2017');
  });

  it('reads the permission bitmask (access 6.5): 252 edits all, 56 no institute change, 8 fields only', () => {
    expect(permissionsOf(252)).toMatchObject({ changeInstitute: true, editFields: true, addDocuments: true, deleteDocuments: true });
    expect(permissionsOf(56)).toMatchObject({ changeInstitute: false, editFields: true, addDocuments: true, deleteDocuments: true });
    expect(permissionsOf(8)).toMatchObject({ changeInstitute: false, editFields: true, addDocuments: false, deleteDocuments: false });
    expect(permissionsOf(0).editFields).toBe(false);
  });

  it('checks every entry: an institute, the person, the reference when required, the fields, the required documents', () => {
    expect(detailsErrors({ entries: [{ ...jane(), instituteId: null }] }, ctx)).toEqual({
      'entries.0.instituteId': 'At least one verification has no institute selected. Please select an institute by clicking the institute name in the table of search results.',
    });
    const errors = detailsErrors({ entries: [jane({ dob: '01/01/2020', fields: { gradYear: '1985', course: '' }, documents: documentCards(UNI) })] }, { ...ctx, refRequired: true, refLabel: 'Candidate Ref' });
    expect(errors).toMatchObject({
      'entries.0.dob': 'The date of birth must be at least 15 years old.',
      'entries.0.customerReference': 'The Candidate Ref field is required.',
      'entries.0.fields.gradYear': 'University of Demo requires the Year of Graduation / Issue to be set to 1990 or later',
      'entries.0.fields.course': 'The Course / Subject field is required.',
      'entries.0.documents.0.data': 'This document is required',
    });
    expect(detailsErrors({ entries: [jane({ currentStudent: true, fields: { course: 'Law' } })] }, ctx)).not.toHaveProperty('entries.0.fields.gradYear');
  });

  it('builds the submission payload of verifications 3: dates as YYYY-MM-DD, integers as numbers, -1 for a current student', () => {
    const s = toSubmission(jane({ currentStudent: true, fields: { gradYear: '', course: 'Law', awarded: '01/07/2017' } }), UNI, true, false);
    expect(s.fields).toEqual({ firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1995-04-12', gradYear: -1, course: 'Law', awarded: '2017-07-01' });
    expect(s).toMatchObject({ instituteId: 'uni-demo', type: 'UNI', customerReference: null, accreditation: null, consent: true, documents: [] });
  });

  describe("a doctorate's Doctoral Degree Confirmation (2.6)", () => {
    const pdf = 'data:application/pdf;base64,JVBERi0=';
    const names = (docs: EntryValues['documents']) => docs.map((d) => `${d.name}${d.required ? ' *' : ''}`);

    it('adds a required card after the institute\'s own when the qualification is a doctorate, and none for MPhil', () => {
      expect(names(documentCards(UNI, { qualification: 'PhD' }))).toEqual(['Institute Consent Form *', 'Doctoral Degree Confirmation *']);
      expect(names(documentCards(UNI, { qualification: 'MPhil' }))).toEqual(['Institute Consent Form *']);
      const extra = { ...documentCards(UNI)[0], key: 'extra', requirementId: null, name: 'Transcript', required: false };
      const phd = jane({ fields: { qualification: 'EdD' }, documents: [...documentCards(UNI), extra] });
      expect(names(syncDocumentCards(phd, UNI) ?? [])).toEqual(['Institute Consent Form *', 'Doctoral Degree Confirmation *', 'Transcript']);
      expect(syncDocumentCards(jane({ fields: { qualification: 'BSc (Hons)' }, documents: documentCards(UNI) }), UNI)).toBeNull();
    });

    it('requires its file, and drops the card and its file when the qualification is no longer a doctorate', () => {
      const cards = documentCards(UNI, { qualification: 'PhD' }).map((d, j) => (j === 0 ? { ...d, data: pdf } : d));
      const phd = jane({ fields: { gradYear: '2017', course: 'Law', qualification: 'PhD' }, documents: cards });
      expect(detailsErrors({ entries: [phd] }, ctx)).toEqual({ 'entries.0.documents.1.data': 'This document is required' });
      const uploaded = { ...phd, documents: cards.map((d) => ({ ...d, data: pdf })) };
      expect(detailsErrors({ entries: [uploaded] }, ctx)).toEqual({});
      expect(toSubmission(uploaded, UNI, true, false).documents.map((d) => d.requirementId)).toEqual(['consent-institute', 'DOCTORAL_CONFIRMATION']);

      const bsc = { ...uploaded, fields: { ...uploaded.fields, qualification: 'BSc (Hons)' } };
      expect(toSubmission(bsc, UNI, true, false).documents.map((d) => d.requirementId)).toEqual(['consent-institute']);
      expect(names(syncDocumentCards(bsc, UNI) ?? [])).toEqual(['Institute Consent Form *']);
    });
  });

  it('behaves like the provider test mode: Luhn, expiry, CVV; test cards to nonces, the challenge card, unknown numbers', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cardProblems({ number: '4111111111111111', expiry: '12/20', cvv: '12' }, new Date('2026-11-25'))).toEqual({ expiry: 'Expiration date is invalid.', cvv: 'CVV is invalid.' });
    expect(cardProblems({ number: '4111111111111111', expiry: '11/26', cvv: '123' }, new Date('2026-11-25'))).toEqual({});
    expect(sandboxOutcome('4000 1111 1111 1115')).toEqual({ nonce: 'fake-processor-declined-visa-nonce' });
    expect(sandboxOutcome('4000 0000 0000 1091')).toEqual({ challenge: true });
    expect(sandboxOutcome('4242 4242 4242 4242')).toEqual({ unknown: true });
  });
});
