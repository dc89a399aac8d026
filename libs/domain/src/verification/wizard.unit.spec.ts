import {
  afterSubmitPath,
  APPLICATION_TEXTS,
  applicationAllowed,
  applicationFieldProblems,
  applicationSeed,
  applicationWizardSteps,
  asksTranscriptConfirmation,
  entriesLocked,
  parseApplicationTypes,
  showsAddAllWarning,
  viewAfterApplication,
  type WizardApplication,
  cleanDocumentLabel,
  consentStatement,
  countBounds,
  countsFromQuery,
  initialView,
  instituteChoice,
  savedToHistory,
  startCardHelp,
  uploadProblem,
  wizardSteps,
} from './wizard';

const params = (q: string) => new URLSearchParams(q);
const PDF = new TextEncoder().encode('%PDF-1.7');

describe('new-verification wizard rules', () => {
  it('bounds counts 0-10 with identity max 1; an application bounds them (academic reference uses SELT)', () => {
    expect(countBounds('edu')).toEqual({ min: 0, max: 10 });
    expect(countBounds('idc')).toEqual({ min: 0, max: 1 });
    const app = [{ key: 'edu', min: 1, max: 3 }, { key: 'elc', min: 2, max: 2 }] as const;
    expect(countBounds('edu', app)).toEqual({ min: 1, max: 3 });
    expect(countBounds('arf', app)).toEqual({ min: 2, max: 2 });
    expect(countBounds('pli', app)).toEqual({ min: 0, max: 10 });
  });

  it("words a start card 'Must be exactly N' when min equals max, else the type's help text", () => {
    expect(startCardHelp('idc', { min: 0, max: 1 })).toBe('Max one per individual.');
    expect(startCardHelp('edu', { min: 2, max: 2 })).toBe('Must be exactly 2');
    expect(startCardHelp('pli', { min: 0, max: 10 })).toBe('Add one per license.');
  });

  it("reads the query flags, the wallet's idce and elc spellings included, within the allowed types and bounds", () => {
    expect(countsFromQuery(params('nedu=2&nhsc=1&nidc=1'), ['edu', 'hsc', 'emp'])).toEqual({ edu: 2, hsc: 1 });
    expect(countsFromQuery(params('idce=1&elc=1'), ['idc', 'elc'])).toEqual({ idc: 1, elc: 1 });
    expect(countsFromQuery(params('nidc=5&nedu=99&npli=x'), ['idc', 'edu', 'pli'])).toEqual({ idc: 1, edu: 10 });
  });

  it('opens on the start screen unless one type is allowed, an institute was picked, or the flags pre-added entries', () => {
    expect(initialView({ allowed: ['edu', 'emp'], initInstitute: false, preAdded: 0 })).toBe('start');
    expect(initialView({ allowed: ['edu'], initInstitute: false, preAdded: 0 })).toBe('multi');
    expect(initialView({ allowed: ['edu', 'emp'], initInstitute: true, preAdded: 0 })).toBe('multi');
    expect(initialView({ allowed: ['edu', 'emp'], initInstitute: false, preAdded: 1 })).toBe('multi');
  });

  it('shows Start only for several types and Payment Details only for card payers', () => {
    expect(wizardSteps({ allowed: ['edu', 'emp'], paymentType: 'CARD' }).map((s) => s.label)).toEqual(['Start', 'Verification Details', 'Review & Consent', 'Payment Details']);
    expect(wizardSteps({ allowed: ['edu'], paymentType: 'INVOICE' }).map((s) => s.label)).toEqual(['Verification Details', 'Review & Consent']);
  });

  it('words consent for individuals and for everyone else', () => {
    expect(consentStatement(true)).toBe('I am the individual named above and have provided copies of written consent where requested.');
    expect(consentStatement(false)).toBe('I hold the written consent of the individuals named above and have provided copies of these consents where requested.');
  });

  it('chooses institutes by search, by country, or fixed', () => {
    expect(instituteChoice('edu')).toBe('search');
    expect(instituteChoice('hsc')).toBe('country');
    expect(instituteChoice('emp')).toBe('country');
    expect(instituteChoice('idc')).toBe('fixed');
    expect(instituteChoice('elc')).toBe('fixed');
  });

  it('refuses files over 5 MB (1000^2 bytes) and anything that is not a PDF, in the spec words', () => {
    expect(uploadProblem({ size: 5_000_000, head: PDF })).toBeNull();
    expect(uploadProblem({ size: 6_000_000, head: PDF })).toBe('File 6Mb size exceeds limits of 5Mb');
    expect(uploadProblem({ size: 5_400_000, head: PDF })).toBe('File 5.4Mb size exceeds limits of 5Mb');
    expect(uploadProblem({ size: 10, head: new TextEncoder().encode('GIF89a') })).toBe('Could not read file, check supported file types.');
  });

  it('blocks spaces in a document label and keeps 30 characters', () => {
    expect(cleanDocumentLabel('Proof of address')).toBe('Proofofaddress');
    expect(cleanDocumentLabel('x'.repeat(40))).toHaveLength(30);
  });

  it('goes to the history with the new ids highlighted, to the one verification, or to the wallet', () => {
    expect(afterSubmitPath({ ids: ['A', 'B'], invoiceId: 'INV-1', nonApplicantIndividual: false })).toBe('/verification/history?highlight=A,B&invoiceId=INV-1');
    expect(afterSubmitPath({ ids: ['A'], invoiceId: null, nonApplicantIndividual: false })).toBe('/verification/history/A');
    expect(afterSubmitPath({ ids: ['A'], invoiceId: 'INV-1', nonApplicantIndividual: false })).toBe('/verification/history/A?invoiceId=INV-1');
    expect(afterSubmitPath({ ids: ['A'], invoiceId: 'INV-1', nonApplicantIndividual: true })).toBe('/wallet');
    expect(savedToHistory('Jane', 'Doe')).toBe('Verification for Jane Doe saved to history.');
  });
});

