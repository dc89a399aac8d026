import { verificationEvent, type VerificationPaid, type VerificationResolved } from './verification.events';
import { isPaymentEntry, timelineEntry, timelineTone, type AuditEvent } from './verification.timeline';
import type { VerificationPaymentMethod } from './verification.types';

const institute = (event: string): Pick<AuditEvent, 'type' | 'event'> => ({ type: 'VERIFICATION_INSTITUTE_ACTION', event });

describe('timeline colouring (verifications.md 2.9)', () => {
  it('colours institute decisions: Action Required warning, Not Verified danger, Verified success', () => {
    expect(timelineTone(institute('Irene Ingram (Registrar), University of Demo, changed status to Action Required.'))).toBe('warning');
    expect(timelineTone(institute('Irene Ingram (Registrar), University of Demo, changed status to Not Verified.'))).toBe('error');
    expect(timelineTone(institute('Irene Ingram (Registrar), University of Demo, changed status to Verified.'))).toBe('success');
  });

  it('leaves other institute events and every non-institute event plain', () => {
    expect(timelineTone(institute('Irene Ingram (Registrar) added a comment.'))).toBeNull();
    expect(timelineTone({ type: 'VERIFICATION_SYSTEM_ACTION', event: 'System changed status to Verified: a matching record was found.' })).toBeNull();
    expect(timelineTone({ type: 'VERIFICATION_USER_ACTION', event: 'Verification request submitted by alice@acme.test.' })).toBeNull();
  });

  it('colours the lines the timeline actually writes for a resolution', () => {
    const meta = { eventId: 'e1', occurredAt: '2026-11-20T10:00:00.000Z', actor: 'irene@uni-demo.test' };
    const resolved = (result: 'VERIFIED' | 'REJECTED' | 'NOT_VERIFIED') => {
      const event = verificationEvent<VerificationResolved>('VerificationResolved', {
        result,
        previousResult: 'PENDING',
        notes: null,
        approvedByName: 'Irene Ingram',
        approvedByTitle: 'Registrar',
        approvalProcess: null,
        resolvedBy: 'INSTITUTE',
        resolverName: 'University of Demo',
        resolverCompanyId: 'c1',
      });
      const entry = timelineEntry(event, meta);
      if (!entry) throw new Error('no timeline entry');
      return entry;
    };
    expect(timelineTone(resolved('VERIFIED'))).toBe('success');
    expect(timelineTone(resolved('NOT_VERIFIED'))).toBe('error');
    expect(timelineTone(resolved('REJECTED'))).toBe('warning');
  });
});

describe('payment lines (left out of the resolving institute\'s Event History)', () => {
  const meta = { eventId: 'e1', occurredAt: '2026-11-20T10:00:00.000Z', actor: 'alice@acme.test' };
  const paid = (method: VerificationPaymentMethod, invoiceId: string | null) =>
    timelineEntry(
      verificationEvent<VerificationPaid>('VerificationPaid', {
        payment: { method, invoiceId, amount: 84, currency: 'GBP', credits: method === 'CREDITS' ? 2 : 0 },
      }),
      meta,
    )!;

  it('knows the line of every payment method as the timeline writes it', () => {
    const lines = [
      paid('CARD', 'INV-100013'),
      paid('CARD', null),
      paid('INVOICE', 'INV-100014'),
      paid('CREDITS', null),
      paid('APPLICATION_OWNER', null),
      paid('FREE', null),
    ];
    expect(lines.map((l) => l.event)).toEqual([
      'Payment received (invoice INV-100013).',
      'Payment received.',
      'Added to invoice INV-100014.',
      'Paid with 2 credit(s).',
      'Paid by the application owner.',
      'No payment needed.',
    ]);
    expect(lines.every(isPaymentEntry)).toBe(true);
  });

  it('keeps every other line', () => {
    expect(isPaymentEntry({ id: 'x', created: '', type: 'VERIFICATION_SYSTEM_ACTION', event: 'System changed status to Verified: a matching record was found.' })).toBe(false);
    expect(isPaymentEntry({ id: 'x', created: '', type: 'VERIFICATION_USER_ACTION', event: 'Verification request submitted by alice@acme.test.' })).toBe(false);
    // The same words typed by a user into a comment are not the system's payment line.
    expect(isPaymentEntry({ id: 'x', created: '', type: 'ADMIN_COMMENT', event: 'No payment needed.' })).toBe(false);
  });
});
