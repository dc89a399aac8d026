import { StatusChip, type Tone } from '@/shared/StatusChip';

/** Where a mail's delivery stands, as the API says (mail-outbox.queries.ts MailDelivery). */
export type MailDelivery = 'delivered' | 'failed' | 'waiting' | 'outbox';

const DELIVERY: Record<MailDelivery, { label: string; tone: Tone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  waiting: { label: 'Waiting', tone: 'warning' },
  // No SMTP_URL: the outbox is where mail ends (the embedded default).
  outbox: { label: 'Outbox only', tone: 'default' },
};

/** The `delivery` filter's choices (the API's). */
export const deliveryChoices = [
  { id: 'delivered', name: 'Delivered' },
  { id: 'undelivered', name: 'Not delivered' },
  { id: 'failed', name: 'Failed' },
];

export function MailDeliveryChip({ delivery }: { delivery?: MailDelivery }) {
  const d = delivery ? DELIVERY[delivery] : undefined;
  return d ? <StatusChip label={d.label} tone={d.tone} /> : null;
}
