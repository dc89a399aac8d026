import { isStaffRole, mayAudit, STAFF_ACCESS, staffRole } from './staff-roles';

describe('staff roles', () => {
  it('a staff account is an auditor when its stored role says so, else an administrator; the username decides nothing', () => {
    expect(staffRole({ username: 'admin@credence.test', staffRole: null }, 'credence.test')).toBe('administrator');
    expect(staffRole({ username: 'admin@credence.test' }, 'credence.test')).toBe('administrator');
    expect(staffRole({ username: 'jones@credence.test', staffRole: 'auditor' }, 'credence.test')).toBe('auditor');
    expect(staffRole({ username: 'Jones@Credence.test', staffRole: 'auditor' }, 'credence.test')).toBe('auditor');
    expect(staffRole({ username: 'auditor@credence.test', staffRole: null }, 'credence.test')).toBe('administrator');
    expect(staffRole({ username: 'auditor@credence.test', staffRole: 'administrator' }, 'credence.test')).toBe('administrator');
  });

  it('a role stored on a customer account makes it neither auditor nor administrator', () => {
    expect(staffRole({ username: 'auditor@acme.test', staffRole: 'auditor' }, 'credence.test')).toBeNull();
    expect(staffRole({ username: 'alice@acme.test', staffRole: 'administrator' }, 'credence.test')).toBeNull();
  });

  it('the stored values are administrator and auditor', () => {
    expect(isStaffRole('auditor')).toBe(true);
    expect(isStaffRole('administrator')).toBe(true);
    expect(isStaffRole('owner')).toBe(false);
    expect(isStaffRole(null)).toBe(false);
  });

  it('auditors replay, export and verify, and cannot act; customers cannot audit', () => {
    expect(STAFF_ACCESS.auditor).toEqual({ replay: true, export: true, verify: true, act: false });
    expect(STAFF_ACCESS.administrator.act).toBe(true);
    expect(mayAudit({ qcAdmin: false, auditor: true })).toBe(true);
    expect(mayAudit({ qcAdmin: true })).toBe(true);
    expect(mayAudit({ qcAdmin: false })).toBe(false);
  });
});
