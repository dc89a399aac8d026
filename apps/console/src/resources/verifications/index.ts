import FactCheck from '@mui/icons-material/FactCheck';
import type { ResourceProps } from 'react-admin';
import { VerificationList } from '@/resources/verifications/List';
import { VerificationShow } from '@/resources/verifications/Show';

/**
 * Verifications across customers, from GET /admin/verifications[/{id}[/timeline]].
 */
export const verifications: ResourceProps = {
  name: 'verifications',
  list: VerificationList,
  show: VerificationShow,
  icon: FactCheck,
  options: { label: 'Verifications' },
};
