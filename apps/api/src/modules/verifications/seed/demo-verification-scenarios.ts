import type { Principal } from '../../../common/auth/principal';
import { atUniDemo, CARD, HELD, PDF, person } from './demo-people';
import type { DemoVerificationSteps } from './demo-verification-steps';

// The demo verifications per customer (DemoVerificationsSeeder runs each in its own chain). Journeys and specs
// depend on these exact people, references and results.

/** Acme's admin: verified, action required, pending, rejected, cancelled, delayed, deleted, employment. */
export async function acmeAdmin(
  steps: DemoVerificationSteps,
  alice: Principal,
  irene: Principal,
  staff: Principal,
) {
  await steps.verified(alice, HELD.jane, 'ACME-1001');
  await steps.notFound(alice, person('Oliver', 'Quinn', '1990-07-14'), 'ACME-1002');
  await steps.pendingWithInstitute(
    alice,
    person('Priya', 'Patel', '1993-03-08', 'MSc', 'Statistics', 2018),
    'ACME-1003',
  );
  const liam = await steps.pendingWithInstitute(
    alice,
    person('Liam', 'Walsh', '1989-12-01', 'LLB (Hons)', 'Law', 2011),
    'ACME-1004',
  );
  await steps.resolvedBy(
    irene,
    liam,
    'REJECTED',
    'The consent form is not signed. Please upload a signed copy.',
  );
  const cancelled = await steps.pendingWithInstitute(
    alice,
    person('Ella', 'Brooks', '1990-10-10'),
    'ACME-1010',
  );
  await steps.cancel(alice, cancelled, 'The candidate withdrew.');
  const kofi = await steps.pendingWithInstitute(
    alice,
    person('Kofi', 'Mensah', '1985-04-04', 'MBA', 'Finance', 2012),
    'ACME-1011',
  );
  await steps.markUnable(staff, kofi, 'The institute is closed until September.');
  const deleted = (
    await steps.create(alice, atUniDemo(person('Dan', 'Draft', '1999-09-09'), 'ACME-1012'), false)
  ).ids[0];
  await steps.remove(alice, deleted);
  await steps.create(
    alice,
    {
      type: 'EMPLOYMENT',
      fields: {
        firstname: 'Erin',
        surname: 'Worker',
        dob: '1985-03-04',
        employerName: 'Widgets Ltd',
        employerAddress: '1 Widget Way, Leeds',
        employerContactName: 'Harriet Hughes',
        employerPhone: '+44 113 496 0000',
        employerEmail: 'hr@widgets.test',
        jobTitle: 'Engineer',
        startDate: '2015-02-01',
      },
      customerReference: 'ACME-1013',
      documents: [{ requirementId: 'consent-qc-employment', name: 'Credence Consent Form', data: PDF }],
      consent: true,
      creditPurchase: CARD,
    },
    true,
  );
}

/** Acme's user: verified, not verified, resolved by irene, unpaid, a draft awaiting consent. */
export async function acmeUser(steps: DemoVerificationSteps, bob: Principal, irene: Principal) {
  await steps.resolvedBy(
    irene,
    await steps.pendingWithInstitute(
      bob,
      person('Sam', 'Carter', '1987-05-20', 'BEng (Hons)', 'Civil Engineering', 2009),
      'ACME-1005',
    ),
    'NOT_VERIFIED',
    'We hold no record of this award for this person.',
  );
  await steps.resolvedBy(
    irene,
    await steps.pendingWithInstitute(
      bob,
      person('Grace', 'Hall', '1994-09-17', 'BA (Hons)', 'English Literature', 2016),
      'ACME-1006',
    ),
    'VERIFIED',
    'Awarded with first class honours.',
  );
  await steps.verified(bob, HELD.john, 'ACME-1007');
  await steps.create(bob, atUniDemo(person('Mia', 'Wong', '1996-01-25'), 'ACME-1008'), true); // UNPAID: no card token
  await steps.create(
    bob,
    { ...atUniDemo(person('Noah', 'Fischer', '1991-08-09'), 'ACME-1009'), documents: [] },
    false,
  ); // AWAITING_CONSENT
}

/** Globex pays by invoice, Initech in credits. */
export async function globexAndInitech(
  steps: DemoVerificationSteps,
  carol: Principal,
  dave: Principal,
  irene: Principal,
) {
  await steps.verified(carol, HELD.siobhan, 'GLX-2001');
  await steps.pendingWithInstitute(
    carol,
    person('Homer', 'Jay', '1980-05-12', 'BSc (Hons)', 'Physics', 2002),
    'GLX-2002',
  );
  await steps.notFound(carol, person('Marge', 'Bouvier', '1982-03-19'), 'GLX-2003');
  await steps.verified(dave, HELD.jane, 'INI-3001');
  await steps.resolvedBy(
    irene,
    await steps.pendingWithInstitute(
      dave,
      person('Peter', 'Gibbons', '1983-02-11', 'BCom', 'Accounting', 2005),
      'INI-3002',
    ),
    'REJECTED',
    'The date of birth does not match our records.',
  );
}

/** Indy's own credentials (the wallet) and Anna's, who pays as an applicant. */
export async function individuals(
  steps: DemoVerificationSteps,
  indy: Principal,
  anna: Principal,
  irene: Principal,
) {
  await steps.resolvedBy(
    irene,
    await steps.pendingWithInstitute(
      indy,
      person('Indy', 'Individual', '1992-06-30', 'BA (Hons)', 'Geography', 2014),
      null,
    ),
    'VERIFIED',
    null,
  );
  await steps.pendingWithInstitute(
    indy,
    person('Indy', 'Individual', '1992-06-30', 'MA', 'Geography', 2016),
    null,
  );
  await steps.create(
    indy,
    {
      ...atUniDemo(person('Indy', 'Individual', '1992-06-30', 'PGCE', 'Education', 2017), null),
      documents: [],
    },
    false,
  );
  await steps.pendingWithInstitute(
    anna,
    person('Anna', 'Applicant', '1998-11-11', 'BSc (Hons)', 'Psychology', 2020),
    null,
  );
  await steps.notFound(anna, person('Anna', 'Applicant', '1998-11-11', 'MSc', 'Psychology', 2021), null);
}
