import { S3BlobStore, signS3Request } from './s3-blob-store';

describe('S3 blob store', () => {
  it("signs a request exactly as AWS's SigV4 example (GET Object with a Range header)", () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      amzDate: '20130524T000000Z',
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts, gets (null on 404) and deletes objects by path-style URL', async () => {
    const objects = new Map<string, Buffer>();
    const calls: string[] = [];
    const fake = (async (url: URL, init: RequestInit) => {
      calls.push(`${init.method} ${url.pathname} ${(init.headers as Record<string, string>).authorization ? 'signed' : 'unsigned'}`);
      const key = url.pathname;
      if (init.method === 'PUT') objects.set(key, Buffer.from(init.body as Uint8Array));
      if (init.method === 'DELETE') objects.delete(key);
      if (init.method === 'GET' && !objects.has(key)) return new Response('NoSuchKey', { status: 404 });
      return new Response(init.method === 'GET' ? new Uint8Array(objects.get(key)!) : null, { status: 200 });
    }) as unknown as typeof fetch;
    const store = new S3BlobStore({ endpoint: 'http://minio:9000/', bucket: 'docs', region: 'eu-west-2', accessKeyId: 'k', secretAccessKey: 's' }, fake);
    await store.put('verifications/QC1/d1', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect((await store.get('verifications/QC1/d1'))?.toString()).toBe('%PDF-1.4');
    await store.delete('verifications/QC1/d1');
    expect(await store.get('verifications/QC1/d1')).toBeNull();
    expect(calls).toEqual([
      'PUT /docs/verifications/QC1/d1 signed',
      'GET /docs/verifications/QC1/d1 signed',
      'DELETE /docs/verifications/QC1/d1 signed',
      'GET /docs/verifications/QC1/d1 signed',
    ]);
    await expect(store.get('../etc/passwd')).rejects.toThrow('unsafe blob key');
  });
});
