import { createHash } from 'node:crypto';

/** Fixed namespace for Credence event ids; changing it would change every derived id, so it never changes. */
export const EVENT_ID_NAMESPACE = 'a0c22920-00f9-4d28-aec9-d9a188276e37';

/**
 * The id of the index-th event produced by a command. Deterministic, so a retried command (same command id)
 * produces the same event ids and the store recognises the retry instead of appending the events twice.
 */
export function deriveEventId(commandId: string, index: number): string {
  if (!commandId) throw new Error('deriveEventId needs a command id');
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`deriveEventId: bad event index ${index}`);
  return uuidV5(`${commandId}/${index}`, EVENT_ID_NAMESPACE);
}

/** RFC 9562 version 5 (name-based, SHA-1) UUID. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`uuidV5: namespace is not a UUID: ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
