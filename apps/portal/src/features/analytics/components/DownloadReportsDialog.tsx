import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { AnalyticsTemplateView, ReportKind } from '@credence/api-contract';
import { useState } from 'react';
import { downloadReport } from '@/features/analytics/api/analytics';
import { TemplateSelect } from '@/features/analytics/components/TemplateSelect';
import { NEEDS_APPLICATIONS, REPORTS, reportProblem, shortcut } from '@/features/analytics/components/reportRules';
import { daysBefore, localToday } from '@/shared/ui/format';
import { useNotify } from '@/shared/notifications/useNotify';
import { DateInput } from '@/shared/ui/dates';
import { saveFile } from '@/shared/ui/charts/spreadsheet/useSpreadsheetDownload';

type ReportType = 'verifications' | 'applications';

/**
 * Download Reports (money 2.16): Verifications or Applications report (with its templates, all by default), one of
 * the four reports, an optional date range (no future dates), Close and Download. The file is the API's spreadsheet
 * under the name of money 9.
 */
export function DownloadReportsDialog({ templates, onClose }: { templates: readonly AnalyticsTemplateView[]; onClose: () => void }) {
  const notify = useNotify();
  const [type, setType] = useState<ReportType>('verifications');
  const [selected, setSelected] = useState<string[]>(() => templates.map((t) => t.id));
  const [kind, setKind] = useState<ReportKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const today = localToday();
  const noApplications = type === 'applications' && selected.length === 0;

  const apply = (k: 'thisMonth' | 'lastMonth' | 'last12') => {
    const r = shortcut(k, today);
    setFrom(r.from);
    setTo(r.to);
  };

  const download = async () => {
    const problem = reportProblem(kind, from, to);
    if (problem || !kind) {
      notify({ severity: 'warning', title: 'Oops!', message: problem ?? '', durationMs: 2500 });
      return;
    }
    const report = REPORTS.find((r) => r.kind === kind);
    setBusy(true);
    try {
      // With no template selected the request is still sent (money 5), with the sentinel.
      const file = await downloadReport(kind, { from: from || null, to: to || null }, type === 'applications' ? selected : null, report?.file ?? 'report.xlsx');
      saveFile(file.filename, file.blob);
    } catch (error) {
      notify({ severity: 'error', title: 'Error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="reports-title" fullWidth maxWidth="sm">
      <DialogTitle id="reports-title">Download Reports</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField select size="small" id="report-type" label="Report Type" value={type} onChange={(e) => setType(e.target.value as ReportType)}>
            <MenuItem value="verifications">Verifications Report</MenuItem>
            {templates.length > 0 && <MenuItem value="applications">Applications Report</MenuItem>}
          </TextField>
          {type === 'applications' && (
            <>
              <TemplateSelect id="report-templates" templates={templates} value={selected} onChange={setSelected} />
              {noApplications && <Alert severity="warning">{NEEDS_APPLICATIONS}</Alert>}
            </>
          )}
          <FormControl>
            <FormLabel id="report-choice">Report</FormLabel>
            <RadioGroup aria-labelledby="report-choice" value={kind} onChange={(e) => setKind(e.target.value as ReportKind)}>
              {REPORTS.map((r) => (
                <FormControlLabel key={r.kind} value={r.kind} control={<Radio />} label={r.label} />
              ))}
            </RadioGroup>
          </FormControl>
          <Stack spacing={1}>
            <Typography component="h3" variant="subtitle2">
              Dates range
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateInput
                size="small"
                id="report-from"
                label="From"
                value={from}
                onChange={setFrom}
                max={to || today}
                openOn={daysBefore(today, 30)}
                fullWidth
              />
              <DateInput
                size="small"
                id="report-to"
                label="To"
                value={to}
                onChange={setTo}
                min={from || undefined}
                max={today}
                openOn={from || undefined}
                fullWidth
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Show only verifications on or between these dates.
            </Typography>
            <Stack direction="row" flexWrap="wrap" gap={1}>
              <Button size="small" variant="outlined" onClick={() => apply('thisMonth')}>
                This month
              </Button>
              <Button size="small" variant="outlined" onClick={() => apply('lastMonth')}>
                Last month
              </Button>
              <Button size="small" variant="outlined" onClick={() => apply('last12')}>
                Last 12 months
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => void download()} disabled={busy}>
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
