/** One bad line of a rejected import, as the console's error table shows it. */
export interface RowProblem {
  line: number | null;
  message: string;
}

/**
 * The catalogue's 422 body lists `Nothing was imported: 3 lines have errors.` then one `Line N: message` per bad
 * line (up to 100, then `... and N more lines with errors.`): split into a summary and a per-row table.
 */
export function readImportErrors(body: unknown): { summary: string; rows: RowProblem[] } {
  const messages = ((body as { errors?: { message?: unknown }[] } | null)?.errors ?? []).map((e) => String(e?.message ?? ''));
  const rows: RowProblem[] = [];
  const other: string[] = [];
  for (const m of messages) {
    const match = /^Line (\d+): (.*)$/s.exec(m);
    if (match) rows.push({ line: Number(match[1]), message: match[2] });
    else other.push(m);
  }
  return { summary: other.join(' ') || 'The file was refused.', rows };
}
