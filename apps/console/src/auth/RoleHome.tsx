import { Navigate } from 'react-router-dom';
import { useCreatePath, usePermissions } from 'react-admin';
import type { ConsoleRole } from '@/auth/permissions';
import { Dashboard } from '@/dashboard/Dashboard';

/** The console's home: the staff Dashboard for administrators; auditors, who may not read it, go to the verifications. */
export function RoleHome() {
  const { permissions, isPending } = usePermissions<ConsoleRole | null>();
  const createPath = useCreatePath();
  if (isPending) return null;
  if (permissions === 'auditor') return <Navigate to={createPath({ resource: 'verifications', type: 'list' })} replace />;
  return <Dashboard />;
}
