import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chartSheet, DownloadSpreadsheetButton } from '@/shared/ui/charts';
import { columnName, XLSX_MIME, xlsxBytes, xmlText, type Sheet } from '@/shared/ui/charts/spreadsheet/xlsx';
import { crc32 } from '@/shared/ui/charts/spreadsheet/zip';
import { renderUi } from '@/shared/ui/test/renderUi';

/** Reads the stored entries of a ZIP back, checking each one's CRC. */
function unzip(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const files = new Map<string, string>();
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    expect(view.getUint16(at + 8, true)).toBe(0); // stored
    const crc = view.getUint32(at + 14, true);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const data = bytes.subarray(at + 30 + nameLength, at + 30 + nameLength + size);
    expect(crc32(data)).toBe(crc);
    files.set(name, new TextDecoder().decode(data));
    at += 30 + nameLength + size;
  }
  expect(view.getUint32(at, true)).toBe(0x02014b50); // the central directory follows
  expect(view.getUint32(bytes.length - 22, true)).toBe(0x06054b50);
  expect(view.getUint16(bytes.length - 22 + 10, true)).toBe(files.size);
  return files;
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The worksheet's cells as the spreadsheet program reads them: [ref, value, style]. */
function cells(sheetXml: string): [string, string, string | null][] {
  const doc = new DOMParser().parseFromString(sheetXml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return [...doc.getElementsByTagName('c')].map((c) => [
    c.getAttribute('r') ?? '',
    (c.getElementsByTagName('t')[0] ?? c.getElementsByTagName('v')[0])?.textContent ?? '',
    c.getAttribute('s'),
  ]);
}

const revenue: Sheet = chartSheet({
  headers: ['Date', 'Revenue Spend in £'],
  categories: ['Jan 2024', 'Feb 2024', 'Mar 2024'],
  series: [{ data: [1234.5, null, 0.1] }],
  decimals: { 1: 2 },
  name: 'Revenue_Data',
});

describe('xlsx', () => {
  it('is a workbook of one worksheet that reads back cell by cell', () => {
    const files = unzip(xlsxBytes(revenue));
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const xml of files.values()) {
      expect(
        new DOMParser().parseFromString(xml, 'application/xml').getElementsByTagName('parsererror'),
      ).toHaveLength(0);
    }
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Revenue_Data"');
    expect(cells(files.get('xl/worksheets/sheet1.xml') ?? '')).toEqual([
      ['A1', 'Date', '1'],
      ['B1', 'Revenue Spend in £', '1'],
      ['A2', 'Jan 2024', null],
      ['B2', '1234.5', '2'],
      ['A3', 'Feb 2024', null],
      ['A4', 'Mar 2024', null],
      ['B4', '0.1', '2'],
    ]);
  });

  it('keeps commas, quotes, ampersands, angle brackets and newlines as text', () => {
    const tricky = 'Smith, "Jr" & <Sons>\nLtd';
    const files = unzip(
      xlsxBytes({
        header: ['Country', 'Volume'],
        rows: [
          [tricky, 3],
          ["Côte d'Ivoire", 1],
          [' padded ', 0],
        ],
      }),
    );
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('Smith, &quot;Jr&quot; &amp; &lt;Sons&gt;\nLtd');
    expect(cells(sheet).map(([, v]) => v)).toEqual([
      'Country',
      'Volume',
      tricky,
      '3',
      "Côte d'Ivoire",
      '1',
      ' padded ',
      '0',
    ]);
  });

  it('drops characters XML cannot hold and names columns past Z', () => {
    expect(xmlText('a\u0000b\u0007c')).toBe('abc');
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('refuses headers that do not match the series', () => {
    expect(() => chartSheet({ headers: ['Date'], categories: [], series: [{ data: [] }] })).toThrow(
      /1 headers for 1 series/,
    );
  });
});

describe('DownloadSpreadsheetButton', () => {
  it("downloads the chart's sheet under the spec's file name", async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (b: Blob) => {
          blobs.push(b);
          return 'blob:sheet';
        };
        static override revokeObjectURL = () => undefined;
      },
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderUi(
      <DownloadSpreadsheetButton
        fileName="Volume_Data.xlsx"
        sheet={() =>
          chartSheet({ headers: ['Date', 'Volume'], categories: ['01/01/2024'], series: [{ data: [42] }] })
        }
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download to spreadsheet format' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('Volume_Data.xlsx');
    expect(clicked[0].href).toBe('blob:sheet');
    expect(blobs[0].type).toBe(XLSX_MIME);
    const files = unzip(await bytesOf(blobs[0]));
    expect(cells(files.get('xl/worksheets/sheet1.xml') ?? '').map(([, v]) => v)).toEqual([
      'Date',
      'Volume',
      '01/01/2024',
      '42',
    ]);
  });
});
