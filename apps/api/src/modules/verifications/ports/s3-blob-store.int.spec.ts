import {
  S3RVER_CREDENTIALS,
  startS3TestServer,
  verifySigV4,
  type S3TestServer,
} from '../../../../test/s3-test-server';
import { randomBytes } from 'node:crypto';
import { runBlobStoreContract } from './blob-store.contract';
import { S3BlobStore, s3ClientFor } from './s3-blob-store';

// S3BlobStore (@aws-sdk/client-s3) over the wire against a real S3 API (s3rver, in-process on localhost) whose
// front checks every request's SigV4 signature, payload hash and signed headers as AWS S3 and MinIO do.
const BUCKET = 'credence-documents';
let server: S3TestServer;
beforeAll(async () => {
  server = await startS3TestServer({ bucket: BUCKET, region: 'eu-west-2' });
});
afterAll(async () => {
  await server?.close();
});

const storeFor = (overrides: Partial<{ bucket: string; secretAccessKey: string; region: string }> = {}) =>
  new S3BlobStore({
    endpoint: server.endpoint,
    bucket: BUCKET,
    region: server.region,
    ...S3RVER_CREDENTIALS,
    ...overrides,
  });

runBlobStoreContract('S3 (s3rver, SigV4 checked)', async () => ({
  store: storeFor(),
  cleanup: async () => undefined,
}));

describe('S3BlobStore against an S3 API server', () => {
  it('made no request the signature check refused', () => {
    expect(server.refused).toEqual([]);
  });

  it('sends a large document in parts (multipart upload) and reads it back whole', async () => {
    const settings = { endpoint: server.endpoint, bucket: BUCKET, region: server.region, ...S3RVER_CREDENTIALS };
    const client = s3ClientFor(settings);
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    const store = new S3BlobStore(settings, client);
    const bytes = randomBytes(12 * 1024 * 1024 + 3);
    await store.put('verifications/x/large-multipart.pdf', bytes, 'application/pdf');
    expect(commands.filter((c) => c !== 'UploadPartCommand')).toEqual([
      'CreateMultipartUploadCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect((await store.get('verifications/x/large-multipart.pdf'))?.equals(bytes)).toBe(true);
    expect(server.refused).toEqual([]);
  });

  it('is refused with a wrong secret: reads fail rather than look like missing documents', async () => {
    const store = storeFor({ secretAccessKey: 'not-the-secret' });
    await expect(
      store.put('verifications/x/wrong-secret.pdf', Buffer.from('x'), 'application/pdf'),
    ).rejects.toThrow(/403[\s\S]*SignatureDoesNotMatch/);
    await expect(store.get('verifications/x/wrong-secret.pdf')).rejects.toThrow(
      /403[\s\S]*SignatureDoesNotMatch/,
    );
  });

  it('is refused when signing for another region than the bucket', async () => {
    const store = storeFor({ region: 'us-east-1' });
    await expect(store.get('verifications/x/y.pdf')).rejects.toThrow(/AuthorizationHeaderMalformed/);
  });

  it('reports a bucket that does not exist instead of answering "no such document"', async () => {
    const store = storeFor({ bucket: 'no-such-bucket' });
    await expect(store.get('verifications/x/y.pdf')).rejects.toThrow(/404[\s\S]*NoSuchBucket/);
    await expect(store.delete('verifications/x/y.pdf')).rejects.toThrow(/404[\s\S]*NoSuchBucket/);
    await expect(store.put('verifications/x/y.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(
      /NoSuchBucket/,
    );
  });
});

describe("the test server's signature check", () => {
  // AWS's published examples (Amazon S3 API reference, "Signature calculations for the Authorization header"):
  // the check must accept them as AWS does, or a passing contract would prove nothing about the signer.
  const aws = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
  };
  const at = new Date('2013-05-24T00:00:00Z');
  const credential = 'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';
  const getObject = {
    method: 'GET',
    url: '/test.txt',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization: `AWS4-HMAC-SHA256 ${credential},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41`,
    },
  };
  const putObject = {
    method: 'PUT',
    url: '/test%24file.text',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      date: 'Fri, 24 May 2013 00:00:00 GMT',
      'x-amz-date': '20130524T000000Z',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      authorization: `AWS4-HMAC-SHA256 ${credential},SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd`,
    },
  };
  const putBody = Buffer.from('Welcome to Amazon S3.');
  const listObjects = {
    method: 'GET',
    url: '/?max-keys=2&prefix=J',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization: `AWS4-HMAC-SHA256 ${credential},SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7`,
    },
  };

  it("accepts AWS's GET object, PUT object and list examples", () => {
    expect(verifySigV4(getObject, Buffer.alloc(0), aws, at)).toEqual({ ok: true });
    expect(verifySigV4(putObject, putBody, aws, at)).toEqual({ ok: true });
    expect(verifySigV4(listObjects, Buffer.alloc(0), aws, at)).toEqual({ ok: true });
  });

  it('refuses them changed: another method, path, query, signed header value, body or secret, an unsigned x-amz header, a stale date', () => {
    const code = (v: ReturnType<typeof verifySigV4>) => (v.ok ? 'ok' : v.code);
    expect(code(verifySigV4({ ...getObject, method: 'DELETE' }, Buffer.alloc(0), aws, at))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(code(verifySigV4({ ...getObject, url: '/test.txt2' }, Buffer.alloc(0), aws, at))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(
      code(verifySigV4({ ...listObjects, url: '/?max-keys=3&prefix=J' }, Buffer.alloc(0), aws, at)),
    ).toBe('SignatureDoesNotMatch');
    expect(
      code(
        verifySigV4(
          { ...getObject, headers: { ...getObject.headers, range: 'bytes=0-10' } },
          Buffer.alloc(0),
          aws,
          at,
        ),
      ),
    ).toBe('SignatureDoesNotMatch');
    expect(code(verifySigV4(putObject, Buffer.from('Welcome to Amazon S4.'), aws, at))).toBe(
      'XAmzContentSHA256Mismatch',
    );
    expect(code(verifySigV4(putObject, putBody, { ...aws, secretAccessKey: 'other' }, at))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(
      code(
        verifySigV4(
          { ...getObject, headers: { ...getObject.headers, 'x-amz-acl': 'public-read' } },
          Buffer.alloc(0),
          aws,
          at,
        ),
      ),
    ).toBe('AccessDenied');
    expect(code(verifySigV4(getObject, Buffer.alloc(0), aws, new Date('2013-05-24T00:16:00Z')))).toBe(
      'RequestTimeTooSkewed',
    );
  });
});
