/** Where uploaded documents' bytes live: the events keep only their key, size and hash. */
export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Which adapter, for logs and health. */
  readonly kind: string;
}

export type BlobStoreConfig =
  | { kind: 'local'; root: string }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export const BLOB_STORE = Symbol('BLOB_STORE');
/** Which blob store to use. Provided by this module today (local folder); meant to move into the app's config. */
export const BLOB_STORE_CONFIG = Symbol('BLOB_STORE_CONFIG');

/** Keys are made by the API, never from user input; this guards the filesystem adapter all the same. */
export function assertSafeKey(key: string) {
  const segments = key.split('/');
  const ok = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) && segments.every((s) => s !== '' && s !== '.' && s !== '..');
  if (!ok) throw new Error(`unsafe blob key ${key}`);
}
