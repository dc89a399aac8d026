import { deriveEventId, uuidV5 } from './event-stamping';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('deriveEventId', () => {
  it('gives a retried command the same ids', () => {
    expect(deriveEventId('cmd-1', 0)).toBe(deriveEventId('cmd-1', 0));
    expect(deriveEventId('cmd-1', 3)).toBe(deriveEventId('cmd-1', 3));
  });

  it('gives each event of a command and each command its own id', () => {
    const ids = new Set([
      deriveEventId('cmd-1', 0),
      deriveEventId('cmd-1', 1),
      deriveEventId('cmd-2', 0),
      deriveEventId('cmd-11', 0),
      deriveEventId('cmd-1', 10),
    ]);
    expect(ids.size).toBe(5);
  });

  it('produces version 5 UUIDs (EventStoreDB requires UUID event ids)', () => {
    expect(deriveEventId('3f1e0c1a-9a53-4d2c-8c57-2b6f0e0f6d11', 0)).toMatch(UUID_V5);
  });

  it('refuses a missing command id or a bad index', () => {
    expect(() => deriveEventId('', 0)).toThrow(/command id/);
    expect(() => deriveEventId('cmd', -1)).toThrow(/index/);
    expect(() => deriveEventId('cmd', 1.5)).toThrow(/index/);
  });
});

describe('uuidV5', () => {
  it('matches the RFC test vector (www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});
