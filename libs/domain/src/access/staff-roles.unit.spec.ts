import { mayAudit, STAFF_ACCESS, staffRole } from './staff-roles';

describe('staff roles', () => {
  it('staff accounts are administrators unless their username makes them auditors', () => {
    expect(staffRole('admin@credence.test', 'credence.test')).toBe('administrator');
    expect(staffRole('auditor@credence.test', 'credence.test')).toBe('auditor');
    expect(staffRole('Auditor.Jones@Credence.test', 'credence.test')).toBe('auditor');
    expect(staffRole('auditorium@credence.test', 'credence.test')).toBe('administrator');
    expect(staffRole('auditor@acme.test', 'credence.test')).toBeNull();
  });

  it('auditors replay, export and verify, and cannot act; customers cannot audit', () => {
    expect(STAFF_ACCESS.auditor).toEqual({ replay: true, export: true, verify: true, act: false });
    expect(STAFF_ACCESS.administrator.act).toBe(true);
    expect(mayAudit({ qcAdmin: false, auditor: true })).toBe(true);
    expect(mayAudit({ qcAdmin: true })).toBe(true);
    expect(mayAudit({ qcAdmin: false })).toBe(false);
  });
});
