import { Alert, Button, CircularProgress, FormControlLabel, Stack, Switch } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadCertificate, saveFile } from '@/features/verifications/api/downloads';

/**
 * 'Download certificate' (2.9) with 'Include Institute/Employer provided details?' (off sends ignoreNotes) and,
 * for accounts with a partner's logo, partner branding. A failure shows the API's own words; no file is saved.
 */
export function CertificateDownload({
  verificationId,
  brandable,
}: {
  verificationId: string;
  brandable: boolean;
}) {
  const [includeNotes, setIncludeNotes] = useState(true);
  const [brand, setBrand] = useState(false);
  const download = useMutation({
    mutationFn: () => downloadCertificate(verificationId, { ignoreNotes: !includeNotes, brand }),
    onSuccess: saveFile,
  });
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="contained"
          startIcon={download.isPending ? <CircularProgress size={18} color="inherit" /> : <Download />}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          Download certificate
        </Button>
        <FormControlLabel
          control={<Switch checked={includeNotes} onChange={(e) => setIncludeNotes(e.target.checked)} />}
          label="Include Institute/Employer provided details?"
        />
        {brandable && (
          <FormControlLabel
            control={<Switch checked={brand} onChange={(e) => setBrand(e.target.checked)} />}
            label="Partner branded"
          />
        )}
      </Stack>
      {download.isError && (
        <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
          {download.error.message}
        </Alert>
      )}
    </Stack>
  );
}
