import type { Resolution } from './verification.types';
import { validateResolution } from './verification.validation';

const base: Resolution = { result: 'VERIFIED', notes: null, approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar', approvalProcess: null };
const messages = (r: Partial<Resolution>, staff = false) =>
  validateResolution({ ...base, ...r }, { staff }).map((p) => `${p.field}: ${p.message}`);

describe('the Resolution form (verifications 2.11, 6)', () => {
  it('accepts Verified without a comment from an institute', () => {
    expect(messages({})).toEqual([]);
  });

  it('asks a Reject for a comment, and not a Not Verified (2.11: "no corrections or comments can be made")', () => {
    expect(messages({ result: 'REJECTED' })).toEqual(['notes: A comment is required for this resolution']);
    expect(messages({ result: 'REJECTED', notes: '  ' })).toEqual(['notes: A comment is required for this resolution']);
    expect(messages({ result: 'REJECTED', notes: 'The consent form is not signed.' })).toEqual([]);
    expect(messages({ result: 'NOT_VERIFIED', notes: '  ' })).toEqual([]);
    expect(messages({ result: 'NOT_VERIFIED' })).toEqual([]);
  });

  it('asks for the name and the job title', () => {
    expect(messages({ approvedByName: ' ', approvedByTitle: '' })).toEqual([
      'approvedByName: The name field is required.',
      'approvedByTitle: The job title / department field is required.',
    ]);
  });

  it('asks staff administrators, and only them, for the Resolved By Process', () => {
    expect(messages({}, true)).toEqual(['abp: The Approved By Process field is required']);
    expect(messages({ approvalProcess: 'Phone call' }, true)).toEqual([]);
  });
});
