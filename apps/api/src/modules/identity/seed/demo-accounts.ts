import { randomUUID } from 'node:crypto';
import type { AccountsRepository, CompanyRow } from '../persistence/accounts.repository';
import { hashPassword } from '../sessions/passwords';

export const DEMO_PASSWORD = 'Demo-pass1';

/** The demo sign-ins (issue "Identity and access API"), printed by `npm start` and listed in the README. */
export const DEMO_ACCOUNTS = [
  { username: 'admin@credence.test', who: 'staff administrator (console, impersonation)' },
  { username: 'auditor@credence.test', who: 'staff auditor (replay, export and verify histories; read-only)' },
  { username: 'alice@acme.test', who: 'organisation admin, Acme Recruitment Ltd (GB, card, all access)' },
  { username: 'bob@acme.test', who: 'organisation user, Acme Recruitment Ltd' },
  { username: 'carol@globex.test', who: 'organisation admin, Globex Corp (US, invoice)' },
  { username: 'dave@initech.test', who: 'organisation admin, Initech (token payer)' },
  { username: 'irene@uni-demo.test', who: 'institute account, University of Demo' },
  { username: 'paul@board-demo.test', who: 'parent account, Demo Examinations Board' },
  { username: 'indy@mail.test', who: 'individual, card' },
  { username: 'anna@mail.test', who: 'applicant to Acme (applicant pays), open application' },
  { username: 'jane@mail.test', who: 'applicant to Acme, application completed (Applicants: her application history)' },
  { username: 'omar@mail.test', who: 'applicant to Acme, application pending with University of Demo (Applicants: his application history)' },
] as const;

/** Acme's application template: what each application to Acme asks for (verifications.md 2.13, 3). */
export const ACME_TEMPLATE = {
  description: 'Please verify your highest qualification and upload your CV.',
  allowedTypes: [
    { key: 'edu', min: 1, max: 3 },
    { key: 'pli', min: 0, max: 2 },
    { key: 'idc', min: 0, max: 1 },
  ],
  fields: [
    { key: 'candidateNumber', name: 'Candidate number', description: 'The number on your Acme application form.', type: 'TEXT', required: true, filter: true },
    { key: 'role', name: 'Role applied for', description: null, type: 'SELECT', values: ['Graduate analyst', 'Software engineer', 'Account manager'], required: false, filter: true },
  ],
  documentRequirements: [
    { id: 'cv', name: 'Curriculum vitae', required: true },
    { id: 'cover-letter', name: 'Cover letter', required: false },
  ],
};

/** University of Demo's id in the institute catalogue. */
export const UNI_DEMO_INSTITUTE_ID = 'uni-demo';

type Company = Partial<CompanyRow> & Pick<CompanyRow, 'id' | 'name'>;

const companies: Company[] = [
  { id: 'credence', name: 'Credence', paymentType: 'INVOICE', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: 1 },
  {
    id: 'acme', name: 'Acme Recruitment Ltd', paymentType: 'CARD', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: 2,
    addressStreet1: '1 Market Street', addressCity: 'London', addressPostCode: 'EC1A 1AA', hasAnalyticsAccess: true,
    hasReportsAccess: true, hasCountryAccess: true, hasApplicants: true, inviteApplicants: true, hasReferrals: true,
    customRolesLabel: 'Teams', assignableCustomRoles: ['Graduate hiring', 'Executive search', 'Compliance'],
  },
  { id: 'globex', name: 'Globex Corp', paymentType: 'INVOICE', currency: 'USD', vatPayer: false, countryId: 'US', industryId: 3, addressCity: 'Springfield' },
  { id: 'initech', name: 'Initech', paymentType: 'TOKEN_SINGLE_CREDIT', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: 4, addressCity: 'Manchester' },
  { id: 'uni-demo-account', name: 'University of Demo', paymentType: 'INSTITUTE', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: 5, instituteId: UNI_DEMO_INSTITUTE_ID },
  { id: 'board-demo', name: 'Demo Examinations Board', paymentType: 'INSTITUTE_PARENT', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: 5 },
  { id: 'indy', name: 'Indy Individual', individual: true, paymentType: 'CARD', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: -1 },
  { id: 'anna', name: 'Anna Applicant', individual: true, paymentType: 'CARD', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: -1, applicantPays: true },
  // Jane and Omar have submitted their applications: with hasApplicants they read them back under Applicants, the
  // individuals' application history (verifications 2.13, 6). Anna's is still open: Open Applications is her way in.
  { id: 'jane', name: 'Jane Doe', individual: true, paymentType: 'CARD', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: -1, applicantPays: true, hasApplicants: true },
  { id: 'omar', name: 'Omar Haddad', individual: true, paymentType: 'CARD', currency: 'GBP', vatPayer: true, countryId: 'GB', industryId: -1, applicantPays: true, hasApplicants: true },
];

