import { useCallback, useState } from 'react';
import type { Sheet } from '@/shared/ui/charts/spreadsheet/xlsx';

/** Hands a file to the browser's download. */
export function saveFile(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a sheet as an .xlsx file named as the spec names it (money 9: Volume_Data.xlsx, Revenue_Data.xlsx,
 * Verification_Data.xlsx, Country_Data.xlsx). The writer is loaded on the first download, not with the screen.
 */
export function useSpreadsheetDownload() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (fileName: string, sheet: Sheet) => {
    setBusy(true);
    try {
      const { xlsxBytes, XLSX_MIME } = await import('@/shared/ui/charts/spreadsheet/xlsx');
      saveFile(fileName, new Blob([xlsxBytes(sheet)], { type: XLSX_MIME }));
    } finally {
      setBusy(false);
    }
  }, []);
  return { download, busy };
}
