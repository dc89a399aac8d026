import { IconButton, Tooltip } from '@mui/material';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import type { Sheet } from '@/shared/ui/charts/spreadsheet/xlsx';
import { useSpreadsheetDownload } from '@/shared/ui/charts/spreadsheet/useSpreadsheetDownload';

export const DOWNLOAD_SPREADSHEET = 'Download to spreadsheet format';

interface DownloadSpreadsheetButtonProps {
  /** As the spec names it, e.g. 'Volume_Data.xlsx'. */
  fileName: string;
  /** Built when clicked, from what the chart shows then. */
  sheet: () => Sheet;
  disabled?: boolean;
}

/** The chart's 'Download to spreadsheet format' icon (money 2.15). */
export function DownloadSpreadsheetButton({ fileName, sheet, disabled }: DownloadSpreadsheetButtonProps) {
  const { download, busy } = useSpreadsheetDownload();
  return (
    <Tooltip title={DOWNLOAD_SPREADSHEET}>
      <span>
        <IconButton
          aria-label={DOWNLOAD_SPREADSHEET}
          disabled={disabled || busy}
          // A download that fails (the writer's chunk did not load) shows nothing, as chart failures do (money 8).
          onClick={() => download(fileName, sheet()).catch(() => undefined)}
          size="small"
        >
          <GridOnOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
