/// <reference types="jest" />
// Test support, not runtime code: the behaviour every BlobStore adapter must show, run by each adapter's
// *.int.spec.ts against its real backend (a folder, an S3 API server).
import { randomBytes, randomUUID } from 'node:crypto';
import type { BlobStore } from './blob-store.port';

export interface ContractBlobStore {
  store: BlobStore;
  cleanup(): Promise<void>;
}

const PDF = 'application/pdf';

/** Every byte value, so an adapter that treats bodies as text (UTF-8, line endings) is caught. */
const allByteValues = () => Buffer.from(Array.from({ length: 256 }, (_, i) => i));

export function runBlobStoreContract(name: string, makeStore: () => Promise<ContractBlobStore>) {
  describe(`${name} blob store (contract)`, () => {
    // A prefix per run: a shared backend (a reused bucket) never sees two runs' keys collide.
    const run = `contract-${randomUUID().slice(0, 8)}`;
    const key = (label: string) => `verifications/${run}/${label}-${randomUUID()}.pdf`;
    let ctx: ContractBlobStore;
    let store: BlobStore;

    beforeAll(async () => {
      ctx = await makeStore();
      store = ctx.store;
    });
    afterAll(async () => {
      await ctx?.cleanup();
    });

    it('returns the bytes it was given, byte for byte', async () => {
      const k = key('bytes');
      const bytes = Buffer.concat([
        Buffer.from('%PDF-1.7\r\n'),
        allByteValues(),
        Buffer.from([0, 0, 0xff, 0xfe]),
      ]);
      await store.put(k, bytes, PDF);
      expect((await store.get(k))?.equals(bytes)).toBe(true);
    });

    it('keeps a 5 MB document intact', async () => {
      const k = key('large');
      const bytes = randomBytes(5 * 1024 * 1024 + 7);
      await store.put(k, bytes, PDF);
      const back = await store.get(k);
      expect(back?.length).toBe(bytes.length);
      expect(back?.equals(bytes)).toBe(true);
    });

    it('keeps one-byte and empty documents (an empty blob is not a missing one)', async () => {
      const one = key('one-byte');
      const empty = key('empty');
      await store.put(one, Buffer.from([0]), PDF);
      await store.put(empty, Buffer.alloc(0), PDF);
      expect(await store.get(one)).toEqual(Buffer.from([0]));
      const back = await store.get(empty);
      expect(back).not.toBeNull();
      expect(back?.length).toBe(0);
    });

    it('returns null for a key that was never written', async () => {
      expect(await store.get(key('missing'))).toBeNull();
    });

    it('replaces a blob put again under the same key, also with fewer bytes', async () => {
      const k = key('overwrite');
      await store.put(k, Buffer.from('the first, longer version of the document'), PDF);
      await store.put(k, Buffer.from('second'), PDF);
      expect((await store.get(k))?.toString()).toBe('second');
    });

    it('deletes a blob, and deleting it again (or a key never written) does not throw', async () => {
      const k = key('delete');
      await store.put(k, Buffer.from('to be deleted'), PDF);
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
      await expect(store.delete(k)).resolves.toBeUndefined();
      await expect(store.delete(key('never-written'))).resolves.toBeUndefined();
    });

    it('keeps keys in nested folders apart: verification and application documents side by side', async () => {
      const id = randomUUID();
      const verification = `verifications/${run}-${id}/${randomUUID()}.pdf`;
      const sibling = `verifications/${run}-${id}/${randomUUID()}.pdf`;
      const application = `applications/${run}-${id}/${randomUUID()}.pdf`;
      await store.put(verification, Buffer.from('verification document'), PDF);
      await store.put(sibling, Buffer.from('another verification document'), PDF);
      await store.put(application, Buffer.from('application document'), PDF);

      await store.delete(sibling);

      expect((await store.get(verification))?.toString()).toBe('verification document');
      expect((await store.get(application))?.toString()).toBe('application document');
      expect(await store.get(sibling)).toBeNull();
      // A key naming the folder the documents sit in is no document.
      expect(await store.get(`verifications/${run}-${id}`)).toBeNull();
    });

    it.each(['../x', '/abs', 'a//b', 'verifications/../../etc/passwd', '', 'a/./b', 'a/'])(
      'refuses the unsafe key %j for put, get and delete',
      async (unsafe) => {
        await expect(store.put(unsafe, Buffer.from('x'), PDF)).rejects.toThrow('unsafe blob key');
        await expect(store.get(unsafe)).rejects.toThrow('unsafe blob key');
        await expect(store.delete(unsafe)).rejects.toThrow('unsafe blob key');
      },
    );

    it('stores concurrent puts of different keys, each readable afterwards', async () => {
      const blobs = Array.from({ length: 24 }, (_, i) => ({
        k: key(`concurrent-${i}`),
        bytes: randomBytes(1024 + i * 97),
      }));
      await Promise.all(blobs.map((b) => store.put(b.k, b.bytes, PDF)));
      const back = await Promise.all(blobs.map((b) => store.get(b.k)));
      expect(back.map((bytes, i) => bytes?.equals(blobs[i]?.bytes ?? Buffer.alloc(0)))).toEqual(
        blobs.map(() => true),
      );
    });
  });
}
