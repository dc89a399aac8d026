import { createHash, createHmac } from 'node:crypto';
import { assertSafeKey, type BlobStore } from './blob-store.port';

export interface S3Settings {
  /** e.g. http://minio:9000 or https://s3.eu-west-2.amazonaws.com (path-style addressing is used). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
/** RFC 3986 encoding as SigV4 wants it, path separators kept. */
const encodePath = (p: string) =>
  p
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/**
 * AWS Signature Version 4 for one S3 request (header-based, signed payload hash). Pure, so it is tested against
 * AWS's published example.
 */
export function signS3Request(input: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** YYYYMMDDTHHMMSSZ */
  amzDate: string;
}): Record<string, string> {
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': input.amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method,
    encodePath(decodeURIComponent(input.url.pathname)),
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const date = input.amzDate.slice(0, 8);
  const scope = `${date}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, date), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/**
 * Blobs in an S3-compatible bucket (MinIO in docker compose, AWS S3 in production): PUT, GET and DELETE of single
 * objects with SigV4, over the platform's fetch. No SDK package is needed for this narrow use.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  constructor(
    private readonly s3: S3Settings,
    private readonly http: typeof fetch = fetch,
  ) {}

  private async request(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertSafeKey(key);
    const url = new URL(`${this.s3.endpoint.replace(/\/$/, '')}/${this.s3.bucket}/${key}`);
    const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const headers = signS3Request({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadHash: sha256Hex(body ?? ''),
      accessKeyId: this.s3.accessKeyId,
      secretAccessKey: this.s3.secretAccessKey,
      region: this.s3.region,
      amzDate,
    });
    delete headers.host;
    return this.http(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.request('PUT', key, bytes, contentType);
    const body = await res.text();
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${body}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.request('GET', key);
    if (res.ok) return Buffer.from(await res.arrayBuffer());
    const body = await res.text();
    if (isMissingObject(res.status, body)) return null;
    throw new Error(`S3 GET ${key}: ${res.status} ${body}`);
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', key);
    const body = await res.text();
    if (!res.ok && !isMissingObject(res.status, body)) throw new Error(`S3 DELETE ${key}: ${res.status} ${body}`);
  }
}

/**
 * A 404 means "no such blob" only when the object is missing. S3 and MinIO also answer 404 for a bucket that does
 * not exist (NoSuchBucket): that is a misconfigured S3_BUCKET, and reading it as "no document" would hide it, so it
 * is an error. A 404 without an S3 error code is taken as a missing object. On AWS a missing key answers 404 only
 * to credentials allowed s3:ListBucket on the bucket (403 AccessDenied otherwise), so grant it with GetObject.
 */
function isMissingObject(status: number, body: string) {
  if (status !== 404) return false;
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  return code === undefined || code === 'NoSuchKey';
}
