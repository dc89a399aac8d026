import { Logger } from '@nestjs/common';
import type { BlobStore } from '../ports/blob-store.port';
import { VerificationInvalid } from '@credence/domain';
import { bytesOfDataUrl, DocumentIntake } from './document-intake';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');

function memoryStore(options: { failDeletes?: boolean } = {}) {
  const blobs = new Map<string, Buffer>();
  const store: BlobStore = {
    kind: 'memory',
    put: async (key, bytes) => void blobs.set(key, bytes),
    get: async (key) => blobs.get(key) ?? null,
    delete: async (key) => {
      if (options.failDeletes) throw new Error('store unavailable');
      blobs.delete(key);
    },
  };
  return { store, blobs };
}

const meta = { name: 'Transcript', requirementId: null, filename: null };

describe('DocumentIntake clean-up', () => {
  it('a request that fails deletes the blobs no append took, keeps the appended ones, and rethrows its error', async () => {
    const { store, blobs } = memoryStore();
    const intake = new DocumentIntake(store);
    const refused = new Error('refused');
    await expect(
      intake.discardOnFailure(async (unappended) => {
        unappended.set('V1', [await intake.store('V1', PDF, meta)]);
        unappended.set('V2', [await intake.store('V2', PDF, meta)]);
        unappended.delete('V1'); // V1's events were appended
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect([...blobs.keys()].map((k) => k.split('/')[1])).toEqual(['V1']);
  });

  it('a delete that fails never hides the original error: it is logged, without the document', async () => {
    const { store, blobs } = memoryStore({ failDeletes: true });
    const intake = new DocumentIntake(store);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const refused = new Error('refused');
    await expect(
      intake.discardOnFailure(async (unappended) => {
        unappended.set('V1', [await intake.store('V1', PDF, { ...meta, filename: 'jane-doe-passport.pdf' })]);
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(blobs.size).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/^could not delete blob verifications\/V1\/[\w-]+\.pdf: store unavailable$/);
    expect(String(warn.mock.calls[0][0])).not.toContain('jane');
    warn.mockRestore();
  });

  it('discardRemoved deletes only the documents the appended events removed', async () => {
    const { store, blobs } = memoryStore();
    const intake = new DocumentIntake(store);
    const kept = await intake.store('V1', PDF, meta);
    const removed = await intake.store('V1', PDF, meta);
    await intake.discardRemoved({ documents: [kept, removed] }, [
      { type: 'DocumentRemoved', data: { documentId: removed.id, name: removed.name } } as never,
    ]);
    expect([...blobs.keys()]).toEqual([kept.blobKey]);
  });
});

describe("a document's data", () => {
  it("reads the spec's plain base64 and a PDF data URL alike", () => {
    const plain = PDF.toString('base64');
    expect(bytesOfDataUrl(plain).equals(PDF)).toBe(true);
    expect(bytesOfDataUrl(`data:application/pdf;base64,${plain}`).equals(PDF)).toBe(true);
  });

  it('refuses another content type, text that is not base64, and nothing, in the spec words', () => {
    for (const data of [`data:image/png;base64,${PDF.toString('base64')}`, 'not base64!', '', 42]) {
      expect(() => bytesOfDataUrl(data)).toThrow(VerificationInvalid);
    }
  });
});
