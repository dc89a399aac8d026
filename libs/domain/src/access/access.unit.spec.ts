import {
  allowedTypes,
  canCreateVerification,
  canUseAnalytics,
  currencySymbol,
  isInstituteOrParent,
  pays,
  seesPrices,
  startRoute,
  usesTokens,
  type AccountFacts,
} from './account';
import { checkPassword, isValidPassword } from './password';
import { hasPermission, newVerificationPermissions, permissionsForResult } from './permissions';

const account = (over: Partial<AccountFacts> = {}): AccountFacts => ({
  username: 'alice@acme.test',
  paymentType: 'CARD',
  isIndividual: false,
  isApplicant: false,
  applicantPays: false,
  admin: false,
  qcAdmin: false,
  allowedTypes: null,
  hasReportsAccess: false,
  hasAnalyticsAccess: false,
  hasCountryAccess: false,
  hasApplicants: false,
  inviteApplicants: false,
  hasReferrals: false,
  sharingDisabled: false,
  ...over,
});

describe('allowed verification types (6.4)', () => {
  it('gives staff all eight, individuals four, others five', () => {
    expect(allowedTypes(account({ qcAdmin: true }))).toEqual(['edu', 'emp', 'pli', 'pce', 'idc', 'hsc', 'elc', 'arf']);
    expect(allowedTypes(account({ isIndividual: true }))).toEqual(['edu', 'pli', 'pce', 'hsc']);
    expect(allowedTypes(account({ isIndividual: true, isApplicant: true }))).toEqual(['edu', 'pli', 'pce', 'hsc']);
    expect(allowedTypes(account())).toEqual(['edu', 'emp', 'pli', 'pce', 'hsc']);
  });
  it("lets the token's list override, and an application's list override both", () => {
    expect(allowedTypes(account({ allowedTypes: ['idc'] }))).toEqual(['idc']);
    expect(allowedTypes(account({ allowedTypes: ['idc'] }), ['arf', 'edu'])).toEqual(['arf', 'edu']);
  });
});

describe('account kinds and access (6.1, 6.2)', () => {
  it('recognises institutes, parents, token payers and payers', () => {
    expect(isInstituteOrParent('INSTITUTE')).toBe(true);
    expect(isInstituteOrParent('INSTITUTE_PARENT')).toBe(true);
    expect(isInstituteOrParent('CARD')).toBe(false);
    expect(usesTokens('TOKEN_SINGLE_CREDIT')).toBe(true);
    expect(usesTokens('INSTITUTE')).toBe(true);
    expect(usesTokens('CARD')).toBe(false);
    expect(pays('CARD') && pays('INVOICE')).toBe(true);
    expect(pays('TOKEN_SINGLE_CREDIT')).toBe(false);
  });
  it('shows prices to card and invoice payers but not to an applicant who does not pay', () => {
    expect(seesPrices(account())).toBe(true);
    expect(seesPrices(account({ paymentType: 'INVOICE' }))).toBe(true);
    expect(seesPrices(account({ paymentType: 'TOKEN_SINGLE_CREDIT' }))).toBe(false);
    expect(seesPrices(account({ isApplicant: true, applicantPays: false }))).toBe(false);
    expect(seesPrices(account({ isApplicant: true, applicantPays: true }))).toBe(true);
  });
  it('opens analytics to non-individual admins with access only', () => {
    expect(canUseAnalytics(account({ admin: true, hasAnalyticsAccess: true }))).toBe(true);
    expect(canUseAnalytics(account({ admin: false, hasAnalyticsAccess: true }))).toBe(false);
    expect(canUseAnalytics(account({ admin: true, hasAnalyticsAccess: true, isIndividual: true }))).toBe(false);
  });
  it('hides New Verification when sharing is disabled, payment type is NONE, or no types are allowed', () => {
    expect(canCreateVerification(account())).toBe(true);
    expect(canCreateVerification(account({ sharingDisabled: true }))).toBe(false);
    expect(canCreateVerification(account({ paymentType: 'NONE' }))).toBe(false);
    expect(canCreateVerification(account({ allowedTypes: [] }))).toBe(false);
  });
  it("sends '/' to the wallet, the dashboard or home", () => {
    expect(startRoute(account({ isIndividual: true }))).toBe('/wallet');
    expect(startRoute(account({ paymentType: 'INSTITUTE' }))).toBe('/dashboard');
    expect(startRoute(account({ paymentType: 'UNI_PARENT' }))).toBe('/dashboard');
    expect(startRoute(account())).toBe('/home');
  });
  it('uses the currency symbols of 3.1', () => {
    expect([currencySymbol('USD'), currencySymbol('EUR'), currencySymbol('AUD'), currencySymbol('GBP'), currencySymbol(undefined)]).toEqual(['$', '€', '$', '£', '£']);
  });
});

describe('password rule (5.2)', () => {
  it.each(['Demo-pass1', 'Aa1!aa', 'Zz9£zz', `Aa1-${'x'.repeat(252)}`])('accepts %s', (p) => expect(isValidPassword(p)).toBe(true));
  it.each([
    ['too short', 'Aa1!a'],
    ['too long', `Aa1-${'x'.repeat(253)}`],
    ['no lowercase', 'AA1!AA'],
    ['no uppercase', 'aa1!aa'],
    ['no digit', 'Aaa!aa'],
    ['no special', 'Aa1aaa'],
    ['a space', 'Aa1! aa'],
    ['a special outside the set', 'Aa1!a_a'],
  ])('refuses a password with %s', (_why, p) => expect(isValidPassword(p)).toBe(false));
  it('reports each check for the live hint', () => {
    expect(checkPassword('abc')).toEqual({ length: false, lowercase: true, uppercase: false, digit: false, special: false, onlyAllowed: true });
  });
});

describe('permission bitmask (6.5)', () => {
  it('assigns by result', () => {
    expect(permissionsForResult('NOT_FOUND')).toBe(8);
    expect(['REJECTED', 'UNPAID', 'AWAITING_CONSENT'].map(permissionsForResult)).toEqual([56, 56, 56]);
    expect(permissionsForResult('VERIFIED')).toBe(0);
  });
  it('grants a flag when the AND is non-zero', () => {
    expect(hasPermission(56, 'ADD_DOC')).toBe(true);
    expect(hasPermission(56, 'UPD_FLD')).toBe(true);
    expect(hasPermission(8, 'ADD_DOC')).toBe(false);
    expect(hasPermission(newVerificationPermissions(false), 'DEL_INS')).toBe(false);
    expect(hasPermission(newVerificationPermissions(true), 'DEL_INS')).toBe(true);
  });
});
