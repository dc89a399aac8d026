import { createHash } from 'node:crypto';

/** Credence's namespace for job ids (a random v4 uuid, fixed forever: changing it breaks idempotency). */
export const JOB_ID_NAMESPACE = 'c3a4e1f2-7b9d-4e56-9a1b-2d8f6c0e5a73';

/**
 * RFC 9562 version 5 (name-based, SHA-1) uuid. pg-boss job ids must be uuids, and deriving the id from
 * queue and key makes a second send of the same key collide with the first, which pg-boss then skips.
 */
export function uuidV5(name: string, namespace: string = JOB_ID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`namespace is not a uuid: ${namespace}`);
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
