import { credentialSummary } from './credential-summary';
import { CURRENT_STUDENT_GRAD_YEAR } from './verification.validation';

describe('credentialSummary', () => {
  it('names the course or qualification with its year', () => {
    expect(credentialSummary({ course: 'Computer Science', gradYear: 2017 })).toBe('Computer Science, 2017');
    expect(credentialSummary({ qualification: 'BSc', course: 'Law', gradYear: '2019' })).toBe(
      'BSc Law, 2019',
    );
    expect(credentialSummary({ qualification: 'MBA', gradYear: 2020 })).toBe('MBA, 2020');
  });
  it('says a current student is one instead of the sentinel year', () => {
    expect(credentialSummary({ course: 'History', gradYear: CURRENT_STUDENT_GRAD_YEAR })).toBe(
      'History, Current student',
    );
  });
  it('dates by an award, an issue, a test or a job end when there is no graduation year', () => {
    expect(
      credentialSummary({ jobTitle: 'Payroll Clerk', startDate: '2018-02-01', endDate: '2021-06-30' }),
    ).toBe('Payroll Clerk, 2021');
    expect(credentialSummary({ testDate: '2024-03-09' })).toBe('2024');
    expect(credentialSummary({ schoolName: 'Hill School', awardDate: '2012-07-01' })).toBe(
      'Hill School, 2012',
    );
  });
  it('is null when nothing says what or when', () => {
    expect(credentialSummary({ documentNumber: 'X123' })).toBeNull();
    expect(credentialSummary({ course: '  ', gradYear: null })).toBeNull();
    expect(credentialSummary(null)).toBeNull();
  });
});
