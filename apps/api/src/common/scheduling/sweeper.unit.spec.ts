import { forEachRow, pageOf } from './sweeper';

describe('keyset paging of the sweepers', () => {
  const ids = Array.from({ length: 7 }, (_, i) => i + 1);
  /** Pages of `batch` ids after `after`, as a keyset query on id would read them. */
  const read = (batch: number) => async (after?: number) =>
    pageOf(ids.filter((id) => id > (after ?? 0)).slice(0, batch), batch);

  it('hands every row over once, in order, whether the last page is full or not', async () => {
    for (const batch of [1, 2, 3, 7, 10]) {
      const seen: number[] = [];
      await forEachRow(read(batch), async (id) => void seen.push(id));
      expect(seen).toEqual(ids);
    }
  });

  it('reads one more page after a full one, and stops at the first that is not full', async () => {
    const pagesRead: (number | undefined)[] = [];
    await forEachRow(
      async (after?: number) => {
        pagesRead.push(after);
        return read(7)(after);
      },
      async () => undefined,
    );
    expect(pagesRead).toEqual([undefined, 7]);
  });
});