const users = [
  { username: 'admin@credence.test', companyId: 'credence', firstname: 'Ada', lastname: 'Admin', admin: true },
  { username: 'auditor@credence.test', companyId: 'credence', firstname: 'Aud', lastname: 'Itor', admin: false, staffRole: 'auditor' as const },
  { username: 'alice@acme.test', companyId: 'acme', firstname: 'Alice', lastname: 'Archer', admin: true },
  { username: 'bob@acme.test', companyId: 'acme', firstname: 'Bob', lastname: 'Baker', admin: false, customRoles: ['Graduate hiring'] },
  { username: 'carol@globex.test', companyId: 'globex', firstname: 'Carol', lastname: 'Chen', admin: true },
  { username: 'dave@initech.test', companyId: 'initech', firstname: 'Dave', lastname: 'Dawson', admin: true },
  { username: 'irene@uni-demo.test', companyId: 'uni-demo-account', firstname: 'Irene', lastname: 'Ingram', admin: true },
  { username: 'paul@board-demo.test', companyId: 'board-demo', firstname: 'Paul', lastname: 'Parker', admin: true },
  { username: 'indy@mail.test', companyId: 'indy', firstname: 'Indy', lastname: 'Individual', admin: false },
  { username: 'anna@mail.test', companyId: 'anna', firstname: 'Anna', lastname: 'Applicant', admin: false, applicant: true, applicationOwnerId: 'acme', applicationRef: 'CAND-0001' },
  { username: 'jane@mail.test', companyId: 'jane', firstname: 'Jane', lastname: 'Doe', admin: false, applicant: true, applicationOwnerId: 'acme', applicationRef: 'CAND-0002' },
  { username: 'omar@mail.test', companyId: 'omar', firstname: 'Omar', lastname: 'Haddad', admin: false, applicant: true, applicationOwnerId: 'acme', applicationRef: 'CAND-0003' },
];

export async function seedDemoAccounts(accounts: AccountsRepository) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await accounts.transaction(async (client) => {
    for (const c of companies) await accounts.insertCompany(c, client);
    for (const u of users) {
      await accounts.insertUser(
        { id: randomUUID(), phone: '+44 20 7946 0000', pending: false, passwordHash, tcsVersion: 3, interuptMessageAck: '2024-01-01', ...u },
        client,
      );
    }
    await client.query(
      `INSERT INTO application_owners (id, company_id, subdomain, name, status, status_description, reference_label, template, applicant_pays,
                                       description, allowed_types, fields, document_requirements)
       VALUES ('acme', 'acme', 'acme', 'Acme Recruitment Ltd', 'OPEN', 'Please verify your highest qualification.', 'Candidate number', 0, true,
               $1, $2, $3, $4),
              ('globex-closed', 'globex', 'globex', 'Globex Corp', 'CLOSED', 'Globex is not taking applications at the moment.', null, 0, false,
               null, null, '[]', '[]')`,
      [ACME_TEMPLATE.description, JSON.stringify(ACME_TEMPLATE.allowedTypes), JSON.stringify(ACME_TEMPLATE.fields), JSON.stringify(ACME_TEMPLATE.documentRequirements)],
    );
    await client.query(`INSERT INTO referral_owners (code, company_id) VALUES ('ACME-REF', 'acme')`);
    await client.query(
      `INSERT INTO notices (message, scope) VALUES ('Verifications from some institutes in Nigeria may take longer than usual this month.', 'DASHBOARD')`,
    );
    await client.query(
      `INSERT INTO news_alerts (type, title, message, published_at) VALUES
        ('NEWS', 'Faster checks in Europe', 'Automatic checks now cover 120 more European institutes.', now() - interval '2 days'),
        ('ALERT_MAINTENANCE', 'Planned maintenance', 'The service may be briefly unavailable during the weekly maintenance window, Sundays between 02:00 and 03:00 UTC.', now() - interval '1 hour')`,
    );
  });
}
