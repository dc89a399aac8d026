import { initialVerificationState, type VerificationState } from '@credence/domain';
import { canonicalJson, certificateAvailable, certificateContent, contentDigest } from './certificate-content';

const state = (over: Partial<VerificationState> = {}): VerificationState => ({
  ...initialVerificationState(),
  exists: true,
  id: 'QC123',
  companyName: 'Acme Recruitment Ltd',
  type: 'EMPLOYMENT',
  result: 'VERIFIED',
  person: { firstname: 'Erin', middlename: null, surname: 'Worker', dob: '1985-03-04' },
  fields: { employerName: 'Widgets Ltd', employerContactName: 'Harriet Hughes', employerPhone: '+44 113', employerEmail: 'hr@widgets.test', jobTitle: 'Engineer' },
  notes: 'Employed 2015-2019.',
  thirdPartyData: { rehireEligible: true, leftOnGoodTerms: false },
  ...over,
});

describe('certificate content (verifications.md 2.9 result card)', () => {
  it('is issued for Verified, Not Verified and resolved results only', () => {
    expect(['VERIFIED', 'NOT_VERIFIED', 'RESOLVE_VERIFIED'].map(certificateAvailable)).toEqual([true, true, true]);
    expect(['PENDING', 'REJECTED', 'NOT_FOUND', 'CANCELLED', 'UNABLE', 'DELETED', null].map(certificateAvailable)).toEqual(Array(7).fill(false));
  });

  it('always hides the employer contact name, phone and e-mail; booleans read Yes/No', () => {
    const c = certificateContent(state(), 3n, { ignoreNotes: false });
    expect(c.fields).toEqual([
      ['Employer', 'Widgets Ltd'],
      ['Job Title', 'Engineer'],
    ]);
    expect(c.dataFromRecords).toEqual([
      ['Rehire Eligible', 'Yes'],
      ['Left On Good Terms', 'No'],
    ]);
  });

  it("shows 'Current student' and hides the graduation year for current students", () => {
    const c = certificateContent(state({ type: 'UNI', fields: { gradYear: -1, course: 'Law' } }), 3n, { ignoreNotes: false });
    expect(c.enrolmentStatus).toBe('Current student');
    expect(c.fields).toEqual([['Course', 'Law']]);
  });

  it('leaves the notes out when asked, and the digest says so', () => {
    const withNotes = certificateContent(state(), 3n, { ignoreNotes: false });
    const without = certificateContent(state(), 3n, { ignoreNotes: true });
    expect(withNotes.notes).toBe('Employed 2015-2019.');
    expect(without.notes).toBeNull();
    expect(contentDigest(withNotes)).not.toBe(contentDigest(without));
  });

  it('hashes the same content the same way whatever the key order, and a new revision differently', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    const c = certificateContent(state(), 3n, { ignoreNotes: false });
    expect(contentDigest(c)).toBe(contentDigest({ ...c }));
    expect(contentDigest(certificateContent(state(), 4n, { ignoreNotes: false }))).not.toBe(contentDigest(c));
    expect(contentDigest(c)).toMatch(/^[0-9a-f]{64}$/);
  });
});
