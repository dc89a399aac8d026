import {
  afterSubmitPath,
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