describe('the wizard inside an application (verifications 2.2, 2.13, 5, 6)', () => {
  const app = (over: Partial<WizardApplication> = {}): WizardApplication => ({
    lockedInstitutes: [],
    allowedTypes: null,
    applicantPays: true,
    owner: { name: 'Acme Recruitment Ltd', template: 0 },
    ...over,
  });

  it("reads the API's allowedTypes (a JSON string or a list), dropping unknown keys; null when absent or unreadable", () => {
    expect(parseApplicationTypes('[{"key":"edu","min":1,"max":3},{"key":"xyz","min":0,"max":1},{"key":"idc"}]')).toEqual([
      { key: 'edu', min: 1, max: 3 },
      { key: 'idc', min: 0, max: 10 },
    ]);
    expect(parseApplicationTypes([{ key: 'pli', min: 0, max: 2 }])).toEqual([{ key: 'pli', min: 0, max: 2 }]);
    expect(parseApplicationTypes(null)).toBeNull();
    expect(parseApplicationTypes('not json')).toBeNull();
  });

  it("offers the application's types over the account's (max 0 left out, academic reference with SELT), else the account's", () => {
    const allowedTypes = parseApplicationTypes('[{"key":"pli","min":0,"max":2},{"key":"edu","min":1,"max":3},{"key":"emp","min":0,"max":0}]');
    expect(applicationAllowed(['edu', 'hsc', 'emp'], app({ allowedTypes }))).toEqual(['edu', 'pli']);
    expect(applicationAllowed(['edu'], app({ allowedTypes: [{ key: 'elc', min: 0, max: 1 }] }))).toEqual(['elc', 'arf']);
    expect(applicationAllowed(['pce', 'edu'], app())).toEqual(['edu', 'pce']);
    expect(applicationAllowed(['pce', 'edu'], null)).toEqual(['edu', 'pce']);
  });

  it('pre-creates one education verification per locked institute, else the one allowed type, else nothing', () => {
    expect(applicationSeed(app({ lockedInstitutes: ['uni-a', 'uni-b'] }), ['edu', 'pli'])).toEqual([
      { code: 'edu', instituteId: 'uni-a' },
      { code: 'edu', instituteId: 'uni-b' },
    ]);
    expect(applicationSeed(app(), ['idc'])).toEqual([{ code: 'idc', instituteId: 'QC_ID_VER_TRUST_ID' }]);
    expect(applicationSeed(app(), ['edu', 'pli'])).toEqual([]);
    expect(viewAfterApplication(0, ['edu', 'pli'])).toBe('start');
    expect(viewAfterApplication(2, ['edu', 'pli'])).toBe('multi');
    expect(viewAfterApplication(0, ['edu'])).toBe('multi');
    expect(entriesLocked(app({ lockedInstitutes: ['uni-a'] }))).toBe(true);
    expect(entriesLocked(app())).toBe(false);
    expect(entriesLocked(null)).toBe(false);
  });

  it("puts 'Application Details' first on the step bar, and asks for the transcripts only for template 17", () => {
    expect(applicationWizardSteps({ allowed: ['edu', 'pli'], paymentType: 'CARD', application: true }).map((s) => s.label)).toEqual([
      'Application Details',
      'Start',
      'Verification Details',
      'Review & Consent',
      'Payment Details',
    ]);
    expect(applicationWizardSteps({ allowed: ['edu'], paymentType: 'NONE', application: false }).map((s) => s.label)).toEqual(['Verification Details', 'Review & Consent']);
    expect(asksTranscriptConfirmation(17)).toBe(true);
    expect(asksTranscriptConfirmation(0)).toBe(false);
    expect(showsAddAllWarning(['idc'])).toBe(false);
    expect(showsAddAllWarning(['idc', 'edu'])).toBe(true);
  });

  it("words the application's texts as the spec does", () => {
    expect(APPLICATION_TEXTS.confirmAll('Acme')).toBe('Have you added all the credential verifications required for your application to Acme?');
    expect(APPLICATION_TEXTS.submitted('Acme')).toBe('Your application to Acme has been submitted. You will be contacted again after it is reviewed.');
    expect(APPLICATION_TEXTS.intro('Acme')).toBe('Qualification Verification for your application to Acme.');
  });

  it('checks the application fields: required, INTEGER, DATE dd/MM/yyyy and listed values', () => {
    const fields = [
      { key: 'candidateNumber', name: 'Candidate number', type: 'TEXT', required: true, values: null },
      { key: 'year', name: 'Year', type: 'INTEGER', required: false, values: null },
      { key: 'start', name: 'Start date', type: 'DATE', required: false, values: null },
      { key: 'role', name: 'Role applied for', type: 'SELECT', required: false, values: ['Graduate analyst'] },
    ];
    expect(applicationFieldProblems(fields, { year: '20x', start: '31/13/2020', role: 'Chef' })).toEqual({
      candidateNumber: 'The Candidate number field is required.',
      year: 'The Year field must be a number.',
      start: 'Please ensure you use DD/MM/YYYY format.',
      role: 'The selected Role applied for is invalid.',
    });
    expect(applicationFieldProblems(fields, { candidateNumber: 'C-1', year: '2020', start: '01/09/2020', role: 'Graduate analyst' })).toEqual({});
  });
});
