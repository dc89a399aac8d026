import {
  completeRegistrationRequires,
  completeRegistrationVariant,
  isValidEmail,
  isVolumeChecks,
  normaliseEmail,
  startRegistrationRequires,
  termsNotAccepted,
} from './registration';

describe('registration start form (access 5.1)', () => {
  it('asks an individual for first name, last name and e-mail only', () => {
    expect(startRegistrationRequires('I', false)).toEqual(['firstname', 'lastname', 'email']);
    expect(startRegistrationRequires('I', true)).toEqual(['firstname', 'lastname', 'email']);
  });

  it('asks an organisation for Company Name, Job Title and Phone, and the checkbox only without an atid', () => {
    expect(startRegistrationRequires('C', false)).toEqual([
      'firstname',
      'lastname',
      'email',
      'companyName',
      'jobTitle',
      'phone',
      'understand',
    ]);
    expect(startRegistrationRequires('C', true)).not.toContain('understand');
  });

  it('trims and lower-cases the e-mail, and accepts only a valid one', () => {
    expect(normaliseEmail('  Ivy.Ng@Mail.Test ')).toBe('ivy.ng@mail.test');
    expect(isValidEmail(' ivy@mail.test ')).toBe(true);
    for (const bad of ['', 'ivy', 'ivy@', 'ivy@mail', '@mail.test', 'i vy@mail.test', 'ivy@@mail.test']) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });
});

describe('complete registration (access 5.2)', () => {
  it('reads the variant from the token: a company id joins it, otherwise individual or organisation', () => {
    expect(completeRegistrationVariant({ companyId: 7, individual: false })).toBe('member');
    expect(completeRegistrationVariant({ companyId: null, individual: true })).toBe('individual');
    expect(completeRegistrationVariant({ individual: false })).toBe('organisation');
  });

  it('requires volume and industry of organisations only, and a country unless joining a company', () => {
    expect(completeRegistrationRequires('member')).toEqual(['password', 'confirm', 'terms']);
    expect(completeRegistrationRequires('individual')).toEqual(['password', 'confirm', 'terms', 'country']);
    expect(completeRegistrationRequires('organisation')).toEqual([
      'password',
      'confirm',
      'terms',
      'companyName',
      'volumeChecks',
      'country',
      'industry',
    ]);
  });

  it('knows the two volume options', () => {
    expect(isVolumeChecks('0-199') && isVolumeChecks('200+')).toBe(true);
    expect(isVolumeChecks('200')).toBe(false);
    expect(isVolumeChecks(null)).toBe(false);
  });

  it("words the terms message as the spec does, with the owner's part when there is an owner", () => {
    expect(termsNotAccepted(false)).toBe(
      'You must accept our terms & conditions in order to use our service.',
    );
    expect(termsNotAccepted(true)).toBe(
      'You must accept our terms & conditions and agree to share you data in order to use our service.',
    );
  });
});
