import { useContext } from 'react';
import { NotificationsContext, type Notify } from '@/shared/notifications/NotificationsProvider';

export function useNotify(): Notify {
  const notify = useContext(NotificationsContext);
  if (!notify) throw new Error('useNotify must be used inside NotificationsProvider');
  return notify;
}
