import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type BlobStore } from './blob-store.port';

export interface S3Settings {
  /** e.g. http://minio:9000 or https://s3.eu-west-2.amazonaws.com (path-style addressing is used). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Objects above this go up in parts (S3's smallest part), a few at a time, each part retried on its own. */
export const MULTIPART_PART_SIZE = 5 * 1024 * 1024;

/** The official S3 client for these settings: path-style (MinIO and most S3-compatible stores), three attempts. */
export function s3ClientFor(s3: S3Settings): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    maxAttempts: 3,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Blobs in an S3-compatible bucket (MinIO in docker compose, AWS S3 in production) through @aws-sdk/client-s3:
 * SigV4 signing, retries with backoff, and multipart uploads (@aws-sdk/lib-storage) for large documents.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly s3: S3Settings,
    client?: S3Client,
  ) {
    this.client = client ?? s3ClientFor(s3);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    const params = { Bucket: this.s3.bucket, Key: key, Body: bytes, ContentType: contentType };
    try {
      if (bytes.length <= MULTIPART_PART_SIZE) {
        await this.client.send(new PutObjectCommand(params));
      } else {
        await new Upload({ client: this.client, params, partSize: MULTIPART_PART_SIZE, queueSize: 4 }).done();
      }
    } catch (e) {
      throw failure('PUT', key, e);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      if (!res.Body) return Buffer.alloc(0);
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (e) {
      if (isMissingObject(e)) return null;
      throw failure('GET', key, e);
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
    } catch (e) {
      if (!isMissingObject(e)) throw failure('DELETE', key, e);
    }
  }
}

/** The S3 error as one line: operation, key, HTTP status and S3's error code (the credentials never appear). */
function failure(op: string, key: string, e: unknown): Error {
  if (e instanceof S3ServiceException) {
    return new Error(`S3 ${op} ${key}: ${e.$metadata.httpStatusCode ?? '?'} ${e.name}: ${e.message}`, { cause: e });
  }
  return new Error(`S3 ${op} ${key}: ${(e as Error).message}`, { cause: e });
}

/**
 * A 404 means "no such blob" only when the object is missing. S3 and MinIO also answer 404 for a bucket that does
 * not exist (NoSuchBucket): that is a misconfigured S3_BUCKET, and reading it as "no document" would hide it, so it
 * is an error. A 404 without an S3 error code is taken as a missing object. On AWS a missing key answers 404 only
 * to credentials allowed s3:ListBucket on the bucket (403 AccessDenied otherwise), so grant it with GetObject.
 */
function isMissingObject(e: unknown): boolean {
  if (!(e instanceof S3ServiceException)) return false;
  if (e.name === 'NoSuchKey') return true;
  return e.$metadata.httpStatusCode === 404 && ['NotFound', 'Unknown', 'UnknownError'].includes(e.name);
}
