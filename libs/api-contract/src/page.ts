/** A page of a list as the API answers it (verifications.md 7: content and totalSize; pages are 0-based). */
export interface Page<T> {
  content: T[];
  totalSize: number;
}

/** The verification history's page: past a cap the total is not counted exactly, and a cursor reads further. */
export interface CursorPage<T> extends Page<T> {
  totalCapped?: boolean;
  nextCursor?: string | null;
}
