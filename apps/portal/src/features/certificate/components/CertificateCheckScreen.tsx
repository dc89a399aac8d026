import { Alert, Box, Button, Chip, CircularProgress, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useRef, useState, type DragEvent } from 'react';
import { useParams } from 'react-router';
import { sha256Hex, type CertificateCheck } from '@/features/certificate/api/certificate';
import { useCertificateCheck } from '@/features/certificate/hooks/useCertificateCheck';
import { PublicCard } from '@/shared/layout/PublicCard';

const STATUS: Record<CertificateCheck['status'], { label: string; color: 'success' | 'warning' | 'error'; text: string }> = {
  CURRENT: { label: 'Current', color: 'success', text: 'The verification has not changed since this certificate was issued.' },
  CHANGED: { label: 'Changed since', color: 'warning', text: 'The verification has changed since this certificate was issued: ask the holder for a new certificate.' },
  WITHDRAWN: { label: 'Withdrawn', color: 'error', text: 'The verification has since been cancelled or deleted.' },
};

const date = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Drop the PDF: its SHA-256 is computed here (Web Crypto) and compared with the one on record. */
function PdfCheck({ expected }: { expected: string }) {
  const [outcome, setOutcome] = useState<'match' | 'mismatch' | 'unreadable' | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const check = async (file: File | undefined) => {
    if (!file) return;
    try {
      setOutcome((await sha256Hex(file)) === expected ? 'match' : 'mismatch');
    } catch {
      setOutcome('unreadable');
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void check(e.dataTransfer.files[0]);
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{ border: '2px dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 2, p: 3, textAlign: 'center' }}
      >
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Drop the certificate PDF here to check that it is the one issued. The file is checked in your browser and not uploaded.
        </Typography>
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()}>
          Choose PDF
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/pdf"
          hidden
          aria-label="Certificate PDF"
          onChange={(e) => void check(e.target.files?.[0])}
        />
      </Box>
      {outcome === 'match' && (
        <Alert severity="success" sx={{ mt: 2 }}>
          This PDF is the certificate issued under this code.
        </Alert>
      )}
      {outcome === 'mismatch' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          This PDF does not match the certificate issued under this code: it may have been altered.
        </Alert>
      )}
      {outcome === 'unreadable' && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Could not read file, check supported file types.
        </Alert>
      )}
    </Box>
  );
}

function CertificateCheckContent() {
  const { code = '' } = useParams();
  const { data, isPending, isError } = useCertificateCheck(code);
  if (isPending) {
    return (
      <PublicCard title="Certificate check">
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Checking the certificate" />
        </Box>
      </PublicCard>
    );
  }
  if (isError || !data) {
    return (
      <PublicCard title="Certificate check">
        <Alert severity="error">No certificate was issued with this code.</Alert>
      </PublicCard>
    );
  }
  const status = STATUS[data.status];
  const rows: [string, string | null][] = [
    ['QCID', data.qcid],
    ['Result', data.resultLabel],
    ['Institute', data.institute],
    ['Issued', date(data.issuedAt)],
    ['Issued by', data.issuer],
    ['Certificate code', data.code],
  ];
  return (
    <PublicCard title="Certificate check" subtitle="A certificate with this code was issued by Credence.">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Chip label={status.label} color={status.color} />
        <Typography variant="body2">{status.text}</Typography>
      </Box>
      <Table size="small" aria-label="Certificate">
        <TableBody>
          {rows
            .filter(([, v]) => !!v)
            .map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
                  {k}
                </TableCell>
                <TableCell>{v}</TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
      <PdfCheck expected={data.pdfSha256} />
    </PublicCard>
  );
}

/** /certificate/:code (public): what the certificate's QR code and short URL open. */
export function CertificateCheckScreen() {
  return <CertificateCheckContent />;
}
