import type { Principal } from '../../../../common/auth/principal';
import { applicationUpdateCommand, SaveApplicationDetails, SelectApplicationVerifications } from './application-details.handler';
import { ArchiveApplication, SubmitApplication } from './application-status.handler';

const anna = { username: 'anna@mail.test', companyId: 'anna' } as Principal;
const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64')}`;

describe('PUT /application/{id}: one shape, read once into the explicit command it means', () => {
  it('submits on status PENDING and archives on status ARCHIVED', () => {
    expect(applicationUpdateCommand(anna, 'A1', { status: 'PENDING' })).toBeInstanceOf(SubmitApplication);
    expect(applicationUpdateCommand(anna, 'A1', { status: 'ARCHIVED' })).toBeInstanceOf(ArchiveApplication);
  });

  it('saves details with fields as a list of {key, value} or a map, new documents decoded and kept ones by id', () => {
    const fromList = applicationUpdateCommand(anna, 'A1', { fields: [{ key: 'role', value: 'Analyst' }], documents: [{ id: 'kept' }, { requirementId: 'cv', data: pdf, id: 'ignored' }] });
    expect(fromList).toBeInstanceOf(SaveApplicationDetails);
    const save = fromList as SaveApplicationDetails;
    expect(save.fields).toEqual({ role: 'Analyst' });
    expect(save.documents?.[0]).toMatchObject({ id: 'kept', bytes: undefined });
    expect(save.documents?.[1]).toMatchObject({ id: undefined, requirementId: 'cv' });
    expect(save.documents?.[1].bytes?.subarray(0, 5).toString()).toBe('%PDF-');
    expect((applicationUpdateCommand(anna, 'A1', { fields: { role: 'Analyst' } }) as SaveApplicationDetails).fields).toEqual({ role: 'Analyst' });
  });

  it('refuses a status with details, an empty body, and malformed fields', () => {
    expect(() => applicationUpdateCommand(anna, 'A1', { status: 'PENDING', fields: { role: 'x' } })).toThrow('Change the status, or save fields and documents, not both at once.');
    expect(() => applicationUpdateCommand(anna, 'A1', {})).toThrow("Send {status: 'ARCHIVED'}, {status: 'PENDING'} or {fields, documents}.");
    expect(() => applicationUpdateCommand(anna, 'A1', { fields: [{ value: 1 }] })).toThrow('Each field needs a key and a value.');
  });

  it('selects verifications from {verificationIds} as text, numbers read as text', () => {
    expect(SelectApplicationVerifications.fromRequest(anna, 'A1', { verificationIds: ['QC1', 2] }).verificationIds).toEqual(['QC1', '2']);
  });
});
