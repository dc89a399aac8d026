import type { Notification, Notify } from '@/shared/notifications/NotificationsProvider';

/**
 * The toast function for code outside React (the API client, the session refresh). The provider registers itself
 * while mounted; before that, and in tests that render nothing, a notification goes nowhere.
 */
let current: Notify | null = null;

export function setGlobalNotifier(notify: Notify | null) {
  current = notify;
}

export function notifyGlobal(notification: Notification) {
  current?.(notification);
}
