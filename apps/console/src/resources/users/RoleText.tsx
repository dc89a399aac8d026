/** access.md 2.11: Admin or User, plus any custom role tags; staff for the product's own accounts. */
export function RoleText({ user }: { user: { admin?: boolean; applicant?: boolean; customRoles?: string[]; [key: string]: unknown } }) {
  const base = user.applicant ? 'Applicant' : user.admin ? 'Admin' : 'User';
  const roles = user.customRoles ?? [];
  return <span>{roles.length ? `${base} · ${roles.join(', ')}` : base}</span>;
}
