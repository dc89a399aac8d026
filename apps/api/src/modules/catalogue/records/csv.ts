/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (with "" for a quote, and commas or line
 * breaks inside), CRLF or LF line ends, an optional UTF-8 byte-order mark. Each row keeps the line number it
 * starts on, for error reports. Blank lines are skipped.
 */
export interface CsvRow {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(text: string): CsvRow[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteStart = 0;
  let sawQuote = false;

  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '' && !sawQuote)) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
    sawQuote = false;
  };

  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          const next = src[i + 1];
          if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
            throw new CsvSyntaxError(line, 'a closing quote must end the value.');
          }
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cell !== '') throw new CsvSyntaxError(line, 'a quote may only start a value.');
      quoted = true;
      sawQuote = true;
      quoteStart = line;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new CsvSyntaxError(quoteStart, 'a quoted value is not closed.');
  if (cell !== '' || cells.length || sawQuote) endRow();
  return rows;
}
