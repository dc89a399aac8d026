import { describe, expect, it } from 'vitest';
import { hasTemplate, readPublicParams, templateSubdomain } from '@/shared/public/publicParams';

const read = (query: string, host = 'app.credence.test') =>
  readPublicParams(new URLSearchParams(query), host);

describe('public wrapper query parameters (spec 2.4)', () => {
  it('maps iaoi codes to templates 1 to 4, and any other code to 0; atid wins', () => {
    expect(read('iaoi=uni-demo').atid).toBe('1');
    expect(read('iaoi=globex-talent').atid).toBe('4');
    expect(read('iaoi=whatever').atid).toBe('0');
    expect(read('iaoi=uni-demo&atid=acme').atid).toBe('acme');
    expect(read('').atid).toBeNull();
    expect([hasTemplate('acme'), hasTemplate('0'), hasTemplate('-1'), hasTemplate(null)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('reads ref, r, qcmc and the URL-decoded e', () => {
    expect(read('ref=ACME-REF&r=x&qcmc=SPRING&e=ann%2540acme.example')).toMatchObject({
      referralCode: 'ACME-REF',
      r: 'x',
      qcmc: 'SPRING',
      email: 'ann@acme.example',
    });
  });

  it('forces the referral code on partner hosts, and names a template owner on other subdomains', () => {
    expect(read('ref=OTHER', 'partners.credence.test').referralCode).toBe('PARTNER');
    expect(templateSubdomain('acme.credence.test')).toBe('acme');
    expect(templateSubdomain('app.credence.test')).toBeNull();
    expect(templateSubdomain('www.credence.test')).toBeNull();
    expect(templateSubdomain('localhost')).toBeNull();
  });
});
