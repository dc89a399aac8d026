/**
 * BullMQ builds Redis keys as `<prefix>:<queue>:<job id>`, so it rejects ':' in queue names and job ids, and
 * it rejects job ids that look like integers (those are its own generated ids). Our names and keys are free
 * text, so they are escaped reversibly: '%' and ':' percent-encoded, and job ids always get a 'k.' prefix.
 */
const escape = (s: string) => s.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
const unescape = (s: string) => s.replace(/%(25|3A)/g, (m) => (m === '%25' ? '%' : ':'));

export const bullQueueName = (queue: string) => escape(queue);

export const bullJobId = (key: string) => `k.${escape(key)}`;

export function keyFromBullJobId(id: string): string {
  if (!id.startsWith('k.')) throw new Error(`not a job id made by this adapter: ${id}`);
  return unescape(id.slice(2));
}
