import { UpcasterRegistry } from './upcasters';

const nameSplit = new UpcasterRegistry([
  {
    type: 'ApplicantRegistered',
    fromVersion: 1,
    upcast: (e) => {
      const { name } = e.data as { name: string };
      const [firstName, ...rest] = name.split(' ');
      return { type: e.type, schemaVersion: 2, data: { firstName, lastName: rest.join(' ') } };
    },
  },
  {
    type: 'ApplicantRegistered',
    fromVersion: 2,
    upcast: (e) => ({ type: e.type, schemaVersion: 3, data: { ...(e.data as object), country: 'unknown' } }),
  },
]);

describe('UpcasterRegistry', () => {
  it('brings an old event to the current version one step at a time', () => {
    const upcast = nameSplit.upcast({
      type: 'ApplicantRegistered',
      schemaVersion: 1,
      data: { name: 'Ada King Lovelace' },
    });
    expect(upcast).toEqual({
      type: 'ApplicantRegistered',
      schemaVersion: 3,
      data: { firstName: 'Ada', lastName: 'King Lovelace', country: 'unknown' },
    });
  });

  it('starts from the stored version, so a v2 event only takes the v2 step', () => {
    const upcast = nameSplit.upcast({
      type: 'ApplicantRegistered',
      schemaVersion: 2,
      data: { firstName: 'Ada' },
    });
    expect(upcast).toEqual({
      type: 'ApplicantRegistered',
      schemaVersion: 3,
      data: { firstName: 'Ada', country: 'unknown' },
    });
  });

  it('leaves current events and other types alone', () => {
    const current = { type: 'ApplicantRegistered', schemaVersion: 3, data: { firstName: 'Ada' } };
    const other = { type: 'ApplicantRemoved', schemaVersion: 1, data: {} };
    expect(nameSplit.upcast(current)).toBe(current);
    expect(nameSplit.upcast(other)).toBe(other);
    expect(new UpcasterRegistry().upcast(other)).toBe(other);
  });

  it('follows a rename to another type', () => {
    const registry = new UpcasterRegistry([
      {
        type: 'CheckOrdered',
        fromVersion: 1,
        upcast: (e) => ({ type: 'VerificationSubmitted', schemaVersion: 1, data: e.data }),
      },
    ]);
    expect(registry.upcast({ type: 'CheckOrdered', schemaVersion: 1, data: { id: 7 } })).toEqual({
      type: 'VerificationSubmitted',
      schemaVersion: 1,
      data: { id: 7 },
    });
  });

  it('refuses two upcasters for the same version', () => {
    const upcast = (e: { type: string; schemaVersion: number; data: unknown }) => ({
      ...e,
      schemaVersion: 2,
    });
    expect(
      () =>
        new UpcasterRegistry([
          { type: 'A', fromVersion: 1, upcast },
          { type: 'A', fromVersion: 1, upcast },
        ]),
    ).toThrow(/Two upcasters for A v1/);
  });

  it('refuses an upcaster that does not move forward, and a rename cycle', () => {
    const stuck = new UpcasterRegistry([{ type: 'A', fromVersion: 1, upcast: (e) => e }]);
    expect(() => stuck.upcast({ type: 'A', schemaVersion: 1, data: {} })).toThrow(
      /must return a later version/,
    );
    const cycle = new UpcasterRegistry([
      { type: 'A', fromVersion: 1, upcast: (e) => ({ ...e, type: 'B' }) },
      { type: 'B', fromVersion: 1, upcast: (e) => ({ ...e, type: 'A' }) },
    ]);
    expect(() => cycle.upcast({ type: 'A', schemaVersion: 1, data: {} })).toThrow(/does not terminate/);
  });
});
