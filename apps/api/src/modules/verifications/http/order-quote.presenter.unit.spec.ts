import { quoteItem } from './order-quote.presenter';
import { orderLineName, type DirectoryInstitute } from '../ports/institute-directory.port';

describe('order quote lines (money 2.9)', () => {
  it("names a country selector's entry by its other name, not the list name EMPVQCI / HSVQCI it is searched by", () => {
    expect(orderLineName({ name: 'EMPVQCI', names: ['EMPVQCI', 'Employment Verification United Kingdom'] })).toBe('Employment Verification United Kingdom');
    expect(orderLineName({ name: 'HSVQCI', names: ['HSVQCI', 'High School Verification France'] })).toBe('High School Verification France');
  });

  it('names any other institute by its first name, or its name when it lists none', () => {
    expect(orderLineName({ name: 'University of Demo', names: ['University of Demo', 'UoD'] })).toBe('University of Demo');
    expect(orderLineName({ name: 'Aberdeen Technical University', names: [] })).toBe('Aberdeen Technical University');
  });

  it('quotes the line under that name with the catalogue prices', () => {
    const institute = { id: 'QC_EMP_VER_GB', name: 'EMPVQCI', names: ['EMPVQCI', 'Employment Verification United Kingdom'], price: 49, surcharge: 0, accreditationPrice: null } as unknown as DirectoryInstitute;
    expect(quoteItem({ instituteId: 'QC_EMP_VER_GB', candidateName: ' Jane Doe ', accreditation: true }, 2, institute)).toEqual({
      verificationId: 'line-3',
      candidateName: 'Jane Doe',
      instituteId: 'QC_EMP_VER_GB',
      instituteName: 'Employment Verification United Kingdom',
      price: 49,
      surcharge: 0,
      accreditationPrice: null,
    });
  });
});
