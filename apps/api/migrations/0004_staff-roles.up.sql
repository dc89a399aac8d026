-- Staff roles (issue 24): which staff account is an auditor is stored on the user, no longer read from its username.
-- NULL is a staff administrator on the staff domain and means nothing for customers (their accounts are not staff).
-- Accounts the username convention made auditors (local part `auditor`, or beginning `auditor.`, `auditor-`,
-- `auditor+`) keep the role, so no existing auditor becomes an administrator by this migration.
ALTER TABLE users ADD COLUMN IF NOT EXISTS staff_role text CHECK (staff_role IN ('administrator', 'auditor'));
UPDATE users SET staff_role = 'auditor' WHERE staff_role IS NULL AND username ~ '^auditor([.+-][^@]*)?@';
