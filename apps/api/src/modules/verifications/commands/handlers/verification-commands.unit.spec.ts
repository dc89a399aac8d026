import { VerificationInvalid } from '@credence/domain';
import type { Principal } from '../../../../common/auth/principal';
import { MAX_DOCUMENT_BYTES, UNREADABLE } from '../document-intake';
import { CancelVerification } from './close-verification.handler';
import { SaveVerification } from './save-verification.handler';
import { SubmitVerifications } from './submit-verifications.handler';
import { AttachVerificationDocument } from './verification-documents.handler';

const alice = { username: 'alice@acme.test', companyId: 'acme' } as Principal;
const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');

describe('verification commands built once from the request', () => {
  it('submits unless autosubmit is the literal false', () => {
    expect(SubmitVerifications.fromRequest(alice, {}, {}).autosubmit).toBe(true);
    expect(SubmitVerifications.fromRequest(alice, {}, { autosubmit: 'true' }).autosubmit).toBe(true);
    expect(SubmitVerifications.fromRequest(alice, {}, { autosubmit: 'false' }).autosubmit).toBe(false);
  });

  it('saves for later without flags, and submits with resub or push (either name)', () => {
    expect(SaveVerification.fromRequest(alice, 'QC1', {}, {}).submit).toBe(false);
    expect(SaveVerification.fromRequest(alice, 'QC1', {}, { resub: 'false', push: 'false' }).submit).toBe(false);
    expect(SaveVerification.fromRequest(alice, 'QC1', {}, { resub: 'true' }).submit).toBe(true);
    expect(SaveVerification.fromRequest(alice, 'QC1', {}, { push: 'true' }).submit).toBe(true);
    expect(SaveVerification.fromRequest(alice, 'QC1', {}, { push: 'true' }).verificationId).toBe('QC1');
  });

  it('cancels with the reason given, or none', () => {
    expect(CancelVerification.fromRequest(alice, 'QC1', { reason: 'Withdrawn' }).reason).toBe('Withdrawn');
    expect(CancelVerification.fromRequest(alice, 'QC1', {}).reason).toBeNull();
  });

  it('reads a multipart upload: its bytes, and its own file name when none is given', () => {
    const command = AttachVerificationDocument.fromRequest(alice, 'QC1', { requirementId: 'consent-institute' }, { buffer: pdf, size: pdf.length, originalname: 'consent.pdf' });
    expect(command.file).toEqual({ bytes: pdf, name: undefined, requirementId: 'consent-institute', filename: 'consent.pdf' });
  });

  it('reads a JSON upload: the data URL decoded, the requirement also as `id`, the file name as given', () => {
    const data = `data:application/pdf;base64,${pdf.toString('base64')}`;
    const command = AttachVerificationDocument.fromRequest(alice, 'QC1', { id: 'consent-institute', filename: 'mine.pdf', name: 'Consent', data }, undefined);
    expect(command.file).toEqual({ bytes: pdf, name: 'Consent', requirementId: 'consent-institute', filename: 'mine.pdf' });
  });

  it("refuses a file over 5 MB with its size in the spec's words, and an unreadable data URL", () => {
    const big = { buffer: Buffer.alloc(0), size: MAX_DOCUMENT_BYTES + 1, originalname: 'big.pdf' };
    expect(() => AttachVerificationDocument.fromRequest(alice, 'QC1', {}, big)).toThrow('File 5.0Mb size exceeds limits of 5Mb');
    expect(() => AttachVerificationDocument.fromRequest(alice, 'QC1', { data: 'data:image/png;base64,AAAA' }, undefined)).toThrow(VerificationInvalid);
    expect(() => AttachVerificationDocument.fromRequest(alice, 'QC1', {}, undefined)).toThrow(UNREADABLE);
  });
});
