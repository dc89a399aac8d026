import type { RecordsImportView } from '@credence/api-contract';
import CloudUpload from '@mui/icons-material/CloudUpload';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link, Title, useCreatePath, useGetOne } from 'react-admin';
import { refreshSession, secondsLeft } from '@/auth/refresh';
import { tokens } from '@/auth/tokens';
import { readImportErrors, type RowProblem } from '@/resources/institutes/importReport';

type State =
  | { step: 'idle' }
  | { step: 'uploading'; sent: number; total: number }
  | { step: 'processing' }
  | { step: 'done'; result: RecordsImportView }
  | { step: 'refused'; summary: string; rows: RowProblem[] };

/**
 * POST /admin/institutes/{id}/records/import?mode=append|replace with the file as text/csv. XMLHttpRequest rather
 * than fetch: only it reports upload progress.
 */
export function uploadCsv(instituteId: string, file: File, mode: 'append' | 'replace', onProgress: (sent: number, total: number) => void) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/admin/institutes/${encodeURIComponent(instituteId)}/records/import?mode=${mode}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Client-Type', 'WEB');
    xhr.setRequestHeader('X-AUTH-TOKEN', tokens.token);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = { errors: [{ message: xhr.responseText }] };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('Server communication failure. Please try again or report this error.'));
    xhr.send(file);
  });
}

export function ImportRecords() {
  const { id = '' } = useParams();
  const createPath = useCreatePath();
  const { data: institute } = useGetOne('institutes', { id }, { enabled: Boolean(id) });
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [state, setState] = useState<State>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const busy = state.step === 'uploading' || state.step === 'processing';

  const start = async () => {
    if (!file) return;
    const left = secondsLeft();
    if (left !== null && left < 30) await refreshSession();
    setState({ step: 'uploading', sent: 0, total: file.size });
    try {
      const { status, body } = await uploadCsv(id, file, mode, (sent, total) =>
        setState(sent >= total ? { step: 'processing' } : { step: 'uploading', sent, total }),
      );
      if (status >= 200 && status < 300) setState({ step: 'done', result: body as RecordsImportView });
      else setState({ step: 'refused', ...readImportErrors(body) });
    } catch (e) {
      setState({ step: 'refused', summary: (e as Error).message, rows: [] });
    }
  };

  const percent = state.step === 'uploading' ? Math.round((state.sent / Math.max(1, state.total)) * 100) : state.step === 'processing' ? 100 : 0;

  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={`Import records${institute ? `: ${institute.name}` : ''}`} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2.5 }}>
          <Box>
            <Typography component="h1" variant="h6" sx={{ fontWeight: 700 }}>
              Import records for {institute?.name ?? id}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              A CSV file whose first line names the columns: <code>firstName</code>, <code>middleName</code> (optional),{' '}
              <code>lastName</code>, <code>dob</code> (YYYY-MM-DD or DD/MM/YYYY), then one column per institute field
              {institute?.fields?.length ? (
                <>
                  {' '}
                  (
                  {(institute.fields as { key: string }[]).map((f, i) => (
                    <span key={f.key}>
                      {i ? ', ' : ''}
                      <code>{f.key}</code>
                    </span>
                  ))}
                  )
                </>
              ) : null}
              . All or nothing: one bad line and nothing is imported.
            </Typography>
          </Box>

          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <input
              ref={input}
              id="records-file"
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setState({ step: 'idle' });
              }}
            />
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
              Choose a CSV file
            </Button>
            <Typography variant="body2" aria-live="polite">
              {file ? `${file.name} (${(file.size / 1024).toFixed(1)} KB)` : 'No file chosen'}
            </Typography>
          </Box>

          <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as 'append' | 'replace')} aria-label="Import mode">
            <FormControlLabel value="append" control={<Radio />} label="Add to the records held" disabled={busy} />
            <FormControlLabel value="replace" control={<Radio />} label="Replace all records held" disabled={busy} />
          </RadioGroup>

          <Box>
            <Button variant="contained" startIcon={<CloudUpload />} onClick={() => void start()} disabled={!file || busy} loading={busy}>
              Import
            </Button>
          </Box>

          {state.step === 'uploading' || state.step === 'processing' ? (
            <Box aria-live="polite">
              <LinearProgress
                variant={state.step === 'processing' ? 'indeterminate' : 'determinate'}
                value={percent}
                aria-label="Import progress"
                sx={{ height: 8, borderRadius: 4 }}
              />
              <Typography variant="caption" color="text.secondary">
                {state.step === 'uploading' ? `Uploading… ${percent}%` : 'Uploaded; checking every line…'}
              </Typography>
            </Box>
          ) : null}

          {state.step === 'done' ? (
            <Alert severity="success">
              <AlertTitle>Imported {state.result.imported.toLocaleString('en-GB')} records</AlertTitle>
              {state.result.mode === 'replace' ? `${state.result.removed.toLocaleString('en-GB')} records held before were replaced. ` : ''}
              Import {state.result.importId}.{' '}
              <Link to={`${createPath({ resource: 'institutes', id, type: 'show' })}/records`}>See the records</Link>
            </Alert>
          ) : null}

          {state.step === 'refused' ? (
            <Box>
              <Alert severity="error" sx={{ mb: state.rows.length ? 1.5 : 0 }}>
                <AlertTitle>Nothing was imported</AlertTitle>
                {state.summary.replace(/^Nothing was imported:\s*/, '').replace(/^./, (c) => c.toUpperCase())}
              </Alert>
              {state.rows.length ? (
                <Table size="small" aria-label="Lines with errors">
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 90 }}>Line</TableCell>
                      <TableCell>Problem</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {state.rows.map((r, i) => (
                      <TableRow key={`${r.line}-${i}`}>
                        <TableCell>{r.line}</TableCell>
                        <TableCell>{r.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : null}
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
