import { DOCTORAL_CONFIRMATION, isDoctorate } from '@credence/domain';
import type { SubmissionBodyDto } from '../dto/submission.dto';

/** The demo verifications' people and request bodies (the data the seeders share; journeys depend on it). */
export const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1').toString('base64')}`;
export const CARD = { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false };

export interface Person {
  firstname: string;
  surname: string;
  dob: string;
  qualification?: string;
  course?: string;
  gradYear?: number;
  studentId?: string;
}

/** Held in University of Demo's records (catalogue demo data): the automatic check verifies these. */
export const HELD: Record<'jane' | 'john' | 'siobhan', Person> = {
  jane: {
    firstname: 'Jane',
    surname: 'Doe',
    dob: '1995-04-12',
    qualification: 'BSc (Hons)',
    course: 'Computer Science',
    gradYear: 2017,
    studentId: 'UD100001',
  },
  john: {
    firstname: 'John',
    surname: 'Smith',
    dob: '1988-11-30',
    qualification: 'MBA',
    course: 'Business Administration',
    gradYear: 2014,
    studentId: 'UD100002',
  },
  siobhan: {
    firstname: 'Siobhan',
    surname: "O'Brien",
    dob: '1992-02-29',
    qualification: 'PhD',
    course: 'Physics',
    gradYear: 2020,
    studentId: 'UD100003',
  },
};
/** Not held: the automatic check answers NOT_FOUND. */
export const person = (
  firstname: string,
  surname: string,
  dob: string,
  qualification = 'BA (Hons)',
  course = 'History',
  gradYear = 2012,
): Person => ({
  firstname,
  surname,
  dob,
  qualification,
  course,
  gradYear,
});

export const atUniDemo = (p: Person, reference: string | null): SubmissionBodyDto => ({
  instituteId: 'uni-demo',
  type: 'UNI',
  fields: {
    firstname: p.firstname,
    surname: p.surname,
    dob: p.dob,
    qualification: p.qualification,
    course: p.course,
    gradYear: p.gradYear,
    studentId: p.studentId,
  },
  customerReference: reference,
  documents: [
    {
      requirementId: 'consent-institute',
      name: 'Institute Consent Form',
      data: PDF,
      filename: 'consent.pdf',
    },
    // A doctorate also needs the Doctoral Degree Confirmation (2.6).
    ...(isDoctorate(p.qualification)
      ? [
          {
            requirementId: DOCTORAL_CONFIRMATION.id,
            name: DOCTORAL_CONFIRMATION.name,
            data: PDF,
            filename: 'doctoral-confirmation.pdf',
          },
        ]
      : []),
  ],
  consent: true,
});
