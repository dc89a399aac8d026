import SwapVert from '@mui/icons-material/SwapVert';
import type { ResourceProps } from 'react-admin';
import { CreditMovementList } from '@/resources/credit-movements/List';

/** Every credit movement (read), and staff grants with a reason: GET /admin/credit-movements, POST /admin/credit-grants. */
export const creditMovements: ResourceProps = {
  name: 'credit-movements',
  list: CreditMovementList,
  icon: SwapVert,
  options: { label: 'Credit movements' },
};
