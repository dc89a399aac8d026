import { latestDayBegun } from './settle-invoice.handler';

describe('latestDayBegun (the latest day an invoice can have been paid on)', () => {
  it("is London's day just after midnight in summer, when UTC is still on the day before", () => {
    // 00:30 BST on 1 July 2026 is 23:30 UTC on 30 June.
    expect(latestDayBegun(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('is the next UTC day once it has begun at UTC+14, and never the day after that', () => {
    expect(latestDayBegun(new Date('2026-11-29T09:59:59Z'))).toBe('2026-11-29');
    expect(latestDayBegun(new Date('2026-11-29T10:00:00Z'))).toBe('2026-11-30');
    expect(latestDayBegun(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-30');
  });
});
