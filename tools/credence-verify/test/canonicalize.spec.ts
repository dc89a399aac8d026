import fc from 'fast-check';
import referenceCanonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import { canonicalize, chainHash, chainHashOfJson, GENESIS_HASH } from 'credence-verify';

// credence-verify's own RFC 8785 serialiser must write exactly what the `canonicalize` package writes (the form every
// hash in every stored chain was computed with), and chainHash must stay SHA-256(prevHash || canonical JSON).
describe('credence-verify canonical JSON', () => {
  it('writes what the canonicalize package writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalize(value)).toBe(referenceCanonicalize(value));
      }),
      { numRuns: 2000, seed: 24 },
    );
  });

  it('treats undefined, symbols, toJSON and unsafe numbers as the package does', () => {
    const value = {
      b: [1, undefined, Symbol('s'), -0, 1e21, 5e-7, 'é\u2028\ud800"\\'],
      a: { z: undefined, y: new Date(Date.UTC(2026, 10, 27)), '\u00e9': 1, e: 2, '': null },
      c: Symbol('dropped'),
    };
    expect(canonicalize(value)).toBe(referenceCanonicalize(value));
    expect(() => canonicalize({ n: Number.NaN })).toThrow('NaN is not allowed');
    expect(() => canonicalize([Number.POSITIVE_INFINITY])).toThrow('Infinity is not allowed');
  });

  it('chains SHA-256 over the previous hash and the canonical event, as stored chains were computed', () => {
    const event = {
      type: 'VerificationDrafted',
      schemaVersion: 1,
      data: { name: 'Zoë', amounts: [10.5, 3] },
      metadata: { eventId: 'e45dc390-f611-4096-a73e-387f175e4979', hash: 'left out' },
      revision: 3n,
    };
    const input = referenceCanonicalize({
      type: event.type,
      schemaVersion: 1,
      data: event.data,
      metadata: { eventId: event.metadata.eventId },
      revision: 3,
    }) as string;
    const expected = createHash('sha256')
      .update(Buffer.from(GENESIS_HASH, 'utf8'))
      .update(Buffer.from(input, 'utf8'))
      .digest('hex');
    expect(chainHash(GENESIS_HASH, event)).toBe(expected);
  });

  it('chainHashOfJson, given the canonical data and metadata texts, hashes exactly what chainHash does', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 1, max: 9 }),
        fc.jsonValue(),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.bigInt({ min: 0n, max: 2n ** 40n }),
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
        (type, schemaVersion, data, metadata, revision, prev) => {
          const { hash: _hash, ...unhashed } = metadata as Record<string, unknown>;
          const event = { type, schemaVersion, data, metadata: { ...metadata, hash: 'x' }, revision };
          expect(
            chainHashOfJson(prev, {
              type,
              schemaVersion,
              dataJson: canonicalize(data),
              metadataJson: canonicalize(unhashed),
              revision,
            }),
          ).toBe(chainHash(prev, event));
        },
      ),
      { numRuns: 1000, seed: 18 },
    );
  });
});
